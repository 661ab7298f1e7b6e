/** Jobs as the API shows them (spec §3 Job, Recurrence) and the URLs of scheduling. */

export interface JobPerson {
  id: string;
  fullName: string;
  colorCode: string | null;
}

export interface JobCustomer {
  id: string;
  name: string;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
}

export const FREQUENCIES = ['Daily', 'Weekly', 'Monthly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** The series an occurrence belongs to; null for a one-time job. */
export interface JobRecurrenceModel {
  id: string;
  recurringFrequency: Frequency;
  /** Weekly: comma-separated lowercase weekday names ('monday,thursday'). */
  recurrenceDays: string;
  weeklyRecurrence: number;
  /** Last date (YYYY-MM-DD) an occurrence may start on; null = no end. */
  expireDate: string | null;
}

export interface Job {
  /** A one-time job's id, or `<seriesId>_<yyyymmdd>` for an occurrence of a recurring job. */
  id: string;
  name: string;
  notes: string | null;
  number: string | null;
  type: string | null;
  /** UTC ISO instants. */
  startDateTime: string;
  endDateTime: string;
  userIds: string[];
  users: JobPerson[];
  leadUserId: string | null;
  leadUser: JobPerson | null;
  customerId: string | null;
  customer: JobCustomer | null;
  colorOption: string | null;
  /** Spec §4, computed by the server: own colour, else the lead's, else Internal red, else Available navy. */
  color: string;
  hideFromScheduleView: boolean;
  availabilityOnly: boolean;
  isOpen: boolean;
  /** Booked online by a visitor (#16), in their name. */
  selfBooked?: boolean;
  scheduledOnBehalfOf?: string | null;
  /** Time and mileage recorded on the job (the calendars' marks). */
  trackedTimes: TrackedTime[];
  /** On Home's requestable calendar: the signed-in employee's own request for this job, if any. */
  requestStatus: RequestStatus | null;
  jobRecurrenceModel: JobRecurrenceModel | null;
}

import type { RequestStatus } from '../../../../src/scheduling/job-request.events';

export interface TrackedTime {
  id: string;
  userId: string;
  type: 'Unassigned' | 'Mileage' | 'Job';
  startDateTime: string;
  endDateTime: string | null;
  mileageStart: number | null;
  mileageEnd: number | null;
}

/** One line of a job's history (GET /api/jobs/{id}/history): the server's own type. */
export type { AuditEntry as HistoryEntry } from '../../../../src/shared/audit';

export interface CustomerOption {
  id: string;
  name: string;
}

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

/** One line of a customer's address: '120 Maple Street, Springfield, NJ 07081'. */
export function customerAddress(customer: JobCustomer | null): string {
  if (!customer) return '';
  const region = [customer.state, customer.postalCode].filter(Boolean).join(' ');
  return [customer.address1, customer.address2, customer.city, region].filter((p) => p && p.trim()).join(', ');
}

/** A maps query for an address (spec §2 Customers: a maps link opens a maps query). */
export const mapsUrl = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
