import { DateTime } from 'luxon';
import type { TimeReviewView } from '../../../../src/shared/timers';

export type TimeReview = TimeReviewView;

/** Times phones sent later with their clocks off, for a manager to decide (jobs.crud; issue #29 item 5). */
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
