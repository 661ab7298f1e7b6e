import { DateTime } from 'luxon';
import { addMinutes } from './zonedTime';
import type { Job, JobPerson } from './jobs';

/**
 * TimelineDay (our own view: FullCalendar's timeline is a premium plugin): one row per employee
 * plus Unassigned, the day's wall-clock hours across, each job a bar placed by its times in the
 * organization's zone.
 */
export const UNASSIGNED = 'unassigned';
export const DAY_MINUTES = 24 * 60;

export interface Placement {
  /** Percent of the day's width from the left edge. */
  left: number;
  width: number;
  /** The bar starts before the day or ends after it. */
  clippedStart: boolean;
  clippedEnd: boolean;
}

const wallMinutes = (dt: DateTime) => dt.hour * 60 + dt.minute + dt.second / 60;

/** Where a job's bar sits on a day (YYYY-MM-DD in `zone`), or null when it is not on that day. */
export function placement(startIso: string, endIso: string, day: string, zone: string): Placement | null {
  const dayStart = DateTime.fromISO(day, { zone }).startOf('day');
  const dayEnd = dayStart.plus({ days: 1 });
  const start = DateTime.fromISO(startIso, { setZone: true }).setZone(zone);
  const end = DateTime.fromISO(endIso, { setZone: true }).setZone(zone);
  if (!(start < dayEnd && end > dayStart)) return null;
  const clippedStart = start < dayStart;
  const clippedEnd = end > dayEnd;
  const from = clippedStart ? 0 : wallMinutes(start);
  const to = clippedEnd ? DAY_MINUTES : end.hasSame(dayStart, 'day') ? wallMinutes(end) : DAY_MINUTES;
  const pct = (m: number) => Math.round((m / DAY_MINUTES) * 100 * 1000) / 1000;
  return { left: pct(from), width: Math.max(pct(to - from), 0), clippedStart, clippedEnd };
}

/** The rows a job shows in: each assignee's; the lead's when nobody is assigned; else Unassigned. */
export function rowIdsOf(job: Pick<Job, 'userIds' | 'leadUserId'>): string[] {
  if (job.userIds.length) return [...new Set(job.userIds)];
  if (job.leadUserId) return [job.leadUserId];
  return [UNASSIGNED];
}

export interface TimelineRow {
  id: string;
  label: string;
  colorCode: string | null;
  jobs: Job[];
}

/**
 * Unassigned first, then one row per active employee in the given order, then anyone else a job
 * names (an inactive or former employee) so no job goes missing. With `onlyIds`, only those rows.
 */
export function timelineRows(employees: JobPerson[], jobs: Job[], onlyIds?: ReadonlySet<string>): TimelineRow[] {
  const rows = new Map<string, TimelineRow>();
  if (!onlyIds || onlyIds.size === 0)
    rows.set(UNASSIGNED, { id: UNASSIGNED, label: 'Unassigned', colorCode: null, jobs: [] });
  const wanted = (id: string) => !onlyIds || onlyIds.size === 0 || onlyIds.has(id);
  for (const e of employees)
    if (wanted(e.id)) rows.set(e.id, { id: e.id, label: e.fullName, colorCode: e.colorCode, jobs: [] });
  for (const job of jobs) {
    for (const rowId of rowIdsOf(job)) {
      if (!wanted(rowId) && rowId !== UNASSIGNED) continue;
      let row = rows.get(rowId);
      if (!row) {
        if (rowId === UNASSIGNED) continue;
        const person = [...job.users, ...(job.leadUser ? [job.leadUser] : [])].find((p) => p.id === rowId);
        row = {
          id: rowId,
          label: person?.fullName ?? 'Former employee',
          colorCode: person?.colorCode ?? null,
          jobs: [],
        };
        rows.set(rowId, row);
      }
      row.jobs.push(job);
    }
  }
  return [...rows.values()];
}

/** Lanes inside a row so that overlapping bars stack: each job's lane, and how many lanes there are. */
export function lanes(items: { id: string; start: string; end: string }[]): {
  laneOf: Map<string, number>;
  count: number;
} {
  const sorted = [...items].sort(
    (a, b) => Date.parse(a.start) - Date.parse(b.start) || Date.parse(b.end) - Date.parse(a.end),
  );
  const laneEnds: number[] = [];
  const laneOf = new Map<string, number>();
  for (const item of sorted) {
    const start = Date.parse(item.start);
    let lane = laneEnds.findIndex((end) => end <= start);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = Date.parse(item.end);
    laneOf.set(item.id, lane);
  }
  return { laneOf, count: Math.max(1, laneEnds.length) };
}

/** A horizontal drag in pixels as minutes, in whole steps (spec §5: 15 minutes). */
export function snappedMinutes(deltaPx: number, pxPerMinute: number, step = 15): number {
  const steps = Math.round(deltaPx / pxPerMinute / step);
  return steps === 0 ? 0 : steps * step; // no -0
}

export const movedBy = (job: Pick<Job, 'startDateTime' | 'endDateTime'>, minutes: number) => ({
  startDateTime: addMinutes(job.startDateTime, minutes),
  endDateTime: addMinutes(job.endDateTime, minutes),
});

/**
 * The people after a bar is dropped from one row onto another (issue #26: reassign means reassign): the person of
 * the row it landed on leads it, and the person of the row it left is dropped; the rest of a crew stays, a lead
 * who was someone else among them. Dropped on Unassigned, the person of the row it left is dropped (and no longer
 * leads it).
 */
export function reassigned(
  job: Pick<Job, 'userIds' | 'leadUserId'>,
  fromRow: string,
  toRow: string,
): { userIds: string[]; leadUserId: string | null } {
  const { userIds, leadUserId } = job;
  if (fromRow === toRow) return { userIds, leadUserId };
  const kept = userIds.filter((id) => id !== fromRow && id !== toRow);
  if (toRow === UNASSIGNED) return { userIds: kept, leadUserId: leadUserId === fromRow ? null : leadUserId };
  // A job only its lead is on shows in the lead's row, and stays such a job.
  if (!userIds.length && fromRow === leadUserId) return { userIds: [], leadUserId: toRow };
  const formerLead = leadUserId && leadUserId !== fromRow && leadUserId !== toRow && !kept.includes(leadUserId);
  return { userIds: [...kept, ...(formerLead ? [leadUserId] : []), toRow], leadUserId: toRow };
}

/** The hour labels across the top: '12 AM', '1 AM' … '11 PM'. */
export const hourLabels = (): string[] =>
  Array.from({ length: 24 }, (_, h) => `${h % 12 === 0 ? 12 : h % 12} ${h < 12 ? 'AM' : 'PM'}`);

/**
 * How much of the track each bar may label (percent of the day, from its left edge): up to the next
 * bar in its lane, or the day's end. A bar too short for its name writes it in the room after it.
 */
export function labelRooms(bars: { id: string; lane: number; left: number }[]): Map<string, number> {
  const rooms = new Map<string, number>();
  const byLane = new Map<number, { id: string; left: number }[]>();
  for (const bar of bars) byLane.set(bar.lane, [...(byLane.get(bar.lane) ?? []), bar]);
  for (const lane of byLane.values()) {
    const sorted = [...lane].sort((a, b) => a.left - b.left);
    sorted.forEach((bar, i) => rooms.set(bar.id, (sorted[i + 1]?.left ?? 100) - bar.left));
  }
  return rooms;
}
