import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler, IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Aggregates } from '../core/commands/aggregates';
import { CLOCK, Clock } from '../core/clock';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../core/errors';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { liveCustomer } from '../customers/customers.read-models';
import { organizationZone, userById } from '../identity/identity.read-models';
import { findCalendarJob, isOwnJob } from '../scheduling/calendar-jobs';
import { localDateOf } from '../scheduling/recurrence';
import { ON_MY_WAY_ETA_MINUTES, type OnMyWayStatus } from '../shared/notices';
import { GetOnMyWay, SendOnMyWay } from './notices.commands';
import { OnMyWayEvent, noticesStreams } from './notices.events';
import { onMyWaySentOn } from './notices.read-models';

export const NOT_ON_THE_CREW = 'You can only say you are on your way to jobs you are assigned to';
export const NO_ONE_TO_TELL = 'This job has no customer with an e-mail address to tell';
export const ALREADY_TOLD = 'The customer was already told you are on your way today';
export const ETA_PROBLEM = 'Choose an arrival in 15, 30, 45 or 60 minutes';

/** The organization's job or occurrence that "On my way" is about (not an availability entry), else a 404. */
async function jobOf(store: ReadStore, organizationId: string, jobId: string) {
  const job = jobId.length <= 100 ? await findCalendarJob(store, organizationId, jobId).catch(() => null) : null;
  if (!job || job.availabilityOnly) throw new NotFoundError('The job');
  return job;
}

/**
 * "On my way" (issue #31 item 4): recorded once per job and the organization's day (the stream is named by both and
 * appended only when new); the e-mail follows the log (`OnMyWayEmails`), and the job's History shows the event.
 */
@CommandHandler(SendOnMyWay)
export class SendOnMyWayHandler implements ICommandHandler<SendOnMyWay> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async execute({ jobId, etaMinutes, actor, meta }: SendOnMyWay): Promise<{ message: string }> {
    if (!ON_MY_WAY_ETA_MINUTES.includes(etaMinutes as never)) throw new ValidationError(ETA_PROBLEM);
    const job = await jobOf(this.store, meta.organizationId, jobId);
    if (!isOwnJob(actor.userId)(job)) throw new ForbiddenError(NOT_ON_THE_CREW);
    const customer = job.customerId ? await liveCustomer(this.store, meta.organizationId, job.customerId) : null;
    if (!customer?.contactEmail) throw new ConflictError(NO_ONE_TO_TELL);
    const zone = await organizationZone(this.store, meta.organizationId);
    const date = localDateOf(meta.at, zone);
    const event: OnMyWayEvent = {
      type: 'OnMyWaySent',
      data: {
        jobId: job.id,
        organizationId: meta.organizationId,
        userId: actor.userId,
        customerId: customer._id,
        etaMinutes,
        arriveBy: new Date(Date.parse(meta.at) + etaMinutes * 60_000).toISOString(),
        date,
      },
    };
    // A second time the same day meets the stream already there: a conflict, in these words.
    const stream = noticesStreams.onMyWay(job.id, date);
    await this.aggregates.settle(await this.aggregates.append(stream, [event], 'no_stream', meta, ALREADY_TOLD));
    return { message: `${customer.label} was told you are on your way, arriving in about ${etaMinutes} minutes` };
  }
}

/** Whether the customer was told today, for a job's details to show it was sent rather than offer it again (issue #44). */
@QueryHandler(GetOnMyWay)
export class GetOnMyWayHandler implements IQueryHandler<GetOnMyWay> {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ jobId, organizationId }: GetOnMyWay): Promise<OnMyWayStatus> {
    const job = await jobOf(this.store, organizationId, jobId);
    const today = localDateOf(this.clock.now().toISOString(), await organizationZone(this.store, organizationId));
    const sent = await onMyWaySentOn(this.store, organizationId, job.id, today);
    if (!sent) return { sent: null };
    const by = await userById(this.store, sent.userId);
    return {
      sent: {
        at: sent.sentAt,
        etaMinutes: sent.etaMinutes,
        userId: sent.userId,
        fullName: by?.fullName ?? 'A crew member',
      },
    };
  }
}
