import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AppendResult,
  EventStore,
  GlobalPosition,
  NewEvent,
  RecordedEvent,
  WrongExpectedRevisionError,
  comparePositions,
} from '../../src/core/event-store/event-store.port';
import { SqliteEventStore } from '../../src/core/event-store/sqlite-event-store';
import { PostgresEventStore } from '../../src/core/event-store/postgres-event-store';
import { freshDatabase } from '../support/postgres';
import { within } from '../support/time';

interface Adapter {
  name: string;
  create(): Promise<EventStore>;
  cleanup?(): void;
}

const tempDirs: string[] = [];
function tempDbFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'crewclock-events-'));
  tempDirs.push(dir);
  return join(dir, 'events.db');
}
afterAll(() => tempDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const databases: { drop(): Promise<void> }[] = [];
afterAll(() => Promise.all(databases.map((d) => d.drop())));

const adapters: Adapter[] = [
  { name: 'SQLite', create: async () => new SqliteEventStore(tempDbFile()) },
  // PostgreSQL runs on every machine of ours: always, on a database of its own for this run.
  {
    name: 'PostgreSQL',
    create: async () => {
      const database = await freshDatabase('event_contract');
      databases.push(database);
      return PostgresEventStore.open(database.url, { maxConnections: 4 });
    },
  },
];
if (process.env.EVENTSTORE_URL) {
  const url = process.env.EVENTSTORE_URL;
  adapters.push({
    name: 'EventStoreDB',
    // Loaded only when reachable, so the gRPC client is not loaded for nothing.
    create: async () =>
      new (await import('../../src/core/event-store/eventstoredb-event-store')).EventStoreDbEventStore(url),
  });
}

// Unique per test, so the suite can share an EventStoreDB with other runs.
const stream = (aggregate = 'contractTest') => `${aggregate}-${randomUUID()}`;

function event(type = 'SomethingHappened', data: Record<string, unknown> = { n: 1 }): NewEvent {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: {
      organizationId: 'org-1',
      actorUserId: 'user-1',
      correlationId: randomUUID(),
      causationId: null,
      timestamp: '2025-03-30T01:30:00.000Z',
    },
  };
}

async function waitFor(predicate: () => boolean, timeoutMs = within(5000)): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const ids = (events: { id: string }[]) => events.map((e) => e.id);

describe.each(adapters)('$name event store', (adapter) => {
  let store: EventStore;
  beforeAll(async () => {
    store = await adapter.create();
  });
  afterAll(async () => {
    await store.close();
  });

  describe('append and read', () => {
    it('round-trips events with data and metadata', async () => {
      const s = stream();
      const written = [event('TimerStarted', { at: 'x', nested: { list: [1, 2] } }), event('TimerStopped')];
      const result = await store.append(s, written, 'no_stream');

      const read = await store.readStream(s);
      expect(read).toHaveLength(2);
      read.forEach((r, i) => {
        expect(r).toMatchObject({ ...written[i], streamId: s, revision: i });
      });
      expect(comparePositions(read[0].position, read[1].position)).toBeLessThan(0);
      expect(result).toEqual({ nextExpectedRevision: 1, position: read[1].position });
    });

    it('returns [] for a stream that does not exist', async () => {
      expect(await store.readStream(stream())).toEqual([]);
    });

    it("reads a stream's last event, and null for a stream that does not exist", async () => {
      const s = stream();
      const written = [event(), event(), event()];
      await store.append(s, written.slice(0, 2), 'no_stream');
      await store.append(s, written.slice(2), 1);
      const last = await store.readLastEvent(s);
      expect([last?.id, last?.revision, last?.streamId]).toEqual([written[2].id, 2, s]);
      expect(await store.readLastEvent(stream())).toBeNull();
    });

    it('reads a stream from a revision', async () => {
      const s = stream();
      const written = [event(), event(), event()];
      await store.append(s, written, 'no_stream');
      expect(ids(await store.readStream(s, { fromRevision: 1 }))).toEqual(ids(written.slice(1)));
    });

    it('keeps streams isolated', async () => {
      const a = stream();
      const b = stream();
      const inA = [event(), event()];
      const inB = [event()];
      await store.append(a, inA, 'no_stream');
      // b starts at revision 0 and its expected revision ignores a
      expect(await store.append(b, inB, 'no_stream')).toMatchObject({ nextExpectedRevision: 0 });
      await store.append(a, [event()], 1);
      expect((await store.readStream(b)).map((e) => [e.id, e.streamId, e.revision])).toEqual([[inB[0].id, b, 0]]);
      expect((await store.readStream(a)).map((e) => e.revision)).toEqual([0, 1, 2]);
    });
  });

  describe('expected revision', () => {
    async function rejection(promise: Promise<unknown>): Promise<WrongExpectedRevisionError> {
      const error = await promise.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      return error as WrongExpectedRevisionError;
    }

    it('no_stream succeeds on a new stream and fails on an existing one', async () => {
      const s = stream();
      await store.append(s, [event()], 'no_stream');
      const error = await rejection(store.append(s, [event()], 'no_stream'));
      expect(error).toMatchObject({ streamId: s, expected: 'no_stream', actual: 0 });
      expect(await store.readStream(s)).toHaveLength(1);
    });

    it('an exact revision succeeds when it is the current one and fails otherwise', async () => {
      const s = stream();
      await store.append(s, [event(), event()], 'no_stream');
      expect((await store.append(s, [event()], 1)).nextExpectedRevision).toBe(2);
      expect(await rejection(store.append(s, [event()], 1))).toMatchObject({ expected: 1, actual: 2 });
      expect(await rejection(store.append(s, [event()], 5))).toMatchObject({ expected: 5, actual: 2 });
      expect(await rejection(store.append(stream(), [event()], 0))).toMatchObject({ actual: 'no_stream' });
      expect(await store.readStream(s)).toHaveLength(3);
    });

    it('any succeeds whether or not the stream exists', async () => {
      const s = stream();
      expect((await store.append(s, [event()], 'any')).nextExpectedRevision).toBe(0);
      expect((await store.append(s, [event(), event()], 'any')).nextExpectedRevision).toBe(2);
    });

    it('stream_exists fails on a new stream and succeeds on an existing one', async () => {
      const s = stream();
      expect(await rejection(store.append(s, [event()], 'stream_exists'))).toMatchObject({ actual: 'no_stream' });
      await store.append(s, [event()], 'no_stream');
      expect((await store.append(s, [event()], 'stream_exists')).nextExpectedRevision).toBe(1);
    });

    it('of 20 concurrent appends at one expected revision exactly one wins', async () => {
      const s = stream();
      await store.append(s, [event()], 'no_stream');
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, () => store.append(s, [event(), event()], 0)),
      );
      const fulfilled = outcomes.filter((o) => o.status === 'fulfilled');
      expect(fulfilled).toHaveLength(1);
      outcomes
        .filter((o): o is PromiseRejectedResult => o.status === 'rejected')
        .forEach((o) => expect(o.reason).toBeInstanceOf(WrongExpectedRevisionError));
      expect(await store.readStream(s)).toHaveLength(3);
    });

    it('of 20 concurrent creations of one stream exactly one wins', async () => {
      const s = stream();
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, () => store.append(s, [event()], 'no_stream')),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect(await store.readStream(s)).toHaveLength(1);
    });
  });

  describe('idempotence', () => {
    it('a retry of the same append returns the original result and writes nothing', async () => {
      const s = stream();
      const first = [event(), event()];
      const created = await store.append(s, first, 'no_stream');
      const second = [event()];
      const appended = await store.append(s, second, 1);

      expect(await store.append(s, first, 'no_stream')).toEqual(created);
      expect(await store.append(s, second, 1)).toEqual(appended);
      expect(ids(await store.readStream(s))).toEqual(ids([...first, ...second]));
    });

    it('a retry with expected revision any is also idempotent', async () => {
      const s = stream();
      const batch = [event(), event()];
      const result = await store.append(s, batch, 'any');
      expect(await store.append(s, batch, 'any')).toEqual(result);
      expect(await store.readStream(s)).toHaveLength(2);
    });

    it('refuses a retry that only partly matches the stored events', async () => {
      const s = stream();
      const stored = [event(), event()];
      await store.append(s, stored, 'no_stream');
      await expect(store.append(s, [stored[0], event()], 'no_stream')).rejects.toThrow();
      expect(ids(await store.readStream(s))).toEqual(ids(stored));
    });
  });

  describe('the global log', () => {
    it('reads all in append order, pages with an exclusive after and maxCount', async () => {
      const start = await store.headPosition();
      const a = stream();
      const b = stream();
      const expected: string[] = [];
      for (let i = 0; i < 3; i++) {
        const ea = event();
        const eb = event();
        await store.append(a, [ea], i === 0 ? 'no_stream' : i - 1);
        await store.append(b, [eb], i === 0 ? 'no_stream' : i - 1);
        expected.push(ea.id, eb.id);
      }

      const pages: RecordedEvent[][] = [];
      let after: GlobalPosition | undefined = start ?? undefined;
      for (;;) {
        const page = await store.readAll({ after, maxCount: 4 });
        if (page.length === 0) break;
        expect(page.length).toBeLessThanOrEqual(4);
        pages.push(page);
        after = page[page.length - 1].position;
      }
      const all = pages.flat();
      for (let i = 1; i < all.length; i++) {
        expect(comparePositions(all[i - 1].position, all[i].position)).toBeLessThan(0);
      }
      // Other writers may share the log: look at ours only.
      const ours = all.filter((e) => e.streamId === a || e.streamId === b);
      expect(ids(ours)).toEqual(expected);
      expect(pages[0]).toHaveLength(4);

      const afterSecond = await store.readAll({ after: ours[1].position, maxCount: 1 });
      expect(comparePositions(afterSecond[0].position, ours[1].position)).toBeGreaterThan(0);
      expect(comparePositions(afterSecond[0].position, ours[2].position)).toBeLessThanOrEqual(0);
    });

    it("reads the events at given positions, in the log's order, leaving out positions with none", async () => {
      const a = stream();
      const b = stream();
      await store.append(a, [event('First'), event('Second')], 'no_stream');
      await store.append(b, [event('Third')], 'no_stream');
      const [first, second] = await store.readStream(a);
      const [third] = await store.readStream(b);
      const head = (await store.headPosition())!;
      const nowhere = { commit: head.commit + 1_000_000, prepare: head.prepare + 1_000_000 };
      const read = await store.readEvents([third.position, nowhere, first.position]);
      expect(read).toEqual([first, third]);
      expect(await store.readEvents([])).toEqual([]);
      expect((await store.readEvents([second.position])).map((e) => e.type)).toEqual(['Second']);
    });

    it('reports the head position: the position of the newest event', async () => {
      const result: AppendResult = await store.append(stream(), [event(), event()], 'no_stream');
      const head = await store.headPosition();
      expect(head).not.toBeNull();
      expect(comparePositions(head!, result.position)).toBeGreaterThanOrEqual(0);
      if (adapter.name === 'SQLite') expect(head).toEqual(result.position); // alone on its log
    });
  });

  describe('subscribeToAll', () => {
    it('catches up then goes live, in order, one at a time, strictly after the given position', async () => {
      const s = stream();
      const e = [event(), event(), event(), event()];
      const r0 = await store.append(s, [e[0]], 'no_stream');
      await store.append(s, [e[1]], 0);

      const received: RecordedEvent[] = [];
      let inFlight = 0;
      let maxInFlight = 0;
      const sub = store.subscribeToAll({ after: r0.position }, async (recorded) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (recorded.streamId === s) received.push(recorded);
        inFlight--;
      });
      try {
        await waitFor(() => received.length === 1);
        await store.append(s, [e[2]], 1);
        await store.append(s, [e[3]], 2);
        await waitFor(() => received.length === 3);
        expect(ids(received)).toEqual(ids(e.slice(1)));
        expect(received.map((r) => r.revision)).toEqual([1, 2, 3]);
        expect(received[0].metadata).toEqual(e[1].metadata);
        expect(maxInFlight).toBe(1);
      } finally {
        await sub.unsubscribe();
      }
    });

    it('unsubscribe waits for the handler in flight and stops delivery', async () => {
      const s = stream();
      const head = await store.headPosition();
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const seen: string[] = [];
      let finished = false;
      const sub = store.subscribeToAll({ after: head ?? undefined }, async (recorded) => {
        if (recorded.streamId !== s) return;
        seen.push(recorded.id);
        await gate;
        finished = true;
      });
      await store.append(s, [event(), event()], 'no_stream');
      await waitFor(() => seen.length === 1);

      const unsubscribed = sub.unsubscribe().then(() => finished);
      setTimeout(release, within(50));
      expect(await unsubscribed).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(seen).toHaveLength(1);
    });

    it('stops and reports the error when a handler throws', async () => {
      const s = stream();
      const head = await store.headPosition();
      const seen: string[] = [];
      let reported: Error | undefined;
      const sub = store.subscribeToAll(
        { after: head ?? undefined, onError: (error) => (reported = error) },
        async (recorded) => {
          if (recorded.streamId !== s) return;
          seen.push(recorded.id);
          throw new Error('projection failed');
        },
      );
      await store.append(s, [event(), event()], 'no_stream');
      await waitFor(() => reported !== undefined);
      expect(reported?.message).toBe('projection failed');
      await store.append(s, [event()], 1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(seen).toHaveLength(1);
      await sub.unsubscribe();
    });
  });
});

describe('SQLite event store specifics', () => {
  it('works in memory', async () => {
    const store = new SqliteEventStore(':memory:');
    expect(await store.headPosition()).toBeNull();
    const e = event();
    await store.append('timer-1', [e], 'no_stream');
    expect(ids(await store.readAll())).toEqual([e.id]);
    await store.close();
  });

  // EventStoreDB only checks ids against the events at the expected revision; SQLite keeps ids unique.
  it('refuses an append reusing a stored id at the current revision', async () => {
    const store = new SqliteEventStore(':memory:');
    const s = stream();
    const stored = [event(), event()];
    await store.append(s, stored, 'no_stream');
    await expect(store.append(s, [stored[1], event()], 1)).rejects.toThrow(/already stored/);
    expect(ids(await store.readStream(s))).toEqual(ids(stored));
    await store.close();
  });

  it('refuses event ids already stored in another stream', async () => {
    const store = new SqliteEventStore(':memory:');
    const e = event();
    await store.append(stream(), [e], 'no_stream');
    await expect(store.append(stream(), [e], 'no_stream')).rejects.toThrow(/already stored/);
    await store.close();
  });

  it('commits appends arriving in the same tick independently (group commit)', async () => {
    const store = new SqliteEventStore(tempDbFile());
    const s = stream();
    const outcomes = await Promise.allSettled([
      store.append(s, [event()], 'no_stream'),
      store.append(s, [event()], 'no_stream'), // refused, must not undo its neighbours
      store.append(s, [event()], 0),
      store.append(stream(), [event()], 'no_stream'),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(await store.readStream(s)).toHaveLength(2);
    expect((await store.readAll()).map((r) => r.position.commit)).toEqual([1, 2, 3]);
    await store.close();
  });

  it('writes appends accepted before close', async () => {
    const file = tempDbFile();
    const store = new SqliteEventStore(file);
    const pending = store.append(stream(), [event()], 'no_stream');
    await store.close();
    await pending;
    const reopened = new SqliteEventStore(file);
    expect(await reopened.readAll()).toHaveLength(1);
    await reopened.close();
  });

  it('delivers appends made by another process sharing the file (polling)', async () => {
    const file = tempDbFile();
    const reader = new SqliteEventStore(file);
    const writer = new SqliteEventStore(file); // stands in for another process: a separate connection
    const received: string[] = [];
    const sub = reader.subscribeToAll({}, async (e) => void received.push(e.id));
    const e = event();
    await writer.append(stream(), [e], 'no_stream');
    await waitFor(() => received.length === 1, within(2000));
    expect(received).toEqual([e.id]);
    await sub.unsubscribe();
    await Promise.all([reader.close(), writer.close()]);
  });

  it('catches up across several pages', async () => {
    const store = new SqliteEventStore(':memory:');
    const s = stream();
    const total = SqliteEventStore.PAGE_SIZE * 2 + 7;
    await store.append(
      s,
      Array.from({ length: total }, () => event()),
      'no_stream',
    );
    const revisions: number[] = [];
    const sub = store.subscribeToAll({}, async (e) => void revisions.push(e.revision));
    await waitFor(() => revisions.length === total);
    expect(revisions).toEqual(Array.from({ length: total }, (_, i) => i));
    await store.close(); // also ends the subscription
    expect(sub).toBeDefined();
  });
});
