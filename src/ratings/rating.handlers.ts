import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates } from '../core/commands/aggregates';
import { newId } from '../core/clock';
import { NotFoundError, ValidationError } from '../core/errors';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { APP_CONFIG, AppConfig } from '../config/config';
import { findCalendarJob } from '../scheduling/calendar-jobs';
import { liveCustomer } from '../customers/customers.read-models';
import { isUnsubscribed, UNSUBSCRIBED_CONTACT } from '../customers/mail-opt-out';
import { EditRating, RequestRating, SubmitFeedback } from './ratings.commands';
import { ALREADY_SUBMITTED, LINK_NOT_FOUND, ratingDecider } from './rating.decider';
import { ratingsStreams } from './ratings.events';
import { ratingByTokenHash, ratingOf } from './ratings.read-models';
import { FeedbackThrottle } from './feedback-throttle';
import { feedbackToken, feedbackTokenHash, isFeedbackTokenShape } from './feedback-tokens';
import { ratedJob } from './rating-requests.process';

export const NO_CONTACT_EMAIL = "The customer's contact has no e-mail address to send the request to.";

/**
 * Records a request for the customer's contact to rate a finished job; the rating requests process mails
 * it (at once: it hears the request among the log's live events). Sending again issues a new link and the
 * old one stops working (only the latest request's token is accepted): a forwarded or leaked old e-mail
 * cannot answer for the customer.
 */
@CommandHandler(RequestRating)
export class RequestRatingHandler implements ICommandHandler<RequestRating> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ jobId, meta }: RequestRating) {
    const job = await findCalendarJob(this.store, meta.organizationId, jobId);
    if (!job) throw new NotFoundError('The job');
    const customer = job.customerId ? await liveCustomer(this.store, meta.organizationId, job.customerId) : null;
    if (job.customerId && !customer?.contactEmail) throw new ValidationError(NO_CONTACT_EMAIL);
    // Their own "no more": a manager's button does not override it (the customer's page says since when).
    if (customer?.contactEmail && (await isUnsubscribed(this.store, meta.organizationId, customer.contactEmail)))
      throw new ValidationError(UNSUBSCRIBED_CONTACT);
    const requestId = newId();
    await this.aggregates.execute(
      ratingsStreams.rating(job.id),
      ratingDecider,
      {
        type: 'RequestRating',
        ratingId: job.id,
        organizationId: meta.organizationId,
        job: ratedJob(job),
        tokenHash: feedbackTokenHash(feedbackToken(this.config.sessionSecret, requestId)),
        requestedBy: meta.actorUserId ?? 'system',
        at: meta.at,
        requestId,
        automated: false,
      },
      meta,
    );
  }
}

/** Exactly one submission wins: a second one, even at the same moment, loses the stream's expected revision. */
@CommandHandler(SubmitFeedback)
export class SubmitFeedbackHandler implements ICommandHandler<SubmitFeedback> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly throttle: FeedbackThrottle,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async execute({ token, rating, comments, ipAddress, meta }: SubmitFeedback) {
    await this.throttle.submission(ipAddress);
    const tokenHash = isFeedbackTokenShape(token) ? feedbackTokenHash(token) : null;
    const found = tokenHash ? await ratingByTokenHash(this.store, tokenHash) : null;
    if (!found || !tokenHash) throw new NotFoundError('This feedback link', LINK_NOT_FOUND);
    await this.aggregates.execute(
      ratingsStreams.rating(found._id),
      ratingDecider,
      { type: 'SubmitFeedback', tokenHash, at: meta.at, rating, comments },
      { ...meta, organizationId: found.organizationId, actorUserId: null },
      ALREADY_SUBMITTED,
    );
  }
}

@CommandHandler(EditRating)
export class EditRatingHandler implements ICommandHandler<EditRating> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async execute({ ratingId, rating, notes, meta }: EditRating) {
    // Only ids the read model knows name a stream: another organization's rating is not found.
    if (!(await ratingOf(this.store, meta.organizationId, ratingId))) throw new NotFoundError('The rating');
    await this.aggregates.execute(
      ratingsStreams.rating(ratingId),
      ratingDecider,
      { type: 'EditRating', organizationId: meta.organizationId, by: meta.actorUserId ?? 'system', rating, notes },
      meta,
    );
  }
}
