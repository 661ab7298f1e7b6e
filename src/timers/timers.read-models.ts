import type { Filter, ReadStore, Sort } from '../core/read-store/read-store.port';
import type { TimerView } from '../shared/timers';

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
