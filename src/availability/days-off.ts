import { fromWallMs, toWallMs } from '../core/zoned-time';
import { minutesOf } from './availability-times';

/**
 * Whole days nobody of the organization (a holiday) or one person (time off) takes work: organization days in its
 * zone, YYYY-MM-DD, both ends included. Compared as wall-clock dates, so a day is the same day across a DST change.
 */
export interface DayRange {
  from: string;
  to: string;
  /** Part of one day (time off only): 'HH:mm' wall-clock hours of `from`. */
  startTime?: string;
  endTime?: string;
}

/** A part-day range's hours as instants [start, end) in the zone; null for whole days. */
export function hoursOfDay(range: DayRange, zone: string): { start: number; end: number } | null {
  if (!range.startTime || !range.endTime) return null;
  const midnight = Date.parse(`${range.from}T00:00:00Z`);
  const at = (time: string) => fromWallMs(midnight + (minutesOf(time) ?? 0) * 60_000, zone);
  return { start: at(range.startTime), end: at(range.endTime) };
}

/** The organization day (YYYY-MM-DD in `zone`) an instant falls on. */
export const zonedDate = (instant: number, zone: string) =>
  new Date(toWallMs(instant, zone)).toISOString().slice(0, 10);

/**
 * Whether [start, end) touches any of the days: from the day it starts on to the day its last moment is on; for part of
 * a day, whether it overlaps those hours.
 */
export function touchesDaysOff(days: readonly DayRange[], start: number, end: number, zone: string): boolean {
  return firstDayOff(days, start, end, zone) !== null;
}

/** The first of the days that [start, end) touches (as touchesDaysOff reads them), or null. */
export function firstDayOff<T extends DayRange>(
  days: readonly T[],
  start: number,
  end: number,
  zone: string,
): T | null {
  if (!days.length) return null;
  const first = zonedDate(start, zone);
  const last = zonedDate(Math.max(start, end - 1), zone);
  return (
    days.find((d) => {
      if (!(d.from <= last && d.to >= first)) return false;
      const hours = hoursOfDay(d, zone);
      return !hours || (start < hours.end && end > hours.start);
    }) ?? null
  );
}

/** Days as single-day ranges (holidays). */
export const singleDays = (dates: readonly string[]): DayRange[] => dates.map((date) => ({ from: date, to: date }));
