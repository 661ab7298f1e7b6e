import { DateTime } from 'luxon';

/** A calendar's visible days in the organization's zone: first and last (inclusive), as YYYY-MM-DD. */
export interface DayRange {
  first: string;
  last: string;
}

/**
 * The days a calendar shows, from FullCalendar's range strings (startStr/endStr of datesSet, in the
 * calendar's zone: '2026-06-01T00:00:00-04:00' or '2026-06-01'). The end is exclusive there.
 */
export function dayRangeOf(startStr: string, endStr: string): DayRange {
  const first = startStr.slice(0, 10);
  const endDay = DateTime.fromISO(endStr.slice(0, 10), { zone: 'utc' });
  // An end at midnight is exclusive; one later in a day (a clipped range) includes that day.
  const exclusive = endStr.length <= 10 || /T00:00(:00(\.0+)?)?/.test(endStr);
  const last = (exclusive ? endDay.minus({ days: 1 }) : endDay).toISODate() as string;
  return { first, last: last < first ? first : last };
}

/** YYYY-MM-DD → MM/DD/YYYY, the calendar endpoints' date format (spec §7). */
export function usDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${m}/${d}/${y}`;
}

/** `base?StartDate=MM/DD/YYYY&EndDate=MM/DD/YYYY` (both days included, in the organization's zone). */
export function rangeUrl(base: string, range: DayRange, extra: Record<string, string> = {}): string {
  return `${base}?${new URLSearchParams({ StartDate: usDate(range.first), EndDate: usDate(range.last), ...extra }).toString()}`;
}
