import type { DomainEvent } from '../core/decider';
import type { Change } from '../identity/identity.events';

export const TIMER_TYPES = ['Unassigned', 'Mileage', 'Job'] as const;
export type TimerType = (typeof TIMER_TYPES)[number];

/** What a timer records (spec §3 Timer); instants in UTC ISO, `end` null while it runs. */
export interface TimerFields {
  type: TimerType;
  start: string;
  end: string | null;
  mileageStart: number | null;
  mileageEnd: number | null;
  /** A job or an occurrence (`<seriesId>_<YYYYMMDD>`), with its name and customer when the timer was set to it. */
  jobId: string | null;
  jobName: string | null;
  customerName: string | null;
  label: string | null;
}

export type TimerChanges = { [K in keyof TimerFields]?: Change<TimerFields[K]> };

type Ids = { timerId: string; organizationId: string; userId: string };

/** One timer: stream `timer-<id>`. */
export type TimerEvent =
  | DomainEvent<'TimerStarted', Ids & Omit<TimerFields, 'end' | 'mileageEnd'>>
  | DomainEvent<'TimerStopped', Ids & { end: string; mileageEnd: number | null }>
  | DomainEvent<'TimerChanged', Ids & { changes: TimerChanges }>
  | DomainEvent<'TimerDeleted', Ids>;

/**
 * Which timer runs for a user: stream `runningTimer-<userId>`, decided by its latest event alone, so
 * two devices starting at once meet at one expected revision and only one wins.
 */
export type RunningTimerEvent =
  | DomainEvent<'TimerClaimed', { userId: string; organizationId: string; timerId: string; at: string }>
  | DomainEvent<'TimerReleased', { userId: string; organizationId: string; timerId: string }>;

export const timerStreams = {
  timer: (id: string) => `timer-${id}`,
  running: (userId: string) => `runningTimer-${userId}`,
};
