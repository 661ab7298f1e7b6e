import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { isIPv4, isIPv6 } from 'node:net';
import { TooManyRequestsError, UnavailableError } from './errors';
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

/**
 * The network a client address stands for in a per-address allowance: an IPv4 address itself (an IPv4-mapped IPv6
 * address too), and an IPv6 address's /64, the block one subscriber is given, so that walking through the addresses
 * of one's own /64 gets no fresh allowance.
 */
export function networkOf(address: string): string {
  if (!isIPv6(address)) return address;
  const mapped = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : null;
  if (mapped && isIPv4(mapped)) return mapped;
  const [head, tail = null] = address.toLowerCase().split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = tail === null ? [] : tail ? tail.split(':') : [];
  // An embedded IPv4 tail (64:ff9b::1.2.3.4) stands for two groups; only the first four groups matter here.
  const rightGroups = right.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups =
    tail === null ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - rightGroups)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * At most `running` computations at once, and `waiting` more queued behind them; past that a 503 that asks to try
 * again shortly. For costly public work (a booking page's slots): a burst queues instead of piling onto the event
 * loop, and a flood is refused rather than queued without end.
 */
export class ComputeGate {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly running: number,
    private readonly waiting: number,
    private readonly busyMessage: string,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.running) {
      if (this.queue.length >= this.waiting) throw new UnavailableError(this.busyMessage, 5);
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else this.active++;
    try {
      return await work();
    } finally {
      const next = this.queue.shift();
      // The slot passes straight to the next in line; `active` stays as it is.
      if (next) next();
      else this.active--;
    }
  }
}
