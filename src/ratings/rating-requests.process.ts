import { DateTime } from 'luxon';
import type { AppConfig } from '../config/config';
import { Aggregates, CommandMeta, ProjectionProgress } from '../core/commands/aggregates';
import { Clock, derivedId } from '../core/clock';
import { ConflictError, ValidationError } from '../core/errors';
import type { EventStore } from '../core/event-store/event-store.port';
import { letter, type LetterFooter, type Letterhead } from '../core/mail/letter';
import type { Mailer, MailMessage } from '../core/mail/mail.port';
import type { LiveEvents, Process } from '../core/processes/process-host';
import type { ReadStore } from '../core/read-store/read-store.port';
import { CalendarJob, jobsBetween } from '../scheduling/calendar-jobs';
import { isBookedOnline, liveCustomer } from '../customers/customers.read-models';
import { organizationById, organizationsAskingForRatings } from '../identity/identity.read-models';
import { letterheadOf } from '../identity/mail-logo';
import { isUnsubscribed, unsubscribeFooter } from '../customers/mail-opt-out';
import { FEEDBACK_LINK_DAYS, JobSnapshot, ratingDecider } from './rating.decider';
import { RatingMailEvent, ratingsStreams } from './ratings.events';
import { ratingOf, RatingDoc, RatingMailDoc, unmailedRatingRequests } from './ratings.read-models';
import { automatedRequestId, feedbackToken, feedbackTokenHash } from './feedback-tokens';

/**
 * The process's own state, not a read model: per organization, the instant up to which every job that
 * ended was looked at. No projection owns the collection, so a rebuild keeps it.
 */
export const RATING_REQUEST_PROGRESS = 'ratingRequestProgress';
interface ProgressDoc {
  _id: string;
  doneUntil: string;
  [key: string]: unknown;
}

/** A job that ended longer ago than a link lives is not asked about, however long the process was away. */
const LOOKBACK_MS = FEEDBACK_LINK_DAYS * 86_400_000;
const MAILS_PER_TICK = 200;
const CAUGHT_UP_WITHIN_MS = 5_000;

/** The job as the request records it: name, times and staff (lead first). */
export const ratedJob = (job: CalendarJob): JobSnapshot => ({
  jobId: job.id,
  customerId: job.customerId,
  name: job.name,
  number: job.number,
  start: job.start,
  end: job.end,
  associateIds: [...new Set([...(job.leadUserId ? [job.leadUserId] : []), ...job.userIds])],
});

export interface RatingRequestsDeps {
  eventStore: EventStore;
  store: ReadStore;
  mailer: Mailer;
  aggregates: Aggregates;
  /** The projections of this process: a tick runs on read models that hold the log up to its head. */
  progress: ProjectionProgress;
  config: Pick<AppConfig, 'publicUrl' | 'sessionSecret' | 'ratingRequestsEveryMs'>;
  clock: Clock;
  log: { error(message: string, error: unknown): void };
  /** The log's live events: a manual request is mailed at once rather than at the next tick. */
  live: Pick<LiveEvents, 'subscribe'>;
}

/**
 * Rating requests, exactly once (#14): a process driven by a clock and the event log, run by the process host
 * of whichever process runs the log's processes (`runsLogProcesses`: the single instance, else the worker). A
 * request a person makes (a live `RatingRequested` not by 'system') starts a tick at once. Each tick:
 *
 * 1. For each organization with automated rating e-mails on, the jobs and occurrences that ended since
 *    it last looked (and since the setting was turned on) and have a customer whose contact has an
 *    e-mail get an automated RequestRating. Its request id derives from the job, and the decider turns
 *    any request after the first into nothing, while a lost race on the stream's revision means another
 *    instance recorded it: retried after a crash, run on two instances or after a rebuild, a job is
 *    requested once. The due times are the jobs' end times in the read models, so a restart resumes
 *    where the last tick got to.
 * 2. Every request not yet recorded as mailed (manual ones too) is mailed, then recorded as mailed
 *    (`ratingMail-<requestId>`). The link's token derives from the request id, so a crash between the
 *    two writes the same e-mail again: the same outbox file, or over SMTP the same Message-ID.
 */
export class RatingRequests implements Process {
  readonly name = 'rating requests';
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private started = false;

  constructor(private readonly deps: RatingRequestsDeps) {}

  start(): void {
    this.started = true;
    this.unsubscribe ??= this.deps.live.subscribe((event) => {
      // The process's own (automated) requests are mailed by the tick that records them.
      if (event.type === 'RatingRequested' && (event.data as { requestedBy?: string }).requestedBy !== 'system')
        this.kick();
    });
    this.schedule(this.deps.config.ratingRequestsEveryMs);
  }

  /** A request was just recorded: mail it now rather than at the next tick. */
  kick(): void {
    if (!this.started) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.started = false;
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number) {
    if (!this.started) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), ms);
  }

  private async run() {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.tick().catch((error) => this.deps.log.error('rating requests: the tick failed', error));
    await this.running;
    this.running = null;
    const soon = this.again;
    this.again = false;
    this.schedule(soon ? 0 : this.deps.config.ratingRequestsEveryMs);
  }

  /** One pass: request what came due, then mail what is unsent. */
  async tick(): Promise<void> {
    const { eventStore, progress } = this.deps;
    const head = await eventStore.headPosition();
    // Decided on read models behind the log, a job moved or created a moment ago could be missed.
    if (head && !(await progress.waitFor(head, CAUGHT_UP_WITHIN_MS))) return;
    await this.requestDue(this.deps.clock.now());
    await this.mailUnsent();
  }

  private async requestDue(now: Date) {
    for (const organization of await organizationsAskingForRatings(this.deps.store)) {
      try {
        await this.requestDueFor(organization._id, organization.automatedRatingEmailsSince ?? null, now);
      } catch (error) {
        // Its progress stays where it was: the next tick tries these jobs again.
        this.deps.log.error(`rating requests: organization ${organization._id}`, error);
      }
    }
  }

  private async requestDueFor(organizationId: string, since: string | null, now: Date) {
    const progress = this.deps.store.collection<ProgressDoc>(RATING_REQUEST_PROGRESS);
    const done = await progress.findOne({ _id: organizationId });
    // Instants as numbers: the read models write them with and without milliseconds.
    const until = now.getTime();
    // Turned on before the setting's time was recorded, and never looked at: from now on.
    const starts = [done?.doneUntil, since].filter((t): t is string => !!t).map(Date.parse);
    const after = Math.max(starts.length ? Math.max(...starts) : until, until - LOOKBACK_MS);
    if (after < until) {
      const ended = (await jobsBetween(this.deps.store, organizationId, new Date(after), now))
        .map((job) => ({ job, end: Date.parse(job.end) }))
        .filter(({ job, end }) => job.customerId && !job.availabilityOnly && end > after && end <= until)
        .sort((a, b) => a.end - b.end);
      for (const { job } of ended) await this.request(organizationId, job, now.toISOString());
    }
    await progress.updateOne({ _id: organizationId }, { $set: { doneUntil: now.toISOString() } }, { upsert: true });
  }

  private async request(organizationId: string, job: CalendarJob, at: string) {
    const customer = await liveCustomer(this.deps.store, organizationId, job.customerId!);
    // No address, or it asked for no more (src/customers/mail-opt-out.ts): nothing asked, nothing recorded.
    if (!customer?.contactEmail || (await isUnsubscribed(this.deps.store, organizationId, customer.contactEmail)))
      return;
    const requestId = automatedRequestId(job.id);
    const meta: CommandMeta = { organizationId, actorUserId: null, correlationId: requestId, at, eventId: requestId };
    try {
      await this.deps.aggregates.execute(
        ratingsStreams.rating(job.id),
        ratingDecider,
        {
          type: 'RequestRating',
          ratingId: job.id,
          organizationId,
          job: ratedJob(job),
          tokenHash: feedbackTokenHash(feedbackToken(this.deps.config.sessionSecret, requestId)),
          requestedBy: 'system',
          at,
          requestId,
          automated: true,
        },
        meta,
      );
    } catch (error) {
      // Another instance (or a manager) wrote to the stream first: requested already.
      if (error instanceof ConflictError) return;
      // The job's own data refuses it: skipped, not retried for ever (the others go on).
      if (error instanceof ValidationError) return this.deps.log.error(`rating requests: job ${job.id}`, error);
      throw error;
    }
  }

  private async mailUnsent() {
    for (const request of await unmailedRatingRequests(this.deps.store, MAILS_PER_TICK)) {
      try {
        await this.mail(request);
      } catch (error) {
        // Unrecorded, it is tried again at the next tick (an SMTP server that is down, say).
        this.deps.log.error(`rating requests: the e-mail of request ${request._id}`, error);
      }
    }
  }

  private async mail(request: RatingMailDoc) {
    const { store, config, eventStore, aggregates } = this.deps;
    const stream = ratingsStreams.mail(request._id);
    // Recorded already; the read model has not caught up with it yet.
    if (await eventStore.readLastEvent(stream)) return;
    const rating = await ratingOf(store, request.organizationId, request.ratingId);
    const token = feedbackToken(config.sessionSecret, request._id);
    let to: string | null = null;
    // Answered since, or replaced by a newer request (its link no longer works): nothing to send.
    if (rating && !rating.submitted && rating.tokenHash === feedbackTokenHash(token)) {
      const customer = await liveCustomer(store, request.organizationId, rating.customerId);
      // Unsubscribed between the request and its e-mail: recorded as not sent, like an address that is gone.
      if (customer?.contactEmail && !(await isUnsubscribed(store, request.organizationId, customer.contactEmail))) {
        const organization = await organizationById(store, request.organizationId);
        await this.deps.mailer.send(
          ratingRequestMail({
            id: `rating-request-${request._id}`,
            to: customer.contactEmail,
            // A visitor typed the name of a customer an online booking created: not echoed to the address they typed.
            contactFirstName: isBookedOnline(customer) ? null : customer.contactFirstName,
            organization: { name: organization?.name ?? 'We', timeZone: organization?.timeZone ?? 'UTC' },
            rating,
            link: `${config.publicUrl}/feedback/${token}`,
            from: letterheadOf(organization, config.publicUrl),
            footer: unsubscribeFooter(
              config,
              { _id: request.organizationId, name: organization?.name ?? 'your service provider' },
              customer._id,
              customer.contactEmail,
            ),
          }),
        );
        to = customer.contactEmail;
      }
    }
    const mailed: RatingMailEvent = {
      type: 'RatingRequestMailed',
      data: { requestId: request._id, ratingId: request.ratingId, organizationId: request.organizationId, to },
    };
    const at = this.deps.clock.now().toISOString();
    const id = derivedId(`rating request mailed:${request._id}`);
    try {
      await aggregates.append(stream, [mailed], 'no_stream', {
        organizationId: request.organizationId,
        actorUserId: null,
        correlationId: request._id,
        at,
        eventId: id,
      });
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
    }
  }
}

function ratingRequestMail(m: {
  id: string;
  to: string;
  contactFirstName: string | null;
  organization: { name: string; timeZone: string };
  rating: RatingDoc;
  link: string;
  from: Letterhead;
  footer: LetterFooter;
}): MailMessage {
  const date = DateTime.fromISO(m.rating.jobStart, { zone: m.organization.timeZone }).toFormat('LLLL d, yyyy');
  const job = m.rating.jobName;
  return letter({
    id: m.id,
    to: m.to,
    subject: `How did we do? ${job}, ${date}`,
    from: m.from,
    body: [
      `Hello${m.contactFirstName ? ` ${m.contactFirstName}` : ''},`,
      {
        lead: `${m.organization.name} would like to know how "${job}" on ${date} went. Please rate it here (the link works for ${FEEDBACK_LINK_DAYS} days):`,
        link: m.link,
        label: 'Rate your visit',
      },
      'Thank you!',
    ],
    footer: m.footer,
  });
}
