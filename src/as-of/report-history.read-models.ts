import { batchesInOrder } from '../core/read-store/in-order';
import type { Filter, ReadStore } from '../core/read-store/read-store.port';
import { validAt } from './versions';
import type { RatingDoc } from '../ratings/ratings.read-models';
import { REPORT_TIMER_FIELDS, type ReportTimer } from '../timers/timers.read-models';

/**
 * The reports' history (projections/report-history): versions of the rows the Jobs and Ratings reports read and
 * of the names they join, each valid over the log positions [from, to). A report "as of" position P reads the
 * versions with from ≤ P < to: every event up to and including P, and none after.
 */
export const REPORT_TIMER_VERSIONS = 'reportTimerVersions';
export const REPORT_RATING_VERSIONS = 'reportRatingVersions';
export const REPORT_NAME_VERSIONS = 'reportNameVersions';

/** What every version holds: its record, its organization, and the positions it is valid over. */
export interface Version {
  /** `<recordId>@<from>`: applying the same event again writes the same version. */
  _id: string;
  recordId: string;
  organizationId: string;
  /** The position of the event that made this version. */
  from: number;
  /** The position of the event that replaced or deleted it; OPEN while it is current. */
  to: number;
  /** The record's stream revision that made it: tells a replay from a second event at the same position. */
  rev: number;
  [key: string]: unknown;
}

/** A timer as the Jobs report reads it (the timers read model's fields), plus its start's place in the log. */
export type TimerVersion = Version & Omit<ReportTimer, '_id'> & { sequence: number };

/** The fields of a rating the reports read. */
export const RATING_REPORT_FIELDS = [
  'customerId',
  'jobId',
  'jobName',
  'jobNumber',
  'jobStartsAt',
  'associateIds',
  'submitted',
  'rating',
  'comments',
] as const;
export type ReportRating = Pick<RatingDoc, '_id' | (typeof RATING_REPORT_FIELDS)[number]>;
export type RatingVersion = Version & Omit<ReportRating, '_id'>;

/**
 * A customer's or a person's name as the reports join it. Customers: `label` (customerLabel of these fields) and
 * the billing frequency; a deleted customer keeps its last version (the reports still name it). People: `label`
 * is the full name; deleting a person ends it.
 */
export interface NameVersion extends Version {
  kind: 'customer' | 'user';
  label: string;
  billingFrequency: string | null;
  /** A person's colour (the schedule as of a moment colours their jobs with it); null for customers. */
  colorCode: string | null;
  /** What the label is made of, for the next version. */
  parts: Record<string, string | null>;
}

const timerVersions = (store: ReadStore) => store.collection<TimerVersion>(REPORT_TIMER_VERSIONS);
const ratingVersions = (store: ReadStore) => store.collection<RatingVersion>(REPORT_RATING_VERSIONS);
const nameVersions = (store: ReadStore) => store.collection<NameVersion>(REPORT_NAME_VERSIONS);

const TIMER_FIELDS = { ...REPORT_TIMER_FIELDS, recordId: 1, sequence: 1 } as const;

const asReportTimer = ({ _id: _v, recordId, sequence: _s, ...t }: TimerVersion): ReportTimer => ({
  ...(t as unknown as Omit<ReportTimer, '_id'>),
  _id: recordId,
});

export const countTimerVersions = (store: ReadStore, filter: Filter) => timerVersions(store).countDocuments(filter);

export async function timerVersionsPage(
  store: ReadStore,
  filter: Filter,
  direction: 1 | -1,
  window: { skip: number; limit: number },
): Promise<ReportTimer[]> {
  const found = await timerVersions(store).find(filter, {
    sort: { startsAt: direction, sequence: direction },
    ...window,
    projection: TIMER_FIELDS,
  });
  return found.map(asReportTimer);
}

export async function* timerVersionsInOrder(store: ReadStore, filter: Filter): AsyncGenerator<ReportTimer[]> {
  for await (const batch of batchesInOrder<TimerVersion>(timerVersions(store), filter, 'startsAt', 'sequence', {
    projection: TIMER_FIELDS,
  }))
    yield batch.map(asReportTimer);
}

const asReportRating = (v: RatingVersion): ReportRating => ({
  _id: v.recordId,
  ...(Object.fromEntries(RATING_REPORT_FIELDS.map((k) => [k, v[k] ?? null])) as Omit<ReportRating, '_id'>),
});

export const countRatingVersions = (store: ReadStore, filter: Filter) => ratingVersions(store).countDocuments(filter);

export async function ratingVersionsPage(
  store: ReadStore,
  filter: Filter,
  direction: 1 | -1,
  window: { skip: number; limit: number },
): Promise<ReportRating[]> {
  const found = await ratingVersions(store).find(filter, {
    sort: { jobStartsAt: direction, recordId: direction },
    ...window,
  });
  return found.map(asReportRating);
}

export async function* ratingVersionsInOrder(store: ReadStore, filter: Filter): AsyncGenerator<ReportRating[]> {
  for await (const batch of batchesInOrder<RatingVersion>(ratingVersions(store), filter, 'jobStartsAt', 'recordId'))
    yield batch.map(asReportRating);
}

/** Answered ratings of the jobs given as they were at `position` (job id → its stars). */
export async function jobRatingsAt(
  store: ReadStore,
  organizationId: string,
  jobIds: string[],
  position: number,
): Promise<Map<string, number | null>> {
  if (!jobIds.length) return new Map();
  const found = await ratingVersions(store).find(
    validAt({ recordId: { $in: jobIds }, organizationId, submitted: true }, position),
  );
  return new Map(found.map((r) => [r.jobId, r.rating]));
}

/** Customers' or people's names (and customers' billing frequencies) as they were at `position`. */
export async function namesAt(
  store: ReadStore,
  kind: NameVersion['kind'],
  organizationId: string,
  ids: string[],
  position: number,
): Promise<Map<string, NameVersion>> {
  if (!ids.length) return new Map();
  const found = await nameVersions(store).find(validAt({ recordId: { $in: ids }, kind, organizationId }, position));
  return new Map(found.map((n) => [n.recordId, n]));
}
