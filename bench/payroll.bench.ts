/**
 * Pay periods and payroll (issue #30) over a mature organization's data (`npm run bench:data`, 1,000,000 events: 50
 * staff, 150,000 timers over three years, in the demo organization), on its busiest recent pay period (the one of
 * the last 26 before today's with the most timers, none of its timesheets approved nor exported yet, so that a
 * second run on the same folder takes the next one):
 *  - the period screen (GET /api/pay-periods?date=, every person's hours): p50/p99 of 100 requests one after another;
 *  - one person's timesheet (GET /api/pay-periods/{start}/timesheets/{userId}), the staff in turn: p50/p99 of 100;
 *  - approving every person of the period (POST …/approve, one after another): the wall time in all, p50 of one;
 *  - an export in each format (POST /api/pay-periods/{start}/exports: gusto, quickbooks, xlsx): its wall time, the
 *    file's size, and the longest the server's event loop was held meanwhile (monitorEventLoopDelay, as
 *    bench/loop-probe.js samples it for bench:event-loop; here preloaded through NODE_OPTIONS and read on SIGWINCH,
 *    since startServer's server has no IPC channel; Nest's shutdown hooks take SIGUSR2);
 *  - "changed since export" (GET /api/payroll-exports/{id}/changes) of each export after 10 of the exported times were
 *    edited as the admin (PATCH /api/time/{id} with a reason: they are locked): its wall time, and that it lists
 *    exactly those 10 (and the longest the loop was held meanwhile).
 * The server is the built one (dist/, `npm run build`), in its own process, started a second time on the folder (its
 * read models built); the load runs here.
 *
 *   npm run bench:payroll -- --dir PATH     (grown by bench:data to --events N, default 1,000,000, if it has fewer;
 *                                            without --dir a temporary folder is grown)
 *
 * Prints a table and writes bench/results/payroll.json.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DateTime } from 'luxon';
import { DEMO_PASSWORD } from '../src/demo-seed';
import {
  PAYROLL_FORMATS,
  type ExportChangesView,
  type PayPeriodScreen,
  type PayrollFormat,
  type TimesheetView,
} from '../src/shared/payroll';
import { ApiClient } from '../test/support/app';
import { figureTable, percentile } from './report';
import { startServer } from './start.bench';

const ROOT = join(__dirname, '..');
const ADMIN = 'admin@demo.crewclock.test';
const REQUESTS = 100;
/** How many periods before today's are looked at for the busiest. */
const RECENT_PERIODS = 26;
const EDITS = 10;

const { rows, add: row } = figureTable();

function args(argv: string[]) {
  const value = (name: string) => {
    const at = argv.indexOf(name);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  return { dir: value('--dir') ? resolve(value('--dir')!) : null, events: Number(value('--events') ?? 1_000_000) };
}

const seconds = (since: number) => (performance.now() - since) / 1000;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

/**
 * The server's event-loop delay (monitorEventLoopDelay, 1 ms resolution, as bench/loop-probe.js), preloaded into it
 * through NODE_OPTIONS: on SIGWINCH it writes the max and p99 since the last signal to a file and starts again.
 * SIGWINCH, as its default is to do nothing (a server without the probe lives on) and the app's shutdown hooks
 * (enableShutdownHooks) end it on SIGUSR2 and the other signals a probe might take.
 */
const PROBE = `const { monitorEventLoopDelay } = require('node:perf_hooks');
const { writeFileSync } = require('node:fs');
const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
let seq = 0;
process.on('SIGWINCH', () => {
  seq++;
  writeFileSync(process.env.PAYROLL_LOOP_PROBE_OUT, JSON.stringify({ seq, maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6 }));
  delay.reset();
});
`;

class LoopProbe {
  private seq = 0;
  readonly out: string;
  readonly script: string;

  constructor(readonly folder: string) {
    this.script = join(folder, 'loop-probe.js');
    this.out = join(folder, 'loop.json');
    writeFileSync(this.script, PROBE);
  }

  /**
   * The server's loop delay since the last call (the first call starts it), once the server has taken the signal;
   * null when it does not answer (the probe not loaded).
   */
  async read(pid: number): Promise<{ maxMs: number; p99Ms: number } | null> {
    const wanted = ++this.seq;
    process.kill(pid, 'SIGWINCH');
    for (const began = Date.now(); Date.now() - began < 10_000;) {
      if (existsSync(this.out)) {
        try {
          const sample = JSON.parse(readFileSync(this.out, 'utf8')) as { seq: number; maxMs: number; p99Ms: number };
          if (sample.seq >= wanted) return sample;
        } catch {
          // Read mid-write: again.
        }
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    console.warn('  the server did not answer the loop probe within 10 s');
    return null;
  }
}

async function timed<T>(
  count: number,
  ask: (i: number) => Promise<{ status: number; body: T }>,
): Promise<{ p50: number; p99: number; last: T }> {
  const times: number[] = [];
  let last!: T;
  for (let i = 0; i < count; i++) {
    const began = performance.now();
    const answer = await ask(i);
    times.push(performance.now() - began);
    if (answer.status !== 200) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
    last = answer.body;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), last };
}

async function main() {
  const options = args(process.argv.slice(2));
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'crewclock-bench-payroll-'));
  console.log(`load average at the start (1, 5, 15 min): ${load()}`);
  row('Load average at the start (1, 5, 15 min; 2 cores)', load());
  // bench:data grows a folder to N events with the same mix; one that has them already is left as it is.
  console.log(`growing ${dir} to ${options.events} events (if it has fewer)…`);
  let began = performance.now();
  const grown = spawnSync(
    process.execPath,
    ['--require', './test/support/swc-register.js', 'bench/data.ts', '--events', String(options.events), '--dir', dir],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (grown.status !== 0) throw new Error('bench/data.ts failed');
  row('Growing the folder (bench:data; nothing to do when grown before)', `${seconds(began).toFixed(0)} s`);

  // A first start builds the read models the folder lacks: measured on the second, as a server runs day to day.
  console.log(`starting the built server on ${dir} (twice)…`);
  began = performance.now();
  await (await startServer(dir, 'payroll: first start')).stop();
  row('First start (builds the read models the folder lacks), to caught up', `${seconds(began).toFixed(0)} s`);
  const probe = new LoopProbe(mkdtempSync(join(tmpdir(), 'crewclock-bench-payroll-probe-')));
  const nodeOptions = process.env.NODE_OPTIONS;
  process.env.NODE_OPTIONS = `${nodeOptions ?? ''} --require ${probe.script}`.trim();
  process.env.PAYROLL_LOOP_PROBE_OUT = probe.out;
  began = performance.now();
  const server = await startServer(dir, 'payroll');
  if (nodeOptions === undefined) delete process.env.NODE_OPTIONS;
  else process.env.NODE_OPTIONS = nodeOptions;
  row('Second start, to caught up', `${seconds(began).toFixed(0)} s (${server.start.events} events)`);
  try {
    const client = await new ApiClient(server.url).signIn(ADMIN, DEMO_PASSWORD);
    const screenOf = async (date?: string) => {
      const answer = await client.get(`/api/pay-periods${date ? `?date=${date}` : ''}`);
      if (answer.status !== 200) throw new Error(`/api/pay-periods: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body as PayPeriodScreen;
    };

    // The busiest recent period: the most timers (the Jobs report's rows: one a timer, by its start), among those
    // nobody approved nor exported yet.
    console.log(`\nthe busiest of the last ${RECENT_PERIODS} pay periods…`);
    began = performance.now();
    const mmddyyyy = (date: string) => DateTime.fromISO(date).toFormat('MM/dd/yyyy');
    let period = (await screenOf()).previous;
    const candidates: { start: string; end: string; timers: number }[] = [];
    for (let i = 0; i < RECENT_PERIODS; i++) {
      const screen = await screenOf(period);
      const count = await client.get(
        `/api/jobs-report/paged?fromDate=${mmddyyyy(screen.period.start)}&toDate=${mmddyyyy(screen.period.end)}&pageSize=1`,
      );
      const untouched = !screen.exports.length && screen.rows.every((r) => r.state !== 'approved');
      if (untouched)
        candidates.push({ start: screen.period.start, end: screen.period.end, timers: count.body.totalRecords });
      period = screen.previous;
    }
    if (!candidates.length) throw new Error(`every one of the last ${RECENT_PERIODS} periods is approved already`);
    const busiest = candidates.reduce((a, b) => (b.timers > a.timers ? b : a));
    // A day in its middle, as the screen is asked for.
    const date = DateTime.fromISO(busiest.start).plus({ days: 3 }).toISODate()!;
    console.log(`  ${busiest.start} – ${busiest.end}: ${busiest.timers} timers (${seconds(began).toFixed(1)} s)`);

    console.log(`\nthe period screen and timesheets (${REQUESTS} requests each, one after another)…`);
    const screen = await timed(REQUESTS, () => client.get(`/api/pay-periods?date=${date}`));
    const { period: shown, rows: people, totals } = screen.last as PayPeriodScreen;
    const withHours = people.filter((p) => p.totalHours > 0);
    row('Pay period (weekly from Sunday, the busiest recent one)', `${shown.label} (${busiest.timers} timers)`);
    row(
      `Period screen, GET /api/pay-periods?date=${date}: p50 / p99`,
      `${screen.p50.toFixed(1)} / ${screen.p99.toFixed(1)} ms`,
    );
    row(
      '  rows (people), of them with hours; total, regular / overtime hours',
      `${people.length}, ${withHours.length}; ${totals.totalHours} h, ${totals.regularHours} / ${totals.overtimeHours} h`,
    );
    const staff = withHours.map((p) => p.userId);
    const sheet = await timed(REQUESTS, (i) =>
      client.get(`/api/pay-periods/${shown.start}/timesheets/${staff[i % staff.length]}`),
    );
    row(
      `Timesheet, GET /api/pay-periods/${shown.start}/timesheets/{userId} (${staff.length} staff in turn): p50 / p99`,
      `${sheet.p50.toFixed(1)} / ${sheet.p99.toFixed(1)} ms`,
    );

    console.log(`\napproving the ${people.length} timesheets of the period…`);
    const approvals: number[] = [];
    began = performance.now();
    for (const person of people) {
      const one = performance.now();
      const answer = await client.post(`/api/pay-periods/${shown.start}/timesheets/${person.userId}/approve`, {});
      approvals.push(performance.now() - one);
      if (answer.status !== 201 && answer.status !== 200)
        throw new Error(`approve ${person.userFullName}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    const approving = seconds(began);
    approvals.sort((a, b) => a - b);
    const approved = (await screenOf(date)).rows.filter((r) => r.state === 'approved').length;
    row(
      `Approve every person (${people.length}, one after another): wall time; one, p50 / p99`,
      `${approving.toFixed(2)} s; ${percentile(approvals, 50).toFixed(1)} / ${percentile(approvals, 99).toFixed(1)} ms (${approved} approved)`,
    );

    console.log('\nthe exports…');
    const exports: { format: PayrollFormat; id: string; seconds: number; bytes: number; loopMaxMs: number | null }[] =
      [];
    for (const format of PAYROLL_FORMATS) {
      await new Promise((r) => setTimeout(r, 200));
      await probe.read(server.pid);
      const one = performance.now();
      const answer = await client.post(`/api/pay-periods/${shown.start}/exports`, { format });
      const took = seconds(one);
      const loop = await probe.read(server.pid);
      if (answer.status !== 201 && answer.status !== 200)
        throw new Error(`export ${format}: ${answer.status} ${JSON.stringify(answer.body)}`);
      const id = answer.body.data.id as string;
      const file = await fetch(`${server.url}/api/payroll-exports/${id}/file`, { headers: { cookie: client.cookie } });
      if (file.status !== 200) throw new Error(`export ${format}'s file: ${file.status}`);
      const bytes = (await file.arrayBuffer()).byteLength;
      exports.push({ format, id, seconds: took, bytes, loopMaxMs: loop?.maxMs ?? null });
      row(
        `Export, ${format}: wall time, file; the server's event loop held at most`,
        `${took.toFixed(2)} s, ${(bytes / 1024).toFixed(1)} KB; ${loop ? `${loop.maxMs.toFixed(0)} ms` : 'not sampled'}`,
      );
    }

    // 10 exported times of 10 people, each day's first: their end 5 minutes earlier, with a reason (locked).
    console.log(`\nediting ${EDITS} exported times…`);
    const edited: string[] = [];
    const edits: number[] = [];
    for (const userId of staff) {
      if (edited.length === EDITS) break;
      const view = (await client.get(`/api/pay-periods/${shown.start}/timesheets/${userId}`)).body as TimesheetView;
      const entry = view.days.flatMap((d) => d.entries)[0];
      if (!entry || edited.includes(entry.timerId)) continue;
      const one = performance.now();
      const answer = await client.patch(`/api/time/${entry.timerId}`, {
        endDateTime: new Date(Date.parse(entry.endDateTime) - 5 * 60_000).toISOString(),
        reason: 'Bench: the end was 5 minutes late',
      });
      edits.push(performance.now() - one);
      if (answer.status !== 200)
        throw new Error(`edit ${entry.timerId}: ${answer.status} ${JSON.stringify(answer.body)}`);
      edited.push(entry.timerId);
    }
    edits.sort((a, b) => a - b);
    row(
      `Edit ${edited.length} approved times (PATCH /api/time/{id} with a reason): one, p50 / worst`,
      `${percentile(edits, 50).toFixed(1)} / ${edits[edits.length - 1].toFixed(1)} ms`,
    );
    for (const exported of exports) {
      await new Promise((r) => setTimeout(r, 200));
      await probe.read(server.pid);
      const one = performance.now();
      const answer = await client.get(`/api/payroll-exports/${exported.id}/changes`);
      const took = seconds(one);
      const loop = await probe.read(server.pid);
      if (answer.status !== 200) throw new Error(`changes: ${answer.status} ${JSON.stringify(answer.body)}`);
      const view = answer.body as ExportChangesView;
      const listed = new Set(view.people.flatMap((p) => p.days.flatMap((d) => d.changes.map((c) => c.timerId))));
      const exact = listed.size === edited.length && edited.every((id) => listed.has(id));
      row(
        `Changed since the ${exported.format} export (${view.export.userIds.length} people): wall time; times listed; loop held at most`,
        `${took.toFixed(2)} s; ${listed.size} (${view.people.length} people); ${loop ? `${loop.maxMs.toFixed(0)} ms` : 'not sampled'}`,
        `exactly the ${edited.length} edited`,
        exact,
      );
    }
    row('Load average at the end (1, 5, 15 min)', load());

    mkdirSync(join(__dirname, 'results'), { recursive: true });
    writeFileSync(
      join(__dirname, 'results', 'payroll.json'),
      JSON.stringify({ rows, period: { ...busiest, label: shown.label }, exports }, null, 2),
    );
    console.log('\nPayroll');
    console.table(rows);
  } finally {
    await server.stop();
    rmSync(probe.folder, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
