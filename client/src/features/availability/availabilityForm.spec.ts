import { describe, expect, it } from 'vitest';
import type { Availability } from './availability';
import {
  availabilityPayload,
  dayProblems,
  hasProblems,
  newRow,
  rowsFromAvailability,
  rowsInError,
  timeLabel,
  timeOptions,
  type AvailabilityRow,
} from './availabilityForm';

const row = (
  key: string,
  weekDay: AvailabilityRow['weekDay'],
  startTime: string,
  endTime: string,
  id?: string,
): AvailabilityRow => ({ key, weekDay, startTime, endTime, ...(id ? { id } : {}) });

describe('availability editor helpers', () => {
  it('offers times on 15-minute steps: starts from 12:00 AM to 11:45 PM, ends from 12:15 AM to midnight', () => {
    const starts = timeOptions('start');
    const ends = timeOptions('end');
    expect(starts).toHaveLength(96);
    expect(starts[0]).toEqual({ value: '00:00', label: '12:00 AM' });
    expect(starts[33]).toEqual({ value: '08:15', label: '8:15 AM' });
    expect(starts.at(-1)).toEqual({ value: '23:45', label: '11:45 PM' });
    expect(ends[0]).toEqual({ value: '00:15', label: '12:15 AM' });
    expect(ends.at(-1)).toEqual({ value: '24:00', label: 'Midnight' });
  });

  it('labels times the 12-hour way', () => {
    expect(timeLabel('08:00')).toBe('8:00 AM');
    expect(timeLabel('12:00')).toBe('12:00 PM');
    expect(timeLabel('17:30')).toBe('5:30 PM');
  });

  it('starts a new entry at 8:00–17:00 on an empty day (spec §9)', () => {
    expect(newRow([], 'Monday', 'k')).toEqual({ key: 'k', weekDay: 'Monday', startTime: '08:00', endTime: '17:00' });
    expect(newRow([row('a', 'Tuesday', '09:00', '12:00')], 'Monday', 'k')).toMatchObject({
      startTime: '08:00',
      endTime: '17:00',
    });
  });

  it('starts a further entry of a day where its last entry ends, for an hour at most up to midnight', () => {
    expect(newRow([row('a', 'Monday', '08:00', '12:00')], 'Monday', 'k')).toMatchObject({
      startTime: '12:00',
      endTime: '13:00',
    });
    expect(newRow([row('a', 'Monday', '20:00', '23:30')], 'Monday', 'k')).toMatchObject({
      startTime: '23:30',
      endTime: '24:00',
    });
    // a day that already ends at midnight: the default, which the check then shows as overlapping
    expect(newRow([row('a', 'Monday', '20:00', '24:00')], 'Monday', 'k')).toMatchObject({
      startTime: '08:00',
      endTime: '17:00',
    });
  });

  it('finds the problem of each day with the words the server uses', () => {
    const problems = dayProblems([
      row('a', 'Monday', '17:00', '08:00'),
      row('b', 'Tuesday', '08:00', '12:00'),
      row('c', 'Tuesday', '11:45', '14:00'),
      row('d', 'Wednesday', '08:00', '12:00'),
      row('e', 'Wednesday', '12:00', '17:00'),
      row('f', 'Thursday', '09:00', '09:00'),
    ]);
    expect(problems).toEqual({
      Monday: 'The end time must be after the start time on Monday',
      Tuesday: 'Availability entries on Tuesday overlap',
      Wednesday: null, // touching entries do not overlap
      Thursday: 'The end time must be after the start time on Thursday',
      Friday: null,
      Saturday: null,
      Sunday: null,
    });
    expect(hasProblems([row('d', 'Wednesday', '08:00', '12:00')])).toBe(false);
    expect(hasProblems([row('a', 'Monday', '17:00', '08:00')])).toBe(true);
  });

  it('marks only the rows in error: a reversed entry, and the entries that overlap', () => {
    const rows = [
      row('a', 'Monday', '08:00', '12:00'),
      row('b', 'Monday', '11:00', '14:00'),
      row('c', 'Monday', '15:00', '16:00'),
      row('d', 'Tuesday', '17:00', '08:00'),
      row('e', 'Tuesday', '09:00', '10:00'),
      row('f', 'Wednesday', '08:00', '12:00'),
      row('g', 'Wednesday', '12:00', '13:00'),
      row('h', 'Thursday', '08:00', '12:00'),
      row('i', 'Friday', '09:00', '10:00'),
    ];
    expect([...rowsInError(rows)].sort()).toEqual(['a', 'b', 'd']);
  });

  it('sends the whole week, saved entries with their ids and new ones without', () => {
    const saved: Availability[] = [
      { id: 'id-1', weekDay: 'Friday', userId: 'u1', startTime: '08:00', endTime: '17:00' },
    ];
    const rows = [...rowsFromAvailability(saved), row('new-1', 'Saturday', '09:00', '24:00')];
    expect(availabilityPayload(rows)).toEqual([
      { id: 'id-1', weekDay: 'Friday', startTime: '08:00', endTime: '17:00' },
      { weekDay: 'Saturday', startTime: '09:00', endTime: '24:00' },
    ]);
    expect(availabilityPayload([])).toEqual([]);
  });
});
