import type { ReadStore } from '../core/read-store/read-store.port';
import { jobsAndSeriesAroundAsOf } from './schedule-history.read-models';
import { CalendarJob, calendarJobs } from '../scheduling/calendar-jobs';

/**
 * What jobsBetween returned when the log ended at `position` (every event whose commit position is at most
 * it): the one-time jobs and recurring jobs as they stood then, from their versions (projections/schedule-history).
 */
export async function jobsBetweenAsOf(
  store: ReadStore,
  organizationId: string,
  from: Date,
  to: Date,
  position: number,
): Promise<CalendarJob[]> {
  return calendarJobs(
    await jobsAndSeriesAroundAsOf(store, organizationId, from.toISOString(), to.toISOString(), position),
    from,
    to,
  );
}
