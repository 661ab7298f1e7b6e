import type { CommandMeta } from '../core/commands/aggregates';
import type { CurrentUser } from '../identity/current-user';
import type { CalendarFeedScope } from '../identity/identity.events';

/** Makes the person's feed link of that scope, replacing the one in force (a reset). */
export class IssueCalendarFeed {
  constructor(
    readonly scope: CalendarFeedScope,
    readonly actor: CurrentUser,
    readonly meta: CommandMeta,
  ) {}
}

/** Turns the person's feed link of that scope off. */
export class RevokeCalendarFeed {
  constructor(
    readonly scope: CalendarFeedScope,
    readonly actor: CurrentUser,
    readonly meta: CommandMeta,
  ) {}
}
