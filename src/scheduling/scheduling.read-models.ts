import type { Filter, ReadStore } from '../core/read-store/read-store.port';
import type { JobFields } from './scheduling.events';
import type { RecurrenceRule } from './recurrence';
import type { ScheduledSeries } from './job-series.decider';

/** Read models of scheduling. */
export const JOBS = 'jobs';
export const JOB_SERIES = 'jobSeries';
export const JOB_WEEKS = 'jobWeeks';
export const JOB_PEOPLE_WEEKS = 'jobPeopleWeeks';
export const CANCELLED_JOBS = 'cancelledJobs';

/** A one-time job as it stands. */
export interface JobDoc extends JobFields {
  _id: string;
  organizationId: string;
  createdAt: string;
  /** The week buckets it is listed in. */
  weeks: string[];
  _rev?: number;
}

/** A recurring job: its template, rule and per-occurrence changes; occurrences are computed when read. */
export interface JobSeriesDoc {
  _id: string;
  organizationId: string;
  timeZone: string;
  rule: RecurrenceRule;
  template: JobFields;
  /** Per local date (YYYY-MM-DD). */
  overrides: Record<string, Partial<JobFields>>;
  deleted: string[];
  createdAt: string;
  _rev?: number;
}

/** A recurring job's document as its decider's state (no requests: the calendars do not keep them). */
export const seriesStateOf = (doc: JobSeriesDoc): ScheduledSeries => ({
  status: 'scheduled',
  seriesId: doc._id,
  organizationId: doc.organizationId,
  timeZone: doc.timeZone,
  rule: doc.rule,
  template: doc.template,
  overrides: doc.overrides,
  deleted: doc.deleted,
  requests: {},
});

/**
 * A job or recurring job as it stood when it was deleted (`_id` its id), kept so that calendar feeds can show it
 * cancelled for a while: a phone's calendar removes an event only when told (STATUS:CANCELLED).
 */
export type CancelledJobDoc =
  ({ kind: 'job'; cancelledAt: string } & JobDoc) | ({ kind: 'series'; cancelledAt: string } & JobSeriesDoc);

/**
 * One-time jobs listed by UTC week (Monday 00:00Z), so that a calendar range is one indexed lookup
 * instead of a scan of every job: one small document per job and week, `week` being
 * `${organizationId}:${YYYY-MM-DD of the Monday}` and `_id` `${week}/${jobId}`. (One document per
 * week holding its job ids was rewritten whole, thousands of ids, for every job added to a busy week.)
 */
export interface JobWeekDoc {
  _id: string;
  week: string;
  jobId: string;
}

export const jobWeekId = (week: string, jobId: string) => `${week}/${jobId}`;

/**
 * One-time jobs listed by person and UTC week, so that one person's jobs over many weeks (a clash check of a
 * series) are read without every job of those weeks: `key` is `${organizationId}:${userId}:${YYYY-MM-DD of the
 * Monday}`, `_id` `${key}/${jobId}`. A job is listed under its lead and each assigned person.
 */
export interface JobPersonWeekDoc {
  _id: string;
  key: string;
  jobId: string;
}

/** A job's keys in jobPeopleWeeks: each of its people in each of its weeks (weekKeys). */
export function personWeekKeys(weeks: string[], people: string[]): string[] {
  return people.flatMap((userId) =>
    weeks.map((week) => {
      const at = week.lastIndexOf(':');
      return `${week.slice(0, at)}:${userId}${week.slice(at)}`;
    }),
  );
}

/** The people a job keeps busy: its lead and assigned people, each once; none for an availability-only entry. */
export const jobPeople = (job: Pick<JobFields, 'leadUserId' | 'userIds' | 'availabilityOnly'>): string[] =>
  job.availabilityOnly ? [] : [...new Set([...(job.leadUserId ? [job.leadUserId] : []), ...job.userIds])];

const WEEK_MS = 7 * 86_400_000;
/** 1970-01-05 was a Monday. */
const MONDAY_EPOCH = Date.UTC(1970, 0, 5);

export function weekKeys(organizationId: string, start: string, end: string): string[] {
  const from = Math.floor((Date.parse(start) - MONDAY_EPOCH) / WEEK_MS);
  // end is exclusive: a job ending exactly at Monday 00:00 is not in that week
  const to = Math.floor((Date.parse(end) - 1 - MONDAY_EPOCH) / WEEK_MS);
  const keys: string[] = [];
  for (let w = from; w <= to; w++)
    keys.push(`${organizationId}:${new Date(MONDAY_EPOCH + w * WEEK_MS).toISOString().slice(0, 10)}`);
  return keys;
}

/*
 * The readers of these read models: queries and handlers read jobs and series through them (the
 * projection, which writes them, keeps its own access). Occurrences are computed by the callers.
 */

/** A one-time job, of any organization: check `organizationId`. */
export function jobById(store: ReadStore, jobId: string): Promise<JobDoc | null> {
  return store.collection<JobDoc>(JOBS).findOne({ _id: jobId });
}

/** A recurring job, of any organization: check `organizationId`. */
export function seriesById(store: ReadStore, seriesId: string): Promise<JobSeriesDoc | null> {
  return store.collection<JobSeriesDoc>(JOB_SERIES).findOne({ _id: seriesId });
}

/**
 * What a calendar range [start, end) is built from: the one-time jobs listed in its weeks (some of
 * them outside the range itself: filter by time) and every series of the organization.
 */
export async function jobsAndSeriesAround(
  store: ReadStore,
  organizationId: string,
  start: string,
  end: string,
): Promise<{ jobs: JobDoc[]; series: JobSeriesDoc[] }> {
  const listed = await store
    .collection<JobWeekDoc>(JOB_WEEKS)
    .find({ week: { $in: weekKeys(organizationId, start, end) } }, { projection: { jobId: 1 } });
  const ids = [...new Set(listed.map((w) => w.jobId))];
  const [jobs, series] = await Promise.all([
    ids.length ? store.collection<JobDoc>(JOBS).find({ _id: { $in: ids } }) : Promise.resolve([]),
    store.collection<JobSeriesDoc>(JOB_SERIES).find({ organizationId }),
  ]);
  return { jobs: jobs.filter((j) => j.organizationId === organizationId), series };
}

/** The one-time jobs of the people in [start, end)'s weeks (some outside the range itself: filter by time). */
export async function peopleJobsAround(
  store: ReadStore,
  organizationId: string,
  userIds: string[],
  start: string,
  end: string,
): Promise<JobDoc[]> {
  if (!userIds.length) return [];
  const keys = personWeekKeys(weekKeys(organizationId, start, end), userIds);
  const listed = await store
    .collection<JobPersonWeekDoc>(JOB_PEOPLE_WEEKS)
    .find({ key: { $in: keys } }, { projection: { jobId: 1 } });
  const ids = [...new Set(listed.map((w) => w.jobId))];
  if (!ids.length) return [];
  const jobs = await store.collection<JobDoc>(JOBS).find({ _id: { $in: ids } });
  return jobs.filter((j) => j.organizationId === organizationId);
}

/**
 * A customer's one-time jobs, latest start first (ties by id, the same way: the index
 * organization_customer_start_id gives them in order; `earliest` walks it backwards), the first `limit` of them
 * and the count of all. `starts`: only those starting in [from, to) (ISO instants as the jobs store theirs).
 * `visible`: the viewer's visibleJobsFilter (src/scheduling/job-visibility.ts).
 * Availability-only entries are not the customer's jobs.
 */
export async function customerJobsPage(
  store: ReadStore,
  organizationId: string,
  customerId: string,
  options: { visible: Filter; limit: number; starts?: { from: string; to: string }; order?: 'latest' | 'earliest' },
): Promise<{ jobs: JobDoc[]; total: number }> {
  const filter: Record<string, unknown> = {
    organizationId,
    customerId,
    availabilityOnly: false,
    ...(options.starts ? { start: { $gte: options.starts.from, $lt: options.starts.to } } : {}),
    ...options.visible,
  };
  const direction = options.order === 'earliest' ? 1 : -1;
  const jobs = store.collection<JobDoc>(JOBS);
  const [found, total] = await Promise.all([
    options.limit > 0 ? jobs.find(filter, { sort: { start: direction, _id: direction }, limit: options.limit }) : [],
    jobs.countDocuments(filter),
  ]);
  return { jobs: found, total };
}

/** Every recurring job of the organization (index organization). */
export function organizationSeries(store: ReadStore, organizationId: string): Promise<JobSeriesDoc[]> {
  return store.collection<JobSeriesDoc>(JOB_SERIES).find({ organizationId });
}

/** The organization's jobs and recurring jobs deleted at or after `since` (UTC ISO instant). */
export function cancelledSince(store: ReadStore, organizationId: string, since: string): Promise<CancelledJobDoc[]> {
  return store.collection<CancelledJobDoc>(CANCELLED_JOBS).find({ organizationId, cancelledAt: { $gte: since } });
}
