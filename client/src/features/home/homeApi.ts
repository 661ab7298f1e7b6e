import { useMutation } from '@tanstack/react-query';
import { api } from '../../app/api';
import { invalidateUrls } from '../../app/queryClient';
import { withAsOf, type AsOf } from '../../shared/asOf';
import { useApiQuery } from '../../shared/useApiQuery';
import type { DayRange } from '../scheduling/calendarRange';
import { jobHistoryUrl, JOBS_URL, OWN_JOBS_URL, UPCOMING_JOBS_URL, type Job } from '../scheduling/jobs';
import { TIME_URL } from '../timers/timers';
import { onMyWayUrl, type OnMyWayEta } from './onMyWay';
import type { OnMyWayStatus } from '../../../../src/shared/notices';
import { TIME_REVIEWS_URL, timeReviewUrl, type TimeReviews } from './timeReviews';
import { useCalendarJobs } from '../scheduling/schedulingApi';

/** The signed-in person's jobs for the days shown (GET /api/jobs/user), with what `extra` asks for (requestable jobs, a moment). */
export const useOwnJobs = (range: DayRange | null, extra?: Record<string, string>) =>
  useCalendarJobs(OWN_JOBS_URL, range, extra);

/** The signed-in person's next jobs, soonest first; as of a moment, as they stood then. */
export const useUpcomingJobs = (asOf: AsOf | null = null) => useApiQuery<Job[]>(withAsOf(UPCOMING_JOBS_URL, asOf));

/** The times phones sent later, waiting for a manager (jobs.crud), by person, the oldest first. */
export const useTimeReviews = () => useApiQuery<TimeReviews>(TIME_REVIEWS_URL);

/**
 * Approve (the time becomes what the phone said) or decline (nothing changes) a time to review. The list, the
 * timers (who is on the clock, the tracked times) and the calendars' marks refetch after.
 */
export function useAnswerTimeReview() {
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: 'approve' | 'decline' }) =>
      api.post<{ success: true; message: string }>(timeReviewUrl(id, answer)),
    onSettled: () => invalidateUrls([TIME_URL, JOBS_URL]),
  });
}

/**
 * "On my way" (issue #31 item 4): the job's customer is e-mailed that the crew arrives in about `etaMinutes`; the
 * answer's message says whom. The job's History (shown to schedulers) refetches after.
 */
export function useOnMyWay() {
  return useMutation({
    mutationFn: ({ jobId, etaMinutes }: { jobId: string; etaMinutes: OnMyWayEta }) =>
      api.post<{ success: true; message: string }>(onMyWayUrl(jobId), { etaMinutes }),
    // Sent, or refused as already sent by someone: either way the button shows when it went.
    onSettled: (_answer, _error, { jobId }) => invalidateUrls([onMyWayUrl(jobId), jobHistoryUrl(jobId)]),
  });
}

/** Whether the job's customer was told today (issue #44): the details show when, rather than offer it again. */
export const useOnMyWayStatus = (jobId: string) => useApiQuery<OnMyWayStatus>(onMyWayUrl(jobId));
