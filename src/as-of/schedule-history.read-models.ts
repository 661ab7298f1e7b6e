import type { ReadStore } from '../core/read-store/read-store.port';
import { validAt } from './versions';
import { JobDoc, JobSeriesDoc, weekKeys } from '../scheduling/scheduling.read-models';

/**
 * Read models of the schedule's past (projections/schedule-history): every state a one-time job or a
 * recurring job has had, as versions valid over a range of log positions [from, to). A version opens at
 * the commit position of the event that made it and closes at the one of the next change or the deletion;
 * an open version's `to` is OPEN (src/as-of/versions.ts). The state "as of" position P is every version with from ≤ P < to.
 */
export const JOB_VERSIONS = 'jobVersions';
export const JOB_VERSION_WEEKS = 'jobVersionWeeks';
export const SERIES_VERSIONS = 'jobSeriesVersions';

/** A one-time job as it stood from `from` until `to` (exclusive), in the shape of the current read model. */
export interface JobVersionDoc {
  /** `${jobId}@${from}`: re-applying the event that opened it writes the same document. */
  _id: string;
  jobId: string;
  organizationId: string;
  from: number;
  to: number;
  job: JobDoc;
}

/**
 * A version listed in one UTC week (`week` as in jobWeeks), with its range and a copy of the job, so a week
 * as of P is one read of the index week_from and nothing else (reading the versions by id afterwards, as
 * jobsAndSeriesAround does, doubled the time of that read at 1,000,000 events).
 */
export interface JobVersionWeekDoc {
  /** `${week}/${versionId}` */
  _id: string;
  week: string;
  versionId: string;
  from: number;
  to: number;
  job: JobDoc;
}

/** A recurring job (template, rule, changed and deleted occurrences) as it stood from `from` until `to`. */
export interface SeriesVersionDoc {
  /** `${seriesId}@${from}` */
  _id: string;
  seriesId: string;
  organizationId: string;
  from: number;
  to: number;
  series: JobSeriesDoc;
}

export const versionWeekId = (week: string, version: string) => `${week}/${version}`;

/**
 * What a calendar range [start, end) as of a log position is built from, like jobsAndSeriesAround: the
 * one-time jobs listed in its weeks then (some outside the range itself: filter by time) and every
 * recurring job of the organization then.
 */
export async function jobsAndSeriesAroundAsOf(
  store: ReadStore,
  organizationId: string,
  start: string,
  end: string,
  position: number,
): Promise<{ jobs: JobDoc[]; series: JobSeriesDoc[] }> {
  const [listed, series] = await Promise.all([
    store
      .collection<JobVersionWeekDoc>(JOB_VERSION_WEEKS)
      .find(validAt({ week: { $in: weekKeys(organizationId, start, end) } }, position)),
    store.collection<SeriesVersionDoc>(SERIES_VERSIONS).find(validAt({ organizationId }, position)),
  ]);
  // A job over several of the weeks is listed in each (the week keys hold the organization).
  const jobs = new Map(listed.map((w) => [w.versionId, w.job]));
  return { jobs: [...jobs.values()], series: series.map((v) => v.series) };
}
