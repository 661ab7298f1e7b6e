import { ChildProcess, spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { allProjections } from '../../projections/all-projections';
import { ORGANIZATIONS, SESSIONS, USERS } from '../../projections/identity/read-models';
import { Checkpoint, CHECKPOINTS } from '../../projections/runner/projection-runner';
import type { EventStore, GlobalPosition } from '../../src/core/event-store/event-store.port';
import { SqliteEventStore } from '../../src/core/event-store/sqlite-event-store';
import { MongoReadStore } from '../../src/core/read-store/mongo-read-store';
import type { AnyDoc } from '../../src/core/read-store/read-store.port';
import { streams } from '../../src/identity/identity.events';
import type { Role } from '../../src/identity/roles';
import { withDatabase } from '../support/ferretdb';

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

// ---------------------------------------------------------------------------------------------
// A realistic identity log (the same generator as projection-runner.spec.ts).
// ---------------------------------------------------------------------------------------------

function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['Ada', 'Abe', 'Mona', 'Lee', 'Priya', 'Tom', 'Zoë', 'Ines', 'Kofi', 'Sam'];
const LAST = ['Admin', 'Baker', 'Chen', 'Diaz', 'Evans', 'Fischer', 'García', 'Hughes'];
const ZONES = ['America/New_York', 'Europe/Oslo', 'America/Los_Angeles', 'Asia/Tokyo'];
const ROLES: Role[] = ['Associate', 'Associate', 'Associate', 'Customer Manager', 'Company Admin'];
/** Sessions end about as often as they start once this many are live (as sign-outs and expiry keep it level). */
const MAX_LIVE_SESSIONS = 40;

interface UserModel { userId: string; organizationId: string; firstName: string; lastName: string; email: string; phoneNumber: string | null; role: Role; colorCode: string; active: boolean; picture: string | null }
interface OrgModel { organizationId: string; name: string; timeZone: string; pickUpJobsEnabled: boolean; automatedRatingEmailsEnabled: boolean; logo: string | null; adminId: string }

class IdentityLog {
  readonly random: () => number;
  private readonly revisions = new Map<string, number>();
  private clock = Date.parse('2024-03-01T08:00:00.000Z');
  private readonly orgs: OrgModel[] = [];
  private readonly users: UserModel[] = [];
  private readonly sessions: { sessionId: string; userId: string; organizationId: string }[] = [];
  appended = 0;
  last: GlobalPosition | null = null;

  constructor(private readonly store: EventStore, seed: number, private readonly limits = { organizations: 40, users: Number.POSITIVE_INFINITY }) {
    this.random = prng(seed);
  }

  private pick<T>(xs: T[]): T {
    return xs[Math.floor(this.random() * xs.length)];
  }

  private async append(streamId: string, type: string, data: object, organizationId: string, actorUserId: string | null) {
    const current = this.revisions.get(streamId);
    this.clock += 1000 + Math.floor(this.random() * 60_000);
    const result = await this.store.append(streamId, [{
      id: randomUUID(), type, data,
      metadata: { organizationId, actorUserId, correlationId: randomUUID(), causationId: null, timestamp: new Date(this.clock).toISOString() },
    }], current === undefined ? 'no_stream' : current);
    this.revisions.set(streamId, result.nextExpectedRevision);
    this.appended += 1;
    this.last = result.position;
  }

  private async register(organizationId: string, role: Role, actor: string | null, userId = randomUUID()) {
    const firstName = this.pick(FIRST);
    const lastName = this.pick(LAST);
    const email = `${firstName.toLowerCase()}.${userId.slice(0, 8)}@example.test`;
    const colorCode = `#${Math.floor(this.random() * 0xffffff).toString(16).padStart(6, '0').toUpperCase()}`;
    const employeeId = this.random() < 0.5 ? `E-${Math.floor(this.random() * 9999)}` : null;
    const phoneNumber = this.random() < 0.5 ? '(555) 123-4567' : null;
    await this.append(streams.emailClaim(digest(email)), 'EmailClaimed', { email, userId }, organizationId, actor);
    await this.append(streams.user(userId), 'UserRegistered', {
      userId, organizationId, passwordHash: `scrypt$${digest(userId)}`, firstName, lastName, email, employeeId, phoneNumber, colorCode, role,
    }, organizationId, actor);
    this.users.push({ userId, organizationId, firstName, lastName, email, phoneNumber, role, colorCode, active: true, picture: null });
  }

  private async createOrganization() {
    const organizationId = randomUUID();
    const adminId = randomUUID();
    const org: OrgModel = { organizationId, name: `Org ${organizationId.slice(0, 6)}`, timeZone: this.pick(ZONES), pickUpJobsEnabled: false, automatedRatingEmailsEnabled: false, logo: null, adminId };
    await this.append(streams.organization(organizationId), 'OrganizationCreated', { organizationId, name: org.name, timeZone: org.timeZone, pickUpJobsEnabled: false, automatedRatingEmailsEnabled: false }, organizationId, null);
    this.orgs.push(org);
    await this.register(organizationId, 'Company Admin', null, adminId);
  }

  private endSessions(predicate: (s: { sessionId: string; userId: string }) => boolean) {
    for (let i = this.sessions.length - 1; i >= 0; i--) if (predicate(this.sessions[i])) this.sessions.splice(i, 1);
  }

  private async step() {
    const r = this.random();
    if (!this.orgs.length || (r < 0.03 && this.orgs.length < this.limits.organizations)) return this.createOrganization();
    const org = this.pick(this.orgs);
    const members = this.users.filter((u) => u.organizationId === org.organizationId);
    const active = members.filter((u) => u.active);
    const user = this.pick(members);
    const admin = org.adminId;
    if (r < 0.18 && this.users.length < this.limits.users) return this.register(org.organizationId, this.pick(ROLES), admin);
    if (r < 0.38 && active.length && this.sessions.length < MAX_LIVE_SESSIONS) {
      const u = this.pick(active);
      const sessionId = randomUUID();
      this.sessions.push({ sessionId, userId: u.userId, organizationId: u.organizationId });
      const rememberMe = this.random() < 0.3;
      return this.append(streams.session(sessionId), 'SessionStarted', {
        sessionId, userId: u.userId, organizationId: u.organizationId, tokenDigest: digest(sessionId), rememberMe,
        expiresAt: new Date(this.clock + (rememberMe ? 30 * 24 : 12) * 3600_000).toISOString(), ipAddress: '203.0.113.7', userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
      }, u.organizationId, u.userId);
    }
    if (r < 0.5 && this.sessions.length) {
      const s = this.pick(this.sessions);
      this.endSessions((x) => x.sessionId === s.sessionId);
      return this.append(streams.session(s.sessionId), 'SessionEnded', { ...s, reason: this.random() < 0.8 ? 'signed out' : 'expired' }, s.organizationId, s.userId);
    }
    if (!user) return this.register(org.organizationId, 'Associate', admin);
    if (r < 0.66) {
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      if (this.random() < 0.6) changes.firstName = { from: user.firstName, to: (user.firstName = this.pick(FIRST.filter((f) => f !== user.firstName))) };
      if (this.random() < 0.4) changes.lastName = { from: user.lastName, to: (user.lastName = this.pick(LAST.filter((l) => l !== user.lastName))) };
      if (this.random() < 0.3) changes.role = { from: user.role, to: (user.role = this.pick(ROLES.filter((x) => x !== user.role))) };
      if (this.random() < 0.3) changes.phoneNumber = { from: user.phoneNumber, to: (user.phoneNumber = `(555) ${100 + Math.floor(this.random() * 900)}-4567`) };
      if (!Object.keys(changes).length) {
        const to = user.colorCode === '#0D1B41' ? '#FFFFFF' : '#0D1B41';
        changes.colorCode = { from: user.colorCode, to };
        user.colorCode = to;
      }
      return this.append(streams.user(user.userId), 'UserDetailsChanged', { userId: user.userId, organizationId: user.organizationId, changes }, user.organizationId, admin);
    }
    if (r < 0.74 && user.userId !== admin) {
      user.active = !user.active;
      if (!user.active) this.endSessions((s) => s.userId === user.userId);
      return this.append(streams.user(user.userId), user.active ? 'UserReactivated' : 'UserDeactivated', { userId: user.userId, organizationId: user.organizationId }, user.organizationId, admin);
    }
    if (r < 0.78 && user.userId !== admin) {
      this.users.splice(this.users.indexOf(user), 1);
      this.endSessions((s) => s.userId === user.userId);
      await this.append(streams.user(user.userId), 'UserDeleted', { userId: user.userId, organizationId: user.organizationId }, user.organizationId, admin);
      return this.append(streams.emailClaim(digest(user.email)), 'EmailReleased', { email: user.email, userId: user.userId }, user.organizationId, admin);
    }
    if (r < 0.84) {
      const own = this.sessions.filter((s) => s.userId === user.userId);
      const keep = own.length && this.random() < 0.5 ? this.pick(own).sessionId : null;
      this.endSessions((s) => s.userId === user.userId && s.sessionId !== keep);
      return this.append(streams.user(user.userId), 'UserPasswordChanged', { userId: user.userId, organizationId: user.organizationId, passwordHash: `scrypt$${digest(randomUUID())}`, reason: keep ? 'changed' : 'set by administrator', keepSessionId: keep }, user.organizationId, keep ? user.userId : admin);
    }
    if (r < 0.88) {
      const fileId = this.random() < 0.8 ? randomUUID() : null;
      const previousFileId = user.picture;
      user.picture = fileId;
      return this.append(streams.user(user.userId), 'ProfilePictureChanged', { userId: user.userId, organizationId: user.organizationId, fileId, previousFileId }, user.organizationId, user.userId);
    }
    if (r < 0.9) {
      return this.append(streams.user(user.userId), 'PasswordResetRequested', { userId: user.userId, organizationId: user.organizationId, tokenDigest: digest(randomUUID()), expiresAt: new Date(this.clock + 3600_000).toISOString() }, user.organizationId, null);
    }
    if (r < 0.96) {
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      const flip = this.random();
      if (flip < 0.3) changes.name = { from: org.name, to: (org.name = `Org ${randomUUID().slice(0, 6)}`) };
      else if (flip < 0.5) changes.timeZone = { from: org.timeZone, to: (org.timeZone = this.pick(ZONES.filter((z) => z !== org.timeZone))) };
      else if (flip < 0.75) changes.pickUpJobsEnabled = { from: org.pickUpJobsEnabled, to: (org.pickUpJobsEnabled = !org.pickUpJobsEnabled) };
      else changes.automatedRatingEmailsEnabled = { from: org.automatedRatingEmailsEnabled, to: (org.automatedRatingEmailsEnabled = !org.automatedRatingEmailsEnabled) };
      return this.append(streams.organization(org.organizationId), 'OrganizationSettingsChanged', { organizationId: org.organizationId, changes }, org.organizationId, admin);
    }
    const fileId = this.random() < 0.8 ? randomUUID() : null;
    const previousFileId = org.logo;
    org.logo = fileId;
    return this.append(streams.organization(org.organizationId), 'OrganizationLogoChanged', { organizationId: org.organizationId, fileId, previousFileId }, org.organizationId, admin);
  }

  /** Appends until at least `count` more events are in the log. */
  async generate(count: number): Promise<GlobalPosition> {
    const target = this.appended + count;
    while (this.appended < target) await this.step();
    return this.last!;
  }

  /** An organization that exists in the log, for commands. */
  anOrganization(): OrgModel {
    return this.orgs[0];
  }
}

function digest(s: string): string {
  return createHash('sha256').update(s).digest('base64url');
}

// ---------------------------------------------------------------------------------------------

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
function rebuild(dataDir: string, mongodbUrl: string, options: { resume?: boolean; killAt?: number; delayMs?: number } = {}): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['EVENTSTORE_URL', 'REDIS_URL', 'SMTP_URL', 'PROJECTIONS', 'REBUILD_RESUME', 'SESSION_SECRET', 'PORT']) delete env[key];
  Object.assign(env, {
    DATA_DIR: dataDir,
    MONGODB_URL: mongodbUrl,
    REBUILD_PROGRESS: 'lines',
    REBUILD_CHECKPOINT_EVERY: String(CHECKPOINT_EVERY),
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ...(options.resume ? { REBUILD_RESUME: 'true' } : {}),
  });
  const child = spawn(process.execPath, ['--require', './test/support/swc-register.js', 'projections/runner/rebuild.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  // A rebuild that hangs (e.g. the database went away) must fail the test, not the whole run.
  const watchdog = setTimeout(() => {
    stderr += `\n[test] no exit within ${CHILD_DEADLINE_MS} ms: killed`;
    child.kill('SIGKILL');
  }, CHILD_DEADLINE_MS);
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => {
    clearTimeout(watchdog);
    children.delete(child);
    resolve(signal ?? code);
  }));
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
    expect(resumed.summary).toMatch(new RegExp(`^Read models rebuilt from ${head.commit - resumeFrom} events in `));

    const [after, expected] = await Promise.all([readState(url), reference]);
    expect(expected[ORGANIZATIONS].length).toBeGreaterThan(3);
    expect(expected[USERS].length).toBeGreaterThan(30);
    expect(expected[SESSIONS].length).toBeGreaterThan(10);
    expect(expected[CHECKPOINTS].map((c) => (c.position as GlobalPosition).commit)).toEqual(allProjections.map(() => head.commit));
    for (const name of [...READ_MODELS, CHECKPOINTS]) expect({ [name]: after[name] }).toEqual({ [name]: expected[name] });
  }

  it('after a kill past 40 % of the log, resuming ends with read models equal to a fresh rebuild', async () => {
    await killResumeCompare(Math.ceil(head.commit * 0.4), 0);
  }, TEST_TIMEOUT_MS);

  it(`after a kill at a random point (${Math.round(RANDOM_KILL.fraction * 100)} % + ${RANDOM_KILL.delayMs} ms), resuming ends equal too`, async () => {
    await killResumeCompare(Math.ceil(head.commit * RANDOM_KILL.fraction), RANDOM_KILL.delayMs);
  }, TEST_TIMEOUT_MS);
});
