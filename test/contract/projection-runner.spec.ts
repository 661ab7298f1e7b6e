import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allProjections } from '../../projections/all-projections';
import { ORGANIZATIONS, OrganizationDoc, SESSIONS, USERS } from '../../src/identity/identity.read-models';
import { hears, type Projection } from '../../projections/runner/projection';
import {
  Checkpoint,
  CHECKPOINTS,
  CheckpointProgress,
  ProjectionRunner,
  RunnerOptions,
} from '../../projections/runner/projection-runner';
import { Aggregates, ProjectionProgress } from '../../src/core/commands/aggregates';
import {
  comparePositions,
  EventStore,
  GlobalPosition,
  RecordedEvent,
} from '../../src/core/event-store/event-store.port';
import { SqliteEventStore } from '../../src/core/event-store/sqlite-event-store';
import { MongoReadStore } from '../../src/core/read-store/mongo-read-store';
import { PostgresReadStore } from '../../src/core/read-store/postgres-read-store';
import { SqliteReadStore } from '../../src/core/read-store/sqlite-read-store';
import type { AnyDoc, ReadStore } from '../../src/core/read-store/read-store.port';
import { organizationDecider } from '../../src/identity/organization.decider';
import { identityStreams } from '../../src/identity/identity.events';
import { LiveEvents } from '../../src/core/processes/process-host';
import { withDatabase } from '../support/ferretdb';
import { IdentityLog } from '../support/identity-log';
import { freshDatabase } from '../support/postgres';
import { within } from '../support/time';

interface ReadStoreAdapter {
  /** A fresh, empty place for read models: `connect()` opens it (again), as a restarted process would. */
  fresh(): { connect(): Promise<ReadStore>; dispose(): Promise<void> };
}

const sqlite: ReadStoreAdapter = {
  fresh() {
    // One file; each connect() is another connection to it, as a restarted or second process opens it.
    const dir = mkdtempSync(join(tmpdir(), 'crewclock-read-models-'));
    const opened: SqliteReadStore[] = [];
    return {
      async connect() {
        const store = new SqliteReadStore(join(dir, 'read-models.sqlite'));
        opened.push(store);
        return store;
      },
      async dispose() {
        for (const s of opened) await s.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

function ferret(url: string): ReadStoreAdapter {
  return {
    fresh() {
      const db = withDatabase(url, `runner_${Date.now()}_${randomUUID().slice(0, 8)}`);
      const opened: MongoReadStore[] = [];
      return {
        async connect() {
          const store = await MongoReadStore.connect(db);
          opened.push(store);
          return store;
        },
        async dispose() {
          if (opened[0]) await opened[0].dropDatabase();
          for (const s of opened) await s.close();
        },
      };
    },
  };
}

const postgres: ReadStoreAdapter = {
  fresh() {
    // A database of its own, made at the first connect(); each connect() is another pool on it, as another process.
    let database: ReturnType<typeof freshDatabase> | null = null;
    const opened: PostgresReadStore[] = [];
    return {
      async connect() {
        database ??= freshDatabase('runner');
        const store = new PostgresReadStore((await database).url);
        opened.push(store);
        return store;
      },
      async dispose() {
        for (const s of opened) await s.close();
        if (database) await (await database).drop();
      },
    };
  },
};

const adapters: [string, ReadStoreAdapter][] = [
  ['sqlite', sqlite],
  ['postgres', postgres],
];
if (process.env.FERRETDB_URL) adapters.push(['ferretdb', ferret(process.env.FERRETDB_URL)]);

/** Every read model the runner builds (identity's, and whatever else is registered: they must stay empty or equal too). */
const READ_MODELS = [...new Set(allProjections.flatMap((p) => p.collections))];
const names = allProjections.map((p) => p.name);

async function snapshot(store: ReadStore): Promise<Record<string, AnyDoc[]>> {
  const out: Record<string, AnyDoc[]> = {};
  for (const name of READ_MODELS) out[name] = await store.collection(name).find({}, { sort: { _id: 1 } });
  return out;
}

async function checkpoints(store: ReadStore): Promise<Omit<Checkpoint, 'updatedAt'>[]> {
  const saved = await store.collection<Checkpoint>(CHECKPOINTS).find({}, { sort: { _id: 1 } });
  return saved.map(({ updatedAt: _ignored, ...rest }) => rest);
}

/** Wraps projections so every apply is recorded as `name:position`. */
function recorded(projections: Projection[], log: string[]): Projection[] {
  return projections.map((p) => ({
    ...p,
    apply: async (event, context) => {
      log.push(`${p.name}:${event.position.commit}`);
      await p.apply(event, context);
    },
  }));
}

/** `name:position` of every event each projection applies. */
const applies = (events: RecordedEvent[], projections = names) =>
  projections
    .flatMap((n) => {
      const p = allProjections.find((q) => q.name === n)!;
      return events.filter((e) => hears(p, e)).map((e) => `${n}:${e.position.commit}`);
    })
    .sort();

// FerretDB answers in milliseconds per operation, and these tests run a few hundred events through every projection:
// up to 5.5 s each with a rebuild running beside them, and CI runs them beside the browser suites (over three times
// slower than idle for the kill test's FerretDB rebuilds).
jest.setTimeout(within(120_000));

describe.each(adapters)('ProjectionRunner contract: %s read store', (adapterName, adapter) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'crewclock-runner-'));
  });
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
    rmSync(dir, { recursive: true, force: true });
  });

  /** An event store handle on this test's log; another call is another process's handle on the same file. */
  function events(): SqliteEventStore {
    const store = new SqliteEventStore(join(dir, 'events.sqlite'));
    cleanups.push(() => store.close());
    return store;
  }
  function readStore() {
    const place = adapter.fresh();
    cleanups.push(() => place.dispose());
    return place;
  }
  function runner(
    eventStore: EventStore,
    store: ReadStore,
    projections: Projection[] = allProjections,
    options: RunnerOptions = {},
  ) {
    const r = new ProjectionRunner(eventStore, store, projections, { retryDelayMs: 50, ...options });
    cleanups.push(() => r.stop());
    return r;
  }
  /** Read models built by one uninterrupted run over the whole log, in a store of their own. */
  async function reference(eventStore: EventStore) {
    const store = await readStore().connect();
    const r = runner(eventStore, store);
    await r.start();
    await r.stop();
    return { models: await snapshot(store), checkpoints: await checkpoints(store) };
  }

  it('hands the processes each live event once its batch committed: never while catching up or rebuilding', async () => {
    const log = events();
    const identity = new IdentityLog(log, 3);
    await identity.generate(40);
    const seen: Projection = {
      name: 'seen',
      version: 1,
      collections: ['seen'],
      apply: async (event, context) =>
        void (await context.store
          .collection('seen')
          .updateOne({ _id: event.id }, { $set: { type: event.type } }, { upsert: true })),
    };
    const store = await readStore().connect();
    const heard: string[] = [];
    // What a process reads when it hears an event: the read models have it already.
    const readsThen: Promise<unknown>[] = [];
    const live = new LiveEvents();
    live.subscribe((event) => {
      heard.push(event.id);
      readsThen.push(store.collection('seen').findOne({ _id: event.id }));
    });
    const r = runner(log, store, [seen], { live });
    await r.start();
    expect(heard).toEqual([]);
    const head = await identity.generate(3);
    await r.waitFor(head, 5000);
    const appended = (await log.readAll()).slice(-3).map((e) => e.id);
    expect(heard).toEqual(appended);
    expect((await Promise.all(readsThen)).map((doc) => (doc as { _id: string } | null)?._id)).toEqual(appended);
    // A restart catches up from its checkpoint (nothing new) and a rebuild replays all: nothing heard again.
    await r.stop();
    const again = runner(log, store, [{ ...seen, version: 2 }], { live });
    await again.start();
    expect(heard).toEqual(appended);
  });

  it('applies live events the log hands over together as one batch', async () => {
    const log = events();
    const identity = new IdentityLog(log, 1);
    await identity.generate(5);
    const store = await readStore().connect();
    // Counts the units (one per batch); everything else reaches the store unchanged.
    let units = 0;
    const counted = new Proxy(store, {
      get(target, property) {
        if (property === 'transaction')
          return <T>(work: () => Promise<T>) => {
            units++;
            return target.transaction!(work);
          };
        const value = Reflect.get(target, property) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    // The first live event is held in its apply while 30 more are appended: the log then hands those over at once.
    let live = false;
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const holder: Projection = {
      name: 'holder',
      version: 1,
      collections: [],
      apply: async () => {
        if (!live) return;
        live = false;
        held();
        await gate;
      },
    };
    const r = runner(log, counted, [...allProjections, holder]);
    await r.start();
    live = true;
    const first = await identity.generate(1);
    await holding;
    units = 0;
    const head = await identity.generate(30);
    open();
    expect(await r.waitFor(first, within(10_000))).toBe(true);
    expect(await r.waitFor(head, within(10_000))).toBe(true);
    expect(units).toBe(1);
    // Grouped, the read models are those of one uninterrupted run over the log.
    expect(await snapshot(store)).toEqual((await reference(log)).models);
  });

  it('commits a checkpoint per projection with every batch of N events while catching up, and at the head once caught up', async () => {
    const log = events();
    const head = await new IdentityLog(log, 1).generate(160);
    const all = await log.readAll();
    const store = await readStore().connect();
    const seenAt120: (GlobalPosition | null)[] = [];
    let n = 0;
    const r = runner(log, store, allProjections, {
      checkpointEvery: 50,
      onProcessed: async () => {
        if (++n !== 120) return;
        const saved = await store.collection<Checkpoint>(CHECKPOINTS).find({});
        seenAt120.push(...names.map((name) => saved.find((c) => c._id === name)?.position ?? null));
      },
    });
    await r.start();

    // onProcessed runs once the event's batch (events 101..150) committed with its checkpoints.
    expect(seenAt120).toEqual(names.map(() => all[149].position));
    expect(await checkpoints(store)).toEqual(
      names
        .map((name) => ({ _id: name, version: allProjections.find((p) => p.name === name)!.version, position: head }))
        .sort((x, y) => x._id.localeCompare(y._id)),
    );
    expect(r.position).toEqual(head);
  });

  // Only SQLite's trigram tables are suspended: MongoDB's and PostgreSQL's adapters keep their search indexes as they are.
  (adapterName === 'sqlite' ? it : it.skip)(
    'makes the search indexes of the read models it builds from nothing once they have caught up, not row by row, and says when such a build ends',
    async () => {
      const log = events();
      const head = await new IdentityLog(log, 1).generate(120);
      const store = await readStore().connect();
      const suspend = store.suspendIndexes!.bind(store);
      const suspended: string[] = [];
      let madeAt: GlobalPosition | null | undefined;
      let r = runner(log, store);
      store.suspendIndexes = async (collections, readById) => {
        suspended.push(...collections);
        const make = await suspend(collections, readById);
        return async () => {
          madeAt = r.position;
          await make();
        };
      };
      // The build is said to be under way until it has caught up (SQLite maps no file meanwhile).
      const begin = store.beginBuild!.bind(store);
      const builds: { endedAt: GlobalPosition | null | undefined }[] = [];
      store.beginBuild = () => {
        const build = { endedAt: undefined as GlobalPosition | null | undefined };
        builds.push(build);
        const end = begin();
        return () => {
          build.endedAt = r.position;
          end();
        };
      };
      await r.start();
      expect(suspended.sort()).toEqual([...READ_MODELS].sort());
      expect(madeAt).toEqual(head);
      expect(builds.length).toBeGreaterThan(0);
      expect(builds.map((b) => b.endedAt)).toEqual(builds.map(() => head));
      await r.stop();

      // A restart from the checkpoints builds nothing from nothing: it suspends nothing.
      suspended.length = 0;
      builds.length = 0;
      r = runner(log, store);
      await r.start();
      expect(suspended).toEqual([]);
      expect(builds).toEqual([]);
    },
  );

  it('resumes after a restart from its checkpoints, without applying covered events again', async () => {
    const place = readStore();
    const identity = new IdentityLog(events(), 2);
    await identity.generate(120);
    const first: string[] = [];
    const r1 = runner(events(), await place.connect(), recorded(allProjections, first));
    await r1.start();
    await r1.stop();
    const before = await events().readAll();
    expect(first.sort()).toEqual(applies(before));

    await identity.generate(80);
    const after = (await events().readAll()).slice(before.length);
    const second: string[] = [];
    const store = await place.connect();
    const r2 = runner(events(), store, recorded(allProjections, second));
    await r2.start();

    expect(second.sort()).toEqual(applies(after));
    const expected = await reference(events());
    expect(await snapshot(store)).toEqual(expected.models);
    expect(await checkpoints(store)).toEqual(expected.checkpoints);
  });

  it('after a crash between batches, applies only what the last committed checkpoint does not cover, and ends equal', async () => {
    const log = events();
    await new IdentityLog(log, 3).generate(200);
    const all = await log.readAll();
    const place = readStore();

    // The first process freezes (as if killed) right after its 130th event, announced once its batch (101..150) committed.
    const crashedLog = new SqliteEventStore(join(dir, 'events.sqlite'));
    let release!: () => void;
    const frozen = new Promise<void>((resolve) => (release = resolve));
    let n = 0;
    let reached130!: () => void;
    const at130 = new Promise<void>((resolve) => (reached130 = resolve));
    const crashed = new ProjectionRunner(crashedLog, await place.connect(), allProjections, {
      checkpointEvery: 50,
      onProcessed: () => {
        if (++n < 130) return undefined;
        reached130();
        return frozen;
      },
    });
    void crashed.start();
    await at130;
    cleanups.push(async () => {
      const closing = crashedLog.close(); // stops its subscription without saving anything more
      release();
      await closing;
    });

    const second: string[] = [];
    const store = await place.connect();
    const saved = await checkpoints(store);
    expect(saved.map((c) => c.position)).toEqual(names.map(() => all[149].position));
    const r2 = runner(events(), store, recorded(allProjections, second));
    await r2.start();

    // Nothing up to the checkpoint is applied again.
    expect(second.sort()).toEqual(applies(all.slice(150)));
    const expected = await reference(events());
    expect(await snapshot(store)).toEqual(expected.models);
    expect(await checkpoints(store)).toEqual(expected.checkpoints);
  });

  it('a batch that fails commits nothing of itself (SQLite) and is applied again from the last commit', async () => {
    const log = events();
    await new IdentityLog(log, 8).generate(120);
    const all = await log.readAll();
    const store = await readStore().connect();
    // The users projection fails once, at the 75th event: inside the batch of events 51..100 (it hears every event
    // here, whatever its aggregate; its own apply ignores those of others).
    let failed = false;
    const failing = allProjections.map((p) =>
      p.name !== 'users'
        ? p
        : {
            ...p,
            streams: undefined,
            apply: async (event: RecordedEvent, context: Parameters<Projection['apply']>[1]) => {
              await p.apply(event, context);
              if (event.position.commit === all[74].position.commit && !failed) {
                failed = true;
                throw new Error('disk full');
              }
            },
          },
    );
    const seen: (GlobalPosition | null)[][] = [];
    const errors: string[] = [];
    const r = runner(log, store, failing, {
      checkpointEvery: 50,
      logger: { info: () => undefined, error: (m) => void errors.push(m) },
      onProcessed: async (event) => {
        if (event.position.commit !== all[49].position.commit) return;
        const saved = await store.collection<Checkpoint>(CHECKPOINTS).find({});
        seen.push(names.map((name) => saved.find((c) => c._id === name)?.position ?? null));
      },
    });
    await r.start();

    expect(failed).toBe(true);
    expect(errors).toEqual(['projection subscription failed; restarting from the checkpoint']);
    // The first batch was announced once (before the failure), and the run still ends equal to an uninterrupted one.
    expect(seen).toEqual([names.map(() => all[49].position)]);
    const expected = await reference(events());
    expect(await snapshot(store)).toEqual(expected.models);
    expect(await checkpoints(store)).toEqual(expected.checkpoints);
  });

  it('leaves the store as the last committed batch left it when a batch fails (its writes roll back on SQLite)', async () => {
    const log = events();
    const identity = new IdentityLog(log, 9);
    await identity.generate(50);
    // The read models of these first events alone, in a store of their own; they will be the first batch.
    const firstBatch = (await log.readAll()).length;
    const afterFirst = await reference(log);
    await identity.generate(30);
    const all = await log.readAll();

    const store = await readStore().connect();
    let failure!: () => void;
    const failed = new Promise<void>((resolve) => (failure = resolve));
    const last = names[names.length - 1];
    // Every projection applies the second batch, then the last one fails at its last event: the batch fails (it hears
    // every event here, whatever its aggregate).
    const r = runner(
      log,
      store,
      allProjections.map((p) => ({
        ...p,
        ...(p.name === last ? { streams: undefined } : {}),
        apply: async (event: RecordedEvent, context: Parameters<Projection['apply']>[1]) => {
          await p.apply(event, context);
          if (p.name === last && event.position.commit === all.at(-1)!.position.commit) throw new Error('crash');
        },
      })),
      { checkpointEvery: firstBatch, retryDelayMs: 60_000, logger: { info: () => undefined, error: () => failure() } },
    );
    r.start().catch(() => undefined);
    await failed;

    expect(r.position).toEqual(all[firstBatch - 1].position);
    expect(await checkpoints(store)).toEqual(afterFirst.checkpoints);
    // With transactions (SQLite, PostgreSQL) nothing of the failed batch stays; without (MongoDB), its writes are
    // redone idempotently.
    if (adapterName !== 'ferretdb') expect(await snapshot(store)).toEqual(afterFirst.models);
  });

  it('leaves the read models equal when any suffix of the log is replayed (at-least-once delivery)', async () => {
    const log = events();
    const identity = new IdentityLog(log, 4);
    await identity.generate(150);
    const all = await log.readAll();
    const store = await readStore().connect();
    const r1 = runner(log, store);
    await r1.start();
    await r1.stop();
    const models = await snapshot(store);
    const saved = await checkpoints(store);
    expect(models[USERS].length).toBeGreaterThan(5);
    expect(models[SESSIONS].length).toBeGreaterThan(0);

    // Rewind every checkpoint (the same place for all, then a different place for each) and replay.
    const rewinds: number[][] = [[0], [57], [120, 10, 149], [149, 90, 3]];
    for (const rewind of rewinds) {
      const indexOf = (i: number) => rewind[i % rewind.length];
      for (const [i, p] of allProjections.entries()) {
        await store.collection<Checkpoint>(CHECKPOINTS).replaceOne(
          { _id: p.name },
          {
            _id: p.name,
            version: p.version,
            position: all[indexOf(i)].position,
            updatedAt: new Date().toISOString(),
          },
        );
      }
      const replayed: string[] = [];
      const r = runner(log, store, recorded(allProjections, replayed));
      await r.start();
      await r.stop();
      expect(replayed.length).toBe(
        allProjections.reduce((sum, p, i) => sum + all.slice(indexOf(i) + 1).filter((e) => hears(p, e)).length, 0),
      );
      expect(await snapshot(store)).toEqual(models);
      expect(await checkpoints(store)).toEqual(saved);
    }
  });

  it('drops and rebuilds a projection whose version changed, leaving the others where they were', async () => {
    const log = events();
    await new IdentityLog(log, 5).generate(150);
    const all = await log.readAll();
    const store = await readStore().connect();
    const r1 = runner(log, store);
    await r1.start();
    await r1.stop();
    const models = await snapshot(store);
    // A document of the old shape that the new version would never write.
    await store.collection(USERS).insertOne({ _id: 'stale-user', shape: 'v1 only' });

    const replayed: string[] = [];
    const bumped = allProjections.map((p) => (p.name === 'users' ? { ...p, version: p.version + 1 } : p));
    const r2 = runner(log, store, recorded(bumped, replayed));
    await r2.start();

    expect(replayed.sort()).toEqual(applies(all, ['users']));
    expect(await snapshot(store)).toEqual(models);
    expect((await checkpoints(store)).find((c) => c._id === 'users')).toEqual({
      _id: 'users',
      version: bumped.find((p) => p.name === 'users')!.version,
      position: all[all.length - 1].position,
    });
  });

  it('after an upgrade, builds a read model of the past in the background: serving waits neither for it nor on it until it has caught up, and a restart resumes it there', async () => {
    const log = events();
    const identity = new IdentityLog(log, 8);
    await identity.generate(150);
    const place = readStore();
    const store = await place.connect();
    // A first start builds everything before it resolves, the past included.
    const first = runner(log, store, allProjections, { pastApart: true });
    await first.start();
    expect(await first.building()).toEqual([]);
    await first.stop();
    expect((await checkpoints(store)).filter((c) => c.building)).toEqual([]);

    // The upgrade changes the audit projection. Its build is held back (the log's delivery to a subscription from the
    // start of the log waits on a gate until it opens or the subscription ends): the rest must not wait for it.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const held = new Proxy(log, {
      get(target, property) {
        if (property === 'subscribeToAll')
          return (
            options: Parameters<EventStore['subscribeToAll']>[0],
            handler: (e: RecordedEvent, more: boolean) => Promise<void>,
          ) => {
            let ended!: () => void;
            const end = new Promise<void>((resolve) => (ended = resolve));
            const subscription = target.subscribeToAll(options, async (event, more) => {
              if (!options.after) await Promise.race([gate, end]);
              await handler(event, more);
            });
            return {
              unsubscribe: async () => {
                const unsubscribed = subscription.unsubscribe(); // it stops, then waits for the handler
                ended();
                await unsubscribed;
              },
            };
          };
        const value = Reflect.get(target, property) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const audit = allProjections.find((p) => p.name === 'audit')!;
    expect(audit.ofThePast).toBe(true);
    const upgraded = allProjections.map((p) => (p === audit ? { ...p, version: p.version + 1 } : p));
    const serving = runner(held, store, upgraded, { pastApart: true });
    await serving.start();
    expect(await serving.building()).toEqual([{ name: 'audit', percent: 0 }]);
    expect((await checkpoints(store)).filter((c) => c.building)).toEqual([
      { _id: 'audit', version: audit.version + 1, position: null, building: true },
    ]);
    // Read-your-writes leaves it out, in this process and in another (the API's checkpoints); a read of it is not
    // served as caught up.
    const later = await identity.generate(5);
    await expect(serving.waitFor(later, 5000)).resolves.toBe(true);
    await expect(serving.caughtUpWithLog(['reportHistory', 'schedule-history'], 5000)).resolves.toBe(true);
    expect(comparePositions(serving.position!, later)).toBe(0);
    await expect(serving.caughtUpWithLog(['audit'], 100)).resolves.toBe(false);
    const api = new CheckpointProgress(await place.connect(), allProjections, log);
    await expect(api.building()).resolves.toEqual([{ name: 'audit', percent: 0 }]);
    await expect(api.waitFor(later, 5000)).resolves.toBe(true);
    await expect(api.caughtUpWithLog(['audit'], 100)).resolves.toBe(false);

    // Stopped mid-build, the next start goes on building it in the background, now unheld, to the end.
    await serving.stop();
    open();
    const next = runner(log, store, upgraded, { pastApart: true });
    await next.start();
    const deadline = Date.now() + 30_000;
    while ((await next.building()).length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await next.building()).toEqual([]);
    await expect(api.building()).resolves.toEqual([]);
    // Caught up, its reads wait for it again; its read models equal a fresh build's.
    const last = await identity.generate(3);
    await expect(next.caughtUpWithLog(['audit'], 5000)).resolves.toBe(true);
    await expect(api.caughtUpWithLog(['audit'], 5000)).resolves.toBe(true);
    // The other read models of the past follow a batch late until a read asks for them: this one.
    const past = allProjections.filter((p) => p.ofThePast).map((p) => p.name);
    await expect(next.caughtUpWithLog(past, 5000)).resolves.toBe(true);
    expect(comparePositions(next.position!, last)).toBe(0);
    expect((await checkpoints(store)).filter((c) => c.building)).toEqual([]);
    await next.stop();
    const fresh = await reference(log);
    expect(await snapshot(store)).toEqual(fresh.models);
    expect((await checkpoints(store)).map((c) => c.position)).toEqual(fresh.checkpoints.map((c) => c.position));
  });

  it("keeps the read models of the past off each live event's path: a command waits for today's only, the past's ride in the next batch's unit, and a read of the past waits for its own", async () => {
    const log = events();
    const identity = new IdentityLog(log, 4);
    await identity.generate(20);
    // Each projection keeps one document per event it applied; the past's waits on a gate while it is held.
    let held = false;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const keeping = (name: string, ofThePast?: true): Projection => ({
      name,
      version: 1,
      collections: [name],
      ...(ofThePast ? { ofThePast } : {}),
      apply: async (event, context) => {
        if (ofThePast && held) await gate;
        await context.store
          .collection(name)
          .updateOne({ _id: event.id }, { $set: { type: event.type } }, { upsert: true });
      },
    });
    const projections = [keeping('today'), keeping('past', true)];
    const place = readStore();
    const store = await place.connect();
    let units = 0;
    const unit = store.transaction!.bind(store);
    store.transaction = (work) => {
      units++;
      return unit(work);
    };
    // No unit of their own for the past's events here unless a read asks for them.
    const r = runner(log, store, projections, { pastApart: true, pastLagMs: within(600_000) });
    // A first start builds both before it resolves.
    await r.start();
    const count = (name: string) => store.collection(name).countDocuments({});
    expect(await count('past')).toBe(await count('today'));

    // Commands one after another: each batch's unit applies today's read models to its events and the past's to the
    // batch's before it, one unit each.
    units = 0;
    for (let i = 0; i < 3; i++) await expect(r.waitFor(await identity.generate(1), 5000)).resolves.toBe(true);
    expect(await count('today')).toBe(identity.appended);
    expect(await count('past')).toBe(identity.appended - 1);
    expect(units).toBe(3);
    // A read of the past waits for neither the next batch nor the lag: the past's events get a unit of their own.
    await expect(r.caughtUpWithLog(['past'], 5000)).resolves.toBe(true);
    expect(await count('past')).toBe(identity.appended);
    expect(units).toBe(4);
    // Nor does /healthz's lag (processed()): its reader gets them at once too.
    const one = await identity.generate(1);
    await expect(r.waitFor(one, 5000)).resolves.toBe(true);
    expect(await count('past')).toBe(identity.appended - 1);
    expect(comparePositions((await r.processed())!, one)).toBe(0);
    expect(await count('past')).toBe(identity.appended);
    expect(units).toBe(6);

    // Held, the past has not caught up, for this process nor for another that reads the checkpoints
    // (PROJECTIONS=external), while commands are answered.
    const later = await identity.generate(3);
    await expect(r.waitFor(later, 5000)).resolves.toBe(true);
    held = true;
    expect(await count('today')).toBe(identity.appended);
    const api = new CheckpointProgress(await place.connect(), projections, log);
    await expect(api.waitFor(later, 5000)).resolves.toBe(true);
    await expect(r.caughtUpWithLog(['past'], 200)).resolves.toBe(false);
    await expect(api.caughtUpWithLog(['past'], 200)).resolves.toBe(false);
    // A read of the past waits until its read model has every event appended before it came.
    const reads = [r.caughtUpWithLog(['past'], 10_000), api.caughtUpWithLog(['past'], 10_000)];
    open();
    await expect(Promise.all(reads)).resolves.toEqual([true, true]);
    expect(await count('past')).toBe(identity.appended);
    await r.stop();

    // With no batch after them and no read of the past, they get a unit of their own once the lag is over.
    const next = runner(log, store, projections, { pastApart: true, pastLagMs: 20 });
    await next.start();
    const head = await identity.generate(1);
    await expect(next.waitFor(head, 5000)).resolves.toBe(true);
    // The position moves once the unit committed (on MongoDB its documents may show before its checkpoints).
    const deadline = Date.now() + within(10_000);
    while (comparePositions(next.position!, head) < 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 10));
    expect(comparePositions(next.position!, head)).toBe(0);
    expect(await count('past')).toBe(identity.appended);
  });

  it('waitFor resolves once the position is processed, and false after its timeout otherwise', async () => {
    // The log is written through another handle (as by another process): the runner sees it by polling.
    const identity = new IdentityLog(events(), 6);
    const head = await identity.generate(20);
    const store = await readStore().connect();
    const r = runner(events(), store);
    await r.start();
    await expect(r.waitFor(head, 1000)).resolves.toBe(true);

    const later = await identity.generate(1);
    await expect(r.waitFor(later, 2000)).resolves.toBe(true);
    expect(comparePositions(r.position!, later)).toBe(0);

    const started = Date.now();
    await expect(r.waitFor({ commit: later.commit + 1000, prepare: later.prepare + 1000 }, 150)).resolves.toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);

    // Stopping answers pending waits with false rather than leaving them hanging.
    const pending = r.waitFor({ commit: later.commit + 1000, prepare: later.prepare + 1000 }, Number.POSITIVE_INFINITY);
    await r.stop();
    await expect(pending).resolves.toBe(false);
  });

  it.each([
    ['the runner itself (in-process projections)', 'in-process'],
    ['the checkpoints of a runner in another process (PROJECTIONS=external)', 'external'],
  ])('read-your-writes: after append + waitFor on %s, the read model shows the change', async (_label, mode) => {
    const log = events();
    const identity = new IdentityLog(log, 7);
    await identity.generate(40);
    const place = readStore();
    const workerStore = await place.connect();
    // "Another process": its own handles on the log file (seeing the API's appends only by polling) and on the read store.
    const r = runner(mode === 'external' ? events() : log, workerStore);
    await r.start();
    const apiStore = mode === 'external' ? await place.connect() : workerStore;
    const progress: ProjectionProgress =
      mode === 'external' ? new CheckpointProgress(apiStore, allProjections, log) : r;
    const aggregates = new Aggregates(log, progress);
    const { organizationId, adminId } = identity.anOrganization();
    const organizations = apiStore.collection<OrganizationDoc>(ORGANIZATIONS);

    for (const name of ['Renamed Once', 'Renamed Twice', 'Renamed Thrice']) {
      const meta = { organizationId, actorUserId: adminId, correlationId: randomUUID(), at: new Date().toISOString() };
      const { position } = await aggregates.execute(
        identityStreams.organization(organizationId),
        organizationDecider,
        { type: 'ChangeOrganizationSettings', organizationId, changes: { name } },
        meta,
      );
      expect(position).not.toBeNull();
      expect((await organizations.findOne({ _id: organizationId }))?.name).toBe(name);
    }
  });
});
