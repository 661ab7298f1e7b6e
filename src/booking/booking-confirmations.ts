import { createHash } from 'node:crypto';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { allowance, tryTake } from '../core/rate-limits';
import type { RedisClient } from '../core/redis';

/** Confirmations one address receives at most in an hour, whoever books with it. */
export const CONFIRMATIONS_PER_ADDRESS_HOURLY = 3;

/**
 * How many booking confirmations go to one e-mail address (in Redis when there is one, so every instance shares
 * the counts). Anyone can type any address on a booking page: this keeps the pages from mailing someone over and
 * over. Over the limit the booking still succeeds, silently without an e-mail (the answer must not tell).
 */
export class BookingConfirmations {
  private readonly perAddress: RateLimiterAbstract;
  constructor(redis: RedisClient | null) {
    this.perAddress = allowance(redis, 'booking_confirmation_to', CONFIRMATIONS_PER_ADDRESS_HOURLY, 3600);
  }

  /** Whether one more confirmation may go to `email` now, counting it if so. Keyed by a digest, not the address. */
  mayMail(email: string): Promise<boolean> {
    return tryTake(this.perAddress, createHash('sha256').update(email.trim().toLowerCase()).digest('hex'));
  }
}
