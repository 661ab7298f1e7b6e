import { given } from '../core/decider.testing';
import { ConflictError, GoneError, NotFoundError, ValidationError } from '../core/errors';
import {
  ALREADY_RATED,
  ALREADY_SUBMITTED,
  COMMENT_REQUIRED,
  COMMENTS_TOO_LONG,
  COMMENTS_MAX,
  LINK_EXPIRED,
  NO_CUSTOMER,
  NOT_ENDED,
  RATING_MESSAGE,
  ratingDecider,
  RatingCommand,
} from './rating.decider';
import type { RatingEvent } from './ratings.events';

const ORG = 'org-1';
const JOB = 'job-1';
const job = {
  jobId: JOB,
  customerId: 'cust-1',
  name: 'Lawn care',
  start: '2026-06-01T13:00:00.000Z',
  end: '2026-06-01T14:00:00.000Z',
  associateIds: ['u1'],
};

const request = (over: Partial<Extract<RatingCommand, { type: 'RequestRating' }>> = {}): RatingCommand => ({
  type: 'RequestRating',
  ratingId: JOB,
  organizationId: ORG,
  job,
  tokenHash: 'hash-1',
  requestedBy: 'manager-1',
  at: '2026-06-02T00:00:00.000Z',
  requestId: 'request-1',
  automated: false,
  ...over,
});

const requested = (tokenHash = 'hash-1', expiresAt = '2026-07-02T00:00:00.000Z'): RatingEvent => ({
  type: 'RatingRequested',
  data: {
    ratingId: JOB,
    jobId: JOB,
    organizationId: ORG,
    customerId: 'cust-1',
    jobName: 'Lawn care',
    jobNumber: null,
    jobStart: job.start,
    jobEnd: job.end,
    associateIds: ['u1'],
    tokenHash,
    expiresAt,
    requestedBy: 'manager-1',
    requestId: 'request-1',
  },
});

const submitted = (rating: number | null = 3, comments: string | null = 'Missed a corner'): RatingEvent => ({
  type: 'RatingSubmitted',
  data: { ratingId: JOB, organizationId: ORG, customerId: 'cust-1', tokenHash: 'hash-1', rating, comments },
});

const submit = (rating: unknown, comments: unknown, over: Record<string, unknown> = {}): RatingCommand => ({
  type: 'SubmitFeedback',
  tokenHash: 'hash-1',
  at: '2026-06-03T00:00:00.000Z',
  rating,
  comments,
  ...over,
});

const edit = (rating: unknown, notes: unknown, organizationId = ORG): RatingCommand => ({
  type: 'EditRating',
  organizationId,
  by: 'manager-2',
  rating,
  notes,
});

describe('rating decider', () => {
  describe('requesting a rating', () => {
    it('requests a rating for a finished job with a customer, the link valid for 30 days', () => {
      given(ratingDecider, []).when(request()).then([requested()]);
    });

    it('refuses a job without a customer', () => {
      given(ratingDecider, [])
        .when(request({ job: { ...job, customerId: null } }))
        .thenThrows(ValidationError, NO_CUSTOMER);
    });

    it('refuses a job that has not ended', () => {
      given(ratingDecider, [])
        .when(request({ at: '2026-06-01T13:30:00.000Z' }))
        .thenThrows(ValidationError, NOT_ENDED);
    });

    it('sends again with a new link that replaces the old one', () => {
      const again = given(ratingDecider, [requested()]).when(
        request({ tokenHash: 'hash-2', at: '2026-06-10T00:00:00.000Z' }),
      );
      again.then([requested('hash-2', '2026-07-10T00:00:00.000Z')]);
      given(ratingDecider, [requested(), requested('hash-2', '2026-07-10T00:00:00.000Z')])
        .when(submit(5, null))
        .thenThrows(GoneError, LINK_EXPIRED);
    });

    it('refuses to ask again once the customer has answered', () => {
      given(ratingDecider, [requested(), submitted()]).when(request()).thenThrows(ConflictError, ALREADY_RATED);
    });

    describe('the automated request, once only', () => {
      const automated = request({ automated: true, requestedBy: 'system' });

      it('asks about a job nobody asked about', () => {
        given(ratingDecider, [])
          .when(automated)
          .then([{ ...requested(), data: { ...requested().data, requestedBy: 'system' } } as RatingEvent]);
      });

      it('decides nothing once the job was requested: again, by a manager, or by another instance', () => {
        given(ratingDecider, [requested()]).when(automated).then([]);
        given(ratingDecider, [requested(), requested('hash-2')])
          .when(automated)
          .then([]);
      });

      it('decides nothing once the job was rated (no conflict to report)', () => {
        given(ratingDecider, [requested(), submitted()]).when(automated).then([]);
      });

      it('still refuses a job that has not ended', () => {
        given(ratingDecider, [])
          .when({ ...automated, at: '2026-06-01T13:30:00.000Z' } as RatingCommand)
          .thenThrows(ValidationError, NOT_ENDED);
      });
    });
  });

  describe('submitting feedback', () => {
    it('records the rating and the comment, trimmed', () => {
      given(ratingDecider, [requested()])
        .when(submit(3, '  Missed a corner '))
        .then([submitted(3, 'Missed a corner')]);
    });

    it('takes 5 stars without a comment', () => {
      given(ratingDecider, [requested()])
        .when(submit(5, '  '))
        .then([submitted(5, null)]);
    });

    it('requires a comment with a rating under 5', () => {
      given(ratingDecider, [requested()]).when(submit(4, '')).thenThrows(ValidationError, COMMENT_REQUIRED);
    });

    it('requires a comment without a rating, and takes a comment alone', () => {
      given(ratingDecider, [requested()]).when(submit(null, null)).thenThrows(ValidationError, COMMENT_REQUIRED);
      given(ratingDecider, [requested()])
        .when(submit(null, 'Late'))
        .then([submitted(null, 'Late')]);
    });

    it.each([0, 6, 3.5, '4', true])('refuses the rating %p', (rating) => {
      given(ratingDecider, [requested()]).when(submit(rating, 'x')).thenThrows(ValidationError, RATING_MESSAGE);
    });

    it('refuses comments that are too long', () => {
      given(ratingDecider, [requested()])
        .when(submit(5, 'x'.repeat(COMMENTS_MAX + 1)))
        .thenThrows(ValidationError, COMMENTS_TOO_LONG);
    });

    it('takes a submission only once', () => {
      given(ratingDecider, [requested(), submitted()])
        .when(submit(5, null))
        .thenThrows(ConflictError, ALREADY_SUBMITTED);
    });

    it('refuses an expired link (after 30 days)', () => {
      given(ratingDecider, [requested()])
        .when(submit(5, null, { at: '2026-07-02T00:00:00.001Z' }))
        .thenThrows(GoneError, LINK_EXPIRED);
    });

    it('refuses a link that is not the rating’s', () => {
      given(ratingDecider, [requested()])
        .when(submit(5, null, { tokenHash: 'other' }))
        .thenThrows(GoneError, LINK_EXPIRED);
    });

    it('finds nothing to submit without a request', () => {
      given(ratingDecider, []).when(submit(5, null)).thenThrows(NotFoundError);
    });
  });

  describe("a manager's edit", () => {
    it('keeps the original rating and comment in the event', () => {
      given(ratingDecider, [requested(), submitted(2, 'Rude')])
        .when(edit(4, 'Corrected'))
        .then([
          {
            type: 'RatingEdited',
            data: {
              ratingId: JOB,
              organizationId: ORG,
              customerId: 'cust-1',
              by: 'manager-2',
              from: { rating: 2, comments: 'Rude' },
              to: { rating: 4, comments: 'Corrected' },
            },
          },
        ]);
    });

    it('a second edit starts from the first edit', () => {
      const first: RatingEvent = {
        type: 'RatingEdited',
        data: {
          ratingId: JOB,
          organizationId: ORG,
          customerId: 'cust-1',
          by: 'manager-2',
          from: { rating: 2, comments: 'Rude' },
          to: { rating: 4, comments: 'Corrected' },
        },
      };
      const [event] = given(ratingDecider, [requested(), submitted(2, 'Rude'), first])
        .when(edit(5, null))
        .events();
      expect(event.data).toMatchObject({
        from: { rating: 4, comments: 'Corrected' },
        to: { rating: 5, comments: null },
      });
    });

    it('needs no comment, but a rating from 1 to 5 or none', () => {
      given(ratingDecider, [requested(), submitted()]).when(edit(7, null)).thenThrows(ValidationError, RATING_MESSAGE);
      expect(given(ratingDecider, [requested(), submitted()]).when(edit(null, null)).events()).toHaveLength(1);
    });

    it('records nothing when nothing changes', () => {
      given(ratingDecider, [requested(), submitted(3, 'Missed a corner')])
        .when(edit(3, 'Missed a corner '))
        .then([]);
    });

    it("finds no rating before it is submitted, nor another organization's", () => {
      given(ratingDecider, [requested()]).when(edit(4, null)).thenThrows(NotFoundError);
      given(ratingDecider, [requested(), submitted()])
        .when(edit(4, null, 'other-org'))
        .thenThrows(NotFoundError);
    });
  });
});
