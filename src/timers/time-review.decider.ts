import { Decider } from '../core/decider';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors';
import { isStopOnly, reviewedTimer, type ReviewStop } from './offline.rules';
import { timeBoundsProblem, timerProblem } from './timer.rules';
import type {
  DeviceClockOff,
  JobDeletedMeanwhile,
  TimeReviewEvent,
  TimeReviewRequest,
  TimerFields,
} from './timers.events';

/**
 * A time a phone sent later that a manager decides (issue #29 item 5): its clock was off, or (a start) its job was
 * deleted meanwhile (issue #44 item 5). Pending until a manager approves it (the time becomes what the phone said) or
 * declines it (nothing changes); a start's stop, sent behind it, joins it meanwhile. Another organization's review
 * is not found.
 */
export type TimeReviewCommand =
  | {
      type: 'RequestTimeReview';
      reviewId: string;
      organizationId: string;
      userId: string;
      timerId: string;
      request: TimeReviewRequest;
      deviceAt: string;
      receivedAt: string;
      clock: DeviceClockOff | null;
      reason: string;
      jobDeleted?: JobDeletedMeanwhile;
    }
  /** What the phone sent later for the timer a start under review would be (its id is the review's). */
  | { type: 'ChangeReviewedStart'; organizationId: string; changes: Partial<TimerFields>; latest: string }
  | { type: 'AnswerTimeReview'; organizationId: string; answer: 'approve' | 'decline' };

export type TimeReviewState =
  | { status: 'none' }
  | {
      status: 'pending' | 'approved' | 'declined';
      reviewId: string;
      organizationId: string;
      userId: string;
      timerId: string;
      request: TimeReviewRequest;
      deviceAt: string;
      /** A start's stop, sent behind it. */
      stop: ReviewStop | null;
      jobDeleted: JobDeletedMeanwhile | null;
    };

export const ALREADY_ANSWERED = {
  approved: 'This time has already been approved.',
  declined: 'This time has already been declined.',
} as const;

export const STOP_AFTER_DECLINE =
  'A manager declined the start of this time after review, so this stop was not applied.';
export const EDIT_UNDER_REVIEW = "This time is waiting for a manager's review, so this edit was not applied.";
export const STOPPED_UNDER_REVIEW =
  "This time's stop was sent to a manager's review already, so this stop was not applied.";

export const timeReviewDecider: Decider<TimeReviewCommand, TimeReviewState, TimeReviewEvent> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'TimeReviewRequested': {
        const { reviewId, organizationId, userId, timerId, request, deviceAt, jobDeleted } = event.data;
        return {
          status: 'pending',
          reviewId,
          organizationId,
          userId,
          timerId,
          request,
          deviceAt,
          stop: null,
          jobDeleted: jobDeleted ?? null,
        };
      }
      case 'TimeReviewStopAdded':
        return state.status === 'none'
          ? state
          : { ...state, stop: { end: event.data.end, mileageEnd: event.data.mileageEnd } };
      case 'TimeReviewApproved':
        return state.status === 'none' ? state : { ...state, status: 'approved' };
      case 'TimeReviewDeclined':
        return state.status === 'none' ? state : { ...state, status: 'declined' };
    }
  },

  decide(command, state) {
    if (command.type === 'RequestTimeReview') {
      if (state.status !== 'none') throw new ConflictError('This review already exists.');
      const { type: _, jobDeleted, ...data } = command;
      return [{ type: 'TimeReviewRequested', data: { ...data, ...(jobDeleted ? { jobDeleted } : {}) } }];
    }
    const ids = (s: Exclude<TimeReviewState, { status: 'none' }>) => ({
      reviewId: s.reviewId,
      organizationId: s.organizationId,
      userId: s.userId,
      timerId: s.timerId,
    });
    if (command.type === 'ChangeReviewedStart') {
      // Only a start's review id is a timer's id (the one it gets once approved).
      if (state.status === 'none' || state.organizationId !== command.organizationId || state.request.kind !== 'start')
        throw new NotFoundError('The timer');
      if (state.status === 'declined') throw new ConflictError(STOP_AFTER_DECLINE);
      if (state.status === 'approved') throw new ConflictError(ALREADY_ANSWERED.approved);
      if (!isStopOnly(command.changes)) throw new ConflictError(EDIT_UNDER_REVIEW);
      if (state.stop) throw new ConflictError(STOPPED_UNDER_REVIEW);
      const stop = { end: command.changes.end!, mileageEnd: command.changes.mileageEnd ?? null };
      const time = reviewedTimer(state.request, stop);
      const problem = timerProblem(time) ?? timeBoundsProblem(time, command.latest);
      if (problem) throw new ValidationError(problem);
      return [{ type: 'TimeReviewStopAdded', data: { ...ids(state), ...stop } }];
    }
    if (state.status === 'none' || state.organizationId !== command.organizationId)
      throw new NotFoundError('The time to review');
    if (state.status !== 'pending') throw new ConflictError(ALREADY_ANSWERED[state.status]);
    return [{ type: command.answer === 'approve' ? 'TimeReviewApproved' : 'TimeReviewDeclined', data: ids(state) }];
  },
};
