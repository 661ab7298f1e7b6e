import { describe, expect, it } from 'vitest';
import { sampleJob } from './jobs.fixture';
import {
  changeJobBody,
  createJobBody,
  endAfterStartMoved,
  HIDE_NEEDS_LEAD,
  jobFormRules,
  jobFormValues,
  newJobSlot,
} from './jobForm';

const NY = 'America/New_York';

describe('job form values', () => {
  it("starts a new job at the next full hour on the organization's clock, for 30 minutes", () => {
    expect(newJobSlot(NY, new Date('2026-06-01T13:20:00Z'))).toEqual({
      start: '2026-06-01 10:00:00',
      end: '2026-06-01 10:30:00',
    });
  });

  it("shows a job's times on the organization's clock", () => {
    const values = jobFormValues(sampleJob(), NY, { start: '', end: '' });
    expect(values).toMatchObject({
      name: 'Office cleaning',
      start: '2026-06-01 08:00:00',
      end: '2026-06-01 10:00:00',
      customerId: 'c1',
      leadUserId: 'u1',
      userIds: ['u1'],
      colorOption: '',
    });
    expect(values.recurrence.repeat).toBe('Never');
  });

  it('keeps the length when the start moves', () => {
    expect(endAfterStartMoved('2026-06-01 10:00:00', '2026-06-01 10:30:00', '2026-06-02 14:15:00')).toBe(
      '2026-06-02 14:45:00',
    );
    expect(endAfterStartMoved('2026-06-01 10:00:00', '2026-06-01 09:00:00', '2026-06-01 11:00:00')).toBe(
      '2026-06-01 11:30:00',
    );
  });
});

describe('job form validation (spec §5)', () => {
  const rules = jobFormRules();
  const values = jobFormValues(null, NY, { start: '2026-06-01 10:00:00', end: '2026-06-01 10:30:00' });

  it('requires a name and an end after the start', () => {
    expect(rules.name('  ')).toBe('Job name is required');
    expect(rules.end('2026-06-01 10:00:00', values)).toBe('The end must be after the start');
    expect(rules.end('2026-06-01 10:30:00', values)).toBeNull();
  });

  it('needs a lead employee to hide a job from the schedule view', () => {
    expect(rules.hideFromScheduleView(true, values)).toBe(HIDE_NEEDS_LEAD);
    expect(rules.hideFromScheduleView(true, { ...values, leadUserId: 'u1' })).toBeNull();
    expect(rules.hideFromScheduleView(false, values)).toBeNull();
  });

  it('checks the colour override and the weekly rule', () => {
    expect(rules.colorOption('green')).toBe('Colour must be a hex colour such as #0D1B41');
    expect(rules.colorOption('')).toBeNull();
    const weekly = { ...values, recurrence: { repeat: 'Weekly' as const, days: [], every: '0', endDate: null } };
    expect(rules.recurrence.every(null, weekly)).toBe('Repeat every must be a whole number of weeks, 1 or more');
    expect(rules.recurrence.days(null, weekly)).toBe('Choose at least one day of the week');
  });
});

describe('job bodies', () => {
  const values = {
    ...jobFormValues(null, NY, { start: '2026-06-01 09:00:00', end: '2026-06-01 09:30:00' }),
    name: ' Pool service ',
    customerId: 'c1',
    leadUserId: 'u1',
    userIds: ['u1', 'u2'],
    notes: '  ',
    colorOption: '#2f9e44',
    hideFromScheduleView: true,
    recurrence: {
      repeat: 'Weekly' as const,
      days: ['thursday' as const, 'monday' as const],
      every: '2',
      endDate: '2026-06-30',
    },
  };

  it('creates a job with its times as UTC instants and its weekly rule', () => {
    expect(createJobBody(values, NY, true)).toEqual({
      jobModel: {
        name: 'Pool service',
        startDateTime: '2026-06-01T13:00:00Z',
        endDateTime: '2026-06-01T13:30:00Z',
        customerId: 'c1',
        leadUserId: 'u1',
        userIds: ['u1', 'u2'],
        number: null,
        type: null,
        notes: null,
        colorOption: '#2F9E44',
        hideFromScheduleView: true,
      },
      recurrenceModel: {
        recurringFrequency: 'Weekly',
        recurrenceDays: 'monday,thursday',
        weeklyRecurrence: 2,
        expireDate: '2026-06-30',
      },
    });
  });

  it('leaves the Scheduling Visibility switch out unless a Company Admin saves', () => {
    expect(createJobBody(values, NY, false).jobModel).not.toHaveProperty('hideFromScheduleView');
  });

  it('sends only what changed on edit, times as a pair', () => {
    const job = sampleJob();
    const edited = {
      ...jobFormValues(job, NY, { start: '', end: '' }),
      notes: 'Side door',
      end: '2026-06-01 10:30:00',
    };
    expect(changeJobBody(job, edited, NY, false, 'occurrence')).toEqual({
      notes: 'Side door',
      startDateTime: '2026-06-01T12:00:00Z',
      endDateTime: '2026-06-01T14:30:00Z',
    });
    expect(changeJobBody(job, jobFormValues(job, NY, { start: '', end: '' }), NY, true, 'occurrence')).toEqual({});
  });

  it('keeps the instant of the time left as it was in the repeated hour of the autumn night', () => {
    // 1:40 AM EDT (05:40Z) to 1:50 AM EST (06:50Z), the end moved to 2:30 AM EST: the start is still 05:40Z.
    const job = sampleJob({ startDateTime: '2027-11-07T05:40:00Z', endDateTime: '2027-11-07T06:50:00Z' });
    const edited = { ...jobFormValues(job, NY, { start: '', end: '' }), end: '2027-11-07 02:30:00' };
    expect(changeJobBody(job, edited, NY, false, 'occurrence')).toEqual({
      startDateTime: '2027-11-07T05:40:00Z',
      endDateTime: '2027-11-07T07:30:00Z',
    });
  });

  it('adds the rule to a whole-series edit that changed it, never to one occurrence', () => {
    const job = sampleJob({
      id: 's1_20260601',
      jobRecurrenceModel: {
        id: 's1',
        recurringFrequency: 'Daily',
        recurrenceDays: '',
        weeklyRecurrence: 1,
        expireDate: null,
      },
    });
    const edited = { ...jobFormValues(job, NY, { start: '', end: '' }) };
    edited.recurrence = { ...edited.recurrence, endDate: '2026-06-30' };
    expect(changeJobBody(job, edited, NY, false, 'series')).toEqual({
      recurrenceModel: { recurringFrequency: 'Daily', expireDate: '2026-06-30' },
    });
    expect(changeJobBody(job, edited, NY, false, 'occurrence')).toEqual({});
  });
});
