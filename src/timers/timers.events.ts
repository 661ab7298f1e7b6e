import type { DomainEvent } from '../core/decider';
import type { Change } from '../identity/identity.events';
import type { TimerBase } from '../shared/timers';
import type { ApprovedTimeEdit } from './locked-times';

/** What a timer records (spec §3 Timer); instants in UTC ISO, `end` null while it runs. */
export interface TimerFields extends TimerBase {
  start: string;
  end: string | null;
}

export type TimerChanges = { [K in keyof TimerFields]?: Change<TimerFields[K]> };

type Ids = { timerId: string; organizationId: string; userId: string };
/** A change in an approved timesheet: a manager's "Edit approved time", with their reason (issue #30 item 3). */
type Approved = { approvedTimeEdit?: ApprovedTimeEdit };

/** One timer: stream `timer-<id>`. */
export type TimerEvent =
  | DomainEvent<'TimerStarted', Ids & Omit<TimerFields, 'end' | 'mileageEnd'>>
  | DomainEvent<'TimerStopped', Ids & { end: string; mileageEnd: number | null }>
  | DomainEvent<'TimerChanged', Ids & { changes: TimerChanges } & Approved>
  /** A whole tracked time (start and end) a manager recorded for someone (`userId`); `addedBy` is the manager. */
  | DomainEvent<'TimeAdded', Ids & TimerFields & { end: string; addedBy: string } & Approved>
  | DomainEvent<'TimerDeleted', Ids & Approved>;

/**
 * Which timer runs for a user: stream `runningTimer-<userId>`, decided by its latest event alone, so
 * two devices starting at once meet at one expected revision and only one wins.
 */
export type RunningTimerEvent =
  | DomainEvent<'TimerClaimed', { userId: string; organizationId: string; timerId: string; at: string }>
  | DomainEvent<'TimerReleased', { userId: string; organizationId: string; timerId: string }>;

/**
 * What a phone sent later (offline) that a manager reviews before it counts (issue #29 item 5): a start, or a
 * change (a stop or an edit) of one timer. A start's review id is the id its timer gets when approved.
 */
export type TimeReviewRequest =
  | { kind: 'start'; fields: Omit<TimerFields, 'end' | 'mileageEnd'> }
  | {
      kind: 'change';
      changes: Partial<TimerFields>;
      /** The timer as it was when the change came, and its stream's revision: approving needs it unchanged since. */
      before: TimerFields;
      timerRevision: number;
    };

/** How far the phone's instant was from when it reached us, in minutes (negative: before), and the limit then. */
export interface DeviceClockOff {
  offsetMinutes: number;
  limitHours: number;
}

type ReviewIds = { reviewId: string; organizationId: string; userId: string; timerId: string };

/** The job a start sent later names, deleted while the phone was offline (issue #44 item 5), in the words' terms. */
export interface JobDeletedMeanwhile {
  jobId: string;
  jobName: string;
  /** Who deleted it (null: no person), and their name then. */
  deletedBy: string | null;
  deletedByName: string;
  /** When the deletion reached us, UTC ISO. */
  deletedAt: string;
}

/** One review: stream `timeReview-<id>`. `reason` is the why in words, as the manager reads it. */
export type TimeReviewEvent =
  | DomainEvent<
      'TimeReviewRequested',
      ReviewIds & {
        request: TimeReviewRequest;
        /** When the person acted on the phone (its clock) and when it reached us (ours), UTC ISO. */
        deviceAt: string;
        receivedAt: string;
        /** Null when the clock was within bounds and something else sent it (a deleted job). */
        clock: DeviceClockOff | null;
        reason: string;
        /** A start on a job deleted meanwhile (absent otherwise). */
        jobDeleted?: JobDeletedMeanwhile;
      }
    >
  /** The phone's stop of a start waiting for review, sent behind it: approved, the time is started and stopped. */
  | DomainEvent<'TimeReviewStopAdded', ReviewIds & { end: string; mileageEnd: number | null }>
  | DomainEvent<'TimeReviewApproved', ReviewIds>
  | DomainEvent<'TimeReviewDeclined', ReviewIds>;

export const timersStreams = {
  timer: (id: string) => `timer-${id}`,
  running: (userId: string) => `runningTimer-${userId}`,
  review: (id: string) => `timeReview-${id}`,
  timesheet: (userId: string, periodStart: string) => `timesheet-${userId}-${periodStart}`,
};

type TimesheetIds = { organizationId: string; userId: string; periodStart: string; periodEnd: string };

/**
 * One person's timesheet for one pay period (issue #30 item 3): stream `timesheet-<userId>-<periodStart>`. Approved,
 * its tracked times are locked; `reason` is the manager's, in their words.
 */
export type TimesheetEvent =
  | DomainEvent<'TimesheetSubmitted', TimesheetIds>
  | DomainEvent<'TimesheetApproved', TimesheetIds>
  | DomainEvent<'TimesheetSentBack', TimesheetIds & { reason: string }>
  | DomainEvent<'TimesheetUnapproved', TimesheetIds & { reason: string }>;
