/**
 * `npm run bench`: every benchmark of issue #11 on the embedded default, over a data folder of a mature
 * organization, printed as one table (figure, result, target, met) and written to bench/results/all.json.
 *
 *   npm run bench -- [--dir PATH | --events N] [--ferret-events N] [--only start,lists,commands,week,push,rebuild,ferret]
 *
 * --dir reuses a folder grown by `npm run bench:data`; without it one is grown to --events (default
 * 1,000,000) in a temporary folder. The parts, in order:
 *  - start: the built server (dist/, `npm run build:server`) twice, as bench:start: the first start
 *    builds the read models from the whole log, the second finds them and catches up; RSS then.
 *  - lists: on that running server, each paged list and lookup, with and without a search word taken
 *    from its own first page: p50/p99 of 200 requests one after another, then requests/s and p99 with
 *    16 concurrent readers for 5 s (one session shared by 16 clients, as tabs share a browser's).
 *  - commands: POST /api/customers from 32 connections for 10 s (each answered once its read model
 *    has it): commands/s, p50, p99.
 *  - week, push: `bench:week-view`, and `bench:job-request-push` with 200 and 500 manager sockets.
 *  - rebuild: `npm run projections:rebuild` on the folder (it ends with the read models rebuilt).
 *  - ferret: the same rebuild into FerretDB (test/support/ferretdb.ts; needs Go), over a folder of
 *    --ferret-events (default 3,000: FerretDB v1 here applies ~130 events/s) events: its rate is the figure.
 * The load runs in this process and the server in another, as browsers are other processes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEMO_PASSWORD } from '../src/identity/demo-seed';
import { ApiClient } from '../test/support/app';
import { startFerretDb, withDatabase } from '../test/support/ferretdb';
import { figureTable, percentile } from './report';
import { removeReadModels, RunningServer, startServer } from './start.bench';

const ROOT = join(__dirname, '..');
const RESULTS = join(__dirname, 'results');
const ADMIN = 'admin@demo.crewclock.test';
const ASSOCIATE = 'staff0@demo.crewclock.test'; // bench:data's first staff member: there at any size
const PARTS = ['start', 'lists', 'commands', 'week', 'push', 'rebuild', 'ferret'] as const;
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
    events: Number(value('--events') ?? 1_000_000),
    ferretEvents: Number(value('--ferret-events') ?? 3_000),
    only: new Set(only as Part[]),
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

function grow(dir: string, events: number): void {
  run(`growing ${dir} to ${events} events`, withSwc('bench/data.ts', '--events', String(events), '--dir', dir));
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

/** 200 requests one after another, then 16 concurrent readers for 5 s, on one path. */
async function measureList(figure: string, client: ApiClient, path: string): Promise<void> {
  const alone: number[] = [];
  for (let i = 0; i < 200; i++) {
    const began = performance.now();
    const answer = await client.get(path);
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    alone.push(performance.now() - began);
  }
  alone.sort((a, b) => a - b);
  const p99 = percentile(alone, 99);
  row(`${figure}, alone: p50 / p99`, `${ms(percentile(alone, 50))} / ${ms(p99)}`, 'p99 ≤ 50 ms', p99 <= 50);

  const readers = Array.from({ length: 16 }, () => client.sharingSession());
  const { times: together, perSecond } = await concurrently(readers, 5_000, async (reader) => {
    const answer = await reader.get(path);
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`);
  });
  row(
    `${figure}, 16 readers: requests/s (p99)`,
    `${perSecond.toFixed(0)}/s (${ms(percentile(together, 99))})`,
    '≥ 300/s',
    perSecond >= 300,
  );
}

/** Each client sends `request` after `request` for `ms`: every latency (sorted) and the requests per second. */
async function concurrently(
  clients: ApiClient[],
  ms: number,
  request: (client: ApiClient) => Promise<void>,
): Promise<{ times: number[]; perSecond: number }> {
  const times: number[] = [];
  const began = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < began + ms) {
        const sent = performance.now();
        await request(client);
        times.push(performance.now() - sent);
      }
    }),
  );
  const perSecond = times.length / ((performance.now() - began) / 1000);
  return { times: times.sort((a, b) => a - b), perSecond };
}

/** The first word of a text, lower-cased: a search a person would type. */
const wordOf = (text: unknown) =>
  String(text ?? '')
    .split(/\s+/)[0]
    .toLowerCase();

async function lists(server: RunningServer): Promise<void> {
  const admin = await new ApiClient(server.url).signIn(ADMIN, DEMO_PASSWORD);
  const associate = await new ApiClient(server.url).signIn(ASSOCIATE, DEMO_PASSWORD);
  const first = async (client: ApiClient, path: string) => (await client.get(path)).body?.resultItems?.[0] ?? {};
  const customer = wordOf((await first(admin, '/api/customers/paged')).contactLastName);
  const user = wordOf((await first(admin, '/api/users/paged')).lastName);
  // A timer's customer, else its job or label (a mileage timer may have none).
  const timerWord = (t: Record<string, unknown>) => wordOf(t.customerName || t.jobName || t.label || t.type);
  const timer = timerWord(await first(admin, '/api/time/paged'));
  const own = timerWord(await first(associate, '/api/time/user/paged'));
  const cases: [string, ApiClient, string][] = [
    ['Customer List', admin, '/api/customers/paged'],
    [`Customer List, search "${customer}"`, admin, `/api/customers/paged?filter=${customer}`],
    ['customer lookup', admin, '/api/customers/lookup'],
    [`customer lookup, search "${customer}"`, admin, `/api/customers/lookup?filter=${customer}`],
    ['Users', admin, '/api/users/paged'],
    [`Users, search "${user}"`, admin, `/api/users/paged?filter=${user}`],
    ['Organization Tracked Times', admin, '/api/time/paged'],
    [`Organization Tracked Times, search "${timer}"`, admin, `/api/time/paged?filter=${timer}`],
    ['My Tracked Times', associate, '/api/time/user/paged'],
    [`My Tracked Times, search "${own}"`, associate, `/api/time/user/paged?filter=${own}`],
  ];
  for (const [figure, client, path] of cases) await measureList(figure, client, path);
}

async function commands(server: RunningServer): Promise<void> {
  const admin = await new ApiClient(server.url).signIn(ADMIN, DEMO_PASSWORD);
  const connections = Array.from({ length: 32 }, () => admin.sharingSession());
  let n = 0;
  const { times, perSecond } = await concurrently(connections, 10_000, async (client) => {
    const answer = await client.post('/api/customers', {
      name: `Bench customer ${++n}`,
      contactFirstName: 'Pat',
      status: 'Current',
    });
    if (answer.status !== 201) throw new Error(`POST /api/customers: ${answer.status} ${JSON.stringify(answer.body)}`);
  });
  const p99 = percentile(times, 99);
  row('durable commands, 32 connections: commands/s', `${perSecond.toFixed(0)}/s`, '≥ 2,500/s', perSecond >= 2500);
  row(
    'durable commands, 32 connections: p50 / p99',
    `${ms(percentile(times, 50))} / ${ms(p99)}`,
    'p99 ≤ 30 ms',
    p99 <= 30,
  );
}

async function main() {
  const options = args(process.argv.slice(2));
  if (!existsSync(join(ROOT, 'dist/src/main.js')))
    throw new Error('no dist/src/main.js: run npm run build:server first');
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'crewclock-bench-'));
  if (!existsSync(join(dir, 'events.sqlite'))) grow(dir, options.events);
  mkdirSync(RESULTS, { recursive: true });
  const wants = (part: Part) => options.only.has(part);

  if (wants('start') || wants('lists') || wants('commands')) {
    if (wants('start')) {
      console.log('\nfirst start: read models built from the whole log…');
      removeReadModels(dir);
      const first = await startServer(dir, 'first');
      await first.stop();
      row(
        `first start, ${first.start.events} events (read models from nothing)`,
        `${first.start.caughtUpSeconds.toFixed(1)} s`,
      );
    }
    console.log('\nstart from the stored read models…');
    const server = await startServer(dir, 'second');
    try {
      const { caughtUpSeconds, rssMb } = server.start;
      row('start to healthy (restart)', `${caughtUpSeconds.toFixed(1)} s`, '≤ 10 s', caughtUpSeconds <= 10);
      row('RSS after start', `${rssMb.toFixed(0)} MB`, '≤ 400 MB', rssMb <= 400);
      if (wants('lists')) await lists(server);
      if (wants('commands')) await commands(server);
    } finally {
      await server.stop();
    }
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
      '≥ 100,000 events/s',
      embedded.perSecond >= 100_000,
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

  writeFileSync(join(RESULTS, 'all.json'), JSON.stringify(rows, null, 2));
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
