import type { CommandMeta } from '../core/commands/aggregates';

/** Commands of ratings: imperative, each with the metadata its events will carry. */

/** A manager sends (or sends again) the rating request of a finished job to its customer's contact. */
export class RequestRating {
  constructor(
    readonly jobId: string,
    readonly meta: CommandMeta,
  ) {}
}

/** The customer answers through the link's token (no session: the token names the organization). */
export class SubmitFeedback {
  constructor(
    readonly token: string,
    readonly rating: unknown,
    readonly comments: unknown,
    readonly ipAddress: string,
    readonly meta: CommandMeta,
  ) {}
}

/** A manager corrects a rating; the customer's own answer stays in its history. */
export class EditRating {
  constructor(
    readonly ratingId: string,
    readonly rating: unknown,
    readonly notes: unknown,
    readonly meta: CommandMeta,
  ) {}
}
