import { DateTime } from 'luxon';
import {
  isPlannedOn,
  localDateOf,
  occurrenceId,
  occurrencesBetween,
  parseOccurrenceId,
  parseRecurrenceDays,
  plannedStart,
  recurrenceProblem,
  RecurrenceRule,
  SeriesTiming,
} from './recurrence';

const rule = (r: Partial<RecurrenceRule>): RecurrenceRule => ({
  frequency: 'Weekly',
  days: [],
  weeklyRecurrence: 1,
  expireDate: null,
  ...r,
});
const local = (iso: string[], zone: string) =>
  iso.map((s) => DateTime.fromISO(s, { zone: 'utc' }).setZone(zone).toFormat('ccc yyyy-MM-dd HH:mm'));
const range = (from: string, to: string): [Date, Date] => [new Date(from), new Date(to)];

describe('recurrence', () => {
  it('repeats weekly every 2 weeks on two weekdays', () => {
    const timing: SeriesTiming = {
      start: '2026-03-02T14:00:00Z',
      durationMinutes: 60,
      timeZone: 'UTC',
      rule: rule({ days: ['monday', 'thursday'], weeklyRecurrence: 2 }),
    };
    expect(local(occurrencesBetween(timing, ...range('2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z')), 'UTC')).toEqual([
      'Mon 2026-03-02 14:00',
      'Thu 2026-03-05 14:00',
      'Mon 2026-03-16 14:00',
      'Thu 2026-03-19 14:00',
      'Mon 2026-03-30 14:00',
    ]);
  });

  it('repeats monthly on the 31st, on the last day of shorter months', () => {
    const timing: SeriesTiming = {
      start: '2026-01-31T15:00:00Z',
      durationMinutes: 30,
      timeZone: 'UTC',
      rule: rule({ frequency: 'Monthly' }),
    };
    expect(local(occurrencesBetween(timing, ...range('2026-01-01T00:00:00Z', '2026-06-01T00:00:00Z')), 'UTC')).toEqual([
      'Sat 2026-01-31 15:00',
      'Sat 2026-02-28 15:00',
      'Tue 2026-03-31 15:00',
      'Thu 2026-04-30 15:00',
      'Sun 2026-05-31 15:00',
    ]);
  });

  it('repeats daily until its end date, inclusive', () => {
    const timing: SeriesTiming = {
      start: '2026-05-01T13:00:00Z',
      durationMinutes: 120,
      timeZone: 'America/New_York',
      rule: rule({ frequency: 'Daily', expireDate: '2026-05-04' }),
    };
    expect(
      local(occurrencesBetween(timing, ...range('2026-04-01T00:00:00Z', '2026-06-01T00:00:00Z')), 'America/New_York'),
    ).toEqual(['Fri 2026-05-01 09:00', 'Sat 2026-05-02 09:00', 'Sun 2026-05-03 09:00', 'Mon 2026-05-04 09:00']);
  });

  it.each([
    ['America/New_York', '2026-03-05T14:00:00Z', '2026-03-01', '2026-03-15', '2026-10-29', '2026-11-05'],
    ['Europe/Berlin', '2026-03-23T08:00:00Z', '2026-03-24', '2026-04-02', '2026-10-20', '2026-10-28'],
  ])(
    'keeps a 9:00 job at 9:00 local across both DST changes of %s',
    (zone, start, springFrom, springTo, fallFrom, fallTo) => {
      const timing: SeriesTiming = { start, durationMinutes: 60, timeZone: zone, rule: rule({ frequency: 'Daily' }) };
      for (const [from, to] of [
        [springFrom, springTo],
        [fallFrom, fallTo],
      ]) {
        const starts = occurrencesBetween(timing, new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`));
        expect(starts.length).toBeGreaterThan(5);
        const hours = new Set(starts.map((s) => DateTime.fromISO(s, { zone: 'utc' }).setZone(zone).toFormat('HH:mm')));
        expect([...hours]).toEqual(['09:00']);
        // …while the UTC hour does change across the switch.
        expect(new Set(starts.map((s) => s.slice(11, 13))).size).toBe(2);
      }
    },
  );

  it('includes an occurrence that started before the range and is still going', () => {
    const timing: SeriesTiming = {
      start: '2026-06-01T22:00:00Z',
      durationMinutes: 240,
      timeZone: 'UTC',
      rule: rule({ frequency: 'Daily' }),
    };
    expect(occurrencesBetween(timing, new Date('2026-06-03T00:00:00Z'), new Date('2026-06-03T01:00:00Z'))).toEqual([
      '2026-06-02T22:00:00Z',
    ]);
  });

  it('names an occurrence by its series and planned local date, and parses the name back', () => {
    const id = occurrenceId('5f1c2c4e-8d0b-4a57-9a57-0c1d2e3f4a5b', '2026-03-02');
    expect(id).toBe('5f1c2c4e-8d0b-4a57-9a57-0c1d2e3f4a5b_20260302');
    expect(parseOccurrenceId(id)).toEqual({
      seriesId: '5f1c2c4e-8d0b-4a57-9a57-0c1d2e3f4a5b',
      localDate: '2026-03-02',
    });
    expect(parseOccurrenceId('5f1c2c4e-8d0b-4a57-9a57-0c1d2e3f4a5b')).toBeNull();
    expect(parseOccurrenceId('5f1c2c4e-8d0b-4a57-9a57-0c1d2e3f4a5b_20260230')).toBeNull();
  });

  it("plans an occurrence on a date at the series' local time, and knows which dates the rule plans", () => {
    const timing: SeriesTiming = {
      start: '2026-03-02T14:00:00Z',
      durationMinutes: 60,
      timeZone: 'America/New_York',
      rule: rule({ days: ['monday'] }),
    };
    expect(plannedStart(timing, '2026-03-09')).toBe('2026-03-09T13:00:00Z'); // 9:00 EDT after the switch
    expect(isPlannedOn(timing, '2026-03-09')).toBe(true);
    expect(isPlannedOn(timing, '2026-03-10')).toBe(false);
    expect(localDateOf('2026-03-10T03:00:00Z', 'America/New_York')).toBe('2026-03-09');
  });

  it("parses the spec's comma-separated weekday names", () => {
    expect(parseRecurrenceDays('thursday, Monday,')).toEqual({ days: ['monday', 'thursday'], unknown: [] });
    expect(parseRecurrenceDays('mon')).toEqual({ days: [], unknown: ['mon'] });
  });

  it.each([
    [rule({ weeklyRecurrence: 0, days: ['monday'] }), 'Repeat every must be a whole number of weeks, 1 or more'],
    [rule({ weeklyRecurrence: 1.5, days: ['monday'] }), 'Repeat every must be a whole number of weeks, 1 or more'],
    [rule({ days: [] }), 'Choose at least one day of the week'],
    [rule({ frequency: 'Daily', expireDate: '2026-02-30' }), 'The end date must be a date (YYYY-MM-DD)'],
    [rule({ frequency: 'Daily', expireDate: '2026-02-27' }), 'The end date cannot be before the first occurrence'],
  ])('refuses %o', (r, message) => {
    expect(recurrenceProblem(r, '2026-03-02T14:00:00Z', 'UTC')).toBe(message);
  });
});
