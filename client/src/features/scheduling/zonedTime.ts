import { DateTime } from 'luxon';

/**
 * Times on the schedule are the organization's wall-clock times (spec §2: the company time zone),
 * whatever zone the browser is in. The pickers work on wall-clock strings; the API on UTC instants.
 */
export const WALL_FORMAT = 'yyyy-MM-dd HH:mm:ss';

/** UTC (or offset) ISO instant → 'YYYY-MM-DD HH:mm:ss' on the wall clock of `zone`. */
export function wallFromIso(iso: string, zone: string): string {
  return DateTime.fromISO(iso, { setZone: true }).setZone(zone).toFormat(WALL_FORMAT);
}

/** 'YYYY-MM-DD HH:mm[:ss]' on the wall clock of `zone` → UTC ISO instant as the API writes it ('…T13:00:00Z'). */
export function isoFromWall(wall: string, zone: string): string {
  const normalised = wall.trim().replace(' ', 'T');
  return utcIso(DateTime.fromISO(normalised, { zone }));
}

/**
 * The wall time as an instant, or `original` while the wall time is still `original`'s own: on the autumn night a
 * wall time of the repeated hour names two instants, and one read back from a form unchanged must stay the one it
 * came from (a job from 1:40 AM EDT to 1:09 AM EST read as 1:40 to 1:09 EDT, ending before it began).
 */
export function isoFromWallKeeping(wall: string, zone: string, original: string): string {
  return wall === wallFromIso(original, zone)
    ? utcIso(DateTime.fromISO(original, { setZone: true }))
    : isoFromWall(wall, zone);
}

/** Any ISO string with an offset (FullCalendar's startStr) → UTC ISO instant ('…T13:00:00Z'). */
export function isoFromOffset(iso: string): string {
  return utcIso(DateTime.fromISO(iso, { setZone: true }));
}

function utcIso(dt: DateTime): string {
  if (!dt.isValid) throw new Error(`Not a date and time: ${dt.invalidExplanation ?? ''}`);
  return dt.toUTC().toISO({ suppressMilliseconds: true }) as string;
}

export const addMinutes = (iso: string, minutes: number) =>
  utcIso(DateTime.fromISO(iso, { setZone: true }).plus({ minutes }));

/** 'Mon 1 Jun 2026' in the zone. */
export const dayLabel = (iso: string, zone: string) =>
  DateTime.fromISO(iso, { setZone: true }).setZone(zone).toFormat('ccc d LLL yyyy');

/** '9:00 AM' in the zone. */
export const timeLabel = (iso: string, zone: string) =>
  DateTime.fromISO(iso, { setZone: true }).setZone(zone).toFormat('h:mm a');

/** 'Mon 1 Jun 2026, 9:00 AM – 10:30 AM', or with both dates when it ends on another day. */
export function timeRangeLabel(startIso: string, endIso: string, zone: string): string {
  const start = DateTime.fromISO(startIso, { setZone: true }).setZone(zone);
  const end = DateTime.fromISO(endIso, { setZone: true }).setZone(zone);
  const sameDay =
    start.hasSame(end, 'day') || (end.hour === 0 && end.minute === 0 && end.diff(start, 'hours').hours <= 24);
  return sameDay
    ? `${start.toFormat('ccc d LLL yyyy, h:mm a')} – ${end.toFormat('h:mm a')}`
    : `${start.toFormat('ccc d LLL yyyy, h:mm a')} – ${end.toFormat('ccc d LLL yyyy, h:mm a')}`;
}

/** Today's date (YYYY-MM-DD) in the zone. */
export const todayIn = (zone: string, now: Date = new Date()) =>
  DateTime.fromJSDate(now).setZone(zone).toISODate() as string;

/** The hour of the day (0-23) in the zone. */
export const hourIn = (zone: string, now: Date = new Date()) => DateTime.fromJSDate(now).setZone(zone).hour;

/** The short name of the zone at an instant ('EDT'), for labels. */
export const zoneAbbreviation = (zone: string, now: Date = new Date()) =>
  DateTime.fromJSDate(now).setZone(zone).toFormat('ZZZZ');

/** '10:00–10:30 AM', or '11:30 AM–12:30 PM' across noon, in the zone: a short bar's label. */
export function shortTimeRange(startIso: string, endIso: string, zone: string): string {
  const [start, end] = [startIso, endIso].map((iso) => DateTime.fromISO(iso, { setZone: true }).setZone(zone));
  const sameHalf = start.toFormat('a') === end.toFormat('a');
  return `${start.toFormat(sameHalf ? 'h:mm' : 'h:mm a')}–${end.toFormat('h:mm a')}`;
}
