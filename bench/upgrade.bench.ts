/**
 * The first start after an upgrade that changes the audit projection, over a big log: how soon the built server
 * serves today's work while it builds the audit log again in the background, how the current week reads meanwhile,
 * and how long the audit log takes to be back. Before read models of the past were built in the background, the
 * server listened only once the audit log was rebuilt (595 s at 1,000,000 events).
 *
 *   npm run bench:data -- --events 1000000 --dir /work/bench-data/m1
 *   npm run build:server && npm run bench:upgrade -- --dir /work/bench-data/m1
 *
 * The folder must have its read models (a first start, e.g. bench:as-of-week, builds them). The run marks the
 * audit projection's checkpoint as an older version, as an upgrade that changed it finds it; the server then
 * rebuilds it, so the folder is whole again afterwards.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CHECKPOINTS, type Checkpoint } from '../projections/runner/projection-runner';
import { SqliteReadStore } from '../src/core/read-store/sqlite-read-store';
import { PAST_READ_MODELS } from '../src/as-of/read-models-of-the-past';
import { DEMO_PASSWORD } from '../src/demo-seed';
import { ApiClient } from '../test/support/app';
import { inWorker } from './harness';
import { figureTable, percentile } from './report';
import { startServer } from './start.bench';

const ADMIN = 'admin@demo.crewclock.test';
const DAY = 86_400_000;
const REQUESTS = 200;
/** Serving again within a minute of the start, whatever the size of the log. */
const TARGET_SERVING_S = 60;
const TARGET_P99_MS = 300;
const BUILD_LIMIT_MS = 60 * 60_000;

const fmt = (d: Date) =>
  `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;

interface Health {
  projections: { headPosition: number | null; building: { name: string; percent: number }[] };
}

async function main() {
  const at = process.argv.indexOf('--dir');
  if (at < 0 || !process.argv[at + 1]) throw new Error('usage: bench/upgrade.bench.ts --dir PATH');
  const dir = resolve(process.argv[at + 1]);
  const readModels = join(dir, 'read-models.sqlite');
  if (!existsSync(readModels)) throw new Error(`no read models in ${dir}: start the server on it once first`);

  const store = new SqliteReadStore(readModels);
  const marked = await store
    .collection<Checkpoint>(CHECKPOINTS)
    .updateOne({ _id: PAST_READ_MODELS.audit }, { $set: { version: -1 } });
  await store.close();
  if (!marked.matchedCount) throw new Error('the folder has no audit checkpoint: start the server on it once first');

  console.log(`starting the built server on ${dir} after an "upgrade" of the audit projection…`);
  const began = Date.now();
  const server = await startServer(dir, 'upgrade');
  const { rows, add } = figureTable();
  try {
    const health = async () => (await (await fetch(`${server.url}/healthz`)).json()) as Health;
    const first = await health();
    add(
      'serving (today’s read models caught up, /healthz 200)',
      `${server.start.caughtUpSeconds.toFixed(1)} s, ${first.projections.headPosition} events; building: ${first.projections.building.map((b) => `${b.name} ${b.percent} %`).join(', ') || 'nothing'}`,
      `≤ ${TARGET_SERVING_S} s`,
      server.start.caughtUpSeconds <= TARGET_SERVING_S && first.projections.building.length > 0,
    );

    const admin = await new ApiClient(server.url).signIn(ADMIN, DEMO_PASSWORD);
    const audit = await admin.get('/api/audit');
    add(
      'GET /api/audit meanwhile',
      `${audit.status}: ${audit.body?.errors?.[0] ?? ''}`,
      '503 with the progress',
      audit.status === 503,
    );

    // The current week, as the Job Schedule reads it, while the build runs beside it.
    const monday = new Date(Date.now() - ((new Date().getUTCDay() + 6) % 7) * DAY);
    const week = `/api/jobs/syncfusion/fetch?StartDate=${fmt(monday)}&EndDate=${fmt(new Date(monday.getTime() + 6 * DAY))}`;
    const { times, jobs } = await inWorker<{ times: number[]; jobs: number }>('week-view', {
      baseUrl: server.url,
      cookie: admin.cookie,
      paths: Array.from({ length: REQUESTS }, () => week),
      warmUp: 8,
    });
    times.sort((a, b) => a - b);
    const during = (await health()).projections.building;
    add(
      'the current week while the audit log builds: p50 / p99',
      `${percentile(times, 50).toFixed(1)} / ${percentile(times, 99).toFixed(1)} ms (${Math.round(jobs / times.length)} jobs; still building: ${during.map((b) => `${b.name} ${b.percent} %`).join(', ') || 'nothing'})`,
      `p99 ≤ ${TARGET_P99_MS} ms`,
      percentile(times, 99) <= TARGET_P99_MS && during.length > 0,
    );

    let last = -1;
    for (;;) {
      const building = (await health()).projections.building;
      if (!building.length) break;
      if (Date.now() - began > BUILD_LIMIT_MS) throw new Error('the audit log was not built within an hour');
      const percent = building[0].percent;
      if (percent >= last + 10) {
        console.log(
          `  … ${building.map((b) => `${b.name} ${b.percent} %`).join(', ')} after ${Math.round((Date.now() - began) / 1000)} s`,
        );
        last = percent;
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
    add(
      'the audit log built again, in the background',
      `${((Date.now() - began) / 1000).toFixed(0)} s after the start`,
    );
    const after = await admin.get('/api/audit');
    add(
      'GET /api/audit then',
      `${after.status}: ${after.body?.totalRecords ?? '?'} entries in the last 30 days`,
      '200',
      after.status === 200,
    );
  } finally {
    await server.stop();
  }
  console.table(rows);
  mkdirSync(join(__dirname, 'results'), { recursive: true });
  writeFileSync(join(__dirname, 'results', 'upgrade.json'), JSON.stringify({ dir, rows }, null, 2));
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
