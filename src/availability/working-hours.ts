import type { AvailabilityEntry } from './availability.events';
import { END_OF_DAY, minutesOf, timeOf } from './availability-times';

/** Where calendars open when no one has saved hours: the usual start of a field crew's day. */
export const DEFAULT_WORKDAY_START = '07:00';
/** The end of that day when no one has saved hours (spec §9: default availability ends at 17:00). */
export const DEFAULT_WORKDAY_END = '17:00';

/** A saved stretch that says when work happens (not one covering the whole day). */
function* workingStretches(weeks: Iterable<readonly AvailabilityEntry[]>) {
  for (const week of weeks)
    for (const entry of week) {
      const start = minutesOf(entry.startTime);
      const end = minutesOf(entry.endTime);
      if (start === null || end === null || (start === 0 && end === END_OF_DAY)) continue;
      yield { start, end };
    }
}

/**
 * The start of the organization's working day, for calendars to open at: the earliest hour at which
 * any of its staff's saved hours begin ('HH:00'). A stretch covering the whole day says nothing about
 * when work starts, so it is left out; with nothing else saved, DEFAULT_WORKDAY_START.
 */
export function workdayStart(weeks: Iterable<readonly AvailabilityEntry[]>): string {
  let earliest: number | null = null;
  for (const { start } of workingStretches(weeks)) if (earliest === null || start < earliest) earliest = start;
  return earliest === null ? DEFAULT_WORKDAY_START : timeOf(Math.floor(earliest / 60) * 60);
}

/**
 * The end of the organization's working day, so that a calendar opened late in the evening shows the
 * day's work rather than its night: the latest end of the staff's saved hours, up to the next whole
 * hour; with nothing saved, DEFAULT_WORKDAY_END.
 */
export function workdayEnd(weeks: Iterable<readonly AvailabilityEntry[]>): string {
  let latest: number | null = null;
  for (const { end } of workingStretches(weeks)) if (latest === null || end > latest) latest = end;
  return latest === null ? DEFAULT_WORKDAY_END : timeOf(Math.ceil(latest / 60) * 60);
}
