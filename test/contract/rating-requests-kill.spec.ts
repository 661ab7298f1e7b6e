import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/config';
import { openEngines } from '../../src/core/engines';
import { ApiClient } from '../support/app';
import { demoAccount } from '../support/browser';
import { embeddedEnv, healthy, startChild } from '../support/children';
import { outboxMails } from '../support/outbox';
import { pool } from '../support/pool';
import { instancesAndWorker, KilledTopology, REDIS_URL, singleInstance } from '../support/kill-topologies';
import { freshDatabase } from '../support/postgres';
import { PROCESS_NAMES, Topology as ProductionTopology } from '../../src/topology/topology';
import { within } from '../support/time';

/**
 * #14: the built app is killed with SIGKILL at random moments while 200 jobs end, and started again on the
 * same data folder; in the end each job has exactly one rating request in the event log, recorded as mailed
 * once, and one e-mail in the outbox. Then the same with the production topology on this machine's engines:
 * two API instances (PROJECTIONS=external, REDIS_URL) and the projections worker, which runs the rating
 * requests process, any of the three killed at random. Then the production topology on PostgreSQL (#25,
 * src/topology): two API instances, the worker and its standby, any of the four killed at random.
 */

const repoRoot = join(__dirname, '..', '..');
const JOBS = 200;
/** The jobs' ends are spread over this long, ... */
const ENDS_OVER_MS = 10_000;
/**
 * ... each at least this long after the job is sent: every job exists before it ends, however long the 200 take to
 * create (about 7 s on a quiet machine, over 15 s with three busy loops beside the suite: one request of eight in
 * flight took under a second even then), and no more is waited.
 */
const ENDS_AFTER_SENT_MS = within(5_000);
/** Kills at least this many times, at least once while jobs end, whatever the restarts cost on a busy machine. */
const KILLS = 5;
const EVERY_MS = '300';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (at: number) => new Date(Math.ceil(at / 1000) * 1000).toISOString().replace('.000', '');

const TICKS = { RATING_REQUESTS_EVERY_MS: EVERY_MS };

/**
 * The production topology on PostgreSQL (src/topology): two API instances, the worker and its standby, any of the
 * four killed at random and started again (a killed active worker's standby takes over; it comes back as standby).
 */
async function onPostgres(dataDir: string, databaseUrl: string): Promise<KilledTopology> {
  const topology = await ProductionTopology.start({
    databaseUrl,
    redisUrl: REDIS_URL,
    dataDir,
    env: { RATING_REQUESTS_EVERY_MS: EVERY_MS },
  });
  const apis = ['api-a', 'api-b'] as const;
  return {
    urls: () => apis.map((name) => `http://127.0.0.1:${topology.portOf(name)}`),
    async killOne() {
      const name = PROCESS_NAMES[Math.floor(Math.random() * PROCESS_NAMES.length)];
      await topology.kill(name);
      await topology.restart(name);
      if (name === 'api-a' || name === 'api-b') await healthy(`http://127.0.0.1:${topology.portOf(name)}`);
      return name;
    },
    stop: () => topology.stop(),
    demoOutput: () => topology.output('api-a'),
  };
}

/** What the event log holds about the jobs: each one's requests, and the requests' mail records. */
async function logOf(dataDir: string, jobIds: Set<string>, engineEnv: Record<string, string>) {
  const engines = await openEngines(
    loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...engineEnv }),
  );
  try {
    const requests = new Map<string, string[]>();
    const mailed = new Map<string, number>();
    for (const event of await engines.eventStore.readAll()) {
      const data = event.data as { ratingId: string; requestId: string };
      if (event.type === 'RatingRequested' && jobIds.has(data.ratingId))
        requests.set(data.ratingId, [...(requests.get(data.ratingId) ?? []), data.requestId]);
      if (event.type === 'RatingRequestMailed' && jobIds.has(data.ratingId))
        mailed.set(data.requestId, (mailed.get(data.requestId) ?? 0) + 1);
    }
    return { requests, mailed };
  } finally {
    await engines.close();
  }
}

/** Where a run keeps its data: the data folder alone, or a database of its own besides (DATABASE_URL). */
const inFolder = async () => ({ engineEnv: {}, drop: async () => undefined });
const inDatabase = async () => {
  const database = await freshDatabase('rating_kill');
  return { engineEnv: { DATABASE_URL: database.url }, drop: () => database.drop() };
};

describe.each([
  ['the built app', inFolder, (dir: string) => singleInstance(dir, TICKS)],
  ['two API instances and the worker over Redis', inFolder, (dir: string) => instancesAndWorker(dir, TICKS)],
  [
    'the topology on PostgreSQL (two API instances, the worker and its standby)',
    inDatabase,
    (dir: string, engines: Record<string, string>) => onPostgres(dir, engines.DATABASE_URL),
  ],
] as const)('rating requests while %s is killed with SIGKILL', (_name, place, start) => {
  let dataDir: string;
  let running: KilledTopology | undefined;
  let placed: Awaited<ReturnType<typeof place>> | undefined;
  /** The engines' variables of this run, for the checks, the rebuild and the app started after it. */
  let engineEnv: Record<string, string> = {};
  const topology = async (dir: string): Promise<KilledTopology> => {
    placed = await place();
    engineEnv = placed.engineEnv;
    return start(dir, engineEnv);
  };

  beforeAll(() => {
    for (const built of ['dist/src/main.js', 'dist/projections/runner/worker.js'])
      if (!existsSync(join(repoRoot, built)))
        throw new Error(`${built} is missing: run \`npm run build:server\` (make test does) first`);
    dataDir = mkdtempSync(join(tmpdir(), 'crewclock-kill-ratings-'));
  });
  afterAll(async () => {
    await running?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await placed?.drop();
  });

  it(
    `asks about each of ${JOBS} jobs once and mails it once`,
    async () => {
      running = await topology(dataDir);
      const account = demoAccount(running.demoOutput(), 'Company Admin');
      const admin = await new ApiClient(running.urls()[0]).signIn(account.email, account.password);
      expect((await admin.patch('/api/organization/settings', { automatedRatingEmailsEnabled: true })).status).toBe(
        200,
      );
      const email = `kill-${Date.now()}@example.test`;
      const customer = await admin.post('/api/customers', {
        name: 'Kill Co',
        contactFirstName: 'Pat',
        contactEmail: email,
      });
      expect(customer.status).toBe(201);

      const jobIds: string[] = [];
      const ends: number[] = [];
      await pool(
        Array.from({ length: JOBS }, (_, i) => async () => {
          const end = Date.parse(seconds(Date.now() + ENDS_AFTER_SENT_MS + Math.floor((i * ENDS_OVER_MS) / JOBS)));
          ends.push(end);
          const created = await admin.post('/api/recurrence-jobs', {
            jobModel: {
              name: `Kill job ${i}`,
              startDateTime: seconds(end - 3_600_000),
              endDateTime: seconds(end),
              userIds: [],
              customerId: customer.body.data.id,
            },
          });
          expect(created.status).toBe(201);
          // It exists before it ends.
          expect(Date.now()).toBeLessThan(end);
          jobIds.push(created.body.data.id as string);
        }),
        8,
      );

      const kills: string[] = [];
      const firstEnd = Math.min(...ends);
      const lastEnd = Math.max(...ends) + 1000;
      let killsWhileEnding = 0;
      while (Date.now() < lastEnd + 2000 || kills.length < KILLS) {
        await sleep(500 + Math.random() * 2500);
        if (Date.now() >= firstEnd && Date.now() < lastEnd) killsWhileEnding++;
        kills.push(await running.killOne());
      }

      // Then the requests and e-mails settle: every job's e-mail is there within a while.
      const deadline = Date.now() + within(60_000);
      let mails = outboxMails(dataDir).filter((m) => m.to === email);
      while (mails.length < JOBS && Date.now() < deadline) {
        await sleep(250);
        mails = outboxMails(dataDir).filter((m) => m.to === email);
      }
      await sleep(2000); // and nothing more comes
      mails = outboxMails(dataDir).filter((m) => m.to === email);
      await running.stop();
      running = undefined;

      const { requests, mailed } = await logOf(dataDir, new Set(jobIds), engineEnv);
      const partial = readdirSync(join(dataDir, 'outbox')).filter((f) => f.endsWith('.partial')).length;
      const perJob = jobIds.map((id) => requests.get(id)?.length ?? 0);
      console.log(
        `${_name}: ${kills.length} kills, ${killsWhileEnding} while jobs ended (${kills.join(', ')}); ${JOBS} jobs: ${perJob.filter((n) => n === 1).length} requested once, ` +
          `${perJob.filter((n) => n === 0).length} never, ${perJob.filter((n) => n > 1).length} more than once; ` +
          `${mails.length} e-mails (${new Set(mails.map((m) => m.subject)).size} distinct), ${mailed.size} recorded as mailed; ` +
          `${partial} partial outbox file(s) left by a kill`,
      );
      expect(killsWhileEnding).toBeGreaterThanOrEqual(1);
      expect(perJob).toEqual(jobIds.map(() => 1));
      expect(mails).toHaveLength(JOBS);
      expect(new Set(mails.map((m) => m.subject.split(',')[0])).size).toBe(JOBS);
      for (const [, [requestId]] of requests) expect(mailed.get(requestId)).toBe(1);

      // A rebuild of the read models (the process's due times and unsent e-mails among them), then the app
      // again for a while: nothing is asked or mailed twice.
      const rebuild = await startChild(
        'dist/projections/runner/rebuild.js',
        embeddedEnv({ DATA_DIR: dataDir, REBUILD_PROGRESS: 'lines', ...engineEnv }),
        'Read models rebuilt',
        within(60_000),
      );
      await rebuild.exited;
      running = await singleInstance(dataDir, { ...TICKS, ...engineEnv });
      await sleep(3000);
      await running.stop();
      running = undefined;
      const after = await logOf(dataDir, new Set(jobIds), engineEnv);
      expect(jobIds.map((id) => after.requests.get(id)?.length ?? 0)).toEqual(jobIds.map(() => 1));
      expect([...after.mailed.values()].every((n) => n === 1)).toBe(true);
      expect(outboxMails(dataDir).filter((m) => m.to === email)).toHaveLength(JOBS);
    },
    within(600_000),
  );
});
