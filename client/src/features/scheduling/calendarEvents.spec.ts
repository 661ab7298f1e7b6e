import { describe, expect, it } from 'vitest';
import type { JobTrackedTime } from './jobs';
import { availabilityEvents, jobToEvent, timeMarks } from './calendarEvents';
import { sampleJob } from './jobs.fixture';

describe('jobToEvent', () => {
  it('shows the job by name at its instants, in the colour the server computed', () => {
    expect(jobToEvent(sampleJob(), { editable: true })).toMatchObject({
      id: 'j1',
      title: 'Office cleaning',
      start: '2026-06-01T12:00:00Z',
      end: '2026-06-01T14:00:00Z',
      allDay: false,
      backgroundColor: '#1C7ED6',
      borderColor: '#1C7ED6',
      // Black reads 5.0:1 on this blue, white 4.2:1 (below WCAG AA).
      textColor: '#000',
      editable: true,
      startEditable: true,
      durationEditable: true,
    });
  });

  it('writes dark text on a light colour, and white on a dark one', () => {
    expect(jobToEvent(sampleJob({ color: '#FFE066' }), { editable: true }).textColor).toBe('#000');
    expect(jobToEvent(sampleJob({ color: '#0D1B41' }), { editable: true }).textColor).toBe('#fff');
  });

  it('never lets an availability-only entry be dragged or resized, nor anything on a read-only calendar', () => {
    const availability = jobToEvent(sampleJob({ availabilityOnly: true }), { editable: true });
    expect([availability.editable, availability.startEditable, availability.durationEditable]).toEqual([
      false,
      false,
      false,
    ]);
    const readOnly = jobToEvent(sampleJob(), { editable: false });
    expect([readOnly.editable, readOnly.startEditable, readOnly.durationEditable]).toEqual([false, false, false]);
  });

  it('carries the job for click handlers, and marks open and hidden jobs', () => {
    const job = sampleJob({ isOpen: true, hideFromScheduleView: true });
    const event = jobToEvent(job, { editable: false });
    expect(event.extendedProps).toEqual({ job });
    expect(event.classNames).toEqual(['job-open', 'job-hidden']);
  });
});

describe('availabilityEvents', () => {
  it('repeats each entry weekly on its day as a background shade, up to the end of the day', () => {
    expect(
      availabilityEvents([
        { id: 'a', weekDay: 'Monday', userId: 'u1', startTime: '08:00', endTime: '17:00' },
        { id: 'b', weekDay: 'Sunday', userId: 'u1', startTime: '20:00', endTime: '24:00' },
      ]),
    ).toEqual([
      expect.objectContaining({
        daysOfWeek: [1],
        startTime: '08:00',
        endTime: '17:00',
        display: 'background',
        groupId: 'availability',
      }),
      expect.objectContaining({ daysOfWeek: [0], startTime: '20:00', endTime: '24:00', display: 'background' }),
    ]);
  });
});

describe('time and mileage marks', () => {
  const time = (over: Partial<JobTrackedTime>): JobTrackedTime => ({
    id: 't',
    userId: 'u',
    type: 'Job',
    startDateTime: '2026-06-01T12:00:00Z',
    endDateTime: '2026-06-01T13:00:00Z',
    mileageStart: null,
    mileageEnd: null,
    ...over,
  });

  it('marks time submitted once a timer on the job has finished, and mileage once one recorded its miles', () => {
    expect(timeMarks({ trackedTimes: [] })).toEqual({ time: false, mileage: false });
    expect(timeMarks({ trackedTimes: [time({ endDateTime: null })] })).toEqual({ time: false, mileage: false });
    expect(timeMarks({ trackedTimes: [time({})] })).toEqual({ time: true, mileage: false });
    expect(timeMarks({ trackedTimes: [time({ type: 'Mileage', mileageStart: 10, mileageEnd: 25 })] })).toEqual({
      time: true,
      mileage: true,
    });
  });
});
