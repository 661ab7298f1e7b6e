import type { AvailabilityEntry } from './availability.events';
import { END_OF_DAY, minutesOf, timeOf } from './availability-times';

/** Where calendars open when no one has saved hours: the usual start of a field crew's day. */
export const DEFAULT_WORKDAY_START = '07:00';

/**
 * The start of the organization's working day, for calendars to open at: the earliest hour at which
 * any of its staff's saved hours begin ('HH:00'). A stretch covering the whole day says nothing about
 * when work starts, so it is left out; with nothing else saved, DEFAULT_WORKDAY_START.
 */
export function workdayStart(weeks: Iterable<readonly AvailabilityEntry[]>): string {
  let earliest: number | null = null;
  for (const week of weeks)
    for (const entry of week) {
      const start = minutesOf(entry.startTime);
      if (start === null || (start === 0 && minutesOf(entry.endTime) === END_OF_DAY)) continue;
      if (earliest === null || start < earliest) earliest = start;
    }
  return earliest === null ? DEFAULT_WORKDAY_START : timeOf(Math.floor(earliest / 60) * 60);
}
