import { ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { allProjections } from '../../projections/all-projections';
import { ORGANIZATIONS, SESSIONS, USERS } from '../../src/identity/identity.read-models';
import { Checkpoint, CHECKPOINTS } from '../../projections/runner/projection-runner';
import type { GlobalPosition } from '../../src/core/event-store/event-store.port';
import { SqliteEventStore } from '../../src/core/event-store/sqlite-event-store';
import { MongoReadStore } from '../../src/core/read-store/mongo-read-store';
import type { AnyDoc } from '../../src/core/read-store/read-store.port';
import { withDatabase } from '../support/ferretdb';
import { IdentityLog } from '../support/identity-log';

/**
 * The real rebuild command (projections/runner/rebuild.ts) as a child process against FerretDB,
 * killed with SIGKILL part-way and resumed: the read models it ends with must equal those of an
 * uninterrupted rebuild of the same log.
 */

const FERRETDB_URL = process.env.FERRETDB_URL;
const repoRoot = join(__dirname, '..', '..');
/**
 * About a thousand events by default: FerretDB v1 (sqlite handler) manages ~100-200 operations/s on
 * these machines, and the suite runs three rebuilds of the log. PROJECTION_CRASH_EVENTS=5000 for a soak.
 */
const EVENTS = Number(process.env.PROJECTION_CRASH_EVENTS ?? 1000);
const CHECKPOINT_EVERY = 50;
/** Fixed here so a failure can be replayed: the suite prints it in the test name. */
const RANDOM_KILL = { fraction: 0.05 + Math.random() * 0.75, delayMs: Math.floor(Math.random() * 200) };

interface Run {
  exit: NodeJS.Signals | number | null;
  /** `processed N position P` lines, as [N, P]. */
  progress: [number, number][];
  summary: string | undefined;
  stderr: string;
}

/** Per test; scaled for a soak with PROJECTION_CRASH_EVENTS. */
const TEST_TIMEOUT_MS = Math.max(40_000, EVENTS * 40);
const CHILD_DEADLINE_MS = TEST_TIMEOUT_MS - 5_000;
const children = new Set<ChildProcess>();

/** Runs the rebuild command; `killAt` (a position) SIGKILLs it once a progress line reaches it, after `delayMs`. */
function rebuild(
  dataDir: string,
  mongodbUrl: string,
  options: { resume?: boolean; killAt?: number; delayMs?: number } = {},
): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of [
    'EVENTSTORE_URL',
    'REDIS_URL',
    'SMTP_URL',
    'PROJECTIONS',
    'REBUILD_RESUME',
    'SESSION_SECRET',
    'PORT',
  ])
    delete env[key];
  Object.assign(env, {
    DATA_DIR: dataDir,
    MONGODB_URL: mongodbUrl,
    REBUILD_PROGRESS: 'lines',
    REBUILD_CHECKPOINT_EVERY: String(CHECKPOINT_EVERY),
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ...(options.resume ? { REBUILD_RESUME: 'true' } : {}),
  });
  const child = spawn(
    process.execPath,
    ['--require', './test/support/swc-register.js', 'projections/runner/rebuild.ts'],
    { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.add(child);
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  // A rebuild that hangs (e.g. the database went away) must fail the test, not the whole run.
  const watchdog = setTimeout(() => {
    stderr += `\n[test] no exit within ${CHILD_DEADLINE_MS} ms: killed`;
    child.kill('SIGKILL');
  }, CHILD_DEADLINE_MS);
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on('exit', (code, signal) => {
      clearTimeout(watchdog);
      children.delete(child);
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

async function readState(url: string): Promise<State> {
  const store = await MongoReadStore.connect(url);
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

(FERRETDB_URL ? describe : describe.skip)('projection rebuild killed with SIGKILL and resumed (FerretDB)', () => {
  let dataDir: string;
  let head: GlobalPosition;
  const databases: string[] = [];
  const database = (tag: string) => {
    const url = withDatabase(FERRETDB_URL!, `crash_${tag}_${Date.now()}_${randomUUID().slice(0, 8)}`);
    databases.push(url);
    return url;
  };
  /** The reference: one uninterrupted rebuild into its own database (runs beside the first test). */
  let reference: Promise<State>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'crewclock-crash-'));
    const events = new SqliteEventStore(join(dataDir, 'events.sqlite'));
    // Few organizations and users, many sessions: the shape of a working week, and cheap scans on FerretDB.
    head = await new IdentityLog(events, 20_24, { organizations: 6, users: 50 }).generate(EVENTS);
    await events.close();
    const url = database('b');
    reference = rebuild(dataDir, url).then(async (run) => {
      if (run.exit !== 0) throw new Error(`reference rebuild exited with ${run.exit}: ${run.stderr}`);
      return readState(url);
    });
    reference.catch(() => undefined); // awaited by the tests
  }, 20_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await reference?.catch(() => undefined);
    for (const url of databases) {
      const store = await MongoReadStore.connect(url);
      await store.dropDatabase();
      await store.close();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function killResumeCompare(killAt: number, delayMs: number) {
    const url = database('a');
    const killed = await rebuild(dataDir, url, { killAt, delayMs });
    expect({ exit: killed.exit, stderr: killed.stderr }).toEqual({ exit: 'SIGKILL', stderr: '' });
    expect(killed.summary).toBeUndefined(); // it really was interrupted

    // What the killed process left: a checkpoint at a multiple of CHECKPOINT_EVERY, short of the head.
    const left = await readState(url);
    const positions = left[CHECKPOINTS].map((c) => (c.position as GlobalPosition | null)?.commit ?? 0);
    expect(positions).toHaveLength(allProjections.length);
    const resumeFrom = Math.min(...positions);
    expect(resumeFrom).toBeLessThan(head.commit);
    expect(resumeFrom % CHECKPOINT_EVERY).toBe(0);
    // The last progress line was printed after the checkpoint of that event was saved.
    expect(resumeFrom).toBeGreaterThanOrEqual(killed.progress.at(-1)![1]);

    const resumed = await rebuild(dataDir, url, { resume: true });
    expect({ exit: resumed.exit, stderr: resumed.stderr }).toEqual({ exit: 0, stderr: '' });
    // It resumed from the checkpoint rather than starting over.
    const resumedFrom = `Read models rebuilt from ${head.commit - resumeFrom} events in `;
    expect(resumed.summary?.slice(0, resumedFrom.length)).toBe(resumedFrom);

    const [after, expected] = await Promise.all([readState(url), reference]);
    expect(expected[ORGANIZATIONS].length).toBeGreaterThan(3);
    expect(expected[USERS].length).toBeGreaterThan(30);
    expect(expected[SESSIONS].length).toBeGreaterThan(10);
    expect(expected[CHECKPOINTS].map((c) => (c.position as GlobalPosition).commit)).toEqual(
      allProjections.map(() => head.commit),
    );
    for (const name of [...READ_MODELS, CHECKPOINTS])
      expect({ [name]: after[name] }).toEqual({ [name]: expected[name] });
  }

  it(
    'after a kill past 40 % of the log, resuming ends with read models equal to a fresh rebuild',
    async () => {
      await killResumeCompare(Math.ceil(head.commit * 0.4), 0);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    `after a kill at a random point (${Math.round(RANDOM_KILL.fraction * 100)} % + ${RANDOM_KILL.delayMs} ms), resuming ends equal too`,
    async () => {
      await killResumeCompare(Math.ceil(head.commit * RANDOM_KILL.fraction), RANDOM_KILL.delayMs);
    },
    TEST_TIMEOUT_MS,
  );
});
