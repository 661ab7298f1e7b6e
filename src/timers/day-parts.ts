import { IANAZone } from 'luxon';
import { fromWallMs, isoDate, toWallMs } from '../core/zoned-time';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** A tracked time's part on one calendar day of the organization's zone. */
export interface DayPart {
  /** YYYY-MM-DD in the zone. */
  date: string;
  /** Real elapsed hours (a 23- or 25-hour DST day counts what passed), unrounded: round only for display. */
  hours: number;
  startIso: string;
  endIso: string;
}

/** Zones found valid: luxon's check builds a formatter each time (45–70 µs), and a timesheet splits every timer. */
const validZones = new Set<string>();
export function knownZone(zone: string): boolean {
  if (validZones.has(zone)) return true;
  if (!IANAZone.isValidZone(zone)) return false;
  validZones.add(zone);
  return true;
}

/** The instants a read looks at, from `from` (inclusive) to `to` (exclusive), UTC ISO. */
export interface ReadWindow {
  from: string;
  to: string;
}

/**
 * Splits the part of the time from `startIso` to `endIso` that falls in `window` at `zone`'s midnights, so a timer
 * across midnight counts on each day for its part. Only the window is split (issue #44 item 1): a time of years, or
 * one recorded with an absurd end before times were bounded, costs a read no more days than the read looks at. A
 * zero-length time in the window is one part of 0 hours on its day (it still shows on the timesheet); a time outside
 * it has no parts.
 */
export function dayParts(startIso: string, endIso: string, zone: string, window: ReadWindow): DayPart[] {
  const start = Date.parse(startIso);
  const end = Date.parse(endIso);
  if (Number.isNaN(start) || Number.isNaN(end)) throw new RangeError(`Not an instant: ${startIso} – ${endIso}`);
  if (end < start) throw new RangeError(`The end ${endIso} is before the start ${startIso}`);
  if (!knownZone(zone)) throw new RangeError(`Not a time zone: ${zone}`);
  const windowFrom = Date.parse(window.from);
  const windowTo = Date.parse(window.to);
  if (Number.isNaN(windowFrom) || Number.isNaN(windowTo))
    throw new RangeError(`Not a window: ${window.from} – ${window.to}`);
  const last = Math.min(end, windowTo);
  let from = Math.max(start, windowFrom);
  if (from > last || (from === last && start !== end) || from >= windowTo) return [];
  const parts: DayPart[] = [];
  do {
    const wall = toWallMs(from, zone);
    // The next midnight on the wall clock, as an instant; a skipped midnight moves forward to the day's real start.
    const midnight = fromWallMs(Math.floor(wall / DAY) * DAY + DAY, zone);
    const to = midnight > from ? Math.min(midnight, last) : last; // always progresses, whatever the zone does
    parts.push({
      date: isoDate(wall),
      hours: (to - from) / HOUR,
      startIso: new Date(from).toISOString(),
      endIso: new Date(to).toISOString(),
    });
    from = to;
  } while (from < last);
  return parts;
}
