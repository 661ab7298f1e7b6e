import type { CommandMeta } from '../core/commands/aggregates';

/** An entry as sent: ids are optional (new entries), the rest is checked by the decider. */
export interface AvailabilityEntryRequest {
  /** An existing entry's id; anything else (or nothing) makes a new entry. */
  id?: unknown;
  weekDay: string;
  startTime: string;
  endTime: string;
}

/** Replaces a user's weekly availability. */
export class SetAvailability {
  constructor(
    readonly userId: string,
    readonly entries: AvailabilityEntryRequest[],
    readonly meta: CommandMeta,
  ) {}
}

/** Replaces a user's time off: `timeOff` as sent ({ id?, from, to, note }[]), checked by the decider. */
export class SetTimeOff {
  constructor(
    readonly userId: string,
    readonly timeOff: unknown[],
    readonly meta: CommandMeta,
  ) {}
}
