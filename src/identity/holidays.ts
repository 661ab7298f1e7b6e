import { ValidationError } from '../core/errors';
import { isIsoDate, optionalText } from '../core/value-checks';
import { outsidePayPeriodDays } from '../shared/payroll';
import type { OrganizationHoliday } from './identity.events';

export const HOLIDAYS_MAX = 200;
export const HOLIDAY_NAME_MAX = 80;

/** The organization's holidays as asked for, checked: real dates, each once, names short; in date order. */
export function checkedHolidays(input: unknown): OrganizationHoliday[] {
  if (!Array.isArray(input)) throw new ValidationError('Holidays must be a list of dates');
  if (input.length > HOLIDAYS_MAX) throw new ValidationError(`Enter at most ${HOLIDAYS_MAX} holidays`);
  const holidays = input.map((item: unknown) => {
    const { date, name } = (item ?? {}) as { date?: unknown; name?: unknown };
    if (!isIsoDate(date)) throw new ValidationError('Each holiday must be a date (YYYY-MM-DD)');
    if (outsidePayPeriodDays(date)) throw new ValidationError(`Each holiday must be from 2000 to 2099, not ${date}`);
    return { date, name: optionalText(name, HOLIDAY_NAME_MAX, 'A holiday’s name') };
  });
  holidays.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const twice = holidays.find((h, i) => i > 0 && holidays[i - 1].date === h.date);
  if (twice) throw new ValidationError(`${twice.date} is listed twice`);
  return holidays;
}
