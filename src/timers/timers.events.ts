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

export const timersStreams = {
  timer: (id: string) => `timer-${id}`,
  running: (userId: string) => `runningTimer-${userId}`,
};
