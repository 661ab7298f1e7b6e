import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates, CommandMeta } from '../core/commands/aggregates';
import { isUuid } from '../core/clock';
import { fold } from '../core/decider';
import { ConflictError, NotFoundError } from '../core/errors';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { organizationZone, userById } from '../identity/identity.read-models';
import { latestInstant, offTheDeletedJob, reviewedTimer, timeInWords } from './offline.rules';
import { periodLabel } from './pay-periods';
import { lockingTimesheet } from './locked-times';
import { runningTimerDecider } from './running-timer.decider';
import { TimeReviewState, timeReviewDecider } from './time-review.decider';
import { isRunning, timerDecider } from './timer.decider';
import { claimRunning, releaseRunning } from './timer.handlers';
import { AnswerTimeReview } from './timers.commands';
import { timersStreams } from './timers.events';

const ANSWERED_AT_ONCE = 'Another manager answered this at the same moment. Reload to see where it stands.';
export const CHANGED_SINCE =
  'This timer has changed since the phone sent this, so it cannot be applied as it is. Decline it and edit the time instead.';
export const GONE_SINCE = 'This timer was deleted after the phone sent this. Decline it.';

/**
 * A manager approves a time a phone sent later (the time becomes what the phone said: a start is a timer started at
 * the phone's start, under one running timer per person, or a stopped time when its stop followed it, Unassigned when
 * its job was deleted; a stop or edit is applied to a timer unchanged since), or declines it (nothing changes). The
 * answer's event follows what it applied.
 */
@CommandHandler(AnswerTimeReview)
export class AnswerTimeReviewHandler implements ICommandHandler<AnswerTimeReview> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async execute({ reviewId, answer, meta }: AnswerTimeReview): Promise<{ message: string }> {
    if (!isUuid(reviewId)) throw new NotFoundError('The time to review');
    const stream = timersStreams.review(reviewId.toLowerCase());
    const { state, revision } = await this.aggregates.load(stream, timeReviewDecider);
    // Refuses another organization's review (not found) and one answered already, before anything is applied.
    const events = timeReviewDecider.decide(
      { type: 'AnswerTimeReview', organizationId: meta.organizationId, answer },
      state,
    );
    if (state.status === 'none') throw new NotFoundError('The time to review');
    if (answer === 'approve') await this.apply(state, meta);
    await this.aggregates.settle(await this.aggregates.append(stream, events, revision, meta, ANSWERED_AT_ONCE));
    return { message: answer === 'approve' ? 'The time was approved' : 'The time was declined' };
  }

  private async apply(review: Exclude<TimeReviewState, { status: 'none' }>, meta: CommandMeta) {
    const { request, userId, timerId } = review;
    await this.notLocked(review, meta);
    // The manager lets through what the phone sent, its clock ahead included: bounded as a review is.
    const latest = latestInstant({ at: meta.at, deviceAt: review.deviceAt });
    if (request.kind === 'start') {
      const start = {
        type: 'StartTimer' as const,
        timerId,
        organizationId: meta.organizationId,
        userId,
        // No job to put it on any more: kept as Unassigned, labelled with the job's name.
        fields: review.jobDeleted ? offTheDeletedJob(request.fields, review.jobDeleted) : request.fields,
        latest,
      };
      const started = timerDecider.decide(start, timerDecider.initialState);
      if (review.stop) {
        // Its stop came with it: a time that has ended, which never takes the person's running slot.
        const stopped = timerDecider.decide(
          {
            type: 'ChangeTimer',
            organizationId: meta.organizationId,
            changes: review.stop,
            actor: { userId, mayEditOthers: false },
            latest,
          },
          fold(timerDecider, started),
        );
        const stream = timersStreams.timer(timerId);
        await this.aggregates.settle(await this.aggregates.append(stream, [...started, ...stopped], 'no_stream', meta));
        return;
      }
      try {
        await claimRunning(this.aggregates, userId, timerId, meta);
      } catch (error) {
        if (error instanceof ConflictError) throw await this.otherRunning(userId, meta);
        throw error;
      }
      await this.aggregates.execute(timersStreams.timer(timerId), timerDecider, start, meta);
      return;
    }
    const stream = timersStreams.timer(timerId);
    const { state, revision } = await this.aggregates.load(stream, timerDecider);
    if (state.status !== 'recorded') throw new ConflictError(GONE_SINCE);
    if (revision !== request.timerRevision) throw new ConflictError(CHANGED_SINCE);
    // The person's own change, which a manager lets through.
    const command = {
      type: 'ChangeTimer' as const,
      organizationId: meta.organizationId,
      changes: request.changes,
      actor: { userId, mayEditOthers: false },
      latest,
    };
    const events = timerDecider.decide(command, state);
    if (events.length) await this.aggregates.settle(await this.aggregates.append(stream, events, revision, meta));
    if (events.some((e) => e.type === 'TimerStopped')) await releaseRunning(this.aggregates, userId, timerId, meta);
  }

  /**
   * What a phone sent for a time in an approved timesheet (issue #30) is not let through by a review: approving
   * carries no reason, so the manager unapproves the timesheet first, or declines and edits the time with one.
   */
  private async notLocked(review: Exclude<TimeReviewState, { status: 'none' }>, meta: CommandMeta) {
    const time = reviewedTimer(review.request, review.stop);
    const before = review.request.kind === 'change' ? [review.request.before] : [];
    const sheet = await lockingTimesheet(
      this.store,
      meta.organizationId,
      review.userId,
      [time, ...before].map(({ start, end }) => ({ start, end })),
    );
    if (sheet)
      throw new ConflictError(
        `This time is in an approved timesheet (${periodLabel(sheet.periodStart, sheet.periodEnd)}), so it cannot be approved as it is. ` +
          'Unapprove the timesheet first, or decline this and edit the time with a reason.',
      );
  }

  /** Approving a start while another timer of the person runs: refused in words (one runs at a time). */
  private async otherRunning(userId: string, meta: CommandMeta) {
    const { state } = await this.aggregates.loadLatest(timersStreams.running(userId), runningTimerDecider);
    const running = state.timerId
      ? (await this.aggregates.load(timersStreams.timer(state.timerId), timerDecider)).state
      : null;
    const name = (await userById(this.store, userId))?.fullName ?? 'This person';
    const since =
      running?.status === 'recorded' && isRunning(running)
        ? ` since ${timeInWords(running.fields.start, await organizationZone(this.store, meta.organizationId), meta.at)}`
        : '';
    return new ConflictError(
      `${name} has a timer running${since}, and one timer runs at a time, so this start cannot be approved. ` +
        'Decline it, or approve it once that timer has stopped.',
    );
  }
}
