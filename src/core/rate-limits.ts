import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { TooManyRequestsError } from './errors';
import type { RedisClient } from './redis';

/**
 * An allowance of `points` per `seconds` under a key (an account, an address), blocked for the rest
 * of the window once spent. In Redis when there is one, so every API instance shares the counts.
 */
export function allowance(
  redis: RedisClient | null,
  keyPrefix: string,
  points: number,
  seconds: number,
): RateLimiterAbstract {
  const options = { keyPrefix, points, duration: seconds, blockDuration: seconds };
  return redis ? new RateLimiterRedis({ storeClient: redis, ...options }) : new RateLimiterMemory(options);
}

/**
 * Takes one point, or throws a 429 whose message ends with when to try again. `refused` gives the
 * first sentence. A failing store is not a reason to let the request through: its error propagates.
 */
export async function take(limiter: RateLimiterAbstract, key: string, refused: string): Promise<void> {
  try {
    await limiter.consume(key, 1);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    const minutes = Math.ceil(seconds / 60);
    throw new TooManyRequestsError(`${refused} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, seconds);
  }
}

/** Whether a point is left, taking it if so (for limits the caller must not reveal). */
export async function tryTake(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
  try {
    await limiter.consume(key, 1);
    return true;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return false;
    throw rejection;
  }
}
