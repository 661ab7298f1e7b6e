import type { DomainEvent } from '../core/decider';
import type { Change } from '../identity/identity.events';
import type { TimerBase } from '../shared/timers';

/** What a timer records (spec §3 Timer); instants in UTC ISO, `end` null while it runs. */
export interface TimerFields extends TimerBase {
  start: string;
  end: string | null;
}

export type TimerChanges = { [K in keyof TimerFields]?: Change<TimerFields[K]> };

type Ids = { timerId: string; organizationId: string; userId: string };

/** One timer: stream `timer-<id>`. */
export type TimerEvent =
  | DomainEvent<'TimerStarted', Ids & Omit<TimerFields, 'end' | 'mileageEnd'>>
  | DomainEvent<'TimerStopped', Ids & { end: string; mileageEnd: number | null }>
  | DomainEvent<'TimerChanged', Ids & { changes: TimerChanges }>
  /** A whole tracked time (start and end) a manager recorded for someone (`userId`); `addedBy` is the manager. */
  | DomainEvent<'TimeAdded', Ids & TimerFields & { end: string; addedBy: string }>
  | DomainEvent<'TimerDeleted', Ids>;

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

/** One review: stream `timeReview-<id>`. `reason` is the why in words, as the manager reads it. */
export type TimeReviewEvent =
  | DomainEvent<
      'TimeReviewRequested',
      ReviewIds & {
        request: TimeReviewRequest;
        /** When the person acted on the phone (its clock) and when it reached us (ours), UTC ISO. */
        deviceAt: string;
        receivedAt: string;
        clock: DeviceClockOff;
        reason: string;
      }
    >
  | DomainEvent<'TimeReviewApproved', ReviewIds>
  | DomainEvent<'TimeReviewDeclined', ReviewIds>;

export const timersStreams = {
  timer: (id: string) => `timer-${id}`,
  running: (userId: string) => `runningTimer-${userId}`,
  review: (id: string) => `timeReview-${id}`,
};
