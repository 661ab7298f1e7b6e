import { Decider } from '../core/decider';
import { ConflictError, NotFoundError } from '../core/errors';
import type { DeviceClockOff, TimeReviewEvent, TimeReviewRequest } from './timers.events';

/**
 * A time a phone sent later whose clock was off (issue #29 item 5): pending until a manager approves it (the time
 * becomes what the phone said) or declines it (nothing changes). Another organization's review is not found.
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
      clock: DeviceClockOff;
      reason: string;
    }
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
    };

export const ALREADY_ANSWERED = {
  approved: 'This time has already been approved.',
  declined: 'This time has already been declined.',
} as const;

export const timeReviewDecider: Decider<TimeReviewCommand, TimeReviewState, TimeReviewEvent> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'TimeReviewRequested': {
        const { reviewId, organizationId, userId, timerId, request, deviceAt } = event.data;
        return { status: 'pending', reviewId, organizationId, userId, timerId, request, deviceAt };
      }
      case 'TimeReviewApproved':
        return state.status === 'none' ? state : { ...state, status: 'approved' };
      case 'TimeReviewDeclined':
        return state.status === 'none' ? state : { ...state, status: 'declined' };
    }
  },

  decide(command, state) {
    if (command.type === 'RequestTimeReview') {
      if (state.status !== 'none') throw new ConflictError('This review already exists.');
      const { type: _, ...data } = command;
      return [{ type: 'TimeReviewRequested', data }];
    }
    if (state.status === 'none' || state.organizationId !== command.organizationId)
      throw new NotFoundError('The time to review');
    if (state.status !== 'pending') throw new ConflictError(ALREADY_ANSWERED[state.status]);
    const ids = {
      reviewId: state.reviewId,
      organizationId: state.organizationId,
      userId: state.userId,
      timerId: state.timerId,
    };
    return [{ type: command.answer === 'approve' ? 'TimeReviewApproved' : 'TimeReviewDeclined', data: ids }];
  },
};
