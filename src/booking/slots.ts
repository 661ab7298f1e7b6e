import type { AvailabilityEntry } from '../availability/availability.events';
import { WEEK_DAYS } from '../availability/availability.events';
import { minutesOf } from '../availability/availability-times';
import { DayRange, touchesDaysOff } from '../availability/days-off';
import { fromWallMs, isoInstant, toWallMs } from '../core/zoned-time';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** What a booking link allows: how long a visit is, the gap kept around other jobs, how soon and how far ahead. */
export interface SlotRules {
  durationMinutes: number;
  bufferMinutes: number;
  minimumNoticeMinutes: number;
  horizonDays: number;
}

/** A stretch of time, as epoch milliseconds, [start, end). */
export interface Interval {
  start: number;
  end: number;
}

/** One of the link's staff: their weekly availability (wall-clock, the organization's zone) and their jobs. */
export interface StaffTime {
  id: string;
  week: AvailabilityEntry[];
  busy: Interval[];
  /** Whole days (the organization's) they take no work: the organization's holidays, their time off. */
  daysOff?: DayRange[];
}

export interface FreeSlot {
  /** UTC ISO instants. */
  start: string;
  end: string;
  /** Who could take it, in the link's order. */
  staffIds: string[];
}

/** Slots start every 15 minutes for short visits, else every 30, on the wall clock (9:00, 9:30, …). */
export const slotStepMinutes = (durationMinutes: number) => (durationMinutes <= 15 ? 15 : 30);

/** The earliest and the latest start a link allows at `now`. */
export function bookableWindow(rules: SlotRules, now: number): Interval {
  return { start: now + rules.minimumNoticeMinutes * MINUTE, end: now + rules.horizonDays * DAY };
}

/**
 * Whether `staff` can take a visit at [start, end): on none of their days off (holidays, time off), inside one of
 * their availability windows that day (on the wall clock of `zone`, so 9:00 stays 9:00 across a DST change) and
 * clear of their jobs by the buffer on both sides.
 */
export function staffFree(staff: StaffTime, start: number, end: number, rules: SlotRules, zone: string): boolean {
  if (staff.daysOff && touchesDaysOff(staff.daysOff, start, end, zone)) return false;
  const wallStart = toWallMs(start, zone);
  const day = Math.floor(wallStart / DAY) * DAY;
  const weekDay = WEEK_DAYS[(new Date(day).getUTCDay() + 6) % 7];
  const inWindow = staff.week.some((entry) => {
    if (entry.weekDay !== weekDay) return false;
    const from = fromWallMs(day + minutesOf(entry.startTime)! * MINUTE, zone);
    const to = fromWallMs(day + minutesOf(entry.endTime)! * MINUTE, zone);
    return start >= from && end <= to;
  });
  if (!inWindow) return false;
  const buffer = rules.bufferMinutes * MINUTE;
  return !staff.busy.some((b) => b.start < end + buffer && b.end > start - buffer);
}

/**
 * The free slots in [from, to): each start on the slot step of the wall clock inside someone's availability,
 * at least the notice ahead of `now` and within the horizon, that one of the staff can take (staffFree). A start
 * that a DST change skips (2:30 on the spring-forward night) is no slot; one it repeats is offered once.
 */
export function freeSlots(input: {
  zone: string;
  rules: SlotRules;
  staff: StaffTime[];
  from: number;
  to: number;
  now: number;
}): FreeSlot[] {
  const window = bookableWindow(input.rules, input.now);
  const from = Math.max(input.from, window.start);
  const to = Math.min(input.to, window.end);
  return from < to ? slotsBetween({ ...input, from, to }) : [];
}

/** As freeSlots, whatever the notice and the horizon: what a day offers, to be kept and narrowed at each read. */
export function slotsBetween(input: {
  zone: string;
  rules: SlotRules;
  staff: StaffTime[];
  from: number;
  to: number;
}): FreeSlot[] {
  const { zone, rules, staff, from: first, to: last } = input;
  const duration = rules.durationMinutes * MINUTE;
  const step = slotStepMinutes(rules.durationMinutes) * MINUTE;
  const found = new Map<number, string[]>();
  // Each local day the range touches, from the day before (a window may run to midnight of the next).
  for (let day = Math.floor(toWallMs(first, zone) / DAY) * DAY - DAY; day < toWallMs(last, zone); day += DAY) {
    const weekDay = WEEK_DAYS[(new Date(day).getUTCDay() + 6) % 7];
    for (const person of staff) {
      for (const entry of person.week) {
        if (entry.weekDay !== weekDay) continue;
        const opens = day + minutesOf(entry.startTime)! * MINUTE;
        const closes = day + minutesOf(entry.endTime)! * MINUTE;
        for (let wall = opens; wall + duration <= closes; wall += step) {
          const start = fromWallMs(wall, zone);
          // Skipped by a spring-forward change: that wall time does not exist.
          if (toWallMs(start, zone) !== wall) continue;
          if (start < first || start >= last) continue;
          if (!staffFree(person, start, start + duration, rules, zone)) continue;
          const who = found.get(start) ?? [];
          if (!who.includes(person.id)) who.push(person.id);
          found.set(start, who);
        }
      }
    }
  }
  const order = new Map(staff.map((s, i) => [s.id, i]));
  return [...found]
    .sort(([a], [b]) => a - b)
    .map(([start, who]) => ({
      start: isoInstant(start),
      end: isoInstant(start + duration),
      staffIds: who.sort((a, b) => order.get(a)! - order.get(b)!),
    }));
}

/** What a link's page says of one start: whether it offers it at all, and who is free then. */
export interface SlotAt {
  /** On the slot grid of the wall clock, inside someone's availability, within the notice and the horizon. */
  offered: boolean;
  /** The staff free then (clear of their jobs by the buffer), in the link's order; empty: it was taken. */
  staffIds: string[];
}

/**
 * One start as the page would show it: the slots of `freeSlots` at that instant alone, once with the staff's jobs
 * left out (is it a start the page offers?) and once with them (who is free?). A time the page never shows is not
 * offered (9:15 on a 30-minute grid, a day nobody is available); an offered one with nobody free was taken.
 */
export function slotAt(input: {
  zone: string;
  rules: SlotRules;
  staff: StaffTime[];
  start: number;
  now: number;
}): SlotAt {
  const { staff, start, ...rest } = input;
  const at = { ...rest, from: start, to: start + 1 };
  const offered = freeSlots({ ...at, staff: staff.map((s) => ({ ...s, busy: [] })) }).length > 0;
  return { offered, staffIds: offered ? (freeSlots({ ...at, staff })[0]?.staffIds ?? []) : [] };
}
