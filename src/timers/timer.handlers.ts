import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates, CommandMeta } from '../core/commands/aggregates';
import { isUuid, newId } from '../core/clock';
import { ForbiddenError, NotFoundError } from '../core/errors';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { customerLabelOf } from '../customers/customers.read-models';
import type { CurrentUser } from '../identity/current-user';
import { findCalendarJob, isOwnJob } from '../scheduling/calendar-jobs';
import { ONE_RUNNING, runningTimerDecider } from './running-timer.decider';
import { isRunning, TimerActor, timerDecider } from './timer.decider';
import { AddTimeFor, ChangeTimer, DeleteTimer, StartTimer } from './timers.commands';
import { USERS, type UserDoc } from '../identity/identity.read-models';
import { TimerFields, timersStreams } from './timers.events';

export const NOT_YOUR_JOB = 'You can only track time on jobs you are assigned to';

const actorOf = (user: CurrentUser): TimerActor => ({
  userId: user.userId,
  mayEditOthers: user.claims.includes('users.crud'),
});

/** The job a timer is set to, with the names it shows; one the user works on (or any, for schedulers). */
async function jobFor(
  store: ReadStore,
  jobId: string | null | undefined,
  owner: string,
  actor: CurrentUser,
): Promise<Pick<TimerFields, 'jobId' | 'jobName' | 'customerId' | 'customerName'>> {
  if (!jobId) return { jobId: null, jobName: null, customerId: null, customerName: null };
  const job = await findCalendarJob(store, actor.organizationId, jobId).catch((error) => {
    if (error instanceof NotFoundError) return null; // not a job id at all
    throw error;
  });
  if (!job || job.availabilityOnly) throw new NotFoundError('The job');
  if (!isOwnJob(owner)(job) && !actor.claims.includes('jobs.crud')) throw new ForbiddenError(NOT_YOUR_JOB);
  return {
    jobId: job.id,
    jobName: job.name,
    customerId: job.customerId,
    customerName: job.customerId ? await customerLabelOf(store, actor.organizationId, job.customerId) : null,
  };
}

@CommandHandler(StartTimer)
export class StartTimerHandler implements ICommandHandler<StartTimer> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async execute({ input, actor, meta }: StartTimer) {
    const timerId = newId();
    const fields = {
      type: input.type as TimerFields['type'],
      start: input.start ?? meta.at,
      mileageStart: input.mileageStart ?? null,
      label: input.label ?? null,
      ...(input.type === 'Job'
        ? await jobFor(this.store, input.jobId, actor.userId, actor)
        : { jobId: null, jobName: null, customerId: null, customerName: null }),
    };
    const start = {
      type: 'StartTimer' as const,
      timerId,
      organizationId: meta.organizationId,
      userId: actor.userId,
      fields,
    };
    timerDecider.decide(start, timerDecider.initialState); // refuse a bad timer before claiming the running slot
    await claimRunning(this.aggregates, actor.userId, timerId, meta);
    await this.aggregates.execute(timersStreams.timer(timerId), timerDecider, start, meta);
    return { id: timerId };
  }
}

/** Takes the user's one running slot; two devices starting at once meet at one expected revision. */
async function claimRunning(aggregates: Aggregates, userId: string, timerId: string, meta: CommandMeta) {
  const stream = timersStreams.running(userId);
  const { state, revision } = await aggregates.loadLatest(stream, runningTimerDecider);
  let claimed: 'running' | 'finished' | 'missing' = 'finished';
  if (state.timerId) {
    const current = await aggregates.load(timersStreams.timer(state.timerId), timerDecider);
    claimed = current.state.status === 'none' ? 'missing' : isRunning(current.state) ? 'running' : 'finished';
  }
  const events = runningTimerDecider.decide(
    { type: 'ClaimRunningTimer', userId, organizationId: meta.organizationId, timerId, at: meta.at, claimed },
    state,
  );
  await aggregates.append(stream, events, revision, meta, ONE_RUNNING);
}

/** Frees the slot when the timer holding it has stopped or gone (a no-op otherwise). */
async function releaseRunning(aggregates: Aggregates, userId: string, timerId: string, meta: CommandMeta) {
  const stream = timersStreams.running(userId);
  const { state, revision } = await aggregates.loadLatest(stream, runningTimerDecider);
  const events = runningTimerDecider.decide(
    { type: 'ReleaseRunningTimer', userId, organizationId: meta.organizationId, timerId },
    state,
  );
  if (events.length) await aggregates.append(stream, events, revision, meta);
}

@CommandHandler(ChangeTimer)
export class ChangeTimerHandler implements ICommandHandler<ChangeTimer> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async execute({ timerId, input, actor, meta }: ChangeTimer) {
    if (!isUuid(timerId)) throw new NotFoundError('The timer');
    const stream = timersStreams.timer(timerId.toLowerCase());
    const { jobId, ...given } = input;
    const changes: Partial<TimerFields> = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
    if (jobId !== undefined) {
      // Whether the job is one the timer's owner works on needs the owner: read the timer first.
      const { state } = await this.aggregates.load(stream, timerDecider);
      if (state.status !== 'recorded' || state.organizationId !== meta.organizationId)
        throw new NotFoundError('The timer');
      if (jobId !== state.fields.jobId) Object.assign(changes, await jobFor(this.store, jobId, state.userId, actor));
    }
    const { events } = await this.aggregates.execute(
      stream,
      timerDecider,
      { type: 'ChangeTimer', organizationId: meta.organizationId, changes, actor: actorOf(actor) },
      meta,
    );
    const stopped = events.find((e) => e.type === 'TimerStopped');
    if (stopped) await releaseRunning(this.aggregates, stopped.data.userId, stopped.data.timerId, meta);
  }
}

@CommandHandler(DeleteTimer)
export class DeleteTimerHandler implements ICommandHandler<DeleteTimer> {
  constructor(private readonly aggregates: Aggregates) {}

  async execute({ timerId, actor, meta }: DeleteTimer) {
    if (!isUuid(timerId)) throw new NotFoundError('The timer');
    const { events } = await this.aggregates.execute(
      timersStreams.timer(timerId.toLowerCase()),
      timerDecider,
      { type: 'DeleteTimer', organizationId: meta.organizationId, actor: actorOf(actor) },
      meta,
    );
    // Frees the running slot if this timer held it (releasing is a no-op otherwise).
    for (const e of events) await releaseRunning(this.aggregates, e.data.userId, e.data.timerId, meta);
  }
}

/**
 * A manager records a tracked time for someone: the person and the job must be the organization's (another's is not
 * found). It never runs, so the person's running slot is left alone.
 */
@CommandHandler(AddTimeFor)
export class AddTimeForHandler implements ICommandHandler<AddTimeFor> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async execute({ input, actor, meta }: AddTimeFor) {
    const person = isUuid(input.userId)
      ? await this.store
          .collection<UserDoc>(USERS)
          .findOne({ _id: input.userId.toLowerCase(), organizationId: meta.organizationId })
      : null;
    if (!person) throw new NotFoundError('The person');
    const timerId = newId();
    await this.aggregates.execute(
      timersStreams.timer(timerId),
      timerDecider,
      {
        type: 'AddTime',
        timerId,
        organizationId: meta.organizationId,
        userId: person._id,
        addedBy: actor.userId,
        at: meta.at,
        fields: {
          type: 'Job',
          start: input.start,
          end: input.end,
          mileageStart: null,
          mileageEnd: null,
          label: input.label ?? null,
          ...(await jobFor(this.store, input.jobId, person._id, actor)),
        },
      },
      meta,
    );
    return { id: timerId };
  }
}
