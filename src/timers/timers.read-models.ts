import type { TimerType } from './timers.events';

/** Read model of timers: one row per timer, for the tracked-times tables and the running timer. */
export const TIMERS = 'timers';

export interface TimerDoc {
  _id: string;
  organizationId: string;
  userId: string;
  userFullName: string;
  type: TimerType;
  startDateTime: string;
  /** null while it runs. */
  endDateTime: string | null;
  mileageStart: number | null;
  mileageEnd: number | null;
  jobId: string | null;
  jobName: string | null;
  customerName: string | null;
  label: string | null;
  createdAt: string;
  /** The start's place in the log: orders timers created in the same millisecond. */
  sequence: number;
  _rev?: number;
}

/** The timers recorded on each job or occurrence, for the calendars' time and mileage marks: `_id` is the job's calendar id. */
export const JOB_TIMES = 'jobTimes';

export interface JobTimesDoc {
  _id: string;
  organizationId: string;
  timers: JobTimeEntry[];
}

export interface JobTimeEntry {
  id: string;
  userId: string;
  type: TimerType;
  startDateTime: string;
  endDateTime: string | null;
  mileageStart: number | null;
  mileageEnd: number | null;
}
