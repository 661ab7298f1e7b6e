import type { CommandMeta } from '../core/commands/aggregates';
import type { CurrentUser } from '../identity/current-user';

/** The signed-in employee asks to pick up an open job or occurrence. */
export class RequestJob {
  constructor(
    readonly jobId: string,
    readonly actor: CurrentUser,
    readonly meta: CommandMeta,
  ) {}
}

/** A manager approves (assigns the requester) or denies a request; `requestId` may be left out when only one is pending. */
export class AnswerJobRequest {
  constructor(
    readonly jobId: string,
    readonly requestId: string | null,
    readonly answer: 'approve' | 'deny',
    readonly actor: CurrentUser,
    readonly meta: CommandMeta,
  ) {}
}

/** The signed-in employee withdraws their own pending request on a job or occurrence. */
export class CancelJobRequest {
  constructor(
    readonly jobId: string,
    readonly actor: CurrentUser,
    readonly meta: CommandMeta,
  ) {}
}
