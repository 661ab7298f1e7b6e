import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { allowance, networkOf, take } from '../core/rate-limits';
import type { RedisClient } from '../core/redis';

/** Per network (an IPv4 address, an IPv6 /64) and hour: booking pages and logos, slot reads, and changes. */
export const BOOKING_VIEWS_PER_HOUR = 600;
export const BOOKING_SLOT_READS_PER_HOUR = 240;
export const BOOKING_CHANGES_PER_HOUR = 20;

/**
 * The public booking calls' allowances. Slots have their own: a slots read costs more than a page, and a visitor
 * paging through weeks needs a few dozen an hour at most.
 */
export class BookingThrottle {
  private readonly views: RateLimiterAbstract;
  private readonly slotReads: RateLimiterAbstract;
  private readonly bookings: RateLimiterAbstract;
  constructor(redis: RedisClient | null) {
    this.views = allowance(redis, 'booking_view_address', BOOKING_VIEWS_PER_HOUR, 3600);
    this.slotReads = allowance(redis, 'booking_slots_network', BOOKING_SLOT_READS_PER_HOUR, 3600);
    this.bookings = allowance(redis, 'booking_book_address', BOOKING_CHANGES_PER_HOUR, 3600);
  }
  view(address: string) {
    return take(this.views, networkOf(address), 'Too many booking pages opened from this network.');
  }
  slots(address: string) {
    return take(this.slotReads, networkOf(address), 'Too many times looked up from this network.');
  }
  book(address: string) {
    return take(this.bookings, networkOf(address), 'Too many bookings from this network.');
  }
}
