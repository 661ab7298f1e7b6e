import { DateTime } from 'luxon';
import { coveredBy, stretchesByDay, WallPiece, wallPieces } from '../availability/availability-check';
import type { AvailabilityEntry, WeekDay } from '../availability/availability.events';
import { firstDayOff, zonedDate } from '../availability/days-off';
import { minutesOf } from '../availability/availability-times';
import { isoInstant } from '../core/zoned-time';
import type { Clash, ClashKind } from '../shared/clashes';

/**
 * What stands in the way of a proposed job (issue #26): for each of its people and each of its occurrences, a day
 * off (a holiday, their time off), a day they do not work, hours outside their working hours on a day they do, and
 * other jobs they are already on at that time. Pure: the reads are clash-check.ts's.
 */

/** The spec's words (§8) for a day the person does not work. */
export const NOT_AVAILABLE = 'Employee is not available on this day';

export interface Interval {
  start: number;
  end: number;
}

export interface BusyJob extends Interval {
  id: string;
  name: string;
}

export interface DayOff {
  from: string;
  to: string;
  /** Part of one day (time off): 'HH:mm' hours of `from`. */
  startTime?: string;
  endTime?: string;
  /** A holiday's name, or a time off's note. */
  label: string | null;
  kind: 'holiday' | 'timeOff';
}

export interface PersonTimes {
  userId: string;
  name: string;
  /** Their saved week; null when they never saved one (then every day is a working day, all day). */
  week: Pick<AvailabilityEntry, 'weekDay' | 'startTime' | 'endTime'>[] | null;
  daysOff: DayOff[];
  /** The jobs they are on, in start order. */
  busy: BusyJob[];
}

const dayLabel = (date: string, zone: string) => DateTime.fromISO(date, { zone }).toFormat('ccc, LLL d');

/** "8 AM", "8:30 AM", "12 PM"; with `meridiem` false the AM/PM is left out. */
function clock(minutes: number, meridiem = true): string {
  const m = minutes % (24 * 60);
  const hour = Math.floor(m / 60);
  const minute = m % 60;
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  const text = minute ? `${h12}:${String(minute).padStart(2, '0')}` : String(h12);
  return meridiem ? `${text} ${hour < 12 ? 'AM' : 'PM'}` : text;
}

/** "6–8 PM", "11 AM–1 PM": a wall-clock range, the AM/PM said once when both ends share it; "all day" for 0–24. */
export function hoursLabel(startMinutes: number, endMinutes: number): string {
  if (startMinutes === 0 && endMinutes === 24 * 60) return 'all day';
  const half = (m: number) => (m % (24 * 60) < 12 * 60 ? 'AM' : 'PM');
  const same = half(startMinutes) === half(endMinutes) && endMinutes - startMinutes < 12 * 60;
  return `${clock(startMinutes, !same)}–${clock(endMinutes)}`;
}

const wallMinutes = (instant: number, zone: string) => {
  const local = DateTime.fromMillis(instant, { zone });
  return local.hour * 60 + local.minute;
};

/**
 * "Tue, Dec 1, 9–11 AM" in the zone; "Tue, Dec 1, all day" for a whole day; both ends named when it runs into
 * another day ("Tue, Dec 1 – Thu, Dec 3" for whole days).
 */
export function timeLabel(start: number, end: number, zone: string): string {
  const from = DateTime.fromMillis(start, { zone });
  const to = DateTime.fromMillis(end, { zone });
  const day = (d: DateTime) => d.toFormat('ccc, LLL d');
  const length = Math.round((end - start) / 60_000);
  const endsAtMidnight = to.hour === 0 && to.minute === 0;
  if (
    from.toISODate() === to.toISODate() ||
    (endsAtMidnight && length <= 24 * 60 && from.plus({ days: 1 }).toISODate() === to.toISODate())
  )
    return `${day(from)}, ${hoursLabel(wallMinutes(start, zone), wallMinutes(start, zone) + length)}`;
  if (wallMinutes(start, zone) === 0 && endsAtMidnight) return `${day(from)} – ${day(to.minus({ days: 1 }))}`;
  return `${from.toFormat('ccc, LLL d, h:mm a')} – ${to.toFormat('ccc, LLL d, h:mm a')}`;
}

/** "Mondays" from 'Monday'. */
const plural = (day: string) => `${day}s`;

/**
 * For an occurrence outside the person's week: the spec's words when they do not work that day at all, else what
 * hours they work that day and what hours the job has ("Maria Lopez works 8 AM–5 PM on Wednesdays; this job is
 * 6–8 PM"). `stretches`: their week (stretchesByDay); `pieces`: the occurrence's wall time (wallPieces).
 */
function outsideWeek(
  person: PersonTimes,
  stretches: Map<WeekDay, [number, number][]>,
  pieces: WallPiece[],
  occurrence: Interval,
): { kind: ClashKind; message: string } {
  const { day, from } = pieces[0];
  const works = stretches.get(day)!;
  if (!works.length) return { kind: 'notWorking', message: NOT_AVAILABLE };
  const length = Math.round((occurrence.end - occurrence.start) / 60_000);
  return {
    kind: 'hours',
    message: `${person.name} works ${works.map(([s, e]) => hoursLabel(s, e)).join(' and ')} on ${plural(day)}; this job is ${hoursLabel(Math.round(from), Math.round(from) + length)}`,
  };
}

function dayOffMessage(dayOff: DayOff, date: string, zone: string): string {
  if (dayOff.kind === 'holiday')
    return `${dayLabel(date, zone)} is a holiday${dayOff.label ? ` (${dayOff.label})` : ''}`;
  const days =
    dayOff.from === dayOff.to
      ? dayLabel(dayOff.from, zone)
      : `${dayLabel(dayOff.from, zone)} – ${dayLabel(dayOff.to, zone)}`;
  const hours =
    dayOff.startTime && dayOff.endTime
      ? `, ${hoursLabel(minutesOf(dayOff.startTime)!, minutesOf(dayOff.endTime)!)}`
      : '';
  return `Time off on ${days}${hours}${dayOff.label ? ` (${dayOff.label})` : ''}`;
}

/** The busy jobs overlapping [start, end): `busy` in start order, `longest` its longest job's length. */
function overlapping(busy: BusyJob[], longest: number, occurrence: Interval): BusyJob[] {
  // The first job starting at or after the occurrence's end: every overlap starts before it.
  let lo = 0;
  let hi = busy.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (busy[mid].start < occurrence.end) lo = mid + 1;
    else hi = mid;
  }
  const out: BusyJob[] = [];
  for (let i = lo - 1; i >= 0 && busy[i].start > occurrence.start - longest; i--)
    if (busy[i].end > occurrence.start) out.push(busy[i]);
  return out.reverse();
}

/**
 * Every clash of the people with the occurrences (in start order), at most `limit` of them: per occurrence and
 * person a day off, else a day or hours outside their week; and each other job overlapping it. Touching jobs (one
 * ends as the other starts) do not clash.
 */
export async function clashesOf(
  occurrences: Interval[],
  people: PersonTimes[],
  zone: string,
  limit: number,
  /** Awaited after each occurrence: a long check (a daily series of a big crew) lets other requests run between. */
  pause: () => Promise<void> = async () => undefined,
): Promise<{ clashes: Clash[]; more: number }> {
  const clashes: Clash[] = [];
  let more = 0;
  // Words are built only for the clashes listed: a big check counts the rest without formatting them.
  const add = (build: () => Clash) => {
    if (clashes.length < limit) clashes.push(build());
    else more++;
  };
  const longest = new Map(people.map((p) => [p.userId, p.busy.reduce((m, b) => Math.max(m, b.end - b.start), 0)]));
  const weeks = new Map(people.map((p) => [p.userId, p.week ? stretchesByDay(p.week) : null]));
  for (const occurrence of occurrences) {
    const date = zonedDate(occurrence.start, zone);
    const at = { date, start: isoInstant(occurrence.start), end: isoInstant(occurrence.end) };
    // The occurrence's wall time, worked out once for everyone.
    const pieces = wallPieces(occurrence.start, occurrence.end, zone);
    for (const person of people) {
      const who = { userId: person.userId, name: person.name };
      const dayOff = firstDayOff(person.daysOff, occurrence.start, occurrence.end, zone);
      const stretches = weeks.get(person.userId)!;
      if (dayOff) add(() => ({ ...who, ...at, kind: dayOff.kind, message: dayOffMessage(dayOff, date, zone) }));
      else if (stretches && !coveredBy(stretches, pieces))
        add(() => ({ ...who, ...at, ...outsideWeek(person, stretches, pieces, occurrence) }));
      for (const job of overlapping(person.busy, longest.get(person.userId)!, occurrence)) {
        add(() => ({
          ...who,
          ...at,
          kind: 'booked',
          message: `Already booked on ${job.name} (${timeLabel(job.start, job.end, zone)})`,
          job: { id: job.id, name: job.name, start: isoInstant(job.start), end: isoInstant(job.end) },
        }));
      }
    }
    await pause();
  }
  return { clashes, more };
}
