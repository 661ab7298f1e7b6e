import { withAsOf, type AsOf } from '../../shared/asOf';
import { useApiQuery } from '../../shared/useApiQuery';
import type { DayRange } from '../scheduling/calendarRange';
import { OWN_JOBS_URL, UPCOMING_JOBS_URL, type Job } from '../scheduling/jobs';
import { useCalendarJobs } from '../scheduling/schedulingApi';

/** The signed-in person's jobs for the days shown (GET /api/jobs/user), with what `extra` asks for (requestable jobs, a moment). */
export const useOwnJobs = (range: DayRange | null, extra?: Record<string, string>) =>
  useCalendarJobs(OWN_JOBS_URL, range, extra);

/** The signed-in person's next jobs, soonest first; as of a moment, as they stood then. */
export const useUpcomingJobs = (asOf: AsOf | null = null) => useApiQuery<Job[]>(withAsOf(UPCOMING_JOBS_URL, asOf));
