import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { allowance, networkOf, take } from '../core/rate-limits';
import type { RedisClient } from '../core/redis';

/**
 * Sign-in attempts are counted per account and per address (OWASP ASVS 6.3.1): at most 5 passwords
 * per account and 50 per address are checked in 15 minutes; past that the account (or address) is
 * refused for 15 minutes. An attempt is taken from both allowances *before* the password is checked,
 * so parallel guesses cannot all slip through while the first ones are still hashing, and a success
 * gives back only its own attempt: failures made alongside it still count. Counters live in Redis when
 * there is one, so every API instance sees them.
 */
export const ACCOUNT_ATTEMPTS = 5;
export const ADDRESS_ATTEMPTS = 50;
const WINDOW_SECONDS = 15 * 60;
const TOO_MANY = 'Too many failed sign-in attempts.';

/** What a successful sign-in gives back. */
export interface SignInAttempt {
  account: string;
  address: string;
}

export class LoginThrottle {
  private readonly byAccount: RateLimiterAbstract;
  private readonly byAddress: RateLimiterAbstract;

  constructor(redis: RedisClient | null) {
    this.byAccount = allowance(redis, 'login_account', ACCOUNT_ATTEMPTS, WINDOW_SECONDS);
    this.byAddress = allowance(redis, 'login_address', ADDRESS_ATTEMPTS, WINDOW_SECONDS);
  }

  /** Takes one attempt from the address's and the account's allowance; throws 429 when either is spent. */
  async attempt(account: string, address: string): Promise<SignInAttempt> {
    const attempt = { account: account.toLowerCase(), address: networkOf(address) };
    await take(this.byAddress, attempt.address, TOO_MANY);
    try {
      await take(this.byAccount, attempt.account, TOO_MANY);
    } catch (error) {
      // No password is checked for a locked account, so its address is not charged for it.
      await this.byAddress.reward(attempt.address, 1);
      throw error;
    }
    return attempt;
  }

  /** The password was right: this attempt does not count (the others made meanwhile do). */
  async succeeded(attempt: SignInAttempt): Promise<void> {
    await Promise.all([this.byAccount.reward(attempt.account, 1), this.byAddress.reward(attempt.address, 1)]);
  }
}
