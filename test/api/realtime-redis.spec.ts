import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allProjections } from '../../projections/all-projections';
import { ProjectionRunner } from '../../projections/runner/projection-runner';
import { redisNotifier } from '../../projections/runner/redis-notifier';
import { loadConfig } from '../../src/config/config';
import { Engines, openEngines } from '../../src/core/engines';
import type { MongoReadStore } from '../../src/core/read-store/mongo-read-store';
import { socketIoRedisEmitter } from '../../src/core/redis';
import { ApiClient, startTestApp, TestApp, TestOrganization, TEST_PASSWORD } from '../support/app';
import { kitFor } from '../support/given';
import { withDatabase } from '../support/ferretdb';
import { freshDatabase } from '../support/postgres';
import { disconnection, nextPush, openSocket, PUSH_WITHIN_MS, TestSocket } from '../support/sockets';

/**
 * The production topology, with the engines we have: two API instances with PROJECTIONS=external
 * sharing the event log and the read models, socket.io fanned out through Redis, and one projections
 * worker built the way projections/runner/worker.ts builds it, pushing through the Redis emitter.
 * Twice: the log in one SQLite file (which each process polls) with the read models in FerretDB
 * standing in for MongoDB; and the log, read models and files in one PostgreSQL database (appends
 * reach the worker by LISTEN/NOTIFY).
 */

const FERRETDB_URL = process.env.FERRETDB_URL;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const QUIET_MS = 500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The worker of projections/runner/worker.ts, in this process: the same runner and Redis notifier. */
async function startWorker(env: Record<string, string>) {
  const engines: Engines = await openEngines(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }));
  const fanOut = socketIoRedisEmitter(REDIS_URL);
  const notifier = redisNotifier(fanOut.emitter);

  const runner = new ProjectionRunner(engines.eventStore, engines.readStore, allProjections, {
    notifier,
    retryDelayMs: 100,
  });
  await runner.start();
  return {
    engines,
    async stop() {
      await runner.stop();
      await fanOut.close();
    },
  };
}

type Worker = Awaited<ReturnType<typeof startWorker>>;

/**
 * Where the instances and the worker share their data: the engines' variables (beside DATA_DIR, which holds the
 * session secret every instance signs with), and what removes that data once the instances and the worker's runner
 * have stopped. `close` also closes the worker's engines, in the order its engine needs.
 */
interface SharedData {
  where: string;
  /** What /healthz names (every process opens the same engines). */
  engines: { events: string; readModels: string; files: string };
  /** A row whose engine does not run here is listed, skipped. */
  runs: boolean;
  open(): Promise<{ env: Record<string, string>; close(worker: Worker | undefined): Promise<void> }>;
}

const rows: SharedData[] = [
  {
    where: 'log: one SQLite file; read models: FerretDB',
    engines: { events: 'SQLite', readModels: 'MongoDB', files: 'GridFS' },
    runs: Boolean(FERRETDB_URL),
    open: async () => ({
      env: { MONGODB_URL: withDatabase(FERRETDB_URL!, `crewclock_rt_${Date.now()}_${randomUUID().slice(0, 8)}`) },
      async close(worker) {
        // Dropped through the worker's read store, before it closes.
        try {
          await (worker?.engines.readStore as MongoReadStore | undefined)?.dropDatabase();
        } finally {
          await worker?.engines.close();
        }
      },
    }),
  },
  {
    where: 'log, read models and files: one PostgreSQL database',
    engines: { events: 'PostgreSQL', readModels: 'PostgreSQL', files: 'PostgreSQL' },
    runs: true,
    async open() {
      const database = await freshDatabase('realtime_redis');
      return {
        env: { DATABASE_URL: database.url },
        async close(worker) {
          // Dropped after the worker's connections have closed (a drop would end them under it).
          try {
            await worker?.engines.close();
          } finally {
            await database.drop();
          }
        },
      };
    },
  },
];

for (const shared of rows)
  (shared.runs ? describe : describe.skip)(
    `realtime across API instances (Redis adapter + projections worker; ${shared.where})`,
    () => {
      let dataDir: string;
      let data: Awaited<ReturnType<SharedData['open']>> | undefined;
      let worker: Worker | undefined;
      let a: TestApp;
      let b: TestApp;
      const sockets: TestSocket[] = [];

      beforeAll(async () => {
        dataDir = mkdtempSync(join(tmpdir(), 'crewclock-rt-redis-'));
        data = await shared.open();
        const env = { DATA_DIR: dataDir, ...data.env, REDIS_URL, PROJECTIONS: 'external' };
        worker = await startWorker(env);
        a = await startTestApp(env);
        b = await startTestApp(env);
      });

      afterEach(() => {
        for (const s of sockets.splice(0)) s.disconnect();
      });

      afterAll(async () => {
        try {
          await a?.stop();
          await b?.stop();
          await worker?.stop();
        } finally {
          try {
            await data?.close(worker);
          } finally {
            rmSync(dataDir, { recursive: true, force: true });
          }
        }
      });

      const connect = (app: TestApp, client: ApiClient) => openSocket(app.url, client.cookie, sockets);

      /** Sessions are signed in on instance A; their cookies are good on B too (shared read models and secret). */
      const signIn = (email: string) => new ApiClient(a.url).signIn(email, TEST_PASSWORD);
      const on = (app: TestApp, client: ApiClient) =>
        Object.assign(new ApiClient(app.url), { cookie: client.cookie, csrfToken: client.csrfToken });

      let acme: TestOrganization;
      let other: TestOrganization;
      beforeAll(async () => {
        acme = await a.organization('Acme');
        other = await a.organization('Other');
      });

      it('runs both instances and the worker on the engines its title names, with Redis between them', async () => {
        expect((await a.client().get('/healthz')).body.engines).toEqual(
          expect.objectContaining({ ...shared.engines, pushFanOut: 'Redis' }),
        );
        expect(b.engines.describe).toBe(a.engines.describe);
        expect(worker!.engines.describe).toBe(a.engines.describe);
      });

      it('delivers a change made through instance A to a socket on instance B, after the read model shows it, and to no other organization', async () => {
        const tabOnB = on(b, await signIn(acme.admin.email));
        const socketOnB = await connect(b, tabOnB);
        const socketOnA = await connect(a, acme.associate);
        const outsiderOnB = await connect(b, other.admin);
        const outsiderOnA = await connect(a, other.associate);

        const refetched = new Promise<Record<string, unknown>>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`no 'organization.changed' on B within ${PUSH_WITHIN_MS} ms`)),
            PUSH_WITHIN_MS,
          );
          socketOnB.once('organization.changed', () => {
            clearTimeout(timer);
            tabOnB.get('/api/organization/settings').then((r) => resolve(r.body), reject);
          });
        });
        const onA = nextPush(socketOnA, 'organization.changed');

        const response = await acme.admin.patch('/api/organization/settings', {
          name: 'Acme Across',
          automatedRatingEmailsEnabled: true,
        });
        expect(response.status).toBe(200);
        // Read-your-writes through the worker's checkpoints: A answers with the new settings.
        expect(response.body.data).toMatchObject({ name: 'Acme Across', automatedRatingEmailsEnabled: true });

        expect(await refetched).toMatchObject({ name: 'Acme Across', automatedRatingEmailsEnabled: true });
        expect(await onA).toEqual({ organizationId: acme.organizationId });
        await sleep(QUIET_MS);
        expect(outsiderOnB.received).toEqual([]);
        expect(outsiderOnA.received).toEqual([]);
      });

      it('ends and disconnects, on instance B, the sockets of a session signed out through instance A', async () => {
        const laptop = await signIn(acme.manager.email);
        const phone = await signIn(acme.manager.email);
        const laptopOnB = await connect(b, laptop);
        const laptopOnA = await connect(a, laptop);
        const phoneOnB = await connect(b, phone);
        const colleagueOnB = await connect(b, acme.associate);

        const ended = [nextPush(laptopOnB, 'session.ended'), nextPush(laptopOnA, 'session.ended')];
        const closed = [disconnection(laptopOnB), disconnection(laptopOnA)];
        expect((await laptop.post('/account/logout')).status).toBe(200);

        expect(await Promise.all(ended)).toEqual([{ reason: 'signed out' }, { reason: 'signed out' }]);
        expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
        await sleep(QUIET_MS);
        expect(phoneOnB.connected).toBe(true);
        expect(colleagueOnB.connected).toBe(true);
        expect(phoneOnB.received).toEqual([]);
      });

      it('pushes users.changed from an edit on B to the organization on A and B, and disconnects a deactivated user everywhere', async () => {
        const adminOnB = on(b, acme.admin);
        const associate = await signIn(acme.associate.email);
        const managerOnA = await connect(a, acme.manager);
        const associateOnA = await connect(a, associate);
        const associateOnB = await connect(b, acme.associate);
        const outsiderOnA = await connect(a, other.manager);

        const changed = nextPush(managerOnA, 'users.changed');
        const closed = [disconnection(associateOnA), disconnection(associateOnB)];
        expect((await adminOnB.patch(`/api/users/${acme.associate.userId}`, { active: false })).status).toBe(200);

        expect(await changed).toEqual({ organizationId: acme.organizationId });
        expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
        await sleep(QUIET_MS);
        expect(managerOnA.connected).toBe(true);
        expect(outsiderOnA.received).toEqual([]);
      });
      it("moves a demoted user's socket on instance B out of the time admins' room, by the worker through Redis", async () => {
        const { id: secondId, email } = await kitFor(acme.admin).user({
          firstName: 'Sol',
          lastName: 'Second',
          roles: ['Company Admin'],
        });
        const secondOnB = await connect(b, await signIn(email));
        const adminOnA = await connect(a, acme.admin);
        const heardBy = async (socket: TestSocket) => {
          const admin = nextPush(adminOnA, 'timers.changed');
          // The manager's timer (the associate was deactivated above): heard by its owner and the time admins.
          const timer = await kitFor(acme.manager).timer({ label: 'Loading' });
          await acme.manager.delete(`/api/time/${timer.id}`);
          await admin;
          await sleep(QUIET_MS);
          return socket.received.filter((r) => r.event === 'timers.changed').length;
        };

        expect(await heardBy(secondOnB)).toBeGreaterThan(0);
        const told = nextPush(secondOnB, 'profile.changed');
        expect((await acme.admin.patch(`/api/users/${secondId}`, { roles: ['Associate'] })).status).toBe(200);
        await told;
        secondOnB.received.length = 0;
        expect(await heardBy(secondOnB)).toBe(0);
        expect(secondOnB.connected).toBe(true);
      });
    },
  );
