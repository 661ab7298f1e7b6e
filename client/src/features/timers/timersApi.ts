import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';
import { invalidateUrls, queryClient } from '../../app/queryClient';
import { useAppStore } from '../../app/store';
import { jobInLocalCopy, timerInLocalCopy } from '../offline/localCopy';
import { outbox } from '../offline/offline';
import { pagedUrl } from '../../shared/pagedQuery';
import { SERVER_TIME_HEADER, type TimersPage } from '../../../../src/shared/timers';
import { useApiQuery } from '../../shared/useApiQuery';
import { JOBS_URL } from '../scheduling/jobs';
import { clockOffset, serverNow, useServerClock } from './serverClock';
import {
  CURRENT_TIMER_URL,
  RUNNING_TIMERS_URL,
  TIME_URL,
  timerTitle,
  timerUrl,
  type Timer,
  type TimersQuery,
} from './timers';

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
  /** Edit approved time (issue #30): a manager's reason to change a time in an approved timesheet. */
  reason?: string;
}

/**
 * Starts a timer through the outbox (issue #29): shown running at once, sent now or when the network is back. The
 * local timer carries what the screens show of it (the job's name from the jobs the phone holds).
 */
export function useStartTimer() {
  return useMutation({
    networkMode: 'always',
    mutationFn: (body: TimerPayload) => {
      const session = useAppStore.getState().session;
      const job = body.jobId ? jobInLocalCopy(queryClient, body.jobId) : null;
      const timer: Timer = {
        id: '', // the outbox names it after its command until the server names it
        type: (body.type ?? 'Unassigned') as Timer['type'],
        jobId: body.jobId ?? null,
        jobName: job?.name ?? null,
        customerId: job?.customerId ?? null,
        customerName: job?.customer?.name ?? null,
        label: body.label ?? null,
        mileageStart: body.mileageStart ?? null,
        mileageEnd: null,
        startDateTime: new Date(serverNow()).toISOString(),
        endDateTime: null,
        userId: session?.user.id ?? '',
        userFullName: session ? `${session.user.firstName} ${session.user.lastName}` : '',
        createdAt: new Date(serverNow()).toISOString(),
      };
      return outbox.perform<{ success: true; data: { id: string } }>({
        method: 'POST',
        url: TIME_URL,
        body: { ...body },
        label: `Start timer · ${timerTitle(timer)}`,
        effect: { kind: 'startTimer', timer },
      });
    },
    onSettled: refetchTimers,
  });
}

/** Stops (an end for a running timer) and edits, through the outbox like a start. */
export function useSaveTimer() {
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ id, body }: { id: string; body: TimerPayload }) => {
      const timer = timerInLocalCopy(queryClient, id);
      const changes: Partial<Timer> = Object.fromEntries(
        Object.entries(body).filter(([k, v]) => v !== undefined && k !== 'reason'),
      );
      if (body.jobId !== undefined) {
        const job = body.jobId ? jobInLocalCopy(queryClient, body.jobId) : null;
        Object.assign(changes, { jobName: job?.name ?? null, customerName: job?.customer?.name ?? null });
      }
      const stops = timer !== null && timer.endDateTime === null && !!body.endDateTime;
      const title = timer ? timerTitle(timer) : 'a timer';
      return outbox.perform({
        method: 'PATCH',
        url: timerUrl(id),
        body: { ...body },
        label: `${stops ? 'Stop timer' : 'Edit time'} · ${title}`,
        effect: { kind: 'changeTimer', timerId: id, changes },
      });
    },
    onSettled: refetchTimers,
  });
}

export function useDeleteTimer() {
  return useMutation({
    /** `reason`: a manager's, for a time in an approved timesheet (issue #30). */
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      api.delete(timerUrl(id), reason === undefined ? undefined : { body: { reason } }),
    onSettled: refetchTimers,
  });
}

/** A manager adds a person's missing time on a job (Home's "ended without tracked time", issue #26). */
export const TIME_FOR_PERSON_URL = `${TIME_URL}/for-person`;

export function useAddTimeFor() {
  return useMutation({
    mutationFn: (body: {
      userId: string;
      jobId: string;
      startDateTime: string;
      endDateTime: string;
      /** Edit approved time: the day is in the person's approved timesheet (issue #30). */
      reason?: string;
    }) => api.post<{ success: true; data: { id: string } }>(TIME_FOR_PERSON_URL, body),
    onSettled: refetchTimers,
  });
}
