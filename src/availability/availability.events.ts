import type { DomainEvent } from '../core/decider';

import type { WeekDay } from '../shared/availability';

/** Spec §3 Availability's days, Monday first, are the wire's (src/shared/availability.ts). */
export { WEEK_DAYS, type WeekDay } from '../shared/availability';

/** One stretch of a weekday an employee can work, in the organization's local wall-clock time. */
export interface AvailabilityEntry {
  id: string;
  weekDay: WeekDay;
  /** 'HH:mm', on a 15-minute step. */
  startTime: string;
  /** 'HH:mm' after startTime; '24:00' is the end of the day (so a slot can run past midnight). */
  endTime: string;
}

/** Whole days an employee takes off (#24): organization days, both ends included; no booking slots then. */
export interface TimeOff {
  id: string;
  /** YYYY-MM-DD, the organization's zone. */
  from: string;
  to: string;
  note: string | null;
  /** A part of one day (#26): 'HH:mm' wall-clock hours, both or neither (absent: whole days). */
  startTime?: string;
  endTime?: string;
}

export type AvailabilityEvent =
  /** The whole week is replaced at once; `previous` is the week before, so the audit reads old → new. */
  | DomainEvent<
      'AvailabilitySet',
      {
        userId: string;
        organizationId: string;
        entries: AvailabilityEntry[];
        previous: AvailabilityEntry[];
      }
    >
  /** The whole list of time off is replaced at once, in date order; `previous` is the list before. */
  | DomainEvent<'TimeOffSet', { userId: string; organizationId: string; timeOff: TimeOff[]; previous: TimeOff[] }>;

export const availabilityStreams = {
  /** One stream per employee: their weekly availability. */
  availability: (userId: string) => `availability-${userId}`,
};
