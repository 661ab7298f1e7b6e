import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allProjections } from '../../projections/all-projections';
import { ORGANIZATIONS, OrganizationDoc, SESSIONS, USERS } from '../../projections/identity/read-models';
import type { Projection } from '../../projections/runner/projection';
import { Checkpoint, CHECKPOINTS, CheckpointProgress, ProjectionRunner, RunnerOptions } from '../../projections/runner/projection-runner';
import { Aggregates, ProjectionProgress } from '../../src/core/commands/aggregates';
import { comparePositions, EventStore, GlobalPosition, RecordedEvent } from '../../src/core/event-store/event-store.port';
import { SqliteEventStore } from '../../src/core/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../src/core/read-store/embedded-read-store';
import { MongoReadStore } from '../../src/core/read-store/mongo-read-store';
import type { AnyDoc, ReadStore } from '../../src/core/read-store/read-store.port';
import type { Role } from '../../src/identity/roles';
import { organizationDecider } from '../../src/identity/organization.decider';
import { streams } from '../../src/identity/identity.events';
import { withDatabase } from '../support/ferretdb';

// ---------------------------------------------------------------------------------------------
// A realistic identity log (deterministic for a seed): organizations with settings and logo
// changes, users registered / edited / deactivated / reactivated / deleted / re-passworded,
// sessions started and ended. Data shapes follow src/identity/identity.events.ts.
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

interface ReadStoreAdapter {
  /** A fresh, empty place for read models: `connect()` opens it (again), as a restarted process would. */
  fresh(): { connect(): Promise<ReadStore>; dispose(): Promise<void> };
}

const embedded: ReadStoreAdapter = {
  fresh() {
    // In-process: a "restart" keeps the same store object (the runner contract is what is under test).
    const store = new EmbeddedReadStore();
    return { connect: async () => store, dispose: async () => undefined };
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

const adapters: [string, ReadStoreAdapter][] = [['embedded', embedded]];
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
  return projections.map((p) => ({ ...p, apply: async (event, context) => {
    log.push(`${p.name}:${event.position.commit}`);
    await p.apply(event, context);
  } }));
}

const applies = (events: RecordedEvent[], projections = names) => projections.flatMap((n) => events.map((e) => `${n}:${e.position.commit}`)).sort();

// FerretDB answers in milliseconds per operation, and these tests run a few hundred events through every projection.
jest.setTimeout(20_000);

describe.each(adapters)('ProjectionRunner contract: %s read store', (_name, adapter) => {
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
  function runner(eventStore: EventStore, store: ReadStore, projections: Projection[] = allProjections, options: RunnerOptions = {}) {
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

  it('saves a checkpoint per projection every N events while catching up, and at the head once caught up', async () => {
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

    // After 120 events the last save happened at the 100th event (or later), never ahead of the 120th.
    expect(seenAt120).toHaveLength(names.length);
    for (const position of seenAt120) {
      expect(position).not.toBeNull();
      expect(comparePositions(position!, all[99].position)).toBeGreaterThanOrEqual(0);
      expect(comparePositions(position!, all[119].position)).toBeLessThanOrEqual(0);
    }
    expect(await checkpoints(store)).toEqual(names.map((name) => ({ _id: name, version: allProjections.find((p) => p.name === name)!.version, position: head })).sort((x, y) => x._id.localeCompare(y._id)));
    expect(r.position).toEqual(head);
  });

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

  it('after a crash between checkpoints, re-applies only what the last checkpoint does not cover, and ends equal', async () => {
    const log = events();
    await new IdentityLog(log, 3).generate(200);
    const all = await log.readAll();
    const place = readStore();

    // The first process freezes (as if killed) right after its 130th event; its last checkpoint was at the 100th.
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
    expect(saved.map((c) => c.position)).toEqual(names.map(() => all[99].position));
    const r2 = runner(events(), store, recorded(allProjections, second));
    await r2.start();

    // Events 101..130 are applied a second time (at-least-once); nothing up to the checkpoint is.
    expect(second.sort()).toEqual(applies(all.slice(100)));
    const expected = await reference(events());
    expect(await snapshot(store)).toEqual(expected.models);
    expect(await checkpoints(store)).toEqual(expected.checkpoints);
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
        await store.collection<Checkpoint>(CHECKPOINTS).replaceOne({ _id: p.name }, { _id: p.name, version: p.version, position: all[indexOf(i)].position, updatedAt: new Date().toISOString() });
      }
      const replayed: string[] = [];
      const r = runner(log, store, recorded(allProjections, replayed));
      await r.start();
      await r.stop();
      expect(replayed.length).toBe(allProjections.reduce((sum, _p, i) => sum + all.length - 1 - indexOf(i), 0));
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
    expect((await checkpoints(store)).find((c) => c._id === 'users')).toEqual({ _id: 'users', version: bumped.find((p) => p.name === 'users')!.version, position: all[all.length - 1].position });
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
    const progress: ProjectionProgress = mode === 'external' ? new CheckpointProgress(apiStore, names) : r;
    const aggregates = new Aggregates(log, progress);
    const { organizationId, adminId } = identity.anOrganization();
    const organizations = apiStore.collection<OrganizationDoc>(ORGANIZATIONS);

    for (const name of ['Renamed Once', 'Renamed Twice', 'Renamed Thrice']) {
      const meta = { organizationId, actorUserId: adminId, correlationId: randomUUID(), at: new Date().toISOString() };
      const { position } = await aggregates.execute(streams.organization(organizationId), organizationDecider, { type: 'ChangeOrganizationSettings', organizationId, changes: { name } }, meta);
      expect(position).not.toBeNull();
      expect((await organizations.findOne({ _id: organizationId }))?.name).toBe(name);
    }
  });
});
