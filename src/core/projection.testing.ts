import type { DomainEvent } from './decider';
import type { RecordedEvent } from './event-store/event-store.port';
import type { AnyDoc, ReadStore } from './read-store/read-store.port';
import { SqliteReadStore } from './read-store/sqlite-read-store';

/**
 * What a projection specification drives: projections/runner/projection.ts's Projection has this shape (named here
 * by its shape, so src/core imports nothing of projections/ or of a feature).
 */
export interface SpecifiedProjection {
  name: string;
  collections: string[];
  setup?(store: ReadStore): Promise<void>;
  apply(event: RecordedEvent, context: SpecifiedContext): Promise<void>;
}

export interface SpecifiedContext {
  store: ReadStore;
  notify(notice: unknown): void;
}

/** Every document of each collection, by `_id`. */
type Snapshot = Record<string, AnyDoc[]>;

/** What one delivery of the events pushed, in order (e-mails are processes', not projections'). */
export interface Effects {
  notices: unknown[];
}

/**
 * Given/then for projection specs: `projection(p).given(...events).then(collection, documents)`. The events run
 * through the projection's own `apply` into the embedded read store (SQLite in memory, set up by the projection),
 * as the runner delivers them. Every `then…` also delivers the events again from each point of the log (delivery
 * is at-least-once: a restart replays from its checkpoint) and expects every document unchanged.
 *
 * `readsFrom`: the projections that build documents this one reads (the users a timer names, the customer a rating
 * averages onto), applied before it to each event, as all-projections.ts orders them.
 */
export function projection(projection: SpecifiedProjection, options: { readsFrom?: SpecifiedProjection[] } = {}) {
  const projections = [...(options.readsFrom ?? []), projection];
  const collections = projections.flatMap((p) => p.collections);

  /** A fresh embedded store, set up by every projection involved, closed after `work`. */
  async function withStore<T>(work: (store: ReadStore) => Promise<T>): Promise<T> {
    const store = new SqliteReadStore(':memory:');
    try {
      for (const p of projections) await p.setup?.(store);
      return await work(store);
    } finally {
      await store.close();
    }
  }

  /** Builds a store from the events, hands it to `check`, then replays every suffix of the log and compares. */
  const run = (events: RecordedEvent[], check: (store: ReadStore) => Promise<void>) =>
    withStore(async (store) => {
      await deliver(store, events);
      await check(store);
      const once = await snapshot(store);
      for (let from = 0; from < events.length; from++) {
        await deliver(store, events.slice(from));
        expect({ replayedFrom: from, documents: await snapshot(store) }).toEqual({
          replayedFrom: from,
          documents: once,
        });
      }
    });

  async function deliver(store: ReadStore, events: RecordedEvent[], effects: Effects = { notices: [] }) {
    const context: SpecifiedContext = {
      store,
      notify: (notice) => effects.notices.push(notice),
    };
    for (const event of events) for (const p of projections) await p.apply(event, context);
    return effects;
  }

  async function snapshot(store: ReadStore): Promise<Snapshot> {
    const all: Snapshot = {};
    for (const name of collections) all[name] = await store.collection(name).find({}, { sort: { _id: 1 } });
    return all;
  }

  return {
    given: (...events: RecordedEvent[]) => ({
      /**
       * The collection holds exactly these documents (in any order; asymmetric matchers welcome), or, given a
       * record, each named collection holds exactly its list.
       */
      then: (collection: string | Record<string, unknown[]>, documents: unknown[] = []) =>
        run(events, async (store) => {
          const expected = typeof collection === 'string' ? { [collection]: documents } : collection;
          const actual: Record<string, AnyDoc[]> = {};
          for (const name of Object.keys(expected))
            actual[name] = await store.collection(name).find({}, { sort: { _id: 1 } });
          expect(actual).toEqual(Object.fromEntries(Object.entries(expected).map(([k, v]) => [k, byId(v)])));
        }),
      /** The named collections (by default every collection of the projection under spec) hold no document. */
      thenNothing: (...names: string[]) =>
        run(events, async (store) => {
          const empty = names.length ? names : projection.collections;
          const actual: Record<string, AnyDoc[]> = {};
          for (const name of empty) actual[name] = await store.collection(name).find({});
          expect(actual).toEqual(Object.fromEntries(empty.map((name) => [name, []])));
        }),
      /** What a read-model query (a function of the store) answers. */
      thenReads: <T>(read: (store: ReadStore) => Promise<T>, expected: T) =>
        run(events, async (store) => expect(await read(store)).toEqual(expected)),
      /** Any checks of the store the events built (several queries, or a query at several positions). */
      thenStore: (check: (store: ReadStore) => Promise<void>) => run(events, check),
      /** The pushes of one delivery of the events (a replay of them is checked for documents only). */
      effects: (): Promise<Effects> => withStore((store) => deliver(store, events)),
    }),
  };
}

/** Sorts documents with string ids by id, as the store lists them; others keep their place after. */
function byId(documents: unknown[]): unknown[] {
  const id = (d: unknown) =>
    d && typeof d === 'object' && typeof (d as AnyDoc)._id === 'string' ? (d as AnyDoc)._id : null;
  return [...documents].sort((a, b) => {
    const [x, y] = [id(a), id(b)];
    if (x === null || y === null) return x === null ? (y === null ? 0 : 1) : -1;
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/**
 * A log of recorded events for projection specs: each stream's events get its next revision, each event the log's
 * next position (`samePosition`: the one before's, two events of one append) and a timestamp a minute after the one
 * before (from `start`). Wrap `event` in a typed function per stream so the data is checked against the feature's
 * event union: `const timer = (e: TimerEvent) => log.event(`timer-${ID}`, e)`.
 */
export function eventLog(defaults: { organizationId: string; actorUserId?: string | null; start?: string }) {
  const start = Date.parse(defaults.start ?? '2030-01-01T10:00:00.000Z');
  const revisions = new Map<string, number>();
  let position = 0;
  const log = {
    /** The timestamp of the event at `position`, as this log writes it. */
    at: (at: number) => new Date(start + at * 60_000).toISOString(),
    event<E extends DomainEvent>(
      streamId: string,
      event: E,
      options: { actorUserId?: string | null; timestamp?: string; samePosition?: boolean } = {},
    ): RecordedEvent<E['data']> {
      const revision = revisions.has(streamId) ? revisions.get(streamId)! + 1 : 0;
      revisions.set(streamId, revision);
      if (!options.samePosition || position === 0) position += 1;
      return {
        id: `event-${position}-${streamId}-${revision}`,
        type: event.type,
        data: event.data,
        streamId,
        revision,
        position: { commit: position, prepare: position },
        metadata: {
          organizationId: defaults.organizationId,
          actorUserId: options.actorUserId !== undefined ? options.actorUserId : (defaults.actorUserId ?? null),
          correlationId: `correlation-${position}`,
          causationId: null,
          timestamp: options.timestamp ?? log.at(position),
        },
      };
    },
  };
  return log;
}
