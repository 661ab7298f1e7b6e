import type { CommandMeta } from '../core/commands/aggregates';
import type { CurrentUser } from '../identity/current-user';

/** A crew member tells the job's customer they are on the way, arriving in `etaMinutes`. */
export class SendOnMyWay {
  constructor(
    readonly jobId: string,
    readonly etaMinutes: number,
    readonly actor: CurrentUser,
    readonly meta: CommandMeta,
  ) {}
}

/** Whether the job's customer was told today (the organization's day) that the crew is on the way. */
export class GetOnMyWay {
  constructor(
    readonly jobId: string,
    readonly organizationId: string,
  ) {}
}
