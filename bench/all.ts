/**
 * `npm run bench`: every benchmark of issue #11 on the embedded default, over a data folder of a mature
 * organization, printed as one table (figure, result, target, met) and written to bench/results/all.json.
 *
 *   npm run bench -- [--dir PATH | --events N] [--dense-dir PATH] [--ferret-events N]
 *                    [--only start,lists,commands,audit,dense,week,push,rebuild,ferret]
 *   npm run bench -- --engine postgres [--dir PATH | --events N]   (issue #25's figures: bench/postgres.ts)
 *
 * --dir reuses a folder grown by `npm run bench:data`; without it one is grown to --events (default
 * 1,000,000) in a temporary folder. The parts, in order:
 *  - start: the built server (dist/, `npm run build:server`) twice, as bench:start: the first start
 *    builds the read models from the whole log, the second finds them and catches up; RSS then.
 *  - lists: on that running server, each paged list and lookup, with and without a search word taken
 *    from its own first page: p50/p99 of 200 requests one after another, then requests/s and p99 with
 *    16 concurrent readers for 5 s (one session shared by 16 clients, as tabs share a browser's); and two searches
 *    whose first word matches most rows, with a short second word (issue #28's `lee 4`, `work 12`).
 *  - commands: POST /api/customers for 10 s from 1, 8, 32 and 128 connections (each answered once
 *    today's read models have it): commands/s, p50, p99, failures; whether throughput falls from 8 up.
 *  - audit: `bench:audit` on the folder: a page of 50 of a year's audit log, a History, a year's search (p99).
 *  - dense: the first start and a restart on the dense mix of issue #28 (`bench:data --staff 5 --jobs-per-week
 *    3500`, as many events as --events), in --dense-dir or a temporary folder: events/s, peak RSS while building.
 *  - week, push: `bench:week-view`, and `bench:job-request-push` with 200 and 500 manager sockets.
 *  - rebuild: `npm run projections:rebuild` on the folder (it ends with the read models rebuilt), and on a folder of
 *    100,000 events of the same mix: how much more an event costs at the folder's size.
 *  - ferret: the same rebuild into FerretDB (test/support/ferretdb.ts; needs Go), over a folder of
 *    --ferret-events (default 3,000: FerretDB v1 here applies ~130 events/s) events: its rate is the figure.
 * The load runs in this process and the server in another, as browsers are other processes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startFerretDb, withDatabase } from '../test/support/ferretdb';
import { figureTable } from './report';
import { commands, lists } from './http-figures';
import { postgresFigures } from './postgres';
import { removeReadModels, startServer } from './start.bench';

const ROOT = join(__dirname, '..');
const RESULTS = join(__dirname, 'results');
const PARTS = ['start', 'lists', 'commands', 'audit', 'dense', 'week', 'push', 'rebuild', 'ferret'] as const;
/** The dense mix of issue #28: about 3,500 one-time jobs a week on five people. */
const DENSE = ['--staff', '5', '--jobs-per-week', '3500'];
type Part = (typeof PARTS)[number];

const { rows, add: row } = figureTable();
const ms = (value: number) => `${value.toFixed(1)} ms`;

function args(argv: string[]) {
  const value = (name: string) => {
    const at = argv.indexOf(name);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const only = value('--only')?.split(',') ?? [...PARTS];
  const unknown = only.find((p) => !PARTS.includes(p as Part));
  if (unknown) throw new Error(`unknown part ${unknown}: one of ${PARTS.join(', ')}`);
  return {
    dir: value('--dir') ? resolve(value('--dir')!) : null,
    denseDir: value('--dense-dir') ? resolve(value('--dense-dir')!) : null,
    events: Number(value('--events') ?? 1_000_000),
    ferretEvents: Number(value('--ferret-events') ?? 3_000),
    only: new Set(only as Part[]),
    engine: value('--engine') ?? 'embedded',
  };
}

/** Runs a bench script (or the rebuild) as its own process, stopping the bench if it fails. */
function run(label: string, script: string[], env: NodeJS.ProcessEnv = process.env): string {
  console.log(`\n${label}…`);
  const child = spawnSync(process.execPath, script, {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (child.status !== 0) throw new Error(`${label} exited with ${child.status}:\n${child.stdout.slice(-2000)}`);
  return child.stdout;
}
const withSwc = (file: string, ...rest: string[]) => ['--require', './test/support/swc-register.js', file, ...rest];
const result = (name: string) =>
  JSON.parse(readFileSync(join(RESULTS, `${name}.json`), 'utf8')) as Record<string, number>;

function grow(dir: string, events: number, shape: string[] = []): void {
  run(
    `growing ${dir} to ${events} events ${shape.join(' ')}`,
    withSwc('bench/data.ts', '--events', String(events), '--dir', dir, ...shape),
  );
}

/** The first start (read models built from the whole log: events/s, peak RSS) and a restart of a folder. */
async function starts(dir: string, mix: string): Promise<void> {
  console.log(`
first start of the ${mix}: read models built from the whole log…`);
  removeReadModels(dir);
  const first = await startServer(dir, 'first');
  await first.stop();
  const { events, caughtUpSeconds, answeringSeconds, healthySeconds, peakRssMb } = first.start;
  const perSecond = (events ?? 0) / caughtUpSeconds;
  row(
    `first start, ${mix}, ${events} events: events/s (time)`,
    `${perSecond.toFixed(0)} events/s (${caughtUpSeconds.toFixed(1)} s)`,
    '≥ 20,000 events/s',
    perSecond >= 20_000,
  );
  row(
    `first start, ${mix}: /healthz answers ("building: N %") after`,
    `${answeringSeconds.toFixed(1)} s`,
    'listens while building',
    answeringSeconds < caughtUpSeconds / 2,
  );
  row(`first start, ${mix}: /healthz healthy after`, `${healthySeconds.toFixed(1)} s`);
  row(`first start, ${mix}: peak RSS while building`, `${peakRssMb.toFixed(0)} MB`, '≤ 400 MB', peakRssMb <= 400);
  const again = await startServer(dir, 'second');
  await again.stop();
  const { caughtUpSeconds: restart, rssMb } = again.start;
  row(`restart to healthy, ${mix}`, `${restart.toFixed(1)} s`, '≤ 2 s', restart <= 2);
  row(`RSS after restart, ${mix}`, `${rssMb.toFixed(0)} MB`, '≤ 250 MB', rssMb <= 250);
}

/** The rebuild command on a folder, optionally into MongoDB: its own summary gives the events and seconds. */
function rebuild(label: string, dir: string, env: NodeJS.ProcessEnv = {}): { events: number; perSecond: number } {
  const clean: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['EVENTSTORE_URL', 'MONGODB_URL', 'REDIS_URL', 'SMTP_URL', 'REBUILD_RESUME', 'NODE_ENV'])
    delete clean[key];
  Object.assign(clean, { DATA_DIR: dir, LOG_LEVEL: 'silent', REBUILD_PROGRESS: 'lines' }, env);
  const out = run(label, ['dist/projections/runner/rebuild.js'], clean);
  const summary = /Read models rebuilt from (\d+) events in ([\d.]+) s\./.exec(out);
  if (!summary) throw new Error(`no summary in the rebuild's output: ${out.slice(-500)}`);
  return { events: Number(summary[1]), perSecond: Number(summary[1]) / Number(summary[2]) };
}

async function main() {
  const options = args(process.argv.slice(2));
  if (!existsSync(join(ROOT, 'dist/src/main.js')))
    throw new Error('no dist/src/main.js: run npm run build:server first');
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'crewclock-bench-'));
  if (!existsSync(join(dir, 'events.sqlite'))) grow(dir, options.events);
  mkdirSync(RESULTS, { recursive: true });
  const wants = (part: Part) => options.only.has(part) && options.engine === 'embedded';
  if (!['embedded', 'postgres'].includes(options.engine)) throw new Error('--engine is embedded or postgres');
  if (options.engine === 'postgres') await postgresFigures(row, dir);

  if (wants('start') || wants('lists') || wants('commands')) {
    if (wants('start')) await starts(dir, "bench:data's mix");
    console.log('\nstart from the stored read models…');
    const server = await startServer(dir, 'second');
    try {
      if (wants('lists')) await lists(row, server.url);
      if (wants('commands')) await commands(row, [server.url], 30, [server.pid]);
    } finally {
      await server.stop();
    }
  }

  if (wants('audit')) {
    run('audit log (bench:audit)', withSwc('bench/audit.bench.ts', '--dir', dir));
    const figures = JSON.parse(readFileSync(join(RESULTS, 'audit.json'), 'utf8')) as {
      figure: string;
      result: string;
    }[];
    const p99 = (starts: string) => {
      const found = figures.find((f) => f.figure.startsWith(starts));
      const value = found && /p99 ([\d.]+) ms/.exec(found.result);
      return value ? { figure: found.figure, ms: Number(value[1]) } : null;
    };
    for (const [starts, target] of [
      ['Audit log, one year (', 50],
      ["A customer's History", 20],
      ["A timer's History", 20],
      ['Search ', 300],
    ] as const) {
      const found = p99(starts);
      if (found) row(`${found.figure}: p99`, ms(found.ms), `≤ ${target} ms`, found.ms <= target);
    }
  }

  if (wants('dense')) {
    const dense = options.denseDir ?? mkdtempSync(join(tmpdir(), 'crewclock-bench-dense-'));
    if (!existsSync(join(dense, 'events.sqlite'))) grow(dense, options.events, DENSE);
    await starts(dense, 'dense mix');
  }
  if (wants('week')) {
    run('week view (bench:week-view)', withSwc('bench/week-view.bench.ts'));
    const week = result('week-view');
    row(
      'week view, 10,000 jobs + 500 series: p50 / p99',
      `${ms(week.p50Ms)} / ${ms(week.p99Ms)}`,
      'p99 ≤ 30 ms',
      week.p99Ms <= 30,
    );
  }
  if (wants('push'))
    for (const sockets of [200, 500]) {
      run(
        `push to ${sockets} manager sockets (bench:job-request-push)`,
        withSwc('bench/job-request-push.bench.ts', String(sockets)),
      );
      const push = result(`job-request-push-${sockets}`);
      row(
        `push p50 / p99, ${sockets} sockets`,
        `${ms(push.p50Ms)} / ${ms(push.p99Ms)}`,
        'p99 ≤ 50 ms',
        push.p99Ms <= 50,
      );
    }
  if (wants('rebuild')) {
    const embedded = rebuild('rebuild, embedded (npm run projections:rebuild)', dir);
    row(
      `rebuild, embedded, ${embedded.events} events`,
      `${embedded.perSecond.toFixed(0)} events/s`,
      '≥ 20,000 events/s',
      embedded.perSecond >= 20_000,
    );
    // The same mix at 100,000 events: does an event cost more in a larger log?
    const small = join(tmpdir(), 'crewclock-bench-100000');
    if (!existsSync(join(small, 'events.sqlite'))) grow(small, 100_000);
    const base = rebuild('rebuild, embedded, 100,000 events', small);
    const growth = base.perSecond / embedded.perSecond - 1;
    row(
      `cost per event, 100,000 → ${embedded.events} events`,
      `${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(0)} % (${base.perSecond.toFixed(0)} → ${embedded.perSecond.toFixed(0)} events/s)`,
      'within ± 10 %',
      Math.abs(growth) <= 0.1,
    );
  }
  if (wants('ferret')) {
    const ferret = await startFerretDb();
    if (!ferret) row('rebuild into FerretDB', 'not measured: Go is not installed');
    else {
      try {
        const small = join(tmpdir(), `crewclock-bench-ferret-${options.ferretEvents}`);
        if (!existsSync(join(small, 'events.sqlite'))) grow(small, options.ferretEvents);
        const into = rebuild(`rebuild into FerretDB, ${options.ferretEvents} events`, small, {
          MONGODB_URL: withDatabase(ferret.url, 'bench_rebuild'),
        });
        row(
          `rebuild into FerretDB, ${into.events} events`,
          `${into.perSecond.toFixed(0)} events/s`,
          '≥ 10,000 events/s',
          into.perSecond >= 10_000,
        );
      } finally {
        await ferret.stop();
      }
    }
  }

  writeFileSync(
    join(RESULTS, options.engine === 'postgres' ? 'all-postgres.json' : 'all.json'),
    JSON.stringify(rows, null, 2),
  );
  const table = [
    ['figure', 'result', 'target', 'met'],
    ...rows.map((r) => [r.figure, r.result, r.target, r.met === null ? '' : r.met ? 'yes' : 'no']),
  ];
  const widths = table[0].map((_, i) => Math.max(...table.map((r) => r[i].length)));
  console.log(`\nCrewClock benchmarks, ${new Date().toISOString()}, data: ${dir}\n`);
  for (const [i, r] of table.entries()) {
    console.log(`| ${r.map((cell, c) => cell.padEnd(widths[c])).join(' | ')} |`);
    if (i === 0) console.log(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
