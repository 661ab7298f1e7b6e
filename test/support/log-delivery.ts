import type { EventStore, RecordedEvent, SubscribeOptions } from '../../src/core/event-store/event-store.port';

/** Which subscription an event is being delivered to: its number in the order they were made (1 first), and when it was made. */
export interface Delivery {
  subscription: number;
  madeAt: number;
}

/**
 * The log, with every subscription's delivery of an event awaiting `before` first: a test holds or delays what one
 * runner hears (the runner of the read models of the past subscribes second, after today's). Everything else reaches
 * the log unchanged.
 */
export function deliveredThrough(
  log: EventStore,
  before: (event: RecordedEvent, delivery: Delivery) => Promise<void> | void,
): EventStore {
  let made = 0;
  return new Proxy(log, {
    get(target, property) {
      if (property === 'subscribeToAll')
        return (options: SubscribeOptions, handler: Parameters<EventStore['subscribeToAll']>[1]) => {
          const delivery = { subscription: ++made, madeAt: Date.now() };
          return target.subscribeToAll(options, async (event, more) => {
            await before(event, delivery);
            await handler(event, more);
          });
        };
      const value = Reflect.get(target, property) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
