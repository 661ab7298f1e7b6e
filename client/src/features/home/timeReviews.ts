import { DateTime } from 'luxon';
import type { TimeReviewsView, TimeReviewView } from '../../../../src/shared/timers';

export type TimeReview = TimeReviewView;
export type TimeReviews = TimeReviewsView;
export type ReviewsOfPerson = TimeReviewsView['people'][number];

/** Times phones sent later, for a manager to decide (jobs.crud; issue #29 item 5), by person (issue #44 item 3). */
export const TIME_REVIEWS_URL = '/api/time/reviews';
export const timeReviewUrl = (id: string, answer: 'approve' | 'decline') =>
  `${TIME_REVIEWS_URL}/${encodeURIComponent(id)}/${answer}`;

/** '4:10 PM' on the day `now` is in the zone, else 'Tue 3 Mar, 4:10 PM'. */
export function momentLabel(iso: string, zone: string, now: Date = new Date()): string {
  const at = DateTime.fromISO(iso, { setZone: true }).setZone(zone);
  return at.hasSame(DateTime.fromJSDate(now).setZone(zone), 'day')
    ? at.toFormat('h:mm a')
    : at.toFormat('ccc d LLL, h:mm a');
}

/** The time as it would be once approved: 'From 6:05 AM, still running', 'Tue 3 Mar, 8:00 AM – 4:30 PM'. */
export function reviewedTimeLabel(review: Pick<TimeReview, 'timer'>, zone: string, now: Date = new Date()): string {
  const { startDateTime, endDateTime } = review.timer;
  const start = momentLabel(startDateTime, zone, now);
  if (!endDateTime) return `From ${start}, still running`;
  const sameDay = DateTime.fromISO(startDateTime)
    .setZone(zone)
    .hasSame(DateTime.fromISO(endDateTime).setZone(zone), 'day');
  return `${start} – ${sameDay ? DateTime.fromISO(endDateTime).setZone(zone).toFormat('h:mm a') : momentLabel(endDateTime, zone, now)}`;
}

/** What of a person's reviews is not listed: 'and 15 more from Abe Associate', or null when all are. */
export function moreOfPerson(person: ReviewsOfPerson): string | null {
  const more = person.pending - person.reviews.length;
  return more > 0 ? `and ${more} more from ${person.userFullName}, shown as these are answered` : null;
}

/** The reviews of people beyond those listed: 'and 3 more from other people', or null when there are none. */
export function moreOfOthers(reviews: TimeReviews): string | null {
  const more = reviews.total - reviews.people.reduce((sum, p) => sum + p.pending, 0);
  return more > 0 ? `and ${more} more from other people, shown as these are answered` : null;
}
