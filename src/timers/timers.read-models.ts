import type { Filter, ReadStore, Sort } from '../core/read-store/read-store.port';
import { batchesInOrder } from '../core/read-store/in-order';
import type { TimeReviewView, TimerTotals, TimerView } from '../shared/timers';
import { NotFoundError } from '../core/errors';
import { organizationById } from '../identity/identity.read-models';
import { isCalendarDate, paySettingsOf, type TimesheetNote, type TimesheetState } from '../shared/payroll';
import { payPeriodHolding } from './pay-periods';

/** Read model of timers: one row per timer, for the tracked-times tables and the running timer. */
export const TIMERS = 'timers';

/** What the tracked-times tables search (a search index covers them); only the organization's table searches the person. */
export const TIMER_SEARCH_FIELDS = ['label', 'jobName', 'customerName', 'type'];
export const ORGANIZATION_TIMER_SEARCH_FIELDS = [...TIMER_SEARCH_FIELDS, 'userFullName'];

/** The timer as the API shows it (TimerView), stored by `_id` with its organization. */
export interface TimerDoc extends Omit<TimerView, 'id'> {
  _id: string;
  organizationId: string;
  /** The start's place in the log: orders timers created in the same millisecond. */
  sequence: number;
  /** `startDateTime` as a UTC ISO instant (it is stored as given, offset and all): what a date range compares. */
  startsAt: string;
  _rev?: number;
}

/** The timers recorded on each job or occurrence, for the calendars' time and mileage marks: `_id` is the job's calendar id. */
export const JOB_TIMES = 'jobTimes';

export interface JobTimesDoc {
  _id: string;
  organizationId: string;
  timers: JobTimeEntry[];
}

/** What a calendar's marks read of a timer. */
export type JobTimeEntry = Pick<
  TimerView,
  'id' | 'userId' | 'type' | 'startDateTime' | 'endDateTime' | 'mileageStart' | 'mileageEnd'
>;

/*
 * The readers of these read models: every query and handler in src reads timers and job times
 * through them (the projection, which writes them, keeps its own access).
 */

const timers = (store: ReadStore) => store.collection<TimerDoc>(TIMERS);

/** The user's running timer (the latest started, should there be more), or null. */
export async function runningTimer(store: ReadStore, organizationId: string, userId: string): Promise<TimerDoc | null> {
  const [running] = await timers(store).find(
    { organizationId, userId, endDateTime: null },
    { sort: { startDateTime: -1 }, limit: 1 },
  );
  return running ?? null;
}

/** Who is on the clock now: the organization's running timers, the longest running first. */
export function runningTimers(store: ReadStore, organizationId: string): Promise<TimerDoc[]> {
  return timers(store).find({ organizationId, endDateTime: null }, { sort: { startsAt: 1 }, limit: 500 });
}

/** A start as a UTC ISO instant, comparable as text ('' for a start that is not a date). */
export function startsAt(start: string): string {
  const ms = Date.parse(start);
  return Number.isNaN(ms) ? '' : new Date(ms).toISOString();
}

/** The total of the timers `filter` matches: minutes of those stopped, miles of stopped mileage timers, and how many still run. */
export async function timerTotals(store: ReadStore, filter: Filter): Promise<TimerTotals> {
  const found = await timers(store).find(filter, {
    projection: { startDateTime: 1, endDateTime: 1, mileageStart: 1, mileageEnd: 1 },
  });
  let ms = 0;
  let mileage = 0;
  let running = 0;
  for (const t of found) {
    if (!t.endDateTime) {
      running += 1;
      continue;
    }
    ms += Math.max(0, Date.parse(t.endDateTime) - Date.parse(t.startDateTime));
    if (t.mileageStart !== null && t.mileageEnd !== null) mileage += t.mileageEnd - t.mileageStart;
  }
  return { trackedMinutes: Math.round(ms / 60_000), mileage: Math.round(mileage * 10) / 10, running };
}

/** One page of a timers table and the count of all that match `filter` (always scope it to an organization). */
export async function timersPage(
  store: ReadStore,
  filter: Filter,
  page: { sort: Sort; skip: number; limit: number },
): Promise<{ items: TimerDoc[]; totalRecords: number }> {
  const [items, totalRecords] = await Promise.all([
    timers(store).find(filter, page),
    timers(store).countDocuments(filter),
  ]);
  return { items, totalRecords };
}

/** Calendar id → the timers recorded on that job or occurrence, for those that have any. */
export async function jobTimes(store: ReadStore, jobIds: string[]): Promise<Map<string, JobTimeEntry[]>> {
  const found = await store.collection<JobTimesDoc>(JOB_TIMES).find({ _id: { $in: jobIds } });
  return new Map(found.map((d) => [d._id, d.timers]));
}

/** The fields of a timer the Jobs report reads (a row, its totals and charts). */
export type ReportTimer = Pick<
  TimerDoc,
  | '_id'
  | 'userId'
  | 'userFullName'
  | 'label'
  | 'type'
  | 'startDateTime'
  | 'endDateTime'
  | 'startsAt'
  | 'mileageStart'
  | 'mileageEnd'
  | 'jobId'
  | 'jobName'
  | 'customerId'
  | 'customerName'
>;
/** The fields of a timer the Jobs report reads. */
export const REPORT_TIMER_FIELDS = {
  _id: 1,
  userId: 1,
  userFullName: 1,
  label: 1,
  type: 1,
  startDateTime: 1,
  endDateTime: 1,
  startsAt: 1,
  mileageStart: 1,
  mileageEnd: 1,
  jobId: 1,
  jobName: 1,
  customerId: 1,
  customerName: 1,
} as const;

/**
 * Timers starting in [from, to) of an organization, one person's or one customer's: the Jobs report's filter,
 * which the indexes `organization_(user_|customer_)starts_sequence` give in start order.
 */
export function reportTimersFilter(
  organizationId: string,
  range: { from: string; to: string },
  by: { userId?: string; customerId?: string },
): Filter {
  return {
    organizationId,
    ...(by.userId ? { userId: by.userId } : {}),
    ...(by.customerId ? { customerId: by.customerId } : {}),
    startsAt: { $gte: range.from, $lt: range.to },
  };
}

export function countTimers(store: ReadStore, filter: Filter): Promise<number> {
  return timers(store).countDocuments(filter);
}

/** One page of the Jobs report's timers, by start (ties by their place in the log). */
export function reportTimersPage(
  store: ReadStore,
  filter: Filter,
  direction: 1 | -1,
  window: { skip: number; limit: number },
): Promise<ReportTimer[]> {
  return timers(store).find(filter, {
    sort: { startsAt: direction, sequence: direction },
    ...window,
    projection: REPORT_TIMER_FIELDS,
  });
}

/** Every timer `filter` (a reportTimersFilter) matches, by start, a batch at a time. */
export const reportTimersInOrder = (store: ReadStore, filter: Filter): AsyncGenerator<ReportTimer[]> =>
  batchesInOrder<TimerDoc>(timers(store), filter, 'startsAt', 'sequence', { projection: REPORT_TIMER_FIELDS });

/** Read model of the times phones sent later for a manager's review (issue #29 item 5): one row per review. */
export const TIME_REVIEWS = 'timeReviews';

export interface TimeReviewDoc {
  _id: string;
  organizationId: string;
  userId: string;
  userFullName: string;
  status: 'pending' | 'approved' | 'declined';
  act: TimeReviewView['act'];
  /** The timer it starts (a start: the id its timer gets) or changes. */
  timerId: string;
  /** The job the time is on (null: none), for the job's visibility. */
  jobId: string | null;
  timer: TimeReviewView['timer'];
  deviceTime: string;
  receivedAt: string;
  reason: string;
  answeredAt: string | null;
  answeredBy: string | null;
  _rev?: number;
}

/** Of each person, the oldest reviews shown on Home; the rest are counted ("and 15 more"). */
export const REVIEWS_SHOWN_PER_PERSON = 5;
/** The people shown at most, those whose oldest review came first; the rest are counted too. */
export const REVIEW_PEOPLE_SHOWN = 50;

export interface PendingTimeReviews {
  /** Every review still to decide that `filter` lets through. */
  total: number;
  people: { userId: string; userFullName: string; pending: number; reviews: TimeReviewDoc[] }[];
}

/**
 * The organization's reviews still to decide, by person (issue #44 item 3): the person whose oldest review reached
 * us first comes first, each with their oldest few and how many they have, so one person's many cannot push anyone
 * else's out of the list. `filter` narrows them (the viewer's hidden jobs). A few small reads per person shown.
 */
export async function pendingTimeReviews(
  store: ReadStore,
  organizationId: string,
  filter: Filter = {},
): Promise<PendingTimeReviews> {
  const reviews = store.collection<TimeReviewDoc>(TIME_REVIEWS);
  const pending = { ...filter, organizationId, status: 'pending' };
  const oldestFirst = { sort: { receivedAt: 1, _id: 1 } as const };
  const people: PendingTimeReviews['people'] = [];
  while (people.length < REVIEW_PEOPLE_SHOWN) {
    const seen = people.map((p) => p.userId);
    const [next] = await reviews.find({ ...pending, userId: { $nin: seen } }, { ...oldestFirst, limit: 1 });
    if (!next) break;
    const theirs = { ...pending, userId: next.userId };
    const [shown, count] = await Promise.all([
      reviews.find(theirs, { ...oldestFirst, limit: REVIEWS_SHOWN_PER_PERSON }),
      reviews.countDocuments(theirs),
    ]);
    people.push({ userId: next.userId, userFullName: next.userFullName, pending: count, reviews: shown });
  }
  return { total: await reviews.countDocuments(pending), people };
}

/** How many reviews of one person wait for a manager. */
export const pendingReviewsOf = (store: ReadStore, organizationId: string, userId: string) =>
  store.collection<TimeReviewDoc>(TIME_REVIEWS).countDocuments({ organizationId, userId, status: 'pending' });

/**
 * Read model of timesheets (issue #30): one row per person and pay period that has been submitted, approved, sent
 * back or unapproved (a period nobody acted on has none: it is open). `_id` is `<userId>:<periodStart>`.
 */
export const TIMESHEETS = 'timesheets';

export interface TimesheetDoc {
  _id: string;
  organizationId: string;
  userId: string;
  /** The period's first and last day (YYYY-MM-DD, the organization's zone), as it was when acted on. */
  periodStart: string;
  periodEnd: string;
  state: TimesheetState;
  lastNote: { kind: TimesheetNote['kind']; byUserId: string | null; at: string; reason: string | null };
  _rev?: number;
}

export const timesheetId = (userId: string, periodStart: string) => `${userId}:${periodStart}`;

export function timesheetsOf(store: ReadStore, organizationId: string, periodStart: string): Promise<TimesheetDoc[]> {
  return store.collection<TimesheetDoc>(TIMESHEETS).find({ organizationId, periodStart }, { limit: 5000 });
}

export function timesheetOf(store: ReadStore, userId: string, periodStart: string): Promise<TimesheetDoc | null> {
  return store.collection<TimesheetDoc>(TIMESHEETS).findOne({ _id: timesheetId(userId, periodStart) });
}

/** The first approved timesheet of `userId` whose period overlaps the days from `first` to `last` (YYYY-MM-DD). */
export async function approvedTimesheetOverlapping(
  store: ReadStore,
  organizationId: string,
  userId: string,
  days: { first: string; last: string },
): Promise<TimesheetDoc | null> {
  const [sheet] = await store
    .collection<TimesheetDoc>(TIMESHEETS)
    .find(
      { organizationId, userId, state: 'approved', periodStart: { $lte: days.last }, periodEnd: { $gte: days.first } },
      { limit: 1 },
    );
  return sheet ?? null;
}

/**
 * The pay period a timesheet is asked for by: the first day of one of the organization's periods, as its settings
 * draw them now (a period drawn before a change of settings keeps the days it was approved with).
 */
export async function payPeriodStartingOn(store: ReadStore, organizationId: string, periodStart: string) {
  const organization = await organizationById(store, organizationId);
  if (!organization) throw new NotFoundError('The organization');
  if (!isCalendarDate(periodStart)) throw new NotFoundError('The pay period');
  const settings = paySettingsOf(organization);
  const period = payPeriodHolding(periodStart, settings);
  if (period.start !== periodStart) throw new NotFoundError('The pay period');
  return { period, settings, zone: organization.timeZone };
}
