import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { TooManyRequestsError } from '../core/errors';
import type { RedisClient } from '../core/redis';

/**
 * Failed sign-ins are counted per account and per address (OWASP ASVS 2.2.1): 5 failures lock an
 * account for 15 minutes; 50 failures from one address block it for 15 minutes. A success clears
 * the account's count. Counters live in Redis when there is one, so every API instance sees them.
 */
export const ACCOUNT_FAILURES = 5;
export const ADDRESS_FAILURES = 50;
const WINDOW_SECONDS = 15 * 60;

export class LoginThrottle {
  private readonly byAccount: RateLimiterAbstract;
  private readonly byAddress: RateLimiterAbstract;

  constructor(redis: RedisClient | null) {
    const make = (keyPrefix: string, points: number) =>
      redis
        ? new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration: WINDOW_SECONDS, blockDuration: WINDOW_SECONDS })
        : new RateLimiterMemory({ keyPrefix, points, duration: WINDOW_SECONDS, blockDuration: WINDOW_SECONDS });
    this.byAccount = make('login_account', ACCOUNT_FAILURES);
    this.byAddress = make('login_address', ADDRESS_FAILURES);
  }

  /** Throws when either counter is exhausted. */
  async check(account: string, address: string): Promise<void> {
    const [a, b] = await Promise.all([this.byAccount.get(account.toLowerCase()), this.byAddress.get(address)]);
    for (const [res, points] of [[a, ACCOUNT_FAILURES], [b, ADDRESS_FAILURES]] as const) {
      if (res && res.consumedPoints >= points) throw this.tooMany(res);
    }
  }

  async failed(account: string, address: string): Promise<void> {
    await Promise.all([
      this.byAccount.penalty(account.toLowerCase(), 1),
      this.byAddress.penalty(address, 1),
    ]);
  }

  async succeeded(account: string): Promise<void> {
    await this.byAccount.delete(account.toLowerCase());
  }

  private tooMany(res: RateLimiterRes): TooManyRequestsError {
    const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    const minutes = Math.ceil(seconds / 60);
    return new TooManyRequestsError(`Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, seconds);
  }
}
