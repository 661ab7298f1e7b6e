/**
 * `npm run bench -- --engine postgres --dir PATH`: issue #25's targets on the production topology on this machine
 * (src/topology: two API instances, the worker and its standby, PostgreSQL, Redis), over a bench:data folder moved
 * into a database of its own by `npm run migrate`. Each figure is a row of bench/all.ts's table.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '../src/demo-seed';
import { PROCESS_NAMES, Topology } from '../src/topology/topology';
import { ApiClient } from '../test/support/app';
import { healthy, withoutEngines } from '../test/support/children';
import { emptyDatabase } from '../test/support/postgres';
import { inWorker } from './harness';
import { commands, lists, Row } from './http-figures';
import { percentile } from './report';

const ROOT = join(__dirname, '..');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const DATABASE = 'crewclock_bench';
const PUSH_SOCKETS = 500;
const PUSH_REQUESTS = 300;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const sleep = (millis: number) => new Promise((r) => setTimeout(r, millis));

function node(label: string, args: string[], env: NodeJS.ProcessEnv): string {
  console.log(`\n${label}…`);
  const child = spawnSync(process.execPath, args, { cwd: ROOT, env, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (child.status !== 0)
    throw new Error(`${label} exited with ${child.status}:\n${(child.stdout + child.stderr).slice(-2000)}`);
  return child.stdout;
}

export async function postgresFigures(row: Row, dir: string): Promise<void> {
  const { url: databaseUrl } = await emptyDatabase(DATABASE);
  const env: NodeJS.ProcessEnv = { ...withoutEngines(['NODE_ENV']), LOG_LEVEL: 'silent' };

  // The folder moved in (events with their positions, files, read models), then the read models rebuilt on their own.
  const moveStarted = Date.now();
  node('npm run migrate', ['dist/projections/runner/migrate.js', '--from', dir, '--to', databaseUrl], env);
  row(
    'move of the folder (npm run migrate: log, files, read models)',
    `${((Date.now() - moveStarted) / 1000).toFixed(0)} s`,
  );
  const work = mkdtempSync(join(tmpdir(), 'crewclock-bench-pg-'));
  const out = node('npm run projections:rebuild into PostgreSQL', ['dist/projections/runner/rebuild.js'], {
    ...env,
    DATA_DIR: work,
    DATABASE_URL: databaseUrl,
    REBUILD_PROGRESS: 'lines',
  });
  const summary = /Read models rebuilt from (\d+) events in ([\d.]+) s\./.exec(out);
  if (!summary) throw new Error(`no summary in the rebuild's output: ${out.slice(-500)}`);
  const rate = Number(summary[1]) / Number(summary[2]);
  row(
    `rebuild into PostgreSQL, ${summary[1]} events`,
    `${rate.toFixed(0)} events/s`,
    '≥ 20,000 events/s',
    rate >= 20_000,
  );

  console.log('\nthe topology: two API instances, the worker and its standby…');
  const topology = await Topology.start({
    databaseUrl,
    redisUrl: REDIS_URL,
    dataDir: work,
    env: { LOG_LEVEL: 'warn' },
  });
  const api = (name: 'api-a' | 'api-b') => `http://127.0.0.1:${topology.portOf(name)}`;
  try {
    // An API instance killed and started again, to healthy (caught up).
    await topology.kill('api-b');
    const restarted = Date.now();
    await topology.restart('api-b');
    await healthy(api('api-b'), 60_000);
    const restartS = (Date.now() - restarted) / 1000;
    row('restart of an API instance to healthy', `${restartS.toFixed(1)} s`, '≤ 5 s', restartS <= 5);

    await lists(row, api('api-a'));
    const pids = PROCESS_NAMES.map((name) => topology.pidOf(name)).filter((pid) => pid !== undefined);
    await commands(row, [api('api-a'), api('api-b')], 50, pids);
    await pushAcross(row, api('api-a'), api('api-b'));

    // The active worker killed: how long until a command appended meanwhile is applied (by the standby).
    const client = await new ApiClient(api('api-a')).signIn('admin@demo.crewclock.test', DEMO_PASSWORD);
    const reader = await new ApiClient(api('api-b')).signIn('admin@demo.crewclock.test', DEMO_PASSWORD);
    await topology.kill('worker');
    const killedAt = Date.now();
    const created = await client.post('/api/customers', { name: 'After the worker', contactFirstName: 'Pat' });
    if (created.status !== 201) throw new Error(`POST /api/customers: ${created.status}`);
    while ((await reader.get(`/api/customers/${created.body.data.id}`)).status !== 200) {
      if (Date.now() - killedAt > 60_000) throw new Error('the standby did not apply within 60 s');
      await sleep(20);
    }
    const takeoverS = (Date.now() - killedAt) / 1000;
    row('worker killed: standby applying again', `${takeoverS.toFixed(1)} s`, '≤ 10 s', takeoverS <= 10);
  } finally {
    await topology.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** 500 manager sockets on one instance; associates request open jobs through the other; each push timed. */
async function pushAcross(row: Row, requestUrl: string, socketUrl: string): Promise<void> {
  const admin = await new ApiClient(requestUrl).signIn('admin@demo.crewclock.test', DEMO_PASSWORD);
  const settings = await admin.patch('/api/organization/settings', { pickUpJobsEnabled: true });
  if (settings.status !== 200) throw new Error(`settings: ${settings.status}`);
  const manager = await new ApiClient(socketUrl).signIn('manager@demo.crewclock.test', DEMO_PASSWORD);
  // The demo's associate and bench:data's staff (50 at 1,000,000 events, fewer in a smaller folder), up to 20.
  const associates = [];
  for (const email of [
    'associate@demo.crewclock.test',
    ...Array.from({ length: 19 }, (_, i) => `staff${i}@demo.crewclock.test`),
  ]) {
    const a = new ApiClient(requestUrl);
    const signedIn = await a
      .signIn(email, DEMO_PASSWORD)
      .then(() => true)
      .catch(() => false);
    if (!signedIn) break;
    associates.push({ cookie: a.cookie, csrf: a.csrfToken });
  }
  const jobIds: string[] = [];
  const first = Date.now() + 40 * 86_400_000;
  for (let i = 0; i < PUSH_REQUESTS; i++) {
    const start = new Date(first + i * 3_600_000);
    const job = await admin.post('/api/recurrence-jobs', {
      jobModel: {
        name: `Open job ${i}`,
        startDateTime: start.toISOString(),
        endDateTime: new Date(start.getTime() + 3_600_000).toISOString(),
      },
    });
    if (job.status !== 201) throw new Error(`open job: ${job.status} ${JSON.stringify(job.body)}`);
    jobIds.push(job.body.data.id as string);
  }
  const result = await inWorker<{ latencies: number[] }>('job-request-managers', {
    baseUrl: socketUrl,
    requestUrl,
    managerCookies: Array.from({ length: PUSH_SOCKETS }, () => manager.cookie),
    associates,
    jobIds,
  });
  const each = result.latencies.sort((a, b) => a - b);
  const p99 = percentile(each, 99);
  row(
    `push to another instance's sockets, ${PUSH_SOCKETS} sockets: p50 / p99`,
    `${ms(percentile(each, 50))} / ${ms(p99)}`,
    'p99 ≤ 50 ms',
    p99 <= 50,
  );
}
