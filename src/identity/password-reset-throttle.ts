import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { allowance, networkOf, take, tryTake } from '../core/rate-limits';
import type { RedisClient } from '../core/redis';

/**
 * Limits on password resets (OWASP ASVS 6.3.1, 2.4.1): reset e-mails go out at most 3 times an hour per
 * account, silently (the answer never tells whether an address is known); an address may ask for
 * at most 10 resets an hour and submit at most 20 new passwords with a link an hour, and is told so.
 */
export const RESET_EMAILS_PER_ACCOUNT = 3;
export const RESET_REQUESTS_PER_ADDRESS = 10;
export const RESET_SUBMISSIONS_PER_ADDRESS = 20;
const HOUR = 3600;

export class PasswordResetThrottle {
  private readonly emailsByAccount: RateLimiterAbstract;
  private readonly requestsByAddress: RateLimiterAbstract;
  private readonly submissionsByAddress: RateLimiterAbstract;

  constructor(redis: RedisClient | null) {
    this.emailsByAccount = allowance(redis, 'reset_email_account', RESET_EMAILS_PER_ACCOUNT, HOUR);
    this.requestsByAddress = allowance(redis, 'reset_request_address', RESET_REQUESTS_PER_ADDRESS, HOUR);
    this.submissionsByAddress = allowance(redis, 'reset_submit_address', RESET_SUBMISSIONS_PER_ADDRESS, HOUR);
  }

  request(address: string): Promise<void> {
    return take(this.requestsByAddress, networkOf(address), 'Too many password reset requests from this network.');
  }

  /** Whether this account may be sent one more reset e-mail now (taking it if so). */
  emailAllowed(account: string): Promise<boolean> {
    return tryTake(this.emailsByAccount, account.toLowerCase());
  }

  submission(address: string): Promise<void> {
    return take(
      this.submissionsByAddress,
      networkOf(address),
      'Too many attempts to set a new password from this network.',
    );
  }
}
