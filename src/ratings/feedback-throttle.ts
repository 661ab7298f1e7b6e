import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { allowance, networkOf, take } from '../core/rate-limits';
import type { RedisClient } from '../core/redis';

/**
 * The public feedback calls, per address: opening a page at most 120 times an hour, submitting at most
 * 30 times an hour (tokens have 256 bits, so this is about load, not guessing).
 */
export const FEEDBACK_VIEWS_PER_ADDRESS = 120;
export const FEEDBACK_SUBMISSIONS_PER_ADDRESS = 30;
const HOUR = 3600;

export class FeedbackThrottle {
  private readonly views: RateLimiterAbstract;
  private readonly submissions: RateLimiterAbstract;

  constructor(redis: RedisClient | null) {
    this.views = allowance(redis, 'feedback_view_address', FEEDBACK_VIEWS_PER_ADDRESS, HOUR);
    this.submissions = allowance(redis, 'feedback_submit_address', FEEDBACK_SUBMISSIONS_PER_ADDRESS, HOUR);
  }

  view(address: string): Promise<void> {
    return take(this.views, networkOf(address), 'Too many feedback pages opened from this network.');
  }

  submission(address: string): Promise<void> {
    return take(this.submissions, networkOf(address), 'Too many feedback submissions from this network.');
  }
}
