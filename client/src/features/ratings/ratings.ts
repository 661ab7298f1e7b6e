import { DateTime } from 'luxon';
export type { FeedbackPageView, RatingView as Rating } from '../../../../src/shared/ratings';

export const RATINGS_URL = '/api/ratings';
/** A manager's edit of an answered rating (PATCH { rating, notes }); its id is the job's. */
export const ratingUrl = (id: string) => `${RATINGS_URL}/${encodeURIComponent(id)}`;
/** A manager asks a finished job's customer to rate it (POST { jobId }). */
export const RATING_REQUEST_URL = `${RATINGS_URL}/request`;
/** Spec §9: my ratings, 50 a page. */
export const MY_RATINGS_PAGE_SIZE = 50;
export const myRatingsUrl = (page: number) =>
  `${RATINGS_URL}/current-user/paged?currentPage=${page}&pageSize=${MY_RATINGS_PAGE_SIZE}`;
export const feedbackUrl = (token: string) => `/api/feedback/${encodeURIComponent(token)}`;

export const NO_COMMENTS = 'No comments were provided';
export const COMMENT_REQUIRED = 'Please tell us what could have been better.';

/** Spec §5: a comment is required when there is no rating or a rating under 5. */
export function feedbackProblem(rating: number, comments: string): string | null {
  return (rating === 0 || rating < 5) && !comments.trim() ? COMMENT_REQUIRED : null;
}

/** The feedback page's job date ('2026-11-25', the organization's day) as 'Wednesday, November 25, 2026'. */
export const longDate = (day: string) => DateTime.fromISO(day, { zone: 'utc' }).toFormat('cccc, LLLL d, yyyy');

/** Names as a sentence: 'Alex Kim', 'Alex Kim and Sam Okafor', 'Alex Kim, Jordan Patel and Sam Okafor'. */
export function namesSentence(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
