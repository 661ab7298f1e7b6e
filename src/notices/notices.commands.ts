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
