import type { CommandMeta } from '../core/commands/aggregates';
import type { CurrentUser } from '../identity/current-user';
import type { TimerFields } from './timers.events';

export type TimerInput = Partial<
  Pick<TimerFields, 'type' | 'start' | 'end' | 'mileageStart' | 'mileageEnd' | 'jobId' | 'label'>
> & {
  /** A manager's reason to edit approved time (issue #30 item 3): not a field of the timer. */
  reason?: string;
};

export class StartTimer {
  constructor(
    readonly input: TimerInput,
    readonly actor: CurrentUser,
    readonly meta: CommandMeta,
  ) {}
}

/** Stops (an end given to a running timer) and edits. */
export class ChangeTimer {
  constructor(
    readonly timerId: string,
    readonly input: TimerInput,
    readonly actor: CurrentUser,
    readonly meta: CommandMeta,
  ) {}
}

export class DeleteTimer {
  constructor(
    readonly timerId: string,
    readonly actor: CurrentUser,
    readonly meta: CommandMeta,
    /** A manager's reason, when the time is in an approved timesheet. */
    readonly reason?: string,
  ) {}
}

/** A manager records a whole tracked time on a job for another person of the organization (Home, issue #26). */
export class AddTimeFor {
  constructor(
    readonly input: {
      userId: string;
      jobId: string;
      start: string;
      end: string;
      label?: string | null;
      reason?: string;
    },
    readonly actor: CurrentUser,
    readonly meta: CommandMeta,
  ) {}
}

/** A manager approves or declines a time a phone sent later with its clock off (issue #29 item 5). */
export class AnswerTimeReview {
  constructor(
    readonly reviewId: string,
    readonly answer: 'approve' | 'decline',
    readonly actor: CurrentUser,
    readonly meta: CommandMeta,
  ) {}
}

/** What a command sent later answers when it went to review or met a change made meanwhile: words to show. */
export type OfflineOutcome = { reviewId: string; message: string } | { message: string } | Record<string, never>;

/** An Associate submits their timesheet of the pay period starting `periodStart` (issue #30 item 3). */
export class SubmitTimesheet {
  constructor(
    readonly periodStart: string,
    readonly actor: CurrentUser,
    readonly meta: CommandMeta,
  ) {}
}

/** A manager approves a person's timesheet, sends it back or unapproves it (with a reason for the last two). */
export class DecideTimesheet {
  constructor(
    readonly periodStart: string,
    readonly userId: string,
    readonly decision: 'approve' | 'sendBack' | 'unapprove',
    readonly reason: string | undefined,
    readonly actor: CurrentUser,
    readonly meta: CommandMeta,
  ) {}
}
