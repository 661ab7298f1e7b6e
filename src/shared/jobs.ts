// Jobs on the wire (spec §3 Job, Recurrence), shared by the server and the client: imports nothing (see
// docs/wire-contract.md). The server's calendar (src/calendar/job-views.ts) builds JobView; every
// calendar, Home and the job modal read it.

/** A person on a job, and a row of the active-employees lookup: name and colour as the calendars show them. */
export interface JobPerson {
  id: string;
  fullName: string;
  colorCode: string | null;
}

/**
 * The job's customer with its address; a deleted customer keeps its jobs, named "… (deleted)". The address fields are
 * customers.ts's `CustomerAddress` (a file here imports nothing, so they are written again; src/calendar/job-views.ts
 * checks that the two agree).
 */
export interface JobCustomer {
  id: string;
  name: string;
  deleted: boolean;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
}

/** How often a recurring job happens (a one-time job has no recurrence model). */
export const RECURRING_FREQUENCIES = ['Daily', 'Weekly', 'Monthly'] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];

/** The series an occurrence belongs to; null for a one-time job. */
export interface JobRecurrenceModel {
  id: string;
  recurringFrequency: RecurringFrequency;
  /** Weekly: comma-separated lowercase weekday names ('monday,thursday'). */
  recurrenceDays: string;
  weeklyRecurrence: number;
  /** Last date (YYYY-MM-DD) an occurrence may start on; null = no end. */
  expireDate: string | null;
}

/** A timer recorded on a job: what the calendars' "time submitted" and "mileage submitted" marks read. */
export interface JobTrackedTime {
  id: string;
  userId: string;
  type: 'Unassigned' | 'Mileage' | 'Job';
  startDateTime: string;
  /** null while it runs. */
  endDateTime: string | null;
  mileageStart: number | null;
  mileageEnd: number | null;
}

/** An employee's request to pick up an open job or occurrence, as it stands (spec §2 Job Requests). */
export type RequestStatus = 'pending' | 'approved' | 'denied' | 'notChosen' | 'cancelled';

/** A job or one occurrence of a recurring job as the API shows it (spec §3 Job). */
export interface JobView {
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
  /** Booked online by a visitor on a booking link (#16), in their name. */
  selfBooked: boolean;
  scheduledOnBehalfOf: string | null;
  /** No lead and nobody assigned. */
  isOpen: boolean;
  /** Time and mileage recorded on the job. */
  trackedTimes: readonly JobTrackedTime[];
  /** On requestable calendars: the viewer's own request to pick this job up, if any. */
  requestStatus: RequestStatus | null;
  jobRecurrenceModel: JobRecurrenceModel | null;
}
