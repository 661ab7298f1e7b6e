import { dayParts } from './day-parts';

/** A window wider than any time below: the whole time is split. */
const ALL = { from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' };

const hoursByDate = (parts: ReturnType<typeof dayParts>) => parts.map(({ date, hours }) => [date, hours]);

describe('dayParts', () => {
  it('splits a 22:00–06:00 shift at midnight in New York into 2 h and 6 h', () => {
    // EST is UTC-5: 22:00 on Jan 14 is 03:00Z on Jan 15, midnight is 05:00Z, 06:00 is 11:00Z.
    expect(dayParts('2026-01-15T03:00:00.000Z', '2026-01-15T11:00:00.000Z', 'America/New_York', ALL)).toEqual([
      { date: '2026-01-14', hours: 2, startIso: '2026-01-15T03:00:00.000Z', endIso: '2026-01-15T05:00:00.000Z' },
      { date: '2026-01-15', hours: 6, startIso: '2026-01-15T05:00:00.000Z', endIso: '2026-01-15T11:00:00.000Z' },
    ]);
  });

  it('counts the 11 real hours of 00:00–12:00 on the spring-forward night in Los Angeles', () => {
    // 00:00 PST (UTC-8) is 08:00Z; 02:00 becomes 03:00 PDT (UTC-7); 12:00 PDT is 19:00Z.
    expect(dayParts('2026-03-08T08:00:00Z', '2026-03-08T19:00:00Z', 'America/Los_Angeles', ALL)).toEqual([
      { date: '2026-03-08', hours: 11, startIso: '2026-03-08T08:00:00.000Z', endIso: '2026-03-08T19:00:00.000Z' },
    ]);
  });

  it('gives a whole DST day its real length: 23 hours in spring, 25 in the fall', () => {
    // 00:00 → 24:00 wall time: Mar 8 08:00Z → Mar 9 07:00Z; Nov 1 07:00Z → Nov 2 08:00Z.
    expect(hoursByDate(dayParts('2026-03-07T20:00:00Z', '2026-03-09T12:00:00Z', 'America/Los_Angeles', ALL))).toEqual([
      ['2026-03-07', 12], // 12:00 → 24:00 PST (20:00Z → 08:00Z)
      ['2026-03-08', 23],
      ['2026-03-09', 5], // 00:00 → 05:00 PDT
    ]);
    const fallBack = dayParts('2026-11-01T07:00:00Z', '2026-11-02T08:00:00Z', 'America/Los_Angeles', ALL);
    expect(fallBack).toEqual([
      { date: '2026-11-01', hours: 25, startIso: '2026-11-01T07:00:00.000Z', endIso: '2026-11-02T08:00:00.000Z' },
    ]);
  });

  it('gives a zero-length time one part of 0 hours on its day', () => {
    expect(dayParts('2026-06-01T12:00:00Z', '2026-06-01T12:00:00Z', 'America/New_York', ALL)).toEqual([
      { date: '2026-06-01', hours: 0, startIso: '2026-06-01T12:00:00.000Z', endIso: '2026-06-01T12:00:00.000Z' },
    ]);
  });

  it('splits a multi-day time into each day, unrounded, ending at a midnight without an empty part', () => {
    // June 5 18:20 EDT (UTC-4, 22:20Z) to June 8 00:00 EDT (04:00Z).
    const parts = dayParts('2026-06-05T22:20:00Z', '2026-06-08T04:00:00Z', 'America/New_York', ALL);
    expect(hoursByDate(parts)).toEqual([
      ['2026-06-05', 5 + 40 / 60],
      ['2026-06-06', 24],
      ['2026-06-07', 24],
    ]);
    expect(parts.map((p) => p.endIso)).toEqual([
      '2026-06-06T04:00:00.000Z',
      '2026-06-07T04:00:00.000Z',
      '2026-06-08T04:00:00.000Z',
    ]);
    // 7 seconds: no rounding to minutes or hundredths.
    expect(dayParts('2026-06-05T22:20:00Z', '2026-06-05T22:20:07Z', 'America/New_York', ALL)[0].hours).toBe(7 / 3600);
  });

  it('splits only the part inside the window a read looks at (#44 item 1)', () => {
    // A time from 1800 to 2400 read for the week of Mon 2 Nov 2026 in New York (EST, UTC-5): seven parts of 24 h.
    const week = { from: '2026-11-02T05:00:00.000Z', to: '2026-11-09T05:00:00.000Z' };
    const parts = dayParts('1800-01-01T00:00:00Z', '2400-01-01T00:00:00Z', 'America/New_York', week);
    expect(hoursByDate(parts)).toEqual(['02', '03', '04', '05', '06', '07', '08'].map((day) => [`2026-11-${day}`, 24]));
    // The latest instant JavaScript has is as cheap: one part for a one-day window.
    const day = { from: '2026-11-02T05:00:00.000Z', to: '2026-11-03T05:00:00.000Z' };
    expect(hoursByDate(dayParts('2026-11-02T15:00:00Z', '+275760-09-13T00:00:00Z', 'America/New_York', day))).toEqual([
      ['2026-11-02', 14],
    ]);
  });

  it('gives no parts to a time outside the window, and clips one across its edges', () => {
    const day = { from: '2026-06-01T04:00:00.000Z', to: '2026-06-02T04:00:00.000Z' };
    expect(dayParts('2026-05-31T10:00:00Z', '2026-05-31T12:00:00Z', 'America/New_York', day)).toEqual([]);
    expect(dayParts('2026-06-02T04:00:00Z', '2026-06-02T05:00:00Z', 'America/New_York', day)).toEqual([]);
    // Ends exactly where the window starts: nothing of it is inside.
    expect(dayParts('2026-06-01T02:00:00Z', '2026-06-01T04:00:00Z', 'America/New_York', day)).toEqual([]);
    // A zero-length time at the window's first instant is in it; at its end, not.
    expect(hoursByDate(dayParts(day.from, day.from, 'America/New_York', day))).toEqual([['2026-06-01', 0]]);
    expect(dayParts(day.to, day.to, 'America/New_York', day)).toEqual([]);
    expect(dayParts('2026-05-31T22:00:00Z', '2026-06-02T06:00:00Z', 'America/New_York', day)).toEqual([
      { date: '2026-06-01', hours: 24, startIso: '2026-06-01T04:00:00.000Z', endIso: '2026-06-02T04:00:00.000Z' },
    ]);
  });

  it('refuses an end before the start, a bad instant or a bad zone', () => {
    expect(() => dayParts('2026-06-02T00:00:00Z', '2026-06-01T00:00:00Z', 'UTC', ALL)).toThrow(RangeError);
    expect(() => dayParts('yesterday', '2026-06-01T00:00:00Z', 'UTC', ALL)).toThrow(RangeError);
    expect(() => dayParts('2026-06-01T00:00:00Z', '2026-06-01T01:00:00Z', 'Mars/Olympus', ALL)).toThrow(RangeError);
  });
});
