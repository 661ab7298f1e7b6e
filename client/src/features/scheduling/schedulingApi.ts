import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';
import { invalidateUrls } from '../../app/queryClient';
import { useApiQuery } from '../../shared/useApiQuery';
import { userAvailabilityUrl } from '../availability/availability';
import { fetchUserAvailability } from '../availability/availabilityApi';
import { useHasClaim } from '../session/session';
import { rangeUrl, type DayRange } from './calendarRange';
import { CLASHES_URL, type ClashQuestion, type ClashReport } from './clashes';
import type { JobModel } from './jobForm';
import {
  ACTIVE_EMPLOYEES_URL,
  CALENDAR_BATCH_URL,
  CREATE_JOB_URL,
  CUSTOMER_LOOKUP_URL,
  JOBS_URL,
  jobUrl,
  seriesUrl,
  type CustomerOption,
  type EmployeeOption,
  type Job,
} from './jobs';
import type { RecurrenceModel } from './recurrenceForm';

/** A calendar's jobs for its visible days (`base` is /api/jobs/user or /api/jobs/syncfusion/fetch). */
export function useCalendarJobs(base: string, range: DayRange | null, extra?: Record<string, string>) {
  return useApiQuery<Job[]>(range ? rangeUrl(base, range, extra) : null, { keepPrevious: true });
}

/** One job or occurrence (a link to it, `?job=<id>`); nothing is read while `id` is null. */
export const useJob = (id: string | null) => useApiQuery<Job>(id ? jobUrl(id) : null);

/** Active employees for the pickers, filter and TimelineDay rows (GET /api/users/lookup, jobs.crud). */
export function useActiveEmployees(): { employees: EmployeeOption[] | undefined; isError: boolean } {
  const employees = useApiQuery<EmployeeOption[]>(ACTIVE_EMPLOYEES_URL);
  return { employees: employees.data, isError: employees.isError };
}

/** Customers for the picker and filter (up to 1000, by name); empty without customers.crud. */
export function useCustomerOptions() {
  const canListCustomers = useHasClaim('customers.crud');
  return useApiQuery<CustomerOption[]>(canListCustomers ? CUSTOMER_LOOKUP_URL : null);
}

/** Every calendar, upcoming jobs, and job histories refetch after a change (the socket tells the others). */
const refetchJobs = () => invalidateUrls([JOBS_URL]);

export function useCreateJob() {
  return useMutation({
    mutationFn: (body: { jobModel: JobModel; recurrenceModel: RecurrenceModel }) =>
      api.post<{ success: true; data: { id: string; recurrenceId: string | null } }>(CREATE_JOB_URL, body),
    onSuccess: refetchJobs,
  });
}

export type Scope = 'occurrence' | 'series';

/** PATCH /api/jobs/{id}: this job or occurrence, or (scope=series) the whole series it belongs to. */
export function useChangeJob() {
  return useMutation({
    mutationFn: ({ id, body, scope }: { id: string; body: object; scope: Scope }) =>
      api.patch(scope === 'series' ? `${jobUrl(id)}?scope=series` : jobUrl(id), body),
    onSuccess: refetchJobs,
  });
}

/** A one-time job or one occurrence (DELETE /api/jobs/{id}), or the whole series (DELETE /api/recurrences/{id}). */
export function useDeleteJob() {
  return useMutation({
    mutationFn: ({ job, scope }: { job: Job; scope: Scope }) =>
      scope === 'series' && job.jobRecurrenceModel
        ? api.delete(seriesUrl(job.jobRecurrenceModel.id))
        : api.delete(jobUrl(job.id)),
    onSuccess: refetchJobs,
  });
}

export interface CalendarChange {
  id: string;
  startDateTime?: string;
  endDateTime?: string;
  userIds?: string[];
  /** TimelineDay: the person of the row a job is dropped on leads it. */
  leadUserId?: string | null;
}

/** The change that puts back what `change` changed: the same fields, as the job had them. */
export function changedBack(
  job: Pick<Job, 'startDateTime' | 'endDateTime' | 'userIds' | 'leadUserId'>,
  change: CalendarChange,
): CalendarChange {
  const back: CalendarChange = { id: change.id };
  if (change.startDateTime !== undefined) back.startDateTime = job.startDateTime;
  if (change.endDateTime !== undefined) back.endDateTime = job.endDateTime;
  if (change.userIds !== undefined) back.userIds = job.userIds;
  if (change.leadUserId !== undefined) back.leadUserId = job.leadUserId;
  return back;
}

/** Drag, resize and TimelineDay reassignment: each change applies to that job or occurrence only. */
export function useCalendarBatch() {
  return useMutation({
    mutationFn: (changed: CalendarChange[]) => api.post(CALENDAR_BATCH_URL, { changed }),
    onSuccess: refetchJobs,
  });
}

/** An employee's weekly availability for the shading (cached under the same URL the availability editor uses). */
export function useAvailabilityShading(userId: string | null) {
  return useQuery({
    queryKey: [userAvailabilityUrl(userId ?? '')],
    queryFn: ({ signal }) => fetchUserAvailability(userId as string, signal),
    enabled: userId !== null,
  });
}

/** POST /api/jobs/clashes (issue #26): what clashes with a job as the form has it, over every occurrence. */
export const checkClashes = (question: ClashQuestion) => api.post<ClashReport>(CLASHES_URL, question);

/**
 * The clashes the job modal shows as the form is filled in: asked again only when the question changes, the last
 * answer kept while the next is read; a refusal is not retried (the save says why).
 */
export function useClashes(question: ClashQuestion | null) {
  const asked = question ? JSON.stringify(question) : null;
  return useQuery({
    queryKey: ['clashes', asked],
    queryFn: () => checkClashes(question!),
    enabled: asked !== null,
    placeholderData: (previous) => previous,
    retry: false,
    staleTime: 5_000,
  });
}
