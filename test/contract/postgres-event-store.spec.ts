import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/config';
import { openEngines } from '../../src/core/engines';
import { NewEvent } from '../../src/core/event-store/event-store.port';
import { PostgresEventStore, PostgresEventStoreOptions } from '../../src/core/event-store/postgres-event-store';
import { PgPool, pgPool } from '../../src/core/postgres';
import { freshDatabase } from '../support/postgres';
import { within } from '../support/time';

/** What the contract suite cannot see: several instances (processes) on one database, NOTIFY, polling, commits. */
const stream = () => `pgSpecific-${randomUUID()}`;

function event(data: unknown = { n: 1 }): NewEvent {
  return {
    id: randomUUID(),
    type: 'SomethingHappened',
    data,
    metadata: {
      organizationId: 'org-1',
      actorUserId: 'user-1',
      correlationId: randomUUID(),
      causationId: null,
      timestamp: '2026-11-26T06:00:00.000Z',
    },
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function waitFor(predicate: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms`);
    await sleep(10);
  }
}

/** The backends of an instance's LISTEN connection, once one is listening. */
async function listening(name: string, notPid?: number): Promise<number> {
  const deadline = Date.now() + within(10_000);
  for (;;) {
    const { rows } = await sql.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND query LIKE 'LISTEN%' AND pid <> $2",
      [`${name}-listener`, notPid ?? 0],
    );
    if (rows.length === 1) return rows[0].pid;
    if (Date.now() > deadline) throw new Error(`${name} is not listening`);
    await sleep(20);
  }
}

let database: Awaited<ReturnType<typeof freshDatabase>>;
let sql: PgPool;
const stores: PostgresEventStore[] = [];

/** An instance on this test's database; closed after the test. */
async function open(options: PostgresEventStoreOptions = {}): Promise<PostgresEventStore> {
  const store = await PostgresEventStore.open(database.url, { maxConnections: 2, ...options });
  stores.push(store);
  return store;
}

beforeEach(async () => {
  database = await freshDatabase('event_pg');
  sql = pgPool(database.url, { max: 1 });
});
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
  await sql.end();
  await database.drop();
});

describe('PostgreSQL event store specifics', () => {
  it('creates its schema when several instances open an empty database at once', async () => {
    const [first, ...others] = await Promise.all(Array.from({ length: 4 }, () => open()));
    const e = event();
    await first.append(stream(), [e], 'no_stream');
    for (const other of others) expect((await other.readAll()).map((r) => r.id)).toEqual([e.id]);
  });

  it("delivers an append made through another instance at once (NOTIFY), long before a poll's turn", async () => {
    const reader = await open({ pollMs: 60_000, name: 'crewclock-notified' });
    const writer = await open();
    const received: string[] = [];
    const sub = reader.subscribeToAll({}, async (e) => void received.push(e.id));
    await listening('crewclock-notified');
    const e = event();
    await writer.append(stream(), [e], 'no_stream');
    await waitFor(() => received.length === 1, within(2000));
    expect(received).toEqual([e.id]);
    await sub.unsubscribe();
  });

  it('delivers a commit whose notification never came (polling)', async () => {
    const reader = await open({ pollMs: 300, name: 'crewclock-polling' });
    const received: string[] = [];
    const sub = reader.subscribeToAll({}, async (e) => void received.push(e.id));
    await listening('crewclock-polling');
    // Committed without NOTIFY, as a notification lost on its way would leave it.
    const id = randomUUID();
    await sql.query(
      `INSERT INTO event_log (position, stream_id, revision, event_id, type, data, metadata)
       VALUES (1, $1, 0, $2, 'SomethingHappened', '{}', $3)`,
      [stream(), id, JSON.stringify(event().metadata)],
    );
    await waitFor(() => received.length === 1, within(2000));
    expect(received).toEqual([id]);
    await sub.unsubscribe();
  });

  it('keeps delivering when its LISTEN connection is killed, and listens again', async () => {
    const reader = await open({ pollMs: 300, name: 'crewclock-killed' });
    const writer = await open();
    const received: string[] = [];
    let failed: Error | undefined;
    const sub = reader.subscribeToAll({ onError: (error) => (failed = error) }, async (e) => void received.push(e.id));
    const killed = await listening('crewclock-killed');
    await sql.query('SELECT pg_terminate_backend($1)', [killed]);

    const first = event();
    await writer.append(stream(), [first], 'no_stream');
    await waitFor(() => received.length === 1, within(2000));

    await listening('crewclock-killed', killed);
    const second = event();
    await writer.append(stream(), [second], 'no_stream');
    await waitFor(() => received.length === 2, within(2000));
    expect(received).toEqual([first.id, second.id]);
    expect(failed).toBeUndefined();
    await sub.unsubscribe();
  });

  it('commits appends arriving together in one transaction, each refusal on its own (group commit)', async () => {
    const store = await open();
    const s = stream();
    const others = Array.from({ length: 8 }, () => stream());
    const outcomes = await Promise.allSettled([
      store.append(s, [event()], 'no_stream'),
      store.append(s, [event()], 'no_stream'), // refused, must not undo its neighbours
      store.append(s, [event(), event()], 0),
      ...others.map((o) => store.append(o, [event()], 'no_stream')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      ...others.map(() => 'fulfilled'),
    ]);
    const { rows } = await sql.query<{ transactions: number; events: number }>(
      'SELECT count(DISTINCT transaction_id)::int AS transactions, count(*)::int AS events FROM event_log',
    );
    expect(rows[0]).toEqual({ transactions: 1, events: 11 });
    // Positions stay without a gap: the refused append gave none back.
    expect((await store.readAll()).map((r) => r.position.commit)).toEqual(Array.from({ length: 11 }, (_, i) => i + 1));

    // Appends awaited one after another each commit on their own.
    for (const o of others) await store.append(o, [event()], 0);
    const again = await sql.query<{ transactions: number }>(
      'SELECT count(DISTINCT transaction_id)::int AS transactions FROM event_log',
    );
    expect(again.rows[0].transactions).toBe(1 + others.length);
  });

  it('commits the neighbours of an append that PostgreSQL itself refuses', async () => {
    const store = await open();
    const outcomes = await Promise.allSettled([
      store.append(stream(), [event()], 'no_stream'),
      store.append('pgSpecific-\u0000', [event()], 'no_stream'), // text cannot hold NUL: the batch's INSERT fails
      store.append(stream(), [event()], 'no_stream'),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await store.readAll()).toHaveLength(2);
  });

  it('a writer paused inside its transaction holds the other writers back only until PostgreSQL ends it', async () => {
    // Its transaction waits 2 s between INSERT and COMMIT, as a process stopped there would.
    const paused = await open({ idleInTransactionMs: 300, beforeCommit: () => sleep(2000) });
    const other = await open();
    const stalled = paused.append(stream(), [event()], 'no_stream');
    stalled.catch(() => undefined);
    await sleep(100); // the paused writer holds the lock
    const started = Date.now();
    const e = event();
    await other.append(stream(), [e], 'no_stream');
    expect(Date.now() - started).toBeLessThan(1500);
    await expect(stalled).rejects.toThrow();
    expect((await other.readAll()).map((r) => r.id)).toEqual([e.id]);
  });

  it('writes appends accepted before close', async () => {
    const store = await PostgresEventStore.open(database.url, { maxConnections: 2 });
    const e = event();
    const pending = store.append(stream(), [e], 'no_stream');
    await store.close();
    await pending;
    await expect(store.append(stream(), [event()], 'no_stream')).rejects.toThrow(/closed/);
    const reopened = await open();
    expect((await reopened.readAll()).map((r) => r.id)).toEqual([e.id]);
  });

  it('refuses event ids stored in another stream, or stored at the current revision', async () => {
    const store = await open();
    const s = stream();
    const stored = [event(), event()];
    await store.append(s, stored, 'no_stream');
    await expect(store.append(stream(), [stored[0]], 'no_stream')).rejects.toThrow(/already stored/);
    await expect(store.append(s, [stored[1], event()], 1)).rejects.toThrow(/already stored/);
    expect((await store.readStream(s)).map((r) => r.id)).toEqual(stored.map((e) => e.id));
  });

  it('finds no stream named with a NUL character, which PostgreSQL cannot store', async () => {
    const store = await open();
    expect(await store.readStream('customer-\u0000')).toEqual([]);
    expect(await store.readLastEvent('customer-\u0000')).toBeNull();
  });

  it('keeps event data as written: key order and characters jsonb would refuse', async () => {
    const store = await open();
    const s = stream();
    const data = { zeta: 1, alpha: 'a\u0000b', nested: { b: [1.5, null], a: 'é😀' } };
    await store.append(s, [event(data)], 'no_stream');
    const [read] = await store.readStream(s);
    expect(JSON.stringify(read.data)).toBe(JSON.stringify(data));
  });

  it('catches up across several pages', async () => {
    const store = await open();
    const total = PostgresEventStore.PAGE_SIZE * 2 + 7;
    await store.append(
      stream(),
      Array.from({ length: total }, () => event()),
      'no_stream',
    );
    const revisions: number[] = [];
    const sub = store.subscribeToAll({}, async (e) => void revisions.push(e.revision));
    await waitFor(() => revisions.length === total, within(5000));
    expect(revisions).toEqual(Array.from({ length: total }, (_, i) => i));
    await sub.unsubscribe();
  });

  it('is the event store of the app when DATABASE_URL is set (and EVENTSTORE_URL is not)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'crewclock-engines-'));
    try {
      const engines = await openEngines(
        loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: database.url }),
      );
      try {
        expect(engines.eventStore).toBeInstanceOf(PostgresEventStore);
        const { host, pathname } = new URL(database.url);
        expect(engines.describe).toContain(`events: PostgreSQL (${host}${pathname})`);
        expect(engines.describe).not.toContain('@'); // no user name or password in the log line
        await engines.eventStore.append(stream(), [event()], 'no_stream');
      } finally {
        await engines.close();
      }
      const { rows } = await sql.query<{ events: number }>('SELECT count(*)::int AS events FROM event_log');
      expect(rows[0].events).toBe(1);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
