import type { RecordedEvent, SubscribeOptions, Subscription } from './event-store.port';

/** What an adapter whose log reads in pages by position gives `followLog`. */
export interface PagedLog {
  readonly pageSize: number;
  /** The bound on a live subscription's delay when no wake-up comes (another process appended; a lost notice). */
  readonly pollMs: number;
  readPage(afterCommit: number, limit: number): RecordedEvent[] | Promise<RecordedEvent[]>;
  /** Called when the log may have grown (the adapter's own commits, a notification): each subscription's wake-up. */
  readonly listeners: Set<() => void>;
  /** The adapter's open subscriptions, which `close` ends. */
  readonly subscriptions: Set<Subscription>;
}

/**
 * The port's `subscribeToAll` on a log read in pages by position (SQLite's and PostgreSQL's): catch-up, then live,
 * strictly after `options.after`, one event at a time (the next only once the handler's promise resolved; `more`
 * while the page read holds another). A
 * throwing handler or a failed read stops it and calls `onError`; `unsubscribe` waits for the handler in flight.
 */
export function followLog(
  log: PagedLog,
  options: SubscribeOptions,
  handler: (event: RecordedEvent, more: boolean) => Promise<void>,
): Subscription {
  let after = options.after?.commit ?? 0;
  let stopped = false;
  let dirty = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    dirty = true;
    wake?.();
  };
  const poll = setInterval(notify, log.pollMs);
  poll.unref(); // the subscription's owner decides when the process ends
  log.listeners.add(notify);

  const stop = () => {
    stopped = true;
    clearInterval(poll);
    log.listeners.delete(notify);
    wake?.();
  };

  const running = (async () => {
    while (!stopped) {
      dirty = false; // set before reading, so an append during the handlers triggers another read
      const page = await log.readPage(after, log.pageSize);
      for (const [i, event] of page.entries()) {
        if (stopped) return;
        await handler(event, i < page.length - 1);
        after = event.position.commit;
      }
      if (page.length < log.pageSize && !dirty && !stopped) {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
      }
    }
  })().catch((error: unknown) => {
    stop();
    log.subscriptions.delete(subscription);
    options.onError?.(error instanceof Error ? error : new Error(String(error)));
  });

  const subscription: Subscription = {
    // Do not call from inside the handler: it waits for the handler to return.
    unsubscribe: async () => {
      stop();
      await running;
      log.subscriptions.delete(subscription);
    },
  };
  log.subscriptions.add(subscription);
  return subscription;
}
