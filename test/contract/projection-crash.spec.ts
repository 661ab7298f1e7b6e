import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { allProjections } from '../../projections/all-projections';
import { ORGANIZATIONS, SESSIONS, USERS } from '../../src/identity/identity.read-models';
import { Checkpoint, CHECKPOINTS } from '../../projections/runner/projection-runner';
import type { EventStore, GlobalPosition, RecordedEvent } from '../../src/core/event-store/event-store.port';
import { PostgresEventStore } from '../../src/core/event-store/postgres-event-store';
import { pgPool } from '../../src/core/postgres';
import { SqliteEventStore } from '../../src/core/event-store/sqlite-event-store';
import { MongoReadStore } from '../../src/core/read-store/mongo-read-store';
import { PostgresReadStore } from '../../src/core/read-store/postgres-read-store';
import { SqliteReadStore } from '../../src/core/read-store/sqlite-read-store';
import type { AnyDoc, ReadStore } from '../../src/core/read-store/read-store.port';
import { withDatabase } from '../support/ferretdb';
import { IdentityLog } from '../support/identity-log';
import { freshDatabase } from '../support/postgres';
import { killedWithTheSuite, killRunning, withoutEngines } from '../support/children';
import { within } from '../support/time';

/**
 * The real rebuild command (projections/runner/rebuild.ts) as a child process, on the embedded
 * default (SQLite, DATA_DIR/read-models.sqlite), on PostgreSQL (DATABASE_URL) and against FerretDB, killed with
 * SIGKILL part-way and resumed: the read models it ends with must equal those of an uninterrupted rebuild of the
 * same log. On PostgreSQL the rebuild is staged (all or nothing): killed while applying or while loading, it leaves
 * the read models as they were, and the next rebuild ends equal. On SQLite and PostgreSQL, the real worker
 * (projections/runner/worker.ts) is also killed while following live appends.
 */

const FERRETDB_URL = process.env.FERRETDB_URL;
const repoRoot = join(__dirname, '..', '..');
const CHECKPOINT_EVERY = 50;
/** Fixed here so a failure can be replayed: the suite prints it in the test name. */
const RANDOM_KILL = { fraction: 0.05 + Math.random() * 0.75, delay: Math.random() };

/** Where a run keeps its read models: a data folder of its own (a copy of the log) and, for a server, a database. */
interface Place {
  dataDir: string;
  env: Record<string, string>;
  open(): Promise<ReadStore>;
  /** The place's event log emptied, to be filled again by appends (the live test). */
  emptyLog(): Promise<EventStore>;
  dispose(): Promise<void>;
}

/** The log in the place's data folder (SQLite): removed, then opened again empty. */
async function emptySqliteLog(dataDir: string): Promise<EventStore> {
  for (const suffix of ['', '-wal', '-shm']) rmSync(join(dataDir, `events.sqlite${suffix}`), { force: true });
  return new SqliteEventStore(join(dataDir, 'events.sqlite'));
}

interface Backend {
  /**
   * Enough events that a kill lands part-way through a rebuild of seconds, and no more: the suite runs five to eight
   * rebuilds per backend, each of every event (a rebuild applies about a thousand events a second on SQLite and
   * PostgreSQL here; FerretDB v1's sqlite handler manages ~100-200 operations a second, and every event writes its read
   * model's documents and its audit entry). PROJECTION_CRASH_EVENTS=5000 for a soak.
   */
  events: number;
  /** The longest wait between reaching the kill point and the kill. */
  maxDelayMs: number;
  /**
   * Per test. CI runs this suite beside the browser suites on two cores, where FerretDB's rebuilds
   * ran over three times slower than on an idle machine (12 s became over 40 s): room for that.
   */
  timeoutMs: number;
  /**
   * The rebuild command builds staged here (projections/runner/staged-build.ts: into a SQLite file, then loaded in
   * one transaction): killed, it leaves the read models as they were, and the next rebuild starts over.
   */
  staged?: boolean;
  /**
   * The rebuild command builds the audit log in a thread and a file of its own here (projections/runner/build-apart.ts),
   * moved in with its checkpoint once built: killed before, the store keeps what it had of it (here, nothing).
   */
  apart?: boolean;
  place(log: string, tag: string): Promise<Place>;
}

/** A fresh data folder holding a copy of the event log (the runs must not share read models). */
function copyOfLog(log: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'crewclock-crash-run-'));
  for (const suffix of ['', '-wal']) {
    const file = join(log, `events.sqlite${suffix}`);
    if (existsSync(file)) copyFileSync(file, join(dir, `events.sqlite${suffix}`));
  }
  return dir;
}

const sqlite: Backend = {
  apart: true,
  events: Number(process.env.PROJECTION_CRASH_EVENTS ?? 3000),
  maxDelayMs: 20,
  timeoutMs: Math.max(within(120_000), Number(process.env.PROJECTION_CRASH_EVENTS ?? 0) * 40),
  async place(log) {
    const dataDir = copyOfLog(log);
    return {
      dataDir,
      env: {},
      open: async () => new SqliteReadStore(join(dataDir, 'read-models.sqlite')),
      emptyLog: () => emptySqliteLog(dataDir),
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  },
};

function ferret(url: string): Backend {
  return {
    events: Number(process.env.PROJECTION_CRASH_EVENTS ?? 500),
    maxDelayMs: 200,
    timeoutMs: Math.max(within(300_000), Number(process.env.PROJECTION_CRASH_EVENTS ?? 0) * 300),
    async place(log, tag) {
      const dataDir = copyOfLog(log);
      const mongodbUrl = withDatabase(url, `crash_${tag}_${Date.now()}_${randomUUID().slice(0, 8)}`);
      return {
        dataDir,
        env: { MONGODB_URL: mongodbUrl },
        open: () => MongoReadStore.connect(mongodbUrl),
        emptyLog: () => emptySqliteLog(dataDir),
        async dispose() {
          const store = await MongoReadStore.connect(mongodbUrl);
          await store.dropDatabase();
          await store.close();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
  };
}

const postgres: Backend = {
  staged: true,
  events: Number(process.env.PROJECTION_CRASH_EVENTS ?? 1000),
  maxDelayMs: 50,
  timeoutMs: Math.max(within(180_000), Number(process.env.PROJECTION_CRASH_EVENTS ?? 0) * 60),
  async place(log, tag) {
    // With DATABASE_URL the log is PostgreSQL's too: the place's database gets a copy of it, positions kept.
    const dataDir = mkdtempSync(join(tmpdir(), 'crewclock-crash-run-'));
    const database = await freshDatabase(`crash_${tag}`);
    const source = new SqliteEventStore(join(log, 'events.sqlite'));
    const target = await PostgresEventStore.open(database.url);
    await target.importInOrder(await source.readAll());
    await Promise.all([source.close(), target.close()]);
    return {
      dataDir,
      env: { DATABASE_URL: database.url },
      open: async () => new PostgresReadStore(database.url),
      async emptyLog() {
        const pool = pgPool(database.url, { max: 1 });
        await pool.query('TRUNCATE event_log');
        await pool.end();
        return PostgresEventStore.open(database.url);
      },
      async dispose() {
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
};

const backends: [string, Backend][] = [
  ['SQLite', sqlite],
  ['PostgreSQL', postgres],
];
if (FERRETDB_URL) backends.push(['FerretDB', ferret(FERRETDB_URL)]);

interface Run {
  exit: NodeJS.Signals | number | null;
  /** `processed N position P` lines, as [N, P]. */
  progress: [number, number][];
  summary: string | undefined;
  stderr: string;
}

/** A child that has not exited this long before its test's timeout is killed, so the test fails with its output. */
const CHILD_DEADLINE_MARGIN_MS = 5_000;

function childEnv(place: Place, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = withoutEngines(['REBUILD_RESUME', 'PORT']);
  return Object.assign(env, { DATA_DIR: place.dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...place.env, ...extra });
}

/** Runs the rebuild command; `killAt` (a position) SIGKILLs it once a progress line reaches it, after `delayMs`. */
function rebuild(
  place: Place,
  deadlineMs: number,
  options: { resume?: boolean; killAt?: number; killLoading?: () => Promise<void>; delayMs?: number } = {},
): Promise<Run> {
  const env = childEnv(place, {
    REBUILD_PROGRESS: 'lines',
    REBUILD_CHECKPOINT_EVERY: String(CHECKPOINT_EVERY),
    ...(options.resume ? { REBUILD_RESUME: 'true' } : {}),
  });
  const child = killedWithTheSuite(
    spawn(process.execPath, ['--require', './test/support/swc-register.js', 'projections/runner/rebuild.ts'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  // A rebuild that hangs (e.g. the database went away) must fail the test, not the whole run.
  const watchdog = setTimeout(() => {
    stderr += `\n[test] no exit within ${deadlineMs} ms: killed`;
    child.kill('SIGKILL');
  }, deadlineMs);
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on('exit', (code, signal) => {
      clearTimeout(watchdog);
      resolve(signal ?? code);
    }),
  );
  return (async () => {
    const progress: [number, number][] = [];
    let summary: string | undefined;
    let killing = false;
    for await (const line of createInterface({ input: child.stdout })) {
      const m = /^processed (\d+) position (\d+)$/.exec(line);
      if (!m) {
        if (line.startsWith('Read models rebuilt')) summary = line;
        if (options.killLoading && !killing && line.startsWith('Loading the read models')) {
          killing = true;
          void options.killLoading().then(() => child.kill('SIGKILL'));
        }
        continue;
      }
      progress.push([Number(m[1]), Number(m[2])]);
      if (options.killAt !== undefined && !killing && Number(m[2]) >= options.killAt) {
        killing = true;
        setTimeout(() => child.kill('SIGKILL'), options.delayMs ?? 0);
      }
    }
    return { exit: await exited, progress, summary, stderr };
  })();
}

type State = Record<string, AnyDoc[]>;
/** organizations, users, sessions, and the read models of any other registered projection. */
const READ_MODELS = [...new Set(allProjections.flatMap((p) => p.collections))];

async function readState(place: Place): Promise<State> {
  const store = await place.open();
  try {
    const state: State = {};
    for (const name of READ_MODELS) state[name] = await store.collection(name).find({}, { sort: { _id: 1 } });
    const checkpoints = await store.collection<Checkpoint>(CHECKPOINTS).find({}, { sort: { _id: 1 } });
    state[CHECKPOINTS] = checkpoints.map(({ updatedAt: _ignored, ...rest }) => rest as AnyDoc);
    return state;
  } finally {
    await store.close();
  }
}

describe.each(backends)('projections killed with SIGKILL and resumed (%s)', (backendName, backend) => {
  let log: string;
  let head: GlobalPosition;
  const places: Place[] = [];
  const childDeadlineMs = backend.timeoutMs - CHILD_DEADLINE_MARGIN_MS;
  const place = async (tag: string) => {
    const p = await backend.place(log, tag);
    places.push(p);
    return p;
  };
  /** The reference: one uninterrupted rebuild into a place of its own (runs beside the first test). */
  let reference: Promise<State>;

  beforeAll(async () => {
    log = mkdtempSync(join(tmpdir(), 'crewclock-crash-'));
    const events = new SqliteEventStore(join(log, 'events.sqlite'));
    // Few organizations and users, many sessions: the shape of a working week, and cheap scans on FerretDB.
    head = await new IdentityLog(events, 20_24, { organizations: 6, users: 50 }).generate(backend.events);
    await events.close();
    const b = await place('b');
    reference = rebuild(b, childDeadlineMs).then(async (run) => {
      if (run.exit !== 0) throw new Error(`reference rebuild exited with ${run.exit}: ${run.stderr}`);
      return readState(b);
    });
    reference.catch(() => undefined); // awaited by the tests
  }, within(60_000));

  afterAll(async () => {
    killRunning(); // before the places' databases are dropped
    await reference?.catch(() => undefined);
    for (const p of places) await p.dispose();
    rmSync(log, { recursive: true, force: true });
  });

  function expectEqual(after: State, expected: State) {
    expect(expected[ORGANIZATIONS].length).toBeGreaterThan(3);
    expect(expected[USERS].length).toBeGreaterThan(30);
    expect(expected[SESSIONS].length).toBeGreaterThan(10);
    for (const name of [...READ_MODELS, CHECKPOINTS])
      expect({ [name]: after[name] }).toEqual({ [name]: expected[name] });
  }

  /**
   * A staged rebuild killed (while applying the log, or while loading into the database) over read models that were
   * there: they stay exactly as they were, checkpoints included; the next rebuild starts over and ends equal, and
   * removes the staging file the killed one left.
   */
  async function killStagedCompare(kill: { killAt?: number; whileLoading?: boolean }, delayMs: number) {
    const a = await place('a');
    const first = await rebuild(a, childDeadlineMs);
    expect({ exit: first.exit, stderr: first.stderr }).toEqual({ exit: 0, stderr: '' });
    const expected = await reference;
    expectEqual(await readState(a), expected);
    // A mark the rebuild would remove: the read models from before are told from those a rebuild makes.
    const store = await a.open();
    await store.collection(USERS).insertOne({ _id: 'mark-of-the-read-models-before' });
    await store.close();
    const before = await readState(a);
    expect(before[USERS].length).toBe(expected[USERS].length + 1);

    // While loading: the checkpoints' table (loaded last) is held, so the kill lands inside the load's transaction.
    const url = a.env.DATABASE_URL;
    const held = kill.whileLoading ? await holdTable(url, CHECKPOINTS) : null;
    try {
      const killed = await rebuild(a, childDeadlineMs, {
        killAt: kill.killAt,
        delayMs,
        killLoading: held ? () => held.waitForLoad() : undefined,
      });
      expect({ exit: killed.exit, stderr: killed.stderr }).toEqual({ exit: 'SIGKILL', stderr: '' });
      expect(killed.summary).toBeUndefined(); // it really was interrupted
    } finally {
      await held?.release();
    }
    expect(await readState(a)).toEqual(before);

    const again = await rebuild(a, childDeadlineMs);
    expect({ exit: again.exit, stderr: again.stderr }).toEqual({ exit: 0, stderr: '' });
    expect(again.summary?.startsWith(`Read models rebuilt from ${head.commit} events in `)).toBe(true);
    expect(existsSync(join(a.dataDir, 'rebuild-staging.sqlite'))).toBe(false);
    expectEqual(await readState(a), expected);
  }

  /**
   * A transaction of the test's that holds a collection's table (ACCESS SHARE: the load's TRUNCATE waits for it), and
   * waits until a rebuild's load is stuck behind it.
   */
  async function holdTable(url: string, collection: string) {
    const pool = pgPool(url, { max: 2 });
    const holder = await pool.connect();
    await holder.query('BEGIN');
    const { rows } = await holder.query<{ tbl: string }>('SELECT tbl FROM _collections WHERE name = $1', [collection]);
    await holder.query(`LOCK TABLE "${rows[0].tbl}" IN ACCESS SHARE MODE`);
    return {
      async waitForLoad() {
        for (const deadline = Date.now() + childDeadlineMs; Date.now() < deadline;) {
          const waiting = await pool.query(
            "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
          );
          if (waiting.rows.length) return;
          await new Promise((r) => setTimeout(r, 20));
        }
      },
      async release() {
        await holder.query('ROLLBACK');
        holder.release();
        await pool.end();
      },
    };
  }

  async function killResumeCompare(killAt: number, delayMs: number) {
    if (backend.staged) return killStagedCompare({ killAt }, delayMs);
    const a = await place('a');
    const killed = await rebuild(a, childDeadlineMs, { killAt, delayMs });
    expect({ exit: killed.exit, stderr: killed.stderr }).toEqual({ exit: 'SIGKILL', stderr: '' });
    expect(killed.summary).toBeUndefined(); // it really was interrupted

    // What the killed process left: a checkpoint at a multiple of CHECKPOINT_EVERY, short of the head; none of a read
    // model built apart, which is moved in only once built.
    const left = await readState(a);
    const apart = backend.apart ? allProjections.filter((p) => p.standsAlone) : [];
    expect(left[CHECKPOINTS].map((c) => c._id).sort()).toEqual(
      allProjections
        .filter((p) => !apart.includes(p))
        .map((p) => p.name)
        .sort(),
    );
    const positions = left[CHECKPOINTS].map((c) => (c.position as GlobalPosition | null)?.commit ?? 0);
    const resumeFrom = Math.min(...positions);
    expect(resumeFrom).toBeLessThan(head.commit);
    expect(resumeFrom % CHECKPOINT_EVERY).toBe(0);
    // The last progress line was printed after the checkpoint of that event was committed.
    expect(resumeFrom).toBeGreaterThanOrEqual(killed.progress.at(-1)![1]);

    const resumed = await rebuild(a, childDeadlineMs, { resume: true });
    expect({ exit: resumed.exit, stderr: resumed.stderr }).toEqual({ exit: 0, stderr: '' });
    // It resumed from the lowest checkpoint rather than starting over: that of a read model built apart is none.
    const resumedFrom = `Read models rebuilt from ${head.commit - (apart.length ? 0 : resumeFrom)} events in `;
    expect(resumed.summary?.slice(0, resumedFrom.length)).toBe(resumedFrom);

    const [after, expected] = await Promise.all([readState(a), reference]);
    expect(expected[CHECKPOINTS].map((c) => (c.position as GlobalPosition).commit)).toEqual(
      allProjections.map(() => head.commit),
    );
    expectEqual(after, expected);
  }

  it(
    backend.staged
      ? 'after a kill past 40 % of the log, the read models are those from before, and a rebuild ends equal'
      : 'after a kill past 40 % of the log, resuming ends with read models equal to a fresh rebuild',
    async () => {
      await killResumeCompare(Math.ceil(head.commit * 0.4), 0);
    },
    backend.timeoutMs,
  );

  it(
    `after a kill at a random point (${Math.round(RANDOM_KILL.fraction * 100)} % + ${Math.round(RANDOM_KILL.delay * backend.maxDelayMs)} ms), ${backend.staged ? 'the read models are those from before' : 'resuming ends equal too'}`,
    async () => {
      await killResumeCompare(
        Math.ceil(head.commit * RANDOM_KILL.fraction),
        Math.round(RANDOM_KILL.delay * backend.maxDelayMs),
      );
    },
    backend.timeoutMs,
  );

  (backend.staged ? it : it.skip)(
    'after a kill while loading the staged build into the database, the read models are those from before',
    async () => {
      await killStagedCompare({ whileLoading: true }, 0);
    },
    backend.timeoutMs,
  );

  (backendName !== 'FerretDB' ? it : it.skip)(
    'after the worker is killed while following live appends, resuming ends equal to a fresh rebuild',
    async () => {
      // The log's first 60 % is there when the worker starts; the rest is appended while it follows.
      const w = await place('w');
      const cut = Math.ceil(head.commit * 0.6);
      const full = new SqliteEventStore(join(log, 'events.sqlite'));
      const all = await full.readAll();
      await full.close();
      // This place's log starts again empty and is filled from the full one, in order: the same positions.
      const live = await w.emptyLog();
      await appendAll(live, all.slice(0, cut));

      const worker = killedWithTheSuite(
        spawn(process.execPath, ['--require', './test/support/swc-register.js', 'projections/runner/worker.ts'], {
          cwd: repoRoot,
          env: childEnv(w, { LOG_LEVEL: 'info' }),
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
      );
      const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
        worker.on('exit', (code, signal) => resolve(signal ?? code)),
      );
      let stderr = '';
      worker.stderr.on('data', (chunk) => (stderr += chunk));
      for await (const line of createInterface({ input: worker.stdout }))
        if (line.includes('projections caught up')) break;
      worker.stdout.resume(); // keep draining: a full pipe would block the worker's writes

      // Live appends, a few at a time; the worker is killed part-way through them.
      const rest = all.slice(cut);
      const killAfter = Math.floor(rest.length * (0.2 + 0.6 * RANDOM_KILL.delay));
      for (let i = 0; i < rest.length; i += 10) {
        await appendAll(live, rest.slice(i, i + 10));
        if (i >= killAfter && worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await live.close();
      expect({ exit: await exited, stderr }).toEqual({ exit: 'SIGKILL', stderr: '' });

      // Killed while live: the read models stop at a committed event, with their checkpoints.
      const left = await readState(w);
      const positions = left[CHECKPOINTS].map((c) => (c.position as GlobalPosition | null)?.commit ?? 0);
      expect(Math.min(...positions)).toBeGreaterThanOrEqual(cut);
      expect(Math.max(...positions)).toBeLessThan(head.commit);

      const resumed = await rebuild(w, childDeadlineMs, { resume: true });
      expect({ exit: resumed.exit, stderr: resumed.stderr }).toEqual({ exit: 0, stderr: '' });
      expectEqual(await readState(w), await reference);
    },
    backend.timeoutMs,
  );
});

/** Appends recorded events again, one by one in their order (so at the same positions in an empty log). */
async function appendAll(store: EventStore, events: RecordedEvent[]): Promise<void> {
  for (const e of events)
    await store.append(e.streamId, [{ id: e.id, type: e.type, data: e.data, metadata: e.metadata }], 'any');
}
