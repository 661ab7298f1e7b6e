import { describe, expect, it } from 'vitest';
import { momentLabel, reviewedTimeLabel, timeReviewUrl } from './timeReviews';

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
});
