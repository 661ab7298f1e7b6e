import { DateTime } from 'luxon';
import { ValidationError } from '../core/errors';
import { isCalendarDate, PaySettings, PayPeriodView } from '../shared/payroll';

/**
 * Pay-period math (issue #30). Periods are runs of calendar dates (YYYY-MM-DD, already in the organization's
 * zone), so all arithmetic is on dates held as UTC midnights: a DST change never adds or drops a day.
 */
export type PayPeriodSettings = Pick<PaySettings, 'payPeriodFrequency' | 'payPeriodAnchorDate' | 'weekStartsOn'>;

const DATE_FORMAT = 'yyyy-MM-dd';

function calendarDate(date: string): DateTime {
  if (!isCalendarDate(date)) throw new ValidationError('The date must be a date (YYYY-MM-DD)');
  return DateTime.fromFormat(date, DATE_FORMAT, { zone: 'UTC' });
}

const ymd = (d: DateTime) => d.toFormat(DATE_FORMAT);

/** "Nov 22 – Nov 28, 2026"; the first date carries its year only when the period crosses one. */
function labelOf(start: DateTime, end: DateTime): string {
  const first = start.toFormat(start.year === end.year ? 'MMM d' : 'MMM d, yyyy', { locale: 'en-US' });
  return `${first} – ${end.toFormat('MMM d, yyyy', { locale: 'en-US' })}`;
}

/** How a period reads, from its first and last day (YYYY-MM-DD). */
export const periodLabel = (start: string, end: string) => labelOf(calendarDate(start), calendarDate(end));

function view(start: DateTime, end: DateTime): PayPeriodView {
  return { start: ymd(start), end: ymd(end), label: labelOf(start, end) };
}

/** The pay period that holds the calendar date `date`. */
export function payPeriodHolding(date: string, settings: PayPeriodSettings): PayPeriodView {
  const d = calendarDate(date);
  switch (settings.payPeriodFrequency) {
    case 'weekly': {
      // luxon's weekday is 1 (Monday) … 7 (Sunday): modulo 7, Sunday's 7 is weekStartsOn's 0.
      const start = d.minus({ days: (d.weekday - settings.weekStartsOn + 7) % 7 });
      return view(start, start.plus({ days: 6 }));
    }
    case 'biweekly': {
      // Blocks of 14 days either side of the anchor: the modulo is made non-negative for dates before it.
      const days = Math.round(d.diff(calendarDate(settings.payPeriodAnchorDate), 'days').days);
      const start = d.minus({ days: ((days % 14) + 14) % 14 });
      return view(start, start.plus({ days: 13 }));
    }
    case 'semimonthly':
      return d.day <= 15 ? view(d.set({ day: 1 }), d.set({ day: 15 })) : view(d.set({ day: 16 }), d.endOf('month'));
    case 'monthly':
      return view(d.startOf('month'), d.endOf('month'));
  }
}

/** Whether `date` is the first day of its pay period. */
export const isPayPeriodStart = (date: string, settings: PayPeriodSettings): boolean =>
  payPeriodHolding(date, settings).start === date;

/** The period before `period` (the one holding the day before its start). */
export const previousPayPeriod = (period: PayPeriodView, settings: PayPeriodSettings): PayPeriodView =>
  payPeriodHolding(ymd(calendarDate(period.start).minus({ days: 1 })), settings);

/** The period after `period` (the one holding the day after its end). */
export const nextPayPeriod = (period: PayPeriodView, settings: PayPeriodSettings): PayPeriodView =>
  payPeriodHolding(ymd(calendarDate(period.end).plus({ days: 1 })), settings);

/** Every date of the period, first to last. */
export function periodDates(period: Pick<PayPeriodView, 'start' | 'end'>): string[] {
  const dates: string[] = [];
  const end = calendarDate(period.end);
  for (let d = calendarDate(period.start); d <= end; d = d.plus({ days: 1 })) dates.push(ymd(d));
  return dates;
}
