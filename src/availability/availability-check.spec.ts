import { DateTime } from 'luxon';
import { isAvailable } from './availability-check';
import type { WeekDay } from './availability.events';

const NY = 'America/New_York';
const at = (iso: string) => DateTime.fromISO(iso, { setZone: true }).toMillis();
/** Local wall time in `zone` → UTC ms. */
const local = (wall: string, zone = NY) => DateTime.fromISO(wall, { zone }).toMillis();
const entry = (weekDay: WeekDay, startTime: string, endTime: string) => ({ weekDay, startTime, endTime });
const available = (entries: ReturnType<typeof entry>[] | null, start: number, end: number, zone = NY) =>
  isAvailable(entries, start, end, zone);

const weekdays = (['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const).map((d) =>
  entry(d, '08:00', '17:00'),
);

describe('isAvailable', () => {
  it('counts a user who has never saved availability as available', () => {
    expect(available(null, at('2025-03-03T13:00:00Z'), at('2025-03-03T14:00:00Z'))).toBe(true);
  });

  it('counts a user whose saved week is empty as not available', () => {
    expect(available([], at('2025-03-03T13:00:00Z'), at('2025-03-03T14:00:00Z'))).toBe(false);
  });

  it('is available when the slot lies inside an entry of its local weekday, edges included', () => {
    expect(available(weekdays, local('2025-06-02T08:00'), local('2025-06-02T17:00'))).toBe(true); // Monday
    expect(available(weekdays, local('2025-06-02T09:15'), local('2025-06-02T10:00'))).toBe(true);
  });

  it('is not available when the slot sticks out of the entry, or falls on a day without entries', () => {
    expect(available(weekdays, local('2025-06-02T07:45'), local('2025-06-02T09:00'))).toBe(false);
    expect(available(weekdays, local('2025-06-02T16:30'), local('2025-06-02T17:15'))).toBe(false);
    expect(available(weekdays, local('2025-06-07T09:00'), local('2025-06-07T10:00'))).toBe(false); // Saturday
  });

  it('reads the weekday and times in the organization time zone, not UTC', () => {
    // Monday 22:00 in New York is Tuesday 02:00 UTC; only a Monday evening entry covers it.
    const mondayEvening = [entry('Monday', '20:00', '23:00')];
    expect(available(mondayEvening, at('2025-06-03T02:00:00Z'), at('2025-06-03T03:00:00Z'))).toBe(true);
    expect(
      available([entry('Tuesday', '02:00', '03:00')], at('2025-06-03T02:00:00Z'), at('2025-06-03T03:00:00Z')),
    ).toBe(false);
    // The same instants in London are Tuesday 03:00–04:00.
    expect(
      available(
        [entry('Tuesday', '03:00', '04:00')],
        at('2025-06-03T02:00:00Z'),
        at('2025-06-03T03:00:00Z'),
        'Europe/London',
      ),
    ).toBe(true);
  });

  it('accepts a slot given with any UTC offset', () => {
    expect(available(weekdays, at('2025-06-02T14:00:00+02:00'), at('2025-06-02T15:00:00+02:00'))).toBe(true); // 08:00–09:00 New York
  });

  it('treats touching entries as one stretch, but not entries with a gap', () => {
    const split = [entry('Monday', '08:00', '12:00'), entry('Monday', '12:00', '17:00')];
    expect(available(split, local('2025-06-02T11:00'), local('2025-06-02T13:00'))).toBe(true);
    const lunch = [entry('Monday', '08:00', '12:00'), entry('Monday', '13:00', '17:00')];
    expect(available(lunch, local('2025-06-02T11:30'), local('2025-06-02T12:30'))).toBe(false);
    expect(available(lunch, local('2025-06-02T13:00'), local('2025-06-02T14:00'))).toBe(true);
  });

  describe('a slot crossing midnight', () => {
    const friday = entry('Friday', '20:00', '24:00');
    const saturday = entry('Saturday', '00:00', '02:00');
    const start = local('2025-06-13T22:00'); // Friday
    const end = local('2025-06-14T01:00'); // Saturday

    it('is available only when both days cover their part', () => {
      expect(available([friday, saturday], start, end)).toBe(true);
      expect(available([friday], start, end)).toBe(false);
      expect(available([saturday], start, end)).toBe(false);
      expect(available([entry('Friday', '20:00', '23:45'), saturday], start, end)).toBe(false);
    });

    it('ending exactly at midnight needs only the first day', () => {
      expect(available([friday], start, local('2025-06-14T00:00'))).toBe(true);
    });

    it('spanning whole days needs those days covered all day', () => {
      const allDay = (d: WeekDay) => entry(d, '00:00', '24:00');
      expect(
        available([allDay('Monday'), allDay('Tuesday')], local('2025-06-02T00:00'), local('2025-06-04T00:00')),
      ).toBe(true);
      expect(
        available(
          [allDay('Monday'), entry('Tuesday', '00:00', '23:00')],
          local('2025-06-02T00:00'),
          local('2025-06-04T00:00'),
        ),
      ).toBe(false);
    });
  });

  describe('a DST week in America/New_York', () => {
    // Sunday 9 March 2025: 2:00 EST jumps to 3:00 EDT. Sunday 2 November 2025: 2:00 EDT falls back to 1:00 EST.
    it('keeps an 8:00–17:00 entry at 8:00–17:00 local on both sides of the spring switch', () => {
      expect(available(weekdays, at('2025-03-03T13:00:00Z'), at('2025-03-03T22:00:00Z'))).toBe(true); // Mon 8–17 EST
      expect(available(weekdays, at('2025-03-10T13:00:00Z'), at('2025-03-10T22:00:00Z'))).toBe(false); // Mon 9–18 EDT
      expect(available(weekdays, at('2025-03-10T12:00:00Z'), at('2025-03-10T21:00:00Z'))).toBe(true); // Mon 8–17 EDT
      expect(available(weekdays, at('2025-03-07T12:00:00Z'), at('2025-03-07T21:00:00Z'))).toBe(false); // Fri 7–16 EST
    });

    it('on the spring-forward night, the skipped hour needs no covering but the wall times on each side do', () => {
      const start = at('2025-03-09T06:30:00Z'); // 1:30 EST
      const end = at('2025-03-09T07:30:00Z'); // 3:30 EDT, one real hour later
      expect(available([entry('Sunday', '01:00', '04:00')], start, end)).toBe(true);
      expect(available([entry('Sunday', '01:00', '03:00')], start, end)).toBe(false);
      expect(available([entry('Sunday', '01:00', '02:00'), entry('Sunday', '03:00', '04:00')], start, end)).toBe(true);
    });

    it('on the fall-back night, the repeated hour is covered by the same wall times', () => {
      const start = at('2025-11-02T05:30:00Z'); // 1:30 EDT
      const end = at('2025-11-02T06:30:00Z'); // 1:30 EST, one real hour later
      expect(available([entry('Sunday', '00:00', '02:00')], start, end)).toBe(true);
      expect(available([entry('Sunday', '01:00', '02:00')], start, end)).toBe(true);
      expect(available([entry('Sunday', '01:30', '02:00')], start, end)).toBe(false); // 1:00–1:30 EST is not covered
    });

    it('a whole local day is 23 hours in spring and 25 in autumn', () => {
      const sunday = [entry('Sunday', '00:00', '24:00')];
      expect(available(sunday, local('2025-03-09T00:00'), local('2025-03-10T00:00'))).toBe(true);
      expect(local('2025-03-10T00:00') - local('2025-03-09T00:00')).toBe(23 * 3_600_000);
      expect(available(sunday, local('2025-11-02T00:00'), local('2025-11-03T00:00'))).toBe(true);
      expect(available(sunday, local('2025-11-02T00:00'), local('2025-11-03T00:15'))).toBe(false);
    });
  });

  it('is not available for an empty or reversed slot', () => {
    expect(available(weekdays, local('2025-06-02T10:00'), local('2025-06-02T10:00'))).toBe(false);
    expect(available(weekdays, local('2025-06-02T11:00'), local('2025-06-02T10:00'))).toBe(false);
  });
});
