import { ValidationError } from '../core/errors';
import {
  DEFAULT_PAY_SETTINGS,
  isCalendarDate,
  PayPeriodFrequency,
  PaySettings,
  paySettingsProblem,
} from '../shared/payroll';
import {
  isPayPeriodStart,
  nextPayPeriod,
  PayPeriodSettings,
  payPeriodHolding,
  periodDates,
  periodLabel,
  previousPayPeriod,
} from './pay-periods';

// The anchor 2026-01-04 is a Sunday.
const settings = (payPeriodFrequency: PayPeriodFrequency, weekStartsOn = 0): PayPeriodSettings => ({
  payPeriodFrequency,
  payPeriodAnchorDate: '2026-01-04',
  weekStartsOn,
});
const span = (date: string, s: PayPeriodSettings) => {
  const { start, end } = payPeriodHolding(date, s);
  return `${start}..${end}`;
};

describe('payPeriodHolding', () => {
  describe('weekly', () => {
    it('runs Sunday to Saturday by default, and reads as a label', () => {
      // 2026-11-25 is a Wednesday.
      expect(payPeriodHolding('2026-11-25', settings('weekly'))).toEqual({
        start: '2026-11-22',
        end: '2026-11-28',
        label: 'Nov 22 – Nov 28, 2026',
      });
      expect(span('2026-11-22', settings('weekly'))).toBe('2026-11-22..2026-11-28');
      expect(span('2026-11-28', settings('weekly'))).toBe('2026-11-22..2026-11-28');
    });

    it('starts on Monday when the week does', () => {
      expect(span('2026-11-22', settings('weekly', 1))).toBe('2026-11-16..2026-11-22'); // a Sunday: its week's last day
      expect(span('2026-11-23', settings('weekly', 1))).toBe('2026-11-23..2026-11-29');
      expect(span('2026-11-27', settings('weekly', 6))).toBe('2026-11-21..2026-11-27'); // Saturday start, a Friday
    });

    it('puts both years in the label of a week across New Year', () => {
      expect(payPeriodHolding('2026-12-31', settings('weekly'))).toEqual({
        start: '2026-12-27',
        end: '2027-01-02',
        label: 'Dec 27, 2026 – Jan 2, 2027',
      });
    });
  });

  describe('biweekly', () => {
    it('starts a period on the anchor and every 14 days after it', () => {
      expect(span('2026-01-04', settings('biweekly'))).toBe('2026-01-04..2026-01-17');
      expect(span('2026-01-17', settings('biweekly'))).toBe('2026-01-04..2026-01-17');
      expect(span('2026-01-18', settings('biweekly'))).toBe('2026-01-18..2026-01-31');
      // 2026-03-01 is the anchor + 56 days; the period holds the spring-forward Sunday.
      expect(span('2026-03-08', settings('biweekly'))).toBe('2026-03-01..2026-03-14');
    });

    it('aligns dates before the anchor to the same blocks', () => {
      expect(payPeriodHolding('2026-01-03', settings('biweekly'))).toEqual({
        start: '2025-12-21',
        end: '2026-01-03',
        label: 'Dec 21, 2025 – Jan 3, 2026',
      });
      // 2025-06-01 is 217 days (15 × 14 + 7) before the anchor: its period starts 7 days earlier, 224 = 16 × 14 before.
      expect(span('2025-06-01', settings('biweekly'))).toBe('2025-05-25..2025-06-07');
    });

    it('ignores the week start (the anchor fixes the first day)', () => {
      expect(span('2026-01-20', settings('biweekly', 3))).toBe('2026-01-18..2026-01-31');
    });
  });

  describe('semimonthly', () => {
    it('runs the 1st to the 15th and the 16th to the month end', () => {
      expect(payPeriodHolding('2026-11-15', settings('semimonthly'))).toEqual({
        start: '2026-11-01',
        end: '2026-11-15',
        label: 'Nov 1 – Nov 15, 2026',
      });
      expect(span('2026-11-16', settings('semimonthly'))).toBe('2026-11-16..2026-11-30');
      expect(span('2026-12-31', settings('semimonthly'))).toBe('2026-12-16..2026-12-31');
    });

    it("ends February's second half on the 28th, or the 29th in a leap year", () => {
      expect(span('2026-02-20', settings('semimonthly'))).toBe('2026-02-16..2026-02-28');
      expect(payPeriodHolding('2028-02-16', settings('semimonthly')).label).toBe('Feb 16 – Feb 29, 2028');
      expect(span('2028-02-29', settings('semimonthly'))).toBe('2028-02-16..2028-02-29');
    });
  });

  describe('monthly', () => {
    it('is the calendar month', () => {
      expect(payPeriodHolding('2028-02-10', settings('monthly'))).toEqual({
        start: '2028-02-01',
        end: '2028-02-29',
        label: 'Feb 1 – Feb 29, 2028',
      });
      expect(span('2026-04-30', settings('monthly'))).toBe('2026-04-01..2026-04-30');
      expect(span('2026-12-01', settings('monthly'))).toBe('2026-12-01..2026-12-31');
    });
  });

  it('refuses what is not a calendar date', () => {
    for (const date of ['2026-02-30', '2026-3-8', '2026-03-08T00:00', '', 'not a date'])
      expect(() => payPeriodHolding(date, settings('weekly'))).toThrow(ValidationError);
  });
});

describe('isPayPeriodStart', () => {
  it('is true only on the first day of the period', () => {
    expect(isPayPeriodStart('2026-11-22', settings('weekly'))).toBe(true);
    expect(isPayPeriodStart('2026-11-23', settings('weekly'))).toBe(false);
    expect(isPayPeriodStart('2026-11-23', settings('weekly', 1))).toBe(true);
    expect(isPayPeriodStart('2025-12-21', settings('biweekly'))).toBe(true);
    expect(isPayPeriodStart('2025-12-28', settings('biweekly'))).toBe(false);
    expect(isPayPeriodStart('2026-11-16', settings('semimonthly'))).toBe(true);
    expect(isPayPeriodStart('2026-11-15', settings('semimonthly'))).toBe(false);
    expect(isPayPeriodStart('2026-11-01', settings('monthly'))).toBe(true);
  });
});

describe('previousPayPeriod / nextPayPeriod', () => {
  it.each<PayPeriodFrequency>(['weekly', 'biweekly', 'semimonthly', 'monthly'])(
    '%s: follow on day after day for two years, and walk back to where they began',
    (frequency) => {
      const s = settings(frequency, 1);
      const first = payPeriodHolding('2025-11-20', s);
      let period = first;
      const walked = [first];
      while (period.end < '2027-12-31') {
        const next = nextPayPeriod(period, s);
        expect(periodDates({ start: period.end, end: next.start })).toHaveLength(2); // no gap, no overlap
        expect(previousPayPeriod(next, s)).toEqual(period);
        walked.push((period = next));
      }
      for (let i = walked.length - 1; i > 0; i--) expect(previousPayPeriod(walked[i], s)).toEqual(walked[i - 1]);
    },
  );

  it('crosses the year and the anchor', () => {
    const weekly = settings('weekly');
    expect(nextPayPeriod(payPeriodHolding('2026-12-20', weekly), weekly).label).toBe('Dec 27, 2026 – Jan 2, 2027');
    const biweekly = settings('biweekly');
    expect(previousPayPeriod(payPeriodHolding('2026-01-04', biweekly), biweekly).start).toBe('2025-12-21');
    const semimonthly = settings('semimonthly');
    expect(nextPayPeriod(payPeriodHolding('2028-02-16', semimonthly), semimonthly).start).toBe('2028-03-01');
  });
});

describe('periodDates', () => {
  it('lists every date from start to end', () => {
    expect(periodDates(payPeriodHolding('2026-11-25', settings('weekly')))).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    expect(periodDates(payPeriodHolding('2028-02-01', settings('monthly')))).toHaveLength(29);
    expect(periodDates({ start: '2026-12-31', end: '2027-01-01' })).toEqual(['2026-12-31', '2027-01-01']);
  });

  it('gives the DST weeks seven dates (America/Los_Angeles springs forward 2026-03-08, falls back 2026-11-01)', () => {
    for (const date of ['2026-03-08', '2026-03-10', '2026-11-01', '2026-11-03']) {
      const dates = periodDates(payPeriodHolding(date, settings('weekly')));
      expect(dates).toHaveLength(7);
      expect(dates).toContain(date);
    }
    expect(periodDates(payPeriodHolding('2026-03-08', settings('biweekly')))).toHaveLength(14);
  });
});

describe('periodLabel', () => {
  it('reads a period from its first and last day', () => {
    expect(periodLabel('2026-11-22', '2026-11-28')).toBe('Nov 22 – Nov 28, 2026');
    expect(periodLabel('2026-12-27', '2027-01-02')).toBe('Dec 27, 2026 – Jan 2, 2027');
  });
});

describe('paySettingsProblem', () => {
  it('finds nothing wrong with whole or partial good settings', () => {
    expect(paySettingsProblem(DEFAULT_PAY_SETTINGS)).toBeNull();
    expect(paySettingsProblem({})).toBeNull();
    expect(
      paySettingsProblem({
        payPeriodFrequency: 'semimonthly',
        payPeriodAnchorDate: '2028-02-29',
        weekStartsOn: 6,
        overtimeRule: 'california',
        timesheetSubmission: true,
      }),
    ).toBeNull();
  });

  const problem = (change: Record<string, unknown>) => paySettingsProblem(change as Partial<PaySettings>);

  it('names the first thing wrong', () => {
    expect(problem({ payPeriodFrequency: 'daily' })).toBe(
      'The pay period must be weekly, biweekly, semimonthly or monthly',
    );
    for (const payPeriodAnchorDate of ['2026-02-30', '2026-1-4', '20260104', 20260104, null, '9'.repeat(200_000)])
      expect(problem({ payPeriodAnchorDate })).toBe(
        'The first day of a two-week pay period must be a date (YYYY-MM-DD)',
      );
    for (const payPeriodAnchorDate of ['1800-01-01', '1999-12-31', '2100-01-01', '9999-12-31'])
      expect(problem({ payPeriodAnchorDate })).toBe('The first day of a two-week pay period must be from 2000 to 2099');
    expect(problem({ payPeriodAnchorDate: '2000-01-01' })).toBeNull();
    expect(problem({ payPeriodAnchorDate: '2099-12-31' })).toBeNull();
    for (const weekStartsOn of [7, -1, 1.5, '1', null])
      expect(problem({ weekStartsOn })).toBe("The week's first day must be 0 (Sunday) to 6 (Saturday)");
    expect(problem({ overtimeRule: 'daily8' })).toBe('The overtime rule must be none, weekly40 or california');
    expect(problem({ timesheetSubmission: 'true' })).toBe('Timesheet submission must be true or false');
    expect(problem({ payPeriodFrequency: 'yearly', timesheetSubmission: 1 })).toMatch(/^The pay period/);
  });

  it('checks dates by their characters before parsing them', () => {
    expect(isCalendarDate('2026-11-22')).toBe(true);
    expect(isCalendarDate('2026/11/22')).toBe(false);
    expect(isCalendarDate('٢٠٢٦-11-22')).toBe(false); // other digits
  });
});
