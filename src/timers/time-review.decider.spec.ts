import { ConflictError, NotFoundError, ValidationError } from '../core/errors';
import { given } from '../core/decider.testing';
import {
  ALREADY_ANSWERED,
  EDIT_UNDER_REVIEW,
  STOP_AFTER_DECLINE,
  STOPPED_UNDER_REVIEW,
  TimeReviewCommand,
  timeReviewDecider,
} from './time-review.decider';
import type { TimeReviewEvent } from './timers.events';

const ORG = 'org-1';
const ids = { reviewId: 'r1', organizationId: ORG, userId: 'u1', timerId: 'r1' };
const request: TimeReviewCommand = {
  type: 'RequestTimeReview',
  ...ids,
  request: {
    kind: 'start',
    fields: {
      type: 'Unassigned',
      start: '2026-06-01T00:00:00.000Z',
      mileageStart: null,
      jobId: null,
      jobName: null,
      customerId: null,
      customerName: null,
      label: null,
    },
  },
  deviceAt: '2026-06-01T00:00:00.000Z',
  receivedAt: '2026-06-01T14:00:00.000Z',
  clock: { offsetMinutes: -840, limitHours: 12 },
  reason: 'The start was 14 hours before it reached us.',
};
const { type: _, ...requestedData } = request as Extract<TimeReviewCommand, { type: 'RequestTimeReview' }>;
const requested: TimeReviewEvent = { type: 'TimeReviewRequested', data: requestedData };
const answer = (a: 'approve' | 'decline', organizationId = ORG): TimeReviewCommand => ({
  type: 'AnswerTimeReview',
  organizationId,
  answer: a,
});

describe('a time to review', () => {
  it('is requested once, holding what the phone sent, when and why', () => {
    given(timeReviewDecider, []).when(request).then([requested]);
    given(timeReviewDecider, [requested]).when(request).thenThrows(ConflictError);
  });

  it('is approved or declined while pending', () => {
    given(timeReviewDecider, [requested])
      .when(answer('approve'))
      .then([{ type: 'TimeReviewApproved', data: ids }]);
    given(timeReviewDecider, [requested])
      .when(answer('decline'))
      .then([{ type: 'TimeReviewDeclined', data: ids }]);
  });

  it('refuses a second answer in words', () => {
    const approved: TimeReviewEvent = { type: 'TimeReviewApproved', data: ids };
    const declined: TimeReviewEvent = { type: 'TimeReviewDeclined', data: ids };
    given(timeReviewDecider, [requested, approved])
      .when(answer('decline'))
      .thenThrows(ConflictError, new Error(ALREADY_ANSWERED.approved));
    given(timeReviewDecider, [requested, declined])
      .when(answer('approve'))
      .thenThrows(ConflictError, new Error(ALREADY_ANSWERED.declined));
  });

  it('is not found by another organization, nor when there is none', () => {
    given(timeReviewDecider, [requested]).when(answer('approve', 'org-2')).thenThrows(NotFoundError);
    given(timeReviewDecider, []).when(answer('approve')).thenThrows(NotFoundError);
  });

  describe("a start's stop, sent behind it (issue #44 item 5)", () => {
    const stop = (changes: Record<string, unknown>, organizationId = ORG): TimeReviewCommand => ({
      type: 'ChangeReviewedStart',
      organizationId,
      changes,
      latest: '2026-06-02T00:00:00.000Z',
    });
    const end = '2026-06-01T08:00:00.000Z';
    const stopped: TimeReviewEvent = { type: 'TimeReviewStopAdded', data: { ...ids, end, mileageEnd: null } };

    it('joins the pending start, once', () => {
      given(timeReviewDecider, [requested]).when(stop({ end })).then([stopped]);
      given(timeReviewDecider, [requested, stopped])
        .when(stop({ end }))
        .thenThrows(ConflictError, new Error(STOPPED_UNDER_REVIEW));
    });

    it('refuses an edit, a stop after a decline, and an end before the start, in words', () => {
      given(timeReviewDecider, [requested])
        .when(stop({ end, label: 'x' }))
        .thenThrows(ConflictError, new Error(EDIT_UNDER_REVIEW));
      const declined: TimeReviewEvent = { type: 'TimeReviewDeclined', data: ids };
      given(timeReviewDecider, [requested, declined])
        .when(stop({ end }))
        .thenThrows(ConflictError, new Error(STOP_AFTER_DECLINE));
      given(timeReviewDecider, [requested])
        .when(stop({ end: '2026-05-31T23:00:00.000Z' }))
        .thenThrows(ValidationError, new Error('The end cannot be before the start'));
      // Bounded as every tracked time is (#44 item 1).
      given(timeReviewDecider, [requested])
        .when(stop({ end: '2026-06-02T00:00:00.001Z' }))
        .thenThrows(ValidationError, new Error('The end cannot be in the future'));
    });

    it("is not found for another organization's review, nor a change's review (its id is no timer's)", () => {
      given(timeReviewDecider, [requested]).when(stop({ end }, 'org-2')).thenThrows(NotFoundError);
      const change: TimeReviewEvent = {
        type: 'TimeReviewRequested',
        data: {
          ...requestedData,
          request: {
            kind: 'change',
            changes: { end },
            before: { ...(request as { request: { fields: object } }).request.fields, end: null, mileageEnd: null },
            timerRevision: 0,
          } as never,
        },
      };
      given(timeReviewDecider, [change]).when(stop({ end })).thenThrows(NotFoundError);
    });
  });
});
