import type { DomainEvent } from '../core/decider';
import type { Change } from '../identity/identity.events';
import type { RecurrenceRule } from './recurrence';
import type { RequestDecision } from './job-request.events';

/** What a job is, apart from when it happens (spec §3 Job). */
export interface JobDetails {
  name: string;
  notes: string | null;
  number: string | null;
  type: string | null;
  /** Assigned staff. */
  userIds: string[];
  leadUserId: string | null;
  /** null: an Internal job. */
  customerId: string | null;
  /** Overrides the lead's colour (#RRGGBB). */
  colorOption: string | null;
  /** Only the lead and Company Admins see it on calendars. */
  hideFromScheduleView: boolean;
  /** An availability block rather than work: shown shaded, never dragged. */
  availabilityOnly: boolean;
  /** Booked by a visitor on a booking link (#16): absent on jobs scheduled by staff. */
  selfBooked?: boolean;
  /** Who booked it, as they gave their name; with selfBooked. */
  scheduledOnBehalfOf?: string | null;
  /** The booking's id (its public page, /share/booking/{id}); with selfBooked. */
  bookingId?: string | null;
}

export interface JobTiming {
  /** UTC ISO instants. */
  start: string;
  end: string;
}

export type JobFields = JobDetails & JobTiming;
export type JobChanges = { [K in keyof JobFields]?: Change<JobFields[K]> };

/** A one-time job: stream `job-<id>`. */
export type JobEvent =
  | DomainEvent<'JobScheduled', { jobId: string; organizationId: string } & JobFields>
  | DomainEvent<'JobChanged', { jobId: string; organizationId: string; changes: JobChanges }>
  | DomainEvent<'JobDeleted', { jobId: string; organizationId: string }>
  | RequestEvent<{ jobId: string; organizationId: string }>;

/** Requests to pick up an open job or occurrence, recorded in its stream (job-request.rules.ts). */
export type RequestEvent<Ids> = {
  [T in RequestDecision['type']]: DomainEvent<T, Ids & Extract<RequestDecision, { type: T }>['data']>;
}[RequestDecision['type']];

/**
 * A recurring job: stream `jobSeries-<id>`. Occurrences are computed from the rule; one changed or
 * deleted on its own is recorded here by its id (`<seriesId>_<original start>`), which it keeps.
 */
export type JobSeriesEvent =
  | DomainEvent<
      'JobSeriesScheduled',
      { seriesId: string; organizationId: string; timeZone: string; rule: RecurrenceRule } & JobFields
    >
  | DomainEvent<
      'JobSeriesChanged',
      { seriesId: string; organizationId: string; changes: JobChanges; rule?: Change<RecurrenceRule> }
    >
  | DomainEvent<
      'OccurrenceChanged',
      { seriesId: string; organizationId: string; occurrenceId: string; originalStart: string; changes: JobChanges }
    >
  | DomainEvent<
      'OccurrenceDeleted',
      { seriesId: string; organizationId: string; occurrenceId: string; originalStart: string }
    >
  | DomainEvent<'JobSeriesDeleted', { seriesId: string; organizationId: string }>
  | RequestEvent<{ seriesId: string; organizationId: string; occurrenceId: string; originalStart: string }>;

export const schedulingStreams = {
  job: (id: string) => `job-${id}`,
  series: (id: string) => `jobSeries-${id}`,
};
