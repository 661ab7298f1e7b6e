import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';
import { invalidateUrls } from '../../app/queryClient';
import { pagedUrl } from '../../shared/pagedQuery';
import { SERVER_TIME_HEADER, type TimersPage } from '../../../../src/shared/timers';
import { useApiQuery } from '../../shared/useApiQuery';
import { JOBS_URL } from '../scheduling/jobs';
import { clockOffset, useServerClock } from './serverClock';
import { CURRENT_TIMER_URL, RUNNING_TIMERS_URL, TIME_URL, timerUrl, type Timer, type TimersQuery } from './timers';

/** The signed-in user's running timer (null when none), and the server's clock with it. */
export function useCurrentTimer() {
  return useQuery({
    queryKey: [CURRENT_TIMER_URL],
    queryFn: async ({ signal }) => {
      const sentAt = Date.now();
      let serverTime = Number.NaN;
      const timer = await api.get<Timer | null>(CURRENT_TIMER_URL, {
        signal,
        onResponse: (r) => (serverTime = Number(r.headers.get(SERVER_TIME_HEADER))),
      });
      if (Number.isFinite(serverTime)) useServerClock.getState().setOffset(clockOffset(serverTime, sentAt, Date.now()));
      return timer || null;
    },
  });
}

/** Every timer running in the organization now (Home's today panel, for schedulers). */
export const useRunningTimers = () => useApiQuery<Timer[]>(RUNNING_TIMERS_URL);

export const useTimersPage = (base: string, query: TimersQuery) =>
  useApiQuery<TimersPage>(pagedUrl(base, query), { keepPrevious: true });

/** Timer tables, the running timer, and the calendars (their time and mileage marks) refetch after a change. */
const refetchTimers = () => invalidateUrls([TIME_URL, JOBS_URL]);

export interface TimerPayload {
  type?: string;
  jobId?: string | null;
  mileageStart?: number | null;
  mileageEnd?: number | null;
  label?: string | null;
  startDateTime?: string;
  endDateTime?: string | null;
}

export function useStartTimer() {
  return useMutation({
    mutationFn: (body: TimerPayload) => api.post<{ success: true; data: { id: string } }>(TIME_URL, body),
    onSettled: refetchTimers,
  });
}

/** Stops (an end for a running timer) and edits. */
export function useSaveTimer() {
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TimerPayload }) => api.patch(timerUrl(id), body),
    onSettled: refetchTimers,
  });
}

export function useDeleteTimer() {
  return useMutation({
    mutationFn: (id: string) => api.delete(timerUrl(id)),
    onSettled: refetchTimers,
  });
}

/** A manager adds a person's missing time on a job (Home's "ended without tracked time", issue #26). */
export const TIME_FOR_PERSON_URL = `${TIME_URL}/for-person`;

export function useAddTimeFor() {
  return useMutation({
    mutationFn: (body: { userId: string; jobId: string; startDateTime: string; endDateTime: string }) =>
      api.post<{ success: true; data: { id: string } }>(TIME_FOR_PERSON_URL, body),
    onSettled: refetchTimers,
  });
}
