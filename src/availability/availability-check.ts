import { DateTime } from 'luxon';
import { AvailabilityEntry, WEEK_DAYS, WeekDay } from './availability.events';
import { minutesOf } from './availability-times';

type Entry = Pick<AvailabilityEntry, 'weekDay' | 'startTime' | 'endTime'>;

/** Each day's availability as merged [start, end) minute ranges: touching entries form one stretch. */
export function stretchesByDay(entries: Entry[]): Map<WeekDay, [number, number][]> {
  const byDay = new Map<WeekDay, [number, number][]>();
  for (const day of WEEK_DAYS) {
    const ranges = entries
      .filter((e) => e.weekDay === day)
      .map((e) => [minutesOf(e.startTime)!, minutesOf(e.endTime)!] as [number, number])
      .sort((a, b) => a[0] - b[0]);
    const merged: [number, number][] = [];
    for (const [start, end] of ranges) {
      const last = merged[merged.length - 1];
      if (last && start <= last[1]) last[1] = Math.max(last[1], end);
      else merged.push([start, end]);
    }
    byDay.set(day, merged);
  }
  return byDay;
}

const offsetAt = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).offset;

/** Splits [from, to) where the zone's UTC offset changes (a DST switch), so wall time runs evenly in each piece. */
function constantOffsetPieces(from: number, to: number, zone: string): [number, number][] {
  const before = offsetAt(from, zone);
  if (before === offsetAt(to - 1, zone)) return [[from, to]];
  let lo = from;
  let hi = to - 1;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (offsetAt(mid, zone) === before) lo = mid;
    else hi = mid;
  }
  return [[from, hi], ...constantOffsetPieces(hi, to, zone)];
}

/** A stretch of wall-clock time within one local day: its weekday and minutes [from, to). */
export interface WallPiece {
  day: WeekDay;
  from: number;
  to: number;
}

/** [start, end) as wall-clock pieces of the local days it spans, split where the day or the UTC offset changes. */
export function wallPieces(start: number, end: number, timeZone: string): WallPiece[] {
  const pieces: WallPiece[] = [];
  let day = DateTime.fromMillis(start, { zone: timeZone }).startOf('day');
  while (day.toMillis() < end) {
    const next = day.plus({ days: 1 }).startOf('day');
    const from = Math.max(start, day.toMillis());
    const to = Math.min(end, next.toMillis());
    for (const [pieceStart, pieceEnd] of constantOffsetPieces(from, to, timeZone)) {
      const local = DateTime.fromMillis(pieceStart, { zone: timeZone });
      const wallStart = local.hour * 60 + local.minute + local.second / 60 + local.millisecond / 60_000;
      pieces.push({
        day: WEEK_DAYS[day.weekday - 1],
        from: wallStart,
        to: wallStart + (pieceEnd - pieceStart) / 60_000,
      });
    }
    day = next;
  }
  return pieces;
}

/** Whether every piece lies inside a stretch of its weekday. */
export const coveredBy = (stretches: Map<WeekDay, [number, number][]>, pieces: WallPiece[]) =>
  pieces.every((p) => stretches.get(p.day)!.some(([s, e]) => s <= p.from && p.to <= e));

/**
 * Is the slot [start, end) (UTC instants, ms) inside the weekly availability, read in the
 * organization's time zone? Every moment of the slot must fall in an entry of its local weekday;
 * a slot across midnight needs both days covered. Wall-clock times are compared, so an 8:00–17:00
 * entry means 8:00–17:00 local on either side of a DST switch.
 *
 * `entries` null means the employee has never saved any availability: we count them as available
 * (nothing restricts them yet; refusing would hide every new employee from scheduling). Once saved,
 * a day without entries means not available that day.
 */
export function isAvailable(entries: Entry[] | null, start: number, end: number, timeZone: string): boolean {
  if (entries === null) return true;
  if (!(end > start)) return false;
  return coveredBy(stretchesByDay(entries), wallPieces(start, end, timeZone));
}
