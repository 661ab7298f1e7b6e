import type { TimerView } from '../shared/timers';

/** Read model of timers: one row per timer, for the tracked-times tables and the running timer. */
export const TIMERS = 'timers';

/** The timer as the API shows it (TimerView), stored by `_id` with its organization. */
export interface TimerDoc extends Omit<TimerView, 'id'> {
  _id: string;
  organizationId: string;
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

/** What a calendar's marks read of a timer. */
export type JobTimeEntry = Pick<
  TimerView,
  'id' | 'userId' | 'type' | 'startDateTime' | 'endDateTime' | 'mileageStart' | 'mileageEnd'
>;
