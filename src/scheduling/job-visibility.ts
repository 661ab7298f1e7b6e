import type { Filter, ReadStore } from '../core/read-store/read-store.port';
import type { Role } from '../shared/session';
import { occurrenceFields } from './job-series.decider';
import { occurrenceId } from './recurrence';
import { JobDoc, JOBS, organizationSeries, seriesStateOf } from './scheduling.read-models';
import type { JobFields } from './scheduling.events';

/** Who reads jobs: enough of the signed-in user to decide what they may see. */
export interface JobViewer {
  userId: string;
  role: Role;
}

/**
 * Spec: "Company Admin only: the Scheduling Visibility switch (hide job from others)". A hidden job is seen by
 * Company Admins and its lead, and by nobody else, wherever jobs are read: calendars (now and as of a moment),
 * upcoming jobs, a job and its history, job requests, running timers, the reports' rows, summaries and exports,
 * and a customer's Jobs & Ratings. This is the one predicate every such read uses.
 */
export const seesEveryJob = (viewer: JobViewer) => viewer.role === 'Company Admin';

export const canSeeJob =
  (viewer: JobViewer) =>
  (job: Pick<JobFields, 'hideFromScheduleView' | 'leadUserId'>): boolean =>
    !job.hideFromScheduleView || seesEveryJob(viewer) || job.leadUserId === viewer.userId;

/** canSeeJob as a filter on the jobs read model (a job document carries its switch and lead). */
export const visibleJobsFilter = (viewer: JobViewer): Filter =>
  seesEveryJob(viewer) ? {} : { $or: [{ hideFromScheduleView: false }, { leadUserId: viewer.userId }] };

/** The jobs and occurrences a viewer may not see, by id, for reads kept by job id (timers, ratings, requests). */
export interface HiddenJobs {
  /** One-time jobs and single occurrences hidden from the viewer. */
  ids: string[];
  /** Recurring jobs hidden from the viewer as a whole (every occurrence `<seriesId>_…`)… */
  seriesIds: string[];
  /** …except these occurrences, changed on their own so that the viewer sees them. */
  except: string[];
}

/** Nothing hidden: what a Company Admin gets. */
export const NO_HIDDEN_JOBS: HiddenJobs = Object.freeze({ ids: [], seriesIds: [], except: [] });

/**
 * The jobs of the organization hidden from `viewer`, as they are now. Hiding is the job's present state: a
 * job hidden now is hidden from every read of it, of the past too (as of a moment), since what it was is the
 * same job.
 */
export async function hiddenJobsFor(store: ReadStore, organizationId: string, viewer: JobViewer): Promise<HiddenJobs> {
  if (seesEveryJob(viewer)) return NO_HIDDEN_JOBS;
  const sees = canSeeJob(viewer);
  const [jobs, series] = await Promise.all([
    store
      .collection<JobDoc>(JOBS)
      .find({ organizationId, hideFromScheduleView: true, leadUserId: { $ne: viewer.userId } }),
    organizationSeries(store, organizationId),
  ]);
  const hidden: HiddenJobs = { ids: jobs.map((j) => j._id), seriesIds: [], except: [] };
  for (const doc of series) {
    const wholeHidden = !sees(doc.template);
    if (wholeHidden) hidden.seriesIds.push(doc._id);
    const state = seriesStateOf(doc);
    for (const localDate of Object.keys(doc.overrides)) {
      const seen = sees(occurrenceFields(state, localDate));
      if (wholeHidden && seen) hidden.except.push(occurrenceId(doc._id, localDate));
      if (!wholeHidden && !seen) hidden.ids.push(occurrenceId(doc._id, localDate));
    }
  }
  return hidden;
}

/** Whether an id (a job's or an occurrence's) names a job hidden by `hidden`. */
export function isHiddenJobId(hidden: HiddenJobs, id: string | null | undefined): boolean {
  if (!id) return false;
  if (hidden.ids.includes(id)) return true;
  const series = id.indexOf('_');
  return series > 0 && hidden.seriesIds.includes(id.slice(0, series)) && !hidden.except.includes(id);
}

const SERIES_ID = /^[0-9a-f-]{36}$/;

/**
 * A read-model filter that leaves out the documents whose `field` names a hidden job; {} when nothing is hidden.
 * A recurring job's occurrences share its id and '_' as a prefix: matched by an anchored pattern of fixed ids
 * (the ids are checked UUIDs, never a person's text).
 */
export function notHiddenFilter(hidden: HiddenJobs, field = 'jobId'): Filter {
  const seriesIds = hidden.seriesIds.filter((id) => SERIES_ID.test(id));
  const branches: Filter[] = [];
  if (hidden.ids.length) branches.push({ [field]: { $in: hidden.ids } });
  if (seriesIds.length)
    branches.push({
      $and: [{ [field]: { $regex: `^(?:${seriesIds.join('|')})_` } }, { [field]: { $nin: hidden.except } }],
    });
  return branches.length ? { $nor: branches } : {};
}
