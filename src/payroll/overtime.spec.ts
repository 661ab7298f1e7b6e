import type { HoursSplit } from '../shared/payroll';
import { dayParts } from '../timers/day-parts';
import { overtimeOf } from './overtime';

// The workweek of Sunday 2026-11-22 … Saturday 2026-11-28 (weekStartsOn 0).
const SUN = 0;
const nov = (day: number) => `2026-11-${String(day).padStart(2, '0')}`;
const split = (regularHours: number, overtimeHours: number, doubleTimeHours: number): HoursSplit => ({
  regularHours,
  overtimeHours,
  doubleTimeHours,
  totalHours: regularHours + overtimeHours + doubleTimeHours,
});
const EVER = { from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' };
/** Worked hours per date from real instants, split at the zone's midnights (what a timesheet sums). */
const workedDays = (times: [string, string][], zone: string) => {
  const byDate = new Map<string, number>();
  for (const [start, end] of times)
    for (const part of dayParts(start, end, zone, EVER))
      byDate.set(part.date, (byDate.get(part.date) ?? 0) + part.hours);
  return [...byDate].map(([date, hours]) => ({ date, hours }));
};

describe('overtimeOf', () => {
  it('none: every hour is regular', () => {
    const result = overtimeOf(
      'none',
      [23, 24, 25, 26, 27].map((d) => ({ date: nov(d), hours: 13 })),
      { weekStartsOn: SUN },
    );
    expect(result.days.map((d) => d.regularHours)).toEqual([13, 13, 13, 13, 13]);
    expect(result.totals).toEqual(split(65, 0, 0));
  });

  it('weekly40: a 45-hour week (5 × 9 h) is 40 regular and 5 overtime, on its last day', () => {
    // Mon–Thu: 9 + 9 + 9 + 9 = 36 regular; Fri: 4 more reach 40, the other 5 are overtime. No daily rule.
    const { days, totals } = overtimeOf(
      'weekly40',
      [23, 24, 25, 26, 27].map((d) => ({ date: nov(d), hours: 9 })),
      { weekStartsOn: SUN },
    );
    expect(days).toEqual([
      { date: nov(23), ...split(9, 0, 0) },
      { date: nov(24), ...split(9, 0, 0) },
      { date: nov(25), ...split(9, 0, 0) },
      { date: nov(26), ...split(9, 0, 0) },
      { date: nov(27), ...split(4, 5, 0) },
    ]);
    expect(totals).toEqual(split(40, 5, 0));
  });

  it('weekly40: counts each workweek on its own (a Monday start splits Sunday off)', () => {
    // Mon 23 … Sun 29 is one week when it starts on Monday: Mon–Fri 5 × 8 = 40 regular, so Sat 28 and Sun 29
    // (8 each) are overtime; Mon 30 starts a new week: regular.
    const { days } = overtimeOf(
      'weekly40',
      [23, 24, 25, 26, 27, 28, 29, 30].map((d) => ({ date: nov(d), hours: 8 })),
      { weekStartsOn: 1 },
    );
    expect(days.map((d) => [d.date, d.regularHours, d.overtimeHours])).toEqual([
      [nov(23), 8, 0],
      [nov(24), 8, 0],
      [nov(25), 8, 0],
      [nov(26), 8, 0],
      [nov(27), 8, 0],
      [nov(28), 0, 8],
      [nov(29), 0, 8],
      [nov(30), 8, 0],
    ]);
  });

  it('california: days of 9, 13 and 7 hours', () => {
    // 9 → 8 regular + 1 overtime; 13 → 8 regular + 4 overtime (8 to 12) + 1 double time (past 12); 7 → 7 regular.
    const { days, totals } = overtimeOf(
      'california',
      [
        { date: nov(23), hours: 9 },
        { date: nov(24), hours: 13 },
        { date: nov(25), hours: 7 },
      ],
      { weekStartsOn: SUN },
    );
    expect(days).toEqual([
      { date: nov(23), ...split(8, 1, 0) },
      { date: nov(24), ...split(8, 4, 1) },
      { date: nov(25), ...split(7, 0, 0) },
    ]);
    // Regular 8 + 8 + 7 = 23, overtime 1 + 4 = 5, double time 1; 29 in all.
    expect(totals).toEqual(split(23, 5, 1));
  });

  it('california: the seventh consecutive day, and regular hours past 40 in the week', () => {
    // Sun–Fri 8 h each, Sat 9 h. Sun–Thu: 5 × 8 = 40 regular. Fri: 8 regular by the day, but past the week's 40,
    // so 8 overtime. Sat is the seventh day in a row: its first 8 are overtime, the 9th double time.
    const week = [22, 23, 24, 25, 26, 27, 28].map((d) => ({ date: nov(d), hours: d === 28 ? 9 : 8 }));
    const { days, totals } = overtimeOf('california', week, { weekStartsOn: SUN });
    expect(days.slice(4)).toEqual([
      { date: nov(26), ...split(8, 0, 0) },
      { date: nov(27), ...split(0, 8, 0) },
      { date: nov(28), ...split(0, 8, 1) },
    ]);
    // Regular 40, overtime 8 + 8 = 16, double time 1: 57.
    expect(totals).toEqual(split(40, 16, 1));
    // weekly40 on the same 57 hours: 40 regular, 17 overtime (Fri 8, Sat 9), no double time.
    expect(overtimeOf('weekly40', week, { weekStartsOn: SUN }).totals).toEqual(split(40, 17, 0));
  });

  it('california: a seventh day after a day off is an ordinary day', () => {
    // Wed off: Sun, Mon, Tue, Thu, Fri 8 each = 40 regular. Sat 9: by the day 8 regular + 1 overtime, and its 8
    // regular are past the week's 40, so all 9 are overtime; no double time (not seven days in a row).
    const week = [22, 23, 24, 26, 27, 28].map((d) => ({ date: nov(d), hours: d === 28 ? 9 : 8 }));
    week.splice(3, 0, { date: nov(25), hours: 0 }); // a day with 0 hours is not worked
    const { days } = overtimeOf('california', week, { weekStartsOn: SUN });
    expect(days[6]).toEqual({ date: nov(28), ...split(0, 9, 0) });
  });

  it('california: splits a shift across midnight into its two days', () => {
    // New York (EST, UTC-5). Mon 16:00 → Tue 02:00: 8 h on Mon, 2 h on Tue; Tue 09:00–17:00: 8 h more.
    // Mon 8 → regular (10 h on one day would have been 2 overtime). Tue 2 + 8 = 10 → 8 regular + 2 overtime.
    const days = workedDays(
      [
        ['2026-11-23T21:00:00Z', '2026-11-24T07:00:00Z'],
        ['2026-11-24T14:00:00Z', '2026-11-24T22:00:00Z'],
      ],
      'America/New_York',
    );
    expect(days).toEqual([
      { date: nov(23), hours: 8 },
      { date: nov(24), hours: 10 },
    ]);
    expect(overtimeOf('california', days, { weekStartsOn: SUN }).days).toEqual([
      { date: nov(23), ...split(8, 0, 0) },
      { date: nov(24), ...split(8, 2, 0) },
    ]);
  });

  it('counts the real hours of DST days in Los Angeles: 23 on 2026-03-08, 25 on 2026-11-01', () => {
    const LA = 'America/Los_Angeles';
    // Sun Mar 8 00:00 PST (08:00Z) → Mon 00:00 PDT (07:00Z) = 23 h; Mon and Tue 08:00–17:00 PDT (15:00Z–00:00Z) = 9 h.
    const spring = workedDays(
      [
        ['2026-03-08T08:00:00Z', '2026-03-09T07:00:00Z'],
        ['2026-03-09T15:00:00Z', '2026-03-10T00:00:00Z'],
        ['2026-03-10T15:00:00Z', '2026-03-11T00:00:00Z'],
      ],
      LA,
    );
    expect(spring).toEqual([
      { date: '2026-03-08', hours: 23 },
      { date: '2026-03-09', hours: 9 },
      { date: '2026-03-10', hours: 9 },
    ]);
    // California: 23 → 8 + 4 + 11 double time; 9 → 8 + 1 twice. Regular 24, overtime 6, double time 11: 41.
    const california = overtimeOf('california', spring, { weekStartsOn: SUN });
    expect(california.days[0]).toEqual({ date: '2026-03-08', ...split(8, 4, 11) });
    expect(california.totals).toEqual(split(24, 6, 11));
    // weekly40: 23 + 9 = 32, Tue's 8 reach 40 and 1 is overtime (a 24-hour Sunday would have made it 2).
    expect(overtimeOf('weekly40', spring, { weekStartsOn: SUN }).days[2]).toEqual({
      date: '2026-03-10',
      ...split(8, 1, 0),
    });

    // Sun Nov 1 00:00 PDT (07:00Z) → Mon 00:00 PST (08:00Z) = 25 h: 8 + 4 + 13 double time.
    const fall = workedDays([['2026-11-01T07:00:00Z', '2026-11-02T08:00:00Z']], LA);
    expect(fall).toEqual([{ date: '2026-11-01', hours: 25 }]);
    expect(overtimeOf('california', fall, { weekStartsOn: SUN }).days).toEqual([
      { date: '2026-11-01', ...split(8, 4, 13) },
    ]);
    expect(overtimeOf('weekly40', fall, { weekStartsOn: SUN }).totals).toEqual(split(25, 0, 0));
  });

  describe('countFrom: a period that starts mid-workweek (semimonthly Mon Nov 16; the week began Sun Nov 15)', () => {
    it("counts the week's earlier days toward its 40 without returning them", () => {
      // Sun 15 (before the period) + Mon–Thu 16–19: 5 × 8 = 40 regular, so Fri 20's 8 are overtime.
      const week = [15, 16, 17, 18, 19, 20].map((d) => ({ date: nov(d), hours: 8 }));
      const { days, totals } = overtimeOf('weekly40', week, { weekStartsOn: SUN, countFrom: nov(16) });
      expect(days.map((d) => d.date)).toEqual([nov(16), nov(17), nov(18), nov(19), nov(20)]);
      expect(days[4]).toEqual({ date: nov(20), ...split(0, 8, 0) });
      // Totals are the returned days': 4 × 8 regular + 8 overtime.
      expect(totals).toEqual(split(32, 8, 0));
    });

    it("counts them toward California's seventh day", () => {
      // Sun 15 … Fri 20: 6 h each (36 regular); Sat 21 is the seventh day in a row: its 5 h are overtime.
      const week = [15, 16, 17, 18, 19, 20, 21].map((d) => ({ date: nov(d), hours: d === 21 ? 5 : 6 }));
      const counted = overtimeOf('california', week, { weekStartsOn: SUN, countFrom: nov(16) });
      expect(counted.days).toHaveLength(6);
      expect(counted.days[5]).toEqual({ date: nov(21), ...split(0, 5, 0) });
      // Without Sunday the caller would get it wrong: Sat would be an ordinary 5 regular hours.
      const withoutSunday = overtimeOf('california', week.slice(1), { weekStartsOn: SUN });
      expect(withoutSunday.days[5]).toEqual({ date: nov(21), ...split(5, 0, 0) });
    });
  });

  describe('rounding', () => {
    it('rounds to hundredths only in the output; totals are the sum of the rows', () => {
      // 3 days of 8 h 20 min in California: each 8 regular + 0.333… overtime → 0.33, total 8.33.
      // Totals add the rows: 0.99 overtime, 24.99 in all (not the exact 1.00 / 25.00).
      const { days, totals } = overtimeOf(
        'california',
        [23, 24, 25].map((d) => ({ date: nov(d), hours: 8 + 1 / 3 })),
        { weekStartsOn: SUN },
      );
      expect(days[0]).toEqual({
        date: nov(23),
        regularHours: 8,
        overtimeHours: 0.33,
        doubleTimeHours: 0,
        totalHours: 8.33,
      });
      expect(totals).toEqual({ regularHours: 24, overtimeHours: 0.99, doubleTimeHours: 0, totalHours: 24.99 });
    });

    it("rounds a day's parts so they add up to its total", () => {
      // weekly40: 20 h + 19 h 59 min 42 s = 39 h 59 min 42 s regular. The next day's hour: 18 s regular (0.005 h),
      // 3582 s overtime (0.995 h). Rounding each would read 0.01 + 1.00 against a total of 1.00; the larger
      // remainder (a tie: regular first) takes the one hundredth the total has: 0.01 + 0.99.
      const { days } = overtimeOf(
        'weekly40',
        [
          { date: nov(23), hours: 20 },
          { date: nov(24), hours: 19.995 },
          { date: nov(25), hours: 1 },
        ],
        { weekStartsOn: SUN },
      );
      expect(days[2]).toEqual({
        date: nov(25),
        regularHours: 0.01,
        overtimeHours: 0.99,
        doubleTimeHours: 0,
        totalHours: 1,
      });
    });
  });

  it('sorts the days and adds up a date given twice', () => {
    const { days } = overtimeOf(
      'california',
      [
        { date: nov(24), hours: 2 },
        { date: nov(23), hours: 4 },
        { date: nov(24), hours: 8 },
      ],
      { weekStartsOn: SUN },
    );
    expect(days).toEqual([
      { date: nov(23), ...split(4, 0, 0) },
      { date: nov(24), ...split(8, 2, 0) },
    ]);
  });

  it('refuses bad input', () => {
    expect(() => overtimeOf('none', [{ date: '2026-02-30', hours: 1 }], { weekStartsOn: SUN })).toThrow(RangeError);
    expect(() => overtimeOf('none', [{ date: nov(23), hours: -1 }], { weekStartsOn: SUN })).toThrow(RangeError);
    expect(() => overtimeOf('none', [{ date: nov(23), hours: NaN }], { weekStartsOn: SUN })).toThrow(RangeError);
    expect(() => overtimeOf('none', [], { weekStartsOn: 7 })).toThrow(RangeError);
    expect(overtimeOf('california', [], { weekStartsOn: SUN })).toEqual({ days: [], totals: split(0, 0, 0) });
  });
});
