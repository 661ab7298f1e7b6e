import { DateTime } from 'luxon';

/** A day the organization takes no work (GET/PUT /api/organization/settings/holidays): src/shared/organization.ts. */
export type { HolidayView as Holiday } from '../../../../src/shared/organization';
import type { HolidayView as Holiday } from '../../../../src/shared/organization';

/** 'Thu, Nov 26, 2026' */
export const holidayDateLabel = (date: string) => DateTime.fromISO(date).toFormat('ccc, LLL d, yyyy');

/** The list with one more day, in date order; a date already listed takes the new name. */
export function withHoliday(holidays: readonly Holiday[], date: string, name: string): Holiday[] {
  const added = { date, name: name.trim() || null };
  return [...holidays.filter((h) => h.date !== date), added].sort((a, b) => a.date.localeCompare(b.date));
}

export const withoutHoliday = (holidays: readonly Holiday[], date: string): Holiday[] =>
  holidays.filter((h) => h.date !== date);

/** Holidays from today on first (the ones that still close days), then the past ones. */
export function upcomingFirst(holidays: readonly Holiday[], today: string): { upcoming: Holiday[]; past: Holiday[] } {
  return { upcoming: holidays.filter((h) => h.date >= today), past: holidays.filter((h) => h.date < today) };
}
