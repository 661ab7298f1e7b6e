import { Decider } from '../core/decider';
import { ConflictError, GoneError, NotFoundError, ValidationError } from '../core/errors';
import type { Feedback, RatingEvent } from './ratings.events';

/** Spec §1: a feedback link works for 30 days. */
export const FEEDBACK_LINK_DAYS = 30;
export const COMMENTS_MAX = 4000;

export const ALREADY_SUBMITTED = 'This feedback has already been submitted.';
export const LINK_EXPIRED = 'This feedback link has expired.';
export const LINK_NOT_FOUND = 'This feedback link was not found.';
export const RATING_MESSAGE = 'The rating must be a whole number from 1 to 5.';
export const COMMENT_REQUIRED = 'Please tell us what could have been better.';
export const COMMENTS_TOO_LONG = `Comments must be at most ${COMMENTS_MAX} characters.`;
export const ALREADY_RATED = 'This job has already been rated.';
export const NO_CUSTOMER = 'This job has no customer to rate it.';
export const NOT_ENDED = 'A rating can be requested once the job has ended.';

export interface JobSnapshot {
  jobId: string;
  customerId: string | null;
  name: string;
  /** The job's number, as the schedule has it (the Ratings report's Job #). */
  number?: string | null;
  start: string;
  end: string;
  associateIds: string[];
}

export type RatingCommand =
  | {
      type: 'RequestRating';
      ratingId: string;
      organizationId: string;
      job: JobSnapshot;
      tokenHash: string;
      requestedBy: string;
      /** The instant the request is decided at: the link expires FEEDBACK_LINK_DAYS later. */
      at: string;
      requestId: string;
      /**
       * The automated request when the job ends: only ever the first. A job already requested (by a manager,
       * another instance, or before a crash) or rated decides nothing.
       */
      automated: boolean;
    }
  | { type: 'SubmitFeedback'; tokenHash: string; at: string; rating: unknown; comments: unknown }
  | { type: 'EditRating'; organizationId: string; by: string; rating: unknown; notes: unknown };

export type RatingState =
  | { status: 'none' }
  | {
      status: 'requested' | 'submitted';
      ratingId: string;
      organizationId: string;
      customerId: string;
      /** Only the latest request's link works: sending again replaces the link. */
      tokenHash: string;
      expiresAt: string;
      feedback: Feedback | null;
    };

/** A rating's shape: none, or a whole number from 1 to 5. */
export function ratingProblem(rating: unknown): string | null {
  if (rating === null || rating === undefined) return null;
  return typeof rating === 'number' && Number.isInteger(rating) && rating >= 1 && rating <= 5 ? null : RATING_MESSAGE;
}

/** Trimmed comments, null when blank; or the problem with them. */
function cleanComments(comments: unknown): { comments: string | null } | { problem: string } {
  if (comments === null || comments === undefined) return { comments: null };
  if (typeof comments !== 'string') return { problem: 'Comments must be text.' };
  const text = comments.trim();
  if (text.length > COMMENTS_MAX) return { problem: COMMENTS_TOO_LONG };
  return { comments: text || null };
}

/** Spec §5: the customer's feedback, checked; a comment is required with no rating or a rating under 5. */
export function checkFeedback(rating: unknown, comments: unknown): Feedback {
  const problem = ratingProblem(rating);
  if (problem) throw new ValidationError(problem);
  const cleaned = cleanComments(comments);
  if ('problem' in cleaned) throw new ValidationError(cleaned.problem);
  const stars = (rating ?? null) as number | null;
  if ((stars === null || stars < 5) && !cleaned.comments) throw new ValidationError(COMMENT_REQUIRED);
  return { rating: stars, comments: cleaned.comments };
}

const addDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * 86_400_000).toISOString();

export const ratingDecider: Decider<RatingCommand, RatingState, RatingEvent> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'RatingRequested': {
        const { ratingId, organizationId, customerId, tokenHash, expiresAt } = event.data;
        return state.status === 'none'
          ? { status: 'requested', ratingId, organizationId, customerId, tokenHash, expiresAt, feedback: null }
          : { ...state, tokenHash, expiresAt };
      }
      case 'RatingSubmitted':
        if (state.status === 'none') return state;
        return {
          ...state,
          status: 'submitted',
          feedback: { rating: event.data.rating, comments: event.data.comments },
        };
      case 'RatingEdited':
        if (state.status === 'none') return state;
        return { ...state, feedback: event.data.to };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RequestRating': {
        if (command.automated && state.status !== 'none') return [];
        if (state.status === 'submitted') throw new ConflictError(ALREADY_RATED);
        const { job } = command;
        if (!job.customerId) throw new ValidationError(NO_CUSTOMER);
        // As instants: the read models write them with and without milliseconds.
        if (Date.parse(job.end) > Date.parse(command.at)) throw new ValidationError(NOT_ENDED);
        return [
          {
            type: 'RatingRequested',
            data: {
              ratingId: command.ratingId,
              jobId: job.jobId,
              organizationId: command.organizationId,
              customerId: job.customerId,
              jobName: job.name,
              jobNumber: job.number ?? null,
              jobStart: job.start,
              jobEnd: job.end,
              associateIds: job.associateIds,
              tokenHash: command.tokenHash,
              expiresAt: addDays(command.at, FEEDBACK_LINK_DAYS),
              requestedBy: command.requestedBy,
              requestId: command.requestId,
            },
          },
        ];
      }
      case 'SubmitFeedback': {
        if (state.status === 'none') throw new NotFoundError('This feedback link', LINK_NOT_FOUND);
        if (state.status === 'submitted') throw new ConflictError(ALREADY_SUBMITTED);
        // A link replaced by a newer request is as dead as an expired one.
        if (command.tokenHash !== state.tokenHash || Date.parse(command.at) > Date.parse(state.expiresAt))
          throw new GoneError(LINK_EXPIRED);
        const feedback = checkFeedback(command.rating, command.comments);
        return [
          {
            type: 'RatingSubmitted',
            data: {
              ratingId: state.ratingId,
              organizationId: state.organizationId,
              customerId: state.customerId,
              tokenHash: command.tokenHash,
              ...feedback,
            },
          },
        ];
      }
      case 'EditRating': {
        if (state.status !== 'submitted' || state.organizationId !== command.organizationId)
          throw new NotFoundError('The rating');
        // A manager may correct the stars or the wording (an abusive remark, say) without the customer's comment rule.
        const problem = ratingProblem(command.rating);
        if (problem) throw new ValidationError(problem);
        const cleaned = cleanComments(command.notes);
        if ('problem' in cleaned) throw new ValidationError(cleaned.problem);
        const to: Feedback = { rating: (command.rating ?? null) as number | null, comments: cleaned.comments };
        const from = state.feedback!;
        if (from.rating === to.rating && from.comments === to.comments) return [];
        return [
          {
            type: 'RatingEdited',
            data: {
              ratingId: state.ratingId,
              organizationId: state.organizationId,
              customerId: state.customerId,
              by: command.by,
              from,
              to,
            },
          },
        ];
      }
    }
  },
};
