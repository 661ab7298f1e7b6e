import { describe, expect, it } from 'vitest';
import type { Availability } from './availability';
import {
  availabilityPayload,
  copyToWeekdays,
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

  describe('copy to weekdays', () => {
    const keys = () => {
      let n = 0;
      return () => `copy-${n++}`;
    };

    it("gives Monday–Friday the day's entries in place of theirs, leaving the weekend and the day itself", () => {
      const rows = [
        row('a', 'Monday', '08:00', '12:00', 'id-a'),
        row('b', 'Monday', '13:00', '17:00', 'id-b'),
        row('c', 'Tuesday', '10:00', '14:00', 'id-c'),
        row('d', 'Friday', '06:00', '07:00', 'id-d'),
        row('e', 'Saturday', '09:00', '11:00', 'id-e'),
      ];
      const copied = copyToWeekdays(rows, 'Monday', keys());
      const byDay = (day: string) =>
        copied.filter((r) => r.weekDay === day).map((r) => `${r.startTime}-${r.endTime}${r.id ? ` ${r.id}` : ''}`);
      expect(byDay('Monday')).toEqual(['08:00-12:00 id-a', '13:00-17:00 id-b']);
      for (const day of ['Tuesday', 'Wednesday', 'Thursday', 'Friday'])
        expect(byDay(day)).toEqual(['08:00-12:00', '13:00-17:00']);
      expect(byDay('Saturday')).toEqual(['09:00-11:00 id-e']);
      expect(byDay('Sunday')).toEqual([]);
      // Every row keeps a key of its own; the copies are new entries (no saved id).
      expect(new Set(copied.map((r) => r.key)).size).toBe(copied.length);
      expect(hasProblems(copied)).toBe(false);
      // Saved, the replaced days' old entries are gone from the payload.
      expect(
        availabilityPayload(copied)
          .filter((e) => 'id' in e)
          .map((e) => e.id),
      ).toEqual(['id-a', 'id-b', 'id-e']);
    });

    it('copies a weekend day to all five weekdays, and an empty day empties them', () => {
      const rows = [row('s', 'Saturday', '09:00', '13:00'), row('m', 'Monday', '08:00', '17:00')];
      expect(copyToWeekdays(rows, 'Saturday', keys()).filter((r) => r.startTime === '09:00')).toHaveLength(6);
      expect(copyToWeekdays(rows, 'Sunday', keys()).map((r) => r.weekDay)).toEqual(['Saturday']);
    });
  });
});
