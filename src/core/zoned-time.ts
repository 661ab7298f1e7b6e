import { IANAZone } from 'luxon';

/**
 * Fast conversions between instants and wall-clock times of an IANA zone, for expanding calendars:
 * luxon's DateTime costs ~100 µs per conversion, too much for thousands of occurrences per request.
 * Offsets come from luxon's zone data, cached per zone and UTC day, and on the days a zone changes
 * offset per quarter-hour (zones change offset on quarter-hour boundaries at most).
 */
const QUARTER_HOUR = 900_000;
const DAY = 86_400_000;
const offsets = new Map<string, number>();
/** By zone and UTC day: the offset when it is the same all day (nearly every day), else null. */
const steadyDays = new Map<string, number | null>();
const zones = new Map<string, IANAZone>();

function zoneOf(zone: string): IANAZone {
  let z = zones.get(zone);
  if (!z) zones.set(zone, (z = IANAZone.create(zone)));
  return z;
}

/** Minutes east of UTC in `zone` at `utcMs`. */
export function offsetMinutes(zone: string, utcMs: number): number {
  const day = Math.floor(utcMs / DAY);
  const dayKey = `${zone}|${day}`;
  let steady = steadyDays.get(dayKey);
  if (steady === undefined) {
    const z = zoneOf(zone);
    const first = z.offset(day * DAY);
    // Offsets change at most twice a year: a day that starts and ends on one offset keeps it throughout.
    steady = z.offset(day * DAY + DAY - 1) === first ? first : null;
    if (steadyDays.size > 100_000) steadyDays.clear();
    steadyDays.set(dayKey, steady);
  }
  if (steady !== null) return steady;
  const key = `${zone}|${Math.floor(utcMs / QUARTER_HOUR)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = zoneOf(zone).offset(utcMs);
    if (offsets.size > 200_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** The wall-clock time at `utcMs`, encoded as a UTC timestamp (rrule's "floating" time). */
export const toWallMs = (utcMs: number, zone: string) => utcMs + offsetMinutes(zone, utcMs) * 60_000;

/** The instant a wall-clock time names; a time skipped by a DST change moves forward, like luxon. */
export function fromWallMs(wallMs: number, zone: string): number {
  const first = offsetMinutes(zone, wallMs);
  const guess = wallMs - first * 60_000;
  const actual = offsetMinutes(zone, guess);
  if (actual === first) return guess;
  const retry = wallMs - actual * 60_000;
  return offsetMinutes(zone, retry) === actual ? retry : guess;
}

export const isoInstant = (utcMs: number) => new Date(utcMs).toISOString().replace('.000Z', 'Z');
export const isoDate = (wallMs: number) => new Date(wallMs).toISOString().slice(0, 10);
