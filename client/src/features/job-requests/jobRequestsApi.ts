import { useMutation } from '@tanstack/react-query';
import { api } from '../../app/api';
import { invalidateUrls, queryClient } from '../../app/queryClient';
import { jobInLocalCopy } from '../offline/localCopy';
import { outbox } from '../offline/offline';
import { useAppStore } from '../../app/store';
import { useApiQuery } from '../../shared/useApiQuery';
import { useHasClaim } from '../session/session';
import { JOBS_URL, jobUrl } from '../scheduling/jobs';

export type { JobRequestView as JobRequest } from '../../../../src/shared/job-requests';
import type { JobRequestView } from '../../../../src/shared/job-requests';

export const JOB_REQUESTS_URL = `${JOBS_URL}/requests`;

/** Whether this organization lets staff pick up open jobs (Organization Settings). */
export const usePickUpEnabled = () => useAppStore((s) => s.session?.company.pickUpJobsEnabled ?? false);

/** Pending requests for schedulers, when picking up jobs is on; pushes keep it fresh. */
export function useJobRequests() {
  // Both hooks on every render: a short-circuit skipped one while pick-up was off, and React threw when it was turned on.
  const pickUpEnabled = usePickUpEnabled();
  const canSchedule = useHasClaim('jobs.crud');
  return useApiQuery<JobRequestView[]>(pickUpEnabled && canSchedule ? JOB_REQUESTS_URL : null);
}

export function useAnswerRequest() {
  return useMutation({
    mutationFn: ({ request, answer }: { request: JobRequestView; answer: 'approve' | 'deny' }) =>
      api.post<{ success: true; message: string }>(
        `${jobUrl(request.jobId)}/request/${answer === 'approve' ? 'approve' : 'clear'}`,
        { requestId: request.id },
      ),
    onSettled: () => invalidateUrls([JOBS_URL]),
  });
}

/** Requests an open job through the outbox (issue #29): marked requested at once, sent now or when back online. */
export function useRequestJob() {
  return useMutation({
    networkMode: 'always',
    mutationFn: (jobId: string) =>
      outbox.perform<{ success: true; message: string }>({
        method: 'POST',
        url: `${jobUrl(jobId)}/request`,
        body: {},
        label: `Request · ${jobInLocalCopy(queryClient, jobId)?.name ?? 'an open job'}`,
        effect: { kind: 'requestJob', jobId },
      }),
    onSettled: () => invalidateUrls([JOBS_URL]),
  });
}

/** Withdraws the signed-in person's own pending request ('Your request was cancelled'), through the outbox too. */
export function useCancelRequest() {
  return useMutation({
    networkMode: 'always',
    mutationFn: (jobId: string) =>
      outbox.perform<{ success: true; message: string }>({
        method: 'DELETE',
        url: `${jobUrl(jobId)}/request`,
        label: `Cancel request · ${jobInLocalCopy(queryClient, jobId)?.name ?? 'a job'}`,
        effect: { kind: 'cancelRequest', jobId },
      }),
    onSettled: () => invalidateUrls([JOBS_URL]),
  });
}

/** What the requester is told when their request is answered or closed. */
export function answeredMessage(status: 'approved' | 'denied' | 'notChosen' | 'cancelled', jobName: string): string {
  switch (status) {
    case 'approved':
      return `Your request for ${jobName} was approved. It is on your calendar.`;
    case 'denied':
      return `Your request for ${jobName} was denied.`;
    case 'notChosen':
      return `${jobName} was given to another employee.`;
    case 'cancelled':
      return `${jobName} was deleted, so your request was closed.`;
  }
}
