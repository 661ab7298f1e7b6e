import { describe, expect, it } from 'vitest';
import {
  momentLabel,
  moreOfOthers,
  moreOfPerson,
  reviewedTimeLabel,
  timeReviewUrl,
  type TimeReview,
} from './timeReviews';

const ZONE = 'America/New_York';
const NOW = new Date('2026-03-03T21:00:00Z'); // Tue 3 Mar, 4:00 PM in New York

describe('time reviews', () => {
  it('names a moment by its time today, else with its day', () => {
    expect(momentLabel('2026-03-03T20:10:00Z', ZONE, NOW)).toBe('3:10 PM');
    expect(momentLabel('2026-03-02T11:05:00Z', ZONE, NOW)).toBe('Mon 2 Mar, 6:05 AM');
  });

  it('says the time a review would record: running from its start, or from start to end', () => {
    const timer = { type: 'Job' as const, jobName: 'Lawn care', customerName: null, label: null };
    expect(
      reviewedTimeLabel({ timer: { ...timer, startDateTime: '2026-03-03T11:05:00Z', endDateTime: null } }, ZONE, NOW),
    ).toBe('From 6:05 AM, still running');
    expect(
      reviewedTimeLabel(
        { timer: { ...timer, startDateTime: '2026-03-02T13:00:00Z', endDateTime: '2026-03-02T21:30:00Z' } },
        ZONE,
        NOW,
      ),
    ).toBe('Mon 2 Mar, 8:00 AM – 4:30 PM');
  });

  it('answers a review at its own address', () => {
    expect(timeReviewUrl('r 1', 'approve')).toBe('/api/time/reviews/r%201/approve');
  });

  it("says how many of a person's, and of other people's, are not listed", () => {
    const shown = (n: number) => Array.from({ length: n }, () => ({}) as TimeReview);
    const abe = { userId: 'a', userFullName: 'Abe Associate', pending: 20, reviews: shown(5) };
    const mona = { userId: 'm', userFullName: 'Mona Customer', pending: 1, reviews: shown(1) };
    expect(moreOfPerson(abe)).toBe('and 15 more from Abe Associate, shown as these are answered');
    expect(moreOfPerson(mona)).toBeNull();
    expect(moreOfOthers({ total: 24, people: [abe, mona] })).toBe(
      'and 3 more from other people, shown as these are answered',
    );
    expect(moreOfOthers({ total: 21, people: [abe, mona] })).toBeNull();
  });
});
