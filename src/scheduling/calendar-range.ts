import { DateTime } from 'luxon';
import { ValidationError } from '../core/errors';
import { DATE_RANGE_MAX_DAYS } from '../shared/reports';

const MAX_RANGE_DAYS = 62;

/** A day written MM/DD/YYYY, as its midnight in the zone; null when it is not such a date. */
export function dayIn(value: string, zone: string): DateTime | null {
  const day = DateTime.fromFormat(value, 'MM/dd/yyyy', { zone });
  return day.isValid ? day : null;
}

/**
 * A calendar's range. Dates as MM/DD/YYYY are whole days in the organization's time zone, EndDate
 * included; ISO instants are taken as they are, EndDate excluded.
 */
export function calendarRange(
  startDate: string | undefined,
  endDate: string | undefined,
  timeZone: string,
): { from: Date; to: Date } {
  if (!startDate) throw new ValidationError('StartDate is required (MM/DD/YYYY)');
  if (!endDate) throw new ValidationError('EndDate is required (MM/DD/YYYY)');
  const parse = (value: string, name: string, endOfRange: boolean) => {
    const day = dayIn(value, timeZone);
    if (day) return (endOfRange ? day.plus({ days: 1 }) : day).toJSDate();
    const instant = DateTime.fromISO(value, { zone: timeZone });
    if (instant.isValid) return instant.toJSDate();
    throw new ValidationError(`${name} must be a date (MM/DD/YYYY), got "${value}"`);
  };
  const from = parse(startDate, 'StartDate', false);
  const to = parse(endDate, 'EndDate', true);
  if (to <= from) throw new ValidationError('EndDate must not be before StartDate');
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * 86_400_000)
    throw new ValidationError(`A calendar range can cover at most ${MAX_RANGE_DAYS} days`);
  return { from, to };
}

/**
 * fromDate and toDate (MM/DD/YYYY, whole days in `zone`, both included) as UTC instants, [from, to). Both given, they
 * may be at most DATE_RANGE_MAX_DAYS apart: what a report, a summary or an export costs grows with its range.
 */
export function startRange(
  fromDate: string | undefined,
  toDate: string | undefined,
  zone: string,
): { from: string | null; to: string | null } {
  const day = (value: string, name: string) => {
    const parsed = dayIn(value, zone);
    if (!parsed) throw new ValidationError(`${name} must be a date (MM/DD/YYYY)`);
    return parsed;
  };
  const from = fromDate ? day(fromDate, 'From date') : null;
  const to = toDate ? day(toDate, 'To date').plus({ days: 1 }) : null;
  if (from && to && to <= from) throw new ValidationError('To date cannot be before From date');
  if (from && to && Math.round(to.diff(from, 'days').days) > DATE_RANGE_MAX_DAYS)
    throw new ValidationError(
      `A date range can cover at most ${DATE_RANGE_MAX_DAYS} days (a year). Choose a later From date or an earlier To date.`,
    );
  return { from: from?.toUTC().toISO() ?? null, to: to?.toUTC().toISO() ?? null };
}
