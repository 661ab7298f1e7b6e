import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DateTime } from 'luxon';
import { Aggregates } from '../core/commands/aggregates';
import { NotFoundError, ValidationError } from '../core/errors';
import { MAILER, Mailer } from '../core/mail/mail.port';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { APP_CONFIG, AppConfig } from '../config/config';
import { findCalendarJob } from '../calendar/calendar';
import { liveCustomer } from '../customers/customers.read-models';
import { organizationById } from '../identity/identity.read-models';
import { EditRating, RequestRating, SubmitFeedback } from './ratings.commands';
import { ALREADY_SUBMITTED, FEEDBACK_LINK_DAYS, LINK_NOT_FOUND, ratingDecider } from './rating.decider';
import { ratingsStreams } from './ratings.events';
import { ratingByTokenHash, ratingOf } from './ratings.read-models';
import { FeedbackThrottle } from './feedback-throttle';
import { feedbackTokenHash, isFeedbackTokenShape, newFeedbackToken } from './feedback-tokens';

export const NO_CONTACT_EMAIL = "The customer's contact has no e-mail address to send the request to.";

/**
 * Sends the customer's contact a link to the job's feedback page. Sending again issues a new link and
 * the old one stops working (only the latest request's token is accepted): a forwarded or leaked old
 * e-mail cannot answer for the customer. The e-mail goes after the request is recorded; if it fails,
 * the manager sends again.
 */
@CommandHandler(RequestRating)
export class RequestRatingHandler implements ICommandHandler<RequestRating> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ jobId, meta }: RequestRating) {
    const job = await findCalendarJob(this.store, meta.organizationId, jobId);
    if (!job) throw new NotFoundError('The job');
    const customer = job.customerId ? await liveCustomer(this.store, meta.organizationId, job.customerId) : null;
    if (job.customerId && !customer?.contactEmail) throw new ValidationError(NO_CONTACT_EMAIL);
    const token = newFeedbackToken();
    await this.aggregates.execute(
      ratingsStreams.rating(job.id),
      ratingDecider,
      {
        type: 'RequestRating',
        ratingId: job.id,
        organizationId: meta.organizationId,
        job: {
          jobId: job.id,
          customerId: job.customerId,
          name: job.name,
          start: job.start,
          end: job.end,
          associateIds: [...new Set([...(job.leadUserId ? [job.leadUserId] : []), ...job.userIds])],
        },
        tokenHash: feedbackTokenHash(token),
        requestedBy: meta.actorUserId ?? 'system',
        at: meta.at,
      },
      meta,
    );
    const organization = await organizationById(this.store, meta.organizationId);
    const date = DateTime.fromISO(job.start, { zone: organization?.timeZone ?? 'UTC' }).toFormat('LLLL d, yyyy');
    const from = organization?.name ?? 'We';
    await this.mailer.send({
      to: customer!.contactEmail!,
      subject: `How did we do? ${job.name}, ${date}`,
      text: `Hello ${customer!.contactFirstName},\n\n${from} would like to know how "${job.name}" on ${date} went. Please rate it here (the link works for ${FEEDBACK_LINK_DAYS} days):\n\n${this.config.publicUrl}/feedback/${token}\n\nThank you!\n`,
    });
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
