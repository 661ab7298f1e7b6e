import type { RatingEvent } from '../../src/ratings/ratings.events';
import type { RatingDoc } from '../../src/ratings/ratings.read-models';

/**
 * The fields a rating's event sets on the rating's document, given the document before it (null: none yet), or
 * null when it sets nothing (an edit of a rating never requested): what the ratings projection writes, and (laid
 * over the version before) the report history's next version of the rating.
 */
export function ratingUpdate(
  e: RatingEvent,
  when: string,
  current: Pick<RatingDoc, 'history'> | null,
): Partial<RatingDoc> | null {
  const { organizationId, customerId } = e.data;
  switch (e.type) {
    case 'RatingRequested': {
      const { tokenHash, expiresAt, requestedBy } = e.data;
      const request = { tokenHash, expiresAt, requestedBy, requestedAt: when };
      if (current) return request;
      return {
        ...request,
        organizationId,
        customerId,
        jobId: e.data.jobId,
        jobName: e.data.jobName,
        jobNumber: e.data.jobNumber ?? null,
        jobStart: e.data.jobStart,
        jobStartsAt: new Date(Date.parse(e.data.jobStart)).toISOString(),
        jobEnd: e.data.jobEnd,
        associateIds: e.data.associateIds,
        submitted: false,
        rating: null,
        comments: null,
        submittedAt: null,
        edited: false,
        original: null,
        history: [],
      };
    }
    case 'RatingSubmitted': {
      const feedback = { rating: e.data.rating, comments: e.data.comments };
      return {
        ...feedback,
        submitted: true,
        submittedAt: when,
        original: feedback,
        history: [{ ...feedback, at: when, by: 'customer' }],
      };
    }
    case 'RatingEdited':
      if (!current) return null;
      return {
        ...e.data.to,
        edited: true,
        history: [...current.history, { ...e.data.to, at: when, by: e.data.by }],
      };
    default: {
      const unknown: never = e;
      return unknown;
    }
  }
}
