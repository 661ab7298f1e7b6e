/**
 * The Job Schedule's week as of a past moment over a big log (issue #17 item 3: p99 ≤ 300 ms at 1,000,000
 * events). Starts the built server on a folder made by bench:data (keeping its read models: a first start
 * builds them, several minutes at 1,000,000 events), signs in as the demo organization's admin, and times
 * GET /api/jobs/syncfusion/fetch for the weeks around each moment, request to last byte, from a worker
 * thread (clients/week-view.js): asOfPosition at 10 %, 50 % and 90 % of the log, asOf the date-time of the
 * 50 % event, the last position, and now (no moment). Prints a table and writes bench/results/as-of-week.json.
 *
 *   npm run bench:data -- --events 1000000 --dir /work/bench-data/m1
 *   npm run build:server && npm run bench:as-of-week -- --dir /work/bench-data/m1
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SqliteEventStore } from '../src/core/event-store/sqlite-event-store';
import { DEMO_PASSWORD } from '../src/demo-seed';
import { ApiClient } from '../test/support/app';
import { inWorker } from './harness';
import { figureTable, percentile } from './report';
import { startServer } from './start.bench';

const ADMIN = 'admin@demo.crewclock.test';
const DAY = 86_400_000;
const WEEK = 7 * DAY;
/** The weeks read around each moment: three before its own, its own and four after (bench:data plans jobs up to a month ahead). */
const WEEKS_AROUND = [-3, -2, -1, 0, 1, 2, 3, 4];
const REQUESTS = 200;
const WARM_UP = 16;
const TARGET_P99_MS = 300;

const fmt = (d: Date) =>
  `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;

/** The Monday (UTC) of the week holding `at`. */
function mondayOf(at: number): number {
  const day = Math.floor(at / DAY) * DAY;
  return day - ((new Date(day).getUTCDay() + 6) % 7) * DAY;
}

function weekPaths(around: number, moment: Record<string, string>): string[] {
  const monday = mondayOf(around);
  const paths = WEEKS_AROUND.map((n) => {
    const from = new Date(monday + n * WEEK);
    const params = new URLSearchParams({ StartDate: fmt(from), EndDate: fmt(new Date(from.getTime() + 6 * DAY)) });
    for (const [key, value] of Object.entries(moment)) params.set(key, value);
    return `/api/jobs/syncfusion/fetch?${params}`;
  });
  return Array.from({ length: REQUESTS }, (_, i) => paths[i % paths.length]);
}

/**
 * The CPU time the server process has used (user + system, ms; Linux): per request, a figure that other
 * processes on the machine do not inflate, unlike the latencies.
 */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime in ticks of 10 ms
  } catch {
    return NaN;
  }
}

async function main() {
  const at = process.argv.indexOf('--dir');
  if (at < 0 || !process.argv[at + 1]) throw new Error('usage: bench/as-of-week.bench.ts --dir PATH');
  const dir = resolve(process.argv[at + 1]);
  if (!existsSync(join(dir, 'events.sqlite'))) throw new Error(`no events.sqlite in ${dir}: run npm run bench:data`);

  console.log(
    `starting the built server on ${dir} (a first start builds the read models: minutes at 1,000,000 events)…`,
  );
  const server = await startServer(dir, 'as-of-week');
  const { rows, add } = figureTable();
  const results: Record<string, unknown>[] = [];
  const events = new SqliteEventStore(join(dir, 'events.sqlite'));
  try {
    const head = Number(server.start.events ?? 0);
    if (!head) throw new Error('the server told no head position');
    add('started (read models caught up)', `${server.start.caughtUpSeconds.toFixed(1)} s, ${head} events`);
    const eventAt = async (position: number) =>
      (await events.readAll({ after: { commit: position - 1, prepare: position - 1 }, maxCount: 1 }))[0];

    const admin = await new ApiClient(server.url).signIn(ADMIN, DEMO_PASSWORD);
    const cases: { label: string; around: number; moment: Record<string, string> }[] = [];
    for (const share of [0.1, 0.5, 0.9]) {
      const event = await eventAt(Math.round(head * share));
      const position = event.position.commit;
      const around = Date.parse(event.metadata.timestamp);
      cases.push({
        label: `asOfPosition ${position} (${share * 100} % of the log, ${event.metadata.timestamp.slice(0, 10)})`,
        around,
        moment: { asOfPosition: String(position) },
      });
      if (share === 0.5)
        cases.push({ label: `asOf ${event.metadata.timestamp}`, around, moment: { asOf: event.metadata.timestamp } });
    }
    cases.push({
      label: `asOfPosition ${head} (the last event), weeks around now`,
      around: Date.now(),
      moment: { asOfPosition: String(head) },
    });
    cases.push({ label: 'now (no moment), weeks around now', around: Date.now(), moment: {} });

    // The server has just started: read every case's weeks once first, so that no case pays for the page
    // cache filling up (the first case did: its p99 was twice the others').
    await inWorker('week-view', {
      baseUrl: server.url,
      cookie: admin.cookie,
      paths: cases.flatMap(({ around, moment }) => weekPaths(around, moment).slice(0, WEEKS_AROUND.length)),
      warmUp: 0,
    });
    for (const { label, around, moment } of cases) {
      const cpuBefore = cpuMs(server.pid);
      const { times, jobs } = await inWorker<{ times: number[]; jobs: number }>('week-view', {
        baseUrl: server.url,
        cookie: admin.cookie,
        paths: weekPaths(around, moment),
        warmUp: WARM_UP,
      });
      const cpuPerRequest = (cpuMs(server.pid) - cpuBefore) / (REQUESTS + WARM_UP);
      times.sort((a, b) => a - b);
      const p50 = percentile(times, 50);
      const p99 = percentile(times, 99);
      const perWeek = Math.round(jobs / times.length);
      add(
        `${label}: p50 / p99`,
        `${p50.toFixed(1)} / ${p99.toFixed(1)} ms (${perWeek} jobs a week; server CPU ${cpuPerRequest.toFixed(0)} ms a request)`,
        `p99 ≤ ${TARGET_P99_MS} ms`,
        p99 <= TARGET_P99_MS,
      );
      results.push({
        p90Ms: +percentile(times, 90).toFixed(2),
        maxMs: +times[times.length - 1].toFixed(2),
        serverCpuMsPerRequest: +cpuPerRequest.toFixed(1),
        label,
        moment,
        requests: times.length,
        jobsPerWeek: perWeek,
        p50Ms: +p50.toFixed(2),
        p99Ms: +p99.toFixed(2),
      });
    }
  } finally {
    await events.close();
    await server.stop();
  }
  console.table(rows);
  mkdirSync(join(__dirname, 'results'), { recursive: true });
  writeFileSync(join(__dirname, 'results', 'as-of-week.json'), JSON.stringify({ dir, rows, results }, null, 2));
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
