import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates, CommandMeta, toDomainEvent } from '../core/commands/aggregates';
import { isUuid, newId } from '../core/clock';
import { fold } from '../core/decider';
import { ConflictError, ForbiddenError, NotFoundError } from '../core/errors';
import { EVENT_STORE, EventStore } from '../core/event-store/event-store.port';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { customerLabelOf } from '../customers/customers.read-models';
import type { CurrentUser } from '../identity/current-user';
import { findCalendarJob, isOwnJob } from '../scheduling/calendar-jobs';
import { deletedJob } from '../scheduling/deleted-jobs';
import { DEFAULT_OFFLINE_CLOCK_LIMIT_HOURS } from '../shared/session';
import {
  ActedEvent,
  actedAt,
  clockOff,
  decideOfflineChange,
  jobDeletedMessage,
  jobDeletedReason,
  latestInstant,
  MAX_PENDING_REVIEWS,
  notAfter,
  otherTimerRunning,
  reviewAct,
  reviewReason,
  sentForReviewMessage,
  stopAddedMessage,
  stopAheadMessage,
  TOO_MANY_REVIEWS,
} from './offline.rules';
import { ONE_RUNNING, runningTimerDecider } from './running-timer.decider';
import { timeReviewDecider } from './time-review.decider';
import { isRunning, NOT_YOURS, TimerActor, timerDecider, type TimerState } from './timer.decider';
import { approvedTimeEdit } from './locked-times';
import { pendingReviewsOf } from './timers.read-models';
import { AddTimeFor, ChangeTimer, DeleteTimer, OfflineOutcome, StartTimer } from './timers.commands';
import { organizationById, organizationZone, userById, USERS, type UserDoc } from '../identity/identity.read-models';
import {
  DeviceClockOff,
  JobDeletedMeanwhile,
  TimeReviewRequest,
  TimerEvent,
  TimerFields,
  timersStreams,
} from './timers.events';

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
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  async execute({ input, actor, meta }: StartTimer): Promise<{ id: string } | OfflineOutcome> {
    const timerId = newId();
    // Sent later from a phone, it started when the person acted there, not when it reached us; a phone's clock off
    // beyond the organization's limit sends it to review, and one a little ahead is taken as now.
    const phoneStart = input.start ?? meta.deviceAt ?? meta.at;
    const clock = meta.deviceAt
      ? clockOff(phoneStart, meta.at, await offlineClockLimit(this.store, meta.organizationId), true)
      : null;
    const { job, jobDeleted } =
      input.type === 'Job'
        ? await this.jobOrDeleted(input.jobId, actor, meta)
        : { job: { jobId: null, jobName: null, customerId: null, customerName: null }, jobDeleted: undefined };
    const fields = {
      type: input.type as TimerFields['type'],
      start: meta.deviceAt && !clock ? notAfter(phoneStart, meta.at) : phoneStart,
      mileageStart: input.mileageStart ?? null,
      label: input.label ?? null,
      ...job,
    };
    const start = {
      type: 'StartTimer' as const,
      timerId,
      organizationId: meta.organizationId,
      userId: actor.userId,
      fields,
      latest: latestInstant(meta),
    };
    // Refuse a bad timer before claiming the running slot (or asking a manager to review it).
    const [started] = timerDecider.decide(start, timerDecider.initialState);
    // A start given back in time (or sent later from a phone) may fall in an approved timesheet; a running timer has
    // no reason to give.
    if (input.start || meta.deviceAt)
      await approvedTimeEdit(
        this.store,
        meta.organizationId,
        actor.userId,
        [{ start: fields.start, end: null }],
        actor,
        null,
      );
    if (clock || jobDeleted) {
      const {
        timerId: _t,
        organizationId: _o,
        userId: _u,
        ...recorded
      } = started.data as TimerFields & {
        timerId: string;
        organizationId: string;
        userId: string;
      };
      const request = { kind: 'start' as const, fields: recorded };
      return requestReview(this.aggregates, this.store, actor.userId, timerId, request, { clock, jobDeleted }, meta);
    }
    try {
      await claimRunning(this.aggregates, actor.userId, timerId, meta);
    } catch (error) {
      if (meta.deviceAt && error instanceof ConflictError) throw await this.runningElsewhere(actor, phoneStart, meta);
      throw error;
    }
    await this.aggregates.execute(timersStreams.timer(timerId), timerDecider, start, meta);
    return { id: timerId };
  }

  /**
   * The job a start names; sent later from a phone, a job deleted meanwhile (in this organization) too, for a
   * manager's review: the time worked is kept, and the phone told who deleted the job and when (issue #44 item 5).
   */
  private async jobOrDeleted(jobId: string | null | undefined, actor: CurrentUser, meta: CommandMeta) {
    try {
      return { job: await jobFor(this.store, jobId, actor.userId, actor), jobDeleted: undefined };
    } catch (error) {
      if (!(error instanceof NotFoundError) || !meta.deviceAt || !jobId) throw error;
      const gone = await deletedJob(this.events, meta.organizationId, jobId);
      if (!gone || gone.fields.availabilityOnly) throw error;
      const { name, customerId, leadUserId, userIds } = gone.fields;
      if (leadUserId !== actor.userId && !userIds.includes(actor.userId) && !actor.claims.includes('jobs.crud'))
        throw new ForbiddenError(NOT_YOUR_JOB);
      const job = {
        jobId: gone.id,
        jobName: name,
        customerId,
        customerName: customerId ? await customerLabelOf(this.store, meta.organizationId, customerId) : null,
      };
      const deletedByName = (gone.deletedBy && (await userById(this.store, gone.deletedBy))?.fullName) || 'Someone';
      const { deletedBy, deletedAt } = gone;
      return { job, jobDeleted: { jobId: gone.id, jobName: name, deletedBy, deletedByName, deletedAt } };
    }
  }

  /** A start sent later while another timer of the person runs: one runs at a time, and it is the one running. */
  private async runningElsewhere(actor: CurrentUser, phoneStart: string, meta: CommandMeta) {
    const { state } = await this.aggregates.loadLatest(timersStreams.running(actor.userId), runningTimerDecider);
    const running = state.timerId
      ? (await this.aggregates.load(timersStreams.timer(state.timerId), timerDecider)).state
      : null;
    if (!running || !isRunning(running) || running.status !== 'recorded') return new ConflictError(ONE_RUNNING);
    const zone = await organizationZone(this.store, meta.organizationId);
    return new ConflictError(otherTimerRunning(running.fields.start, phoneStart, zone, meta.at));
  }
}

/** The organization's offline clock limit in hours (its setting, else the default). */
async function offlineClockLimit(store: ReadStore, organizationId: string): Promise<number> {
  return (await organizationById(store, organizationId))?.offlineClockLimitHours ?? DEFAULT_OFFLINE_CLOCK_LIMIT_HOURS;
}

/**
 * What a phone sent later with its clock off, or a start on a job deleted meanwhile, goes to a manager's review
 * (stream `timeReview-<id>`) instead of becoming a tracked time; the phone is told so in words. A start's review id is
 * the id its timer gets if approved. One person has at most MAX_PENDING_REVIEWS waiting (issue #44 item 3): a phone
 * cannot flood the managers' list.
 */
async function requestReview(
  aggregates: Aggregates,
  store: ReadStore,
  userId: string,
  timerId: string,
  request: TimeReviewRequest,
  why: { clock: DeviceClockOff | null; jobDeleted?: JobDeletedMeanwhile },
  meta: CommandMeta,
): Promise<OfflineOutcome> {
  const { clock, jobDeleted } = why;
  if ((await pendingReviewsOf(store, meta.organizationId, userId)) >= MAX_PENDING_REVIEWS)
    throw new ConflictError(TOO_MANY_REVIEWS);
  const reviewId = request.kind === 'start' ? timerId : newId();
  const act = reviewAct(request);
  const zone = jobDeleted ? await organizationZone(store, meta.organizationId) : '';
  const reasons = [
    jobDeleted ? jobDeletedReason(jobDeleted, zone, meta.at) : null,
    clock ? reviewReason(act, clock) : null,
  ];
  await aggregates.execute(
    timersStreams.review(reviewId),
    timeReviewDecider,
    {
      type: 'RequestTimeReview',
      reviewId,
      organizationId: meta.organizationId,
      userId,
      timerId,
      request,
      deviceAt: meta.deviceAt!,
      receivedAt: meta.at,
      clock,
      reason: reasons.filter(Boolean).join(' '),
      jobDeleted,
    },
    meta,
  );
  const message = jobDeleted ? jobDeletedMessage(jobDeleted, zone, meta.at) : sentForReviewMessage(act, clock!);
  return { reviewId, message };
}

/** Takes the user's one running slot; two devices starting at once meet at one expected revision. */
export async function claimRunning(aggregates: Aggregates, userId: string, timerId: string, meta: CommandMeta) {
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
export async function releaseRunning(aggregates: Aggregates, userId: string, timerId: string, meta: CommandMeta) {
  const stream = timersStreams.running(userId);
  const { state, revision } = await aggregates.loadLatest(stream, runningTimerDecider);
  const events = runningTimerDecider.decide(
    { type: 'ReleaseRunningTimer', userId, organizationId: meta.organizationId, timerId },
    state,
  );
  if (events.length) await aggregates.append(stream, events, revision, meta);
}

/**
 * A change to a recorded time in an approved timesheet (its times before and after): refused to anyone but a
 * manager, who gives a reason (src/timers/locked-times.ts). Who may change the timer at all is the decider's: a
 * person who may not is told that first.
 */
async function lockCheck(
  store: ReadStore,
  state: Extract<TimerState, { status: 'recorded' }>,
  changes: Partial<TimerFields>,
  actor: CurrentUser,
  reason: string | undefined,
) {
  if (state.userId !== actor.userId && !actorOf(actor).mayEditOthers) throw new ForbiddenError(NOT_YOURS);
  const after = { ...state.fields, ...changes };
  const spans = [state.fields, after].map(({ start, end }) => ({ start, end }));
  return approvedTimeEdit(store, state.organizationId, state.userId, spans, actor, reason);
}

@CommandHandler(ChangeTimer)
export class ChangeTimerHandler implements ICommandHandler<ChangeTimer> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  async execute({ timerId, input, actor, meta }: ChangeTimer): Promise<OfflineOutcome> {
    if (!isUuid(timerId)) throw new NotFoundError('The timer');
    const stream = timersStreams.timer(timerId.toLowerCase());
    const { jobId, reason, ...given } = input;
    const changes: Partial<TimerFields> = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
    if (meta.deviceAt) return this.sentLater(stream, jobId, changes, reason, actor, meta);
    // Whose the timer is decides the job it may be on and the timesheet it is in: read it first, and decide on that
    // read (appended at its revision: a change meanwhile is a conflict, as Aggregates.execute would make it).
    const { state, revision } = await this.aggregates.load(stream, timerDecider);
    if (state.status === 'none') return this.reviewedStart(timerId.toLowerCase(), changes, actor, meta);
    if (state.status !== 'recorded' || state.organizationId !== meta.organizationId)
      throw new NotFoundError('The timer');
    if (jobId !== undefined && jobId !== state.fields.jobId)
      Object.assign(changes, await jobFor(this.store, jobId, state.userId, actor));
    const approved = await lockCheck(this.store, state, changes, actor, reason);
    const events = timerDecider.decide(
      {
        type: 'ChangeTimer',
        organizationId: meta.organizationId,
        changes,
        actor: actorOf(actor),
        latest: latestInstant(meta),
        approvedTimeEdit: approved,
      },
      state,
    );
    if (events.length) await this.aggregates.settle(await this.aggregates.append(stream, events, revision, meta));
    const stopped = events.find((e) => e.type === 'TimerStopped');
    if (stopped) await releaseRunning(this.aggregates, stopped.data.userId, stopped.data.timerId, meta);
    return {};
  }

  /**
   * A stop or edit a phone sent later (issue #29 items 5 and 6): decided against who changed the timer since the
   * person acted (the stream's events with their actors and times: src/timers/offline.rules.ts), and an end later than
   * when it reached us goes to a manager's review.
   */
  private async sentLater(
    stream: string,
    jobId: string | null | undefined,
    changes: Partial<TimerFields>,
    reason: string | undefined,
    actor: CurrentUser,
    meta: CommandMeta,
  ): Promise<OfflineOutcome> {
    const recorded = await this.events.readStream(stream);
    if (!recorded.length) return this.reviewedStart(stream.slice('timer-'.length), changes, actor, meta);
    if (recorded[0].metadata.organizationId !== meta.organizationId) throw new NotFoundError('The timer');
    const history: ActedEvent[] = recorded.map((r) => ({
      event: toDomainEvent<TimerEvent>(r),
      actorUserId: r.metadata.actorUserId,
      actedAt: actedAt(r.metadata),
      commandId: r.metadata.commandId,
    }));
    const state = fold(
      timerDecider,
      history.map((e) => e.event),
    );
    const owner = history[0].event.data.userId;
    // Who may change it is checked before anything is said about who else did.
    if (owner !== actor.userId && !actorOf(actor).mayEditOthers) throw new ForbiddenError(NOT_YOURS);
    const zone = await organizationZone(this.store, meta.organizationId);
    const names = new Map<string | null, string>();
    for (const id of new Set(history.map((e) => e.actorUserId)))
      names.set(id, (id && (await userById(this.store, id))?.fullName) || 'Someone');
    const { note } = decideOfflineChange({
      history,
      changes,
      deviceAt: meta.deviceAt!,
      receivedAt: meta.at,
      commandId: meta.commandId,
      actorUserId: actor.userId,
      nameOf: (id) => names.get(id) ?? 'Someone',
      zone,
    });
    if (state.status !== 'recorded') throw new NotFoundError('The timer');
    if (jobId !== undefined && jobId !== state.fields.jobId)
      Object.assign(changes, await jobFor(this.store, jobId, state.userId, actor));
    const revision = recorded[recorded.length - 1].revision;
    // An end (or start) later than when it reached us: the phone's clock is ahead, so a manager reviews it; within
    // the tolerance it is taken as now.
    const limit = await offlineClockLimit(this.store, meta.organizationId);
    const clock = [changes.end, changes.start]
      .filter((instant): instant is string => typeof instant === 'string')
      .map((instant) => clockOff(instant, meta.at, limit, false))
      .find((off) => off !== null);
    const applied = clock ? changes : { ...changes };
    for (const field of ['start', 'end'] as const)
      if (!clock && typeof applied[field] === 'string') applied[field] = notAfter(applied[field], meta.at);
    const command = {
      type: 'ChangeTimer' as const,
      organizationId: meta.organizationId,
      changes: applied,
      actor: actorOf(actor),
      latest: latestInstant(meta),
      approvedTimeEdit: await lockCheck(this.store, state, applied, actor, reason),
    };
    const events = timerDecider.decide(command, state); // a change the timer's rules refuse is refused as always
    if (clock && events.length) {
      const request = { kind: 'change' as const, changes, before: state.fields, timerRevision: revision };
      return requestReview(this.aggregates, this.store, state.userId, state.timerId, request, { clock }, meta);
    }
    if (events.length) await this.aggregates.settle(await this.aggregates.append(stream, events, revision, meta));
    const stopped = events.find((e) => e.type === 'TimerStopped');
    if (stopped) await releaseRunning(this.aggregates, stopped.data.userId, stopped.data.timerId, meta);
    return note ? { message: note } : {};
  }

  /**
   * A stop for a timer not recorded: one whose start waits for a manager's review (the id the phone holds is the
   * review's, the timer's once approved). The stop joins the review, so the whole time worked reaches the manager;
   * an edit, or a stop after the start was declined, is refused in words. No such review: not found.
   */
  private async reviewedStart(
    reviewId: string,
    changes: Partial<TimerFields>,
    actor: CurrentUser,
    meta: CommandMeta,
  ): Promise<OfflineOutcome> {
    const stream = timersStreams.review(reviewId);
    const { state, revision } = await this.aggregates.load(stream, timeReviewDecider);
    if (state.status === 'none' || state.organizationId !== meta.organizationId) throw new NotFoundError('The timer');
    if (state.userId !== actor.userId && !actorOf(actor).mayEditOthers) throw new ForbiddenError(NOT_YOURS);
    const limit = await offlineClockLimit(this.store, meta.organizationId);
    const end = typeof changes.end === 'string' ? changes.end : null;
    const ahead = end && clockOff(end, meta.at, limit, false);
    if (ahead) throw new ConflictError(stopAheadMessage(ahead));
    const stop = end ? { ...changes, end: notAfter(end, meta.at) } : changes;
    const events = timeReviewDecider.decide(
      { type: 'ChangeReviewedStart', organizationId: meta.organizationId, changes: stop, latest: meta.at },
      state,
    );
    await this.aggregates.settle(await this.aggregates.append(stream, events, revision, meta));
    const zone = await organizationZone(this.store, meta.organizationId);
    return { reviewId: state.reviewId, message: stopAddedMessage(state.jobDeleted, stop.end!, zone, meta.at) };
  }
}

@CommandHandler(DeleteTimer)
export class DeleteTimerHandler implements ICommandHandler<DeleteTimer> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async execute({ timerId, actor, meta, reason }: DeleteTimer) {
    if (!isUuid(timerId)) throw new NotFoundError('The timer');
    const stream = timersStreams.timer(timerId.toLowerCase());
    const { state, revision } = await this.aggregates.load(stream, timerDecider);
    const approved =
      state.status === 'recorded' && state.organizationId === meta.organizationId
        ? await lockCheck(this.store, state, {}, actor, reason)
        : undefined;
    const events = timerDecider.decide(
      { type: 'DeleteTimer', organizationId: meta.organizationId, actor: actorOf(actor), approvedTimeEdit: approved },
      state,
    );
    await this.aggregates.settle(await this.aggregates.append(stream, events, revision, meta));
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
    const approved = await approvedTimeEdit(
      this.store,
      meta.organizationId,
      person._id,
      [{ start: input.start, end: input.end }],
      actor,
      input.reason,
    );
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
        approvedTimeEdit: approved,
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
