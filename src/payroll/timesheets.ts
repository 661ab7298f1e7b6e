import { createHash } from 'node:crypto';
import type { ReadStore } from '../core/read-store/read-store.port';
import { fromWallMs } from '../core/zoned-time';
import type { UserDoc } from '../identity/identity.read-models';
import type {
  HoursSplit,
  PayPeriodView,
  PaySettings,
  TimesheetDay,
  TimesheetEntry,
  TimesheetRow,
  TimesheetState,
} from '../shared/payroll';
import { TRACKED_TIME_MAX_DAYS } from '../shared/timers';
import { dayParts } from '../timers/day-parts';
import { periodDates } from '../timers/pay-periods';
import { TIMERS, type TimerDoc, type TimesheetDoc } from '../timers/timers.read-models';
import { overtimeOf, workweekStart } from './overtime';

const DAY_MS = 86_400_000;
/**
 * A timer is looked for this many days before the first day it may count on: the longest a tracked time may be
 * (TRACKED_TIME_MAX_DAYS) and a day, so one started before and still going on that day is found.
 */
const LEAD_DAYS = TRACKED_TIME_MAX_DAYS + 1;

/** The tracked times a timesheet reads: stopped ones count; running ones are only counted as running. */
export type SheetTimer = Pick<
  TimerDoc,
  | '_id'
  | 'userId'
  | 'type'
  | 'startDateTime'
  | 'endDateTime'
  | 'startsAt'
  | 'mileageStart'
  | 'mileageEnd'
  | 'jobName'
  | 'customerName'
  | 'label'
  | '_rev'
>;

const SHEET_TIMER_FIELDS = {
  _id: 1,
  userId: 1,
  type: 1,
  startDateTime: 1,
  endDateTime: 1,
  startsAt: 1,
  mileageStart: 1,
  mileageEnd: 1,
  jobName: 1,
  customerName: 1,
  label: 1,
  _rev: 1,
} as const;

/** YYYY-MM-DD plus `days`. */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The instant (UTC ISO) a date of the organization's zone begins. */
export const dayBegins = (date: string, zone: string) =>
  new Date(fromWallMs(Date.parse(`${date}T00:00:00Z`), zone)).toISOString();

/**
 * The tracked times that may count in `period` (from the workweek before it, for overtime), of one person or of
 * everyone: those starting from two days before its first workweek day to the end of its last day.
 */
export function periodTimers(
  store: ReadStore,
  organizationId: string,
  period: Pick<PayPeriodView, 'start' | 'end'>,
  settings: Pick<PaySettings, 'weekStartsOn'>,
  zone: string,
  userId?: string,
): Promise<SheetTimer[]> {
  const from = dayBegins(addDays(workweekStart(period.start, settings.weekStartsOn), -LEAD_DAYS), zone);
  const to = dayBegins(addDays(period.end, 1), zone);
  return store
    .collection<TimerDoc>(TIMERS)
    .find(
      { organizationId, ...(userId ? { userId } : {}), startsAt: { $gte: from, $lt: to } },
      { projection: SHEET_TIMER_FIELDS, sort: { startsAt: 1 }, limit: 50_000 },
    ) as Promise<SheetTimer[]>;
}

/** Hours and miles as a timesheet shows them: two decimals. */
export const round2 = (n: number) => Math.round(n * 100) / 100;

export const miles = (t: Pick<SheetTimer, 'type' | 'mileageStart' | 'mileageEnd'>) =>
  t.type === 'Mileage' && t.mileageStart !== null && t.mileageEnd !== null ? t.mileageEnd - t.mileageStart : 0;

/** One person's period, added up: the days with their entries and hours split by the overtime rule. */
export interface Sheet extends HoursSplit {
  days: TimesheetDay[];
  mileage: number;
  running: number;
  /** What the payroll files and the export's fingerprint read. */
  timers: SheetTimer[];
}

/**
 * One person's timesheet from their tracked times (pure): each stopped time split at the zone's midnights, the parts
 * on the period's days listed, and the hours of the whole workweek before the period counted for overtime.
 */
export function sheetOf(
  timers: SheetTimer[],
  period: Pick<PayPeriodView, 'start' | 'end'>,
  settings: Pick<PaySettings, 'weekStartsOn' | 'overtimeRule'>,
  zone: string,
): Sheet {
  const leadStart = workweekStart(period.start, settings.weekStartsOn);
  const dates = periodDates(period);
  const entries = new Map<string, TimesheetEntry[]>(dates.map((date) => [date, []]));
  const mileageOn = new Map<string, number>();
  const worked = new Map<string, number>();
  const counted: SheetTimer[] = [];
  let running = 0;
  const periodEnds = dayBegins(addDays(period.end, 1), zone);
  // Only the days this sheet counts are split: its period and the workweek before it (overtime).
  const window = { from: dayBegins(leadStart, zone), to: periodEnds };
  for (const timer of timers) {
    if (timer.endDateTime === null) {
      if (timer.startsAt < periodEnds) running++;
      continue;
    }
    const parts = dayParts(timer.startDateTime, timer.endDateTime, zone, window);
    const startMs = Date.parse(timer.startDateTime);
    let inPeriod = false;
    for (const part of parts) {
      if (part.date < leadStart || part.date > period.end) continue;
      worked.set(part.date, (worked.get(part.date) ?? 0) + part.hours);
      const day = entries.get(part.date);
      if (!day) continue;
      inPeriod = true;
      // Miles count on the day the time starts (the window may have cut its first days off).
      const first = Date.parse(part.startIso) === startMs;
      day.push({
        timerId: timer._id,
        type: timer.type,
        jobName: timer.jobName,
        customerName: timer.customerName,
        label: timer.label,
        startDateTime: timer.startDateTime,
        endDateTime: timer.endDateTime,
        hours: round2(part.hours),
        mileage: first ? miles(timer) : 0,
      });
      if (first) mileageOn.set(part.date, (mileageOn.get(part.date) ?? 0) + miles(timer));
    }
    if (inPeriod) counted.push(timer);
  }
  const { days: split, totals } = overtimeOf(
    settings.overtimeRule,
    [...worked].map(([date, hours]) => ({ date, hours })),
    { weekStartsOn: settings.weekStartsOn, countFrom: period.start },
  );
  const splitOn = new Map(split.map((day) => [day.date, day]));
  const none = { regularHours: 0, overtimeHours: 0, doubleTimeHours: 0, totalHours: 0 };
  const days = dates.map((date) => {
    const { date: _d, ...hours } = splitOn.get(date) ?? { date, ...none };
    return { date, ...hours, entries: entries.get(date)!, mileage: round2(mileageOn.get(date) ?? 0) };
  });
  return {
    ...totals,
    days,
    mileage: round2(days.reduce((sum, day) => sum + day.mileage, 0)),
    running,
    timers: counted,
  };
}

/**
 * What a person's period held, as a short digest of each counted time's fields: an export keeps it, and a period
 * whose digest differs now has changed since (the warning); the exact differences are read from the log.
 */
export function fingerprintOf(timers: SheetTimer[]): string {
  const lines = timers
    .map((t) =>
      [t._id, t.type, t.startDateTime, t.endDateTime, t.mileageStart, t.mileageEnd, t.jobName, t.customerName, t.label]
        .map((v) => String(v ?? ''))
        .join('\u0001'),
    )
    .sort();
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

/** A person's row on the period screen. */
export function rowOf(
  user: Pick<UserDoc, '_id' | 'fullName'>,
  sheet: Sheet,
  doc: TimesheetDoc | undefined,
  changedSinceExport: boolean,
): TimesheetRow {
  return {
    userId: user._id,
    userFullName: user.fullName,
    state: (doc?.state ?? 'open') as TimesheetState,
    regularHours: sheet.regularHours,
    overtimeHours: sheet.overtimeHours,
    doubleTimeHours: sheet.doubleTimeHours,
    totalHours: sheet.totalHours,
    mileage: sheet.mileage,
    changedSinceExport,
  };
}

/** Items grouped by a key (a person's id), in their order. */
export function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}
