/** Jobs as the API shows them (spec §3 Job, Recurrence) and the URLs of scheduling. */

/** The job on the wire, declared once in src/shared/jobs.ts (the server's calendar builds it); `Job` here. */
export type {
  JobView as Job,
  JobCustomer,
  JobPerson,
  JobRecurrenceModel,
  JobTrackedTime,
  RecurringFrequency,
  RequestStatus,
} from '../../../../src/shared/jobs';
import type { JobView as Job } from '../../../../src/shared/jobs';

/** One line of a job's history (GET /api/jobs/{id}/history): the server's own type. */
export type { AuditEntry as HistoryEntry } from '../../../../src/shared/audit';

/** The customer and employee lookups' choices (GET /api/customers/lookup, /api/users/lookup). */
export type { CustomerOption } from '../../../../src/shared/customers';
export type { EmployeeOption } from '../../../../src/shared/session';

export const JOBS_URL = '/api/jobs';
export const OWN_JOBS_URL = `${JOBS_URL}/user`;
export const UPCOMING_JOBS_URL = `${JOBS_URL}/upcoming`;
export const SCHEDULE_URL = `${JOBS_URL}/syncfusion/fetch`;
export const CALENDAR_BATCH_URL = `${JOBS_URL}/syncfusion/bulk`;
export const CREATE_JOB_URL = '/api/recurrence-jobs';
export const jobUrl = (id: string) => `${JOBS_URL}/${encodeURIComponent(id)}`;
export const jobHistoryUrl = (id: string) => `${jobUrl(id)}/history`;
export const seriesUrl = (recurrenceId: string) => `/api/recurrences/${encodeURIComponent(recurrenceId)}`;
export const CUSTOMER_LOOKUP_URL = '/api/customers/lookup';
/** Spec §9: dropdown lists load 1000 items; the schedule lists active employees only. */
export const ACTIVE_EMPLOYEES_URL = '/api/users/lookup';

/** Spec §9: drag interval, new job length, the width below which dragging is off. */
export const SNAP_MINUTES = 15;
export const NEW_JOB_MINUTES = 30;
export const DRAG_MIN_WIDTH_QUERY = '(min-width: 48em)'; // 768 px
export const BLOCK_DURATIONS = [15, 30, 60] as const;
export type BlockDuration = (typeof BLOCK_DURATIONS)[number];

export const isRecurring = (job: Pick<Job, 'jobRecurrenceModel'>) => job.jobRecurrenceModel !== null;

/** The people on a job: its lead and assignees, each once, lead first. */
export function jobPeopleIds(job: Pick<Job, 'leadUserId' | 'userIds'>): string[] {
  return [...new Set([...(job.leadUserId ? [job.leadUserId] : []), ...job.userIds])];
}

/** The address line and maps query are the server's too (its e-mails and calendar feeds). */
export { customerAddress, mapsUrl } from '../../../../src/shared/customers';
