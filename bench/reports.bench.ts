/**
 * The reports (issue #15) over a busy organization's data (`npm run bench:data -- --jobs-per-week 6000`, 1,000,000
 * events: 150,000 timers within a year, as a report's range covers at most DATE_RANGE_MAX_DAYS):
 *  - first, on the freshly started server, the export: GET /api/jobs-report for ranges of about 25,000, 50,000 and
 *    100,000 rows (and the widest range), the download's wall time and the server's memory sampled every 20 ms while
 *    it streams (/proc/<pid>/status). Memory is flat when the peak does not grow with the rows;
 *  - then the Jobs report's page: p50/p99 of 200 requests one after another, for the default range (the last 30
 *    days), the widest range (count and first page of 150,000 rows), newest first, one employee and one customer over
 *    the widest range; and the Ratings report's page.
 * The server is the built one (dist/, `npm run build:server`), in its own process, started a second time on the
 * folder (its read models built); the load runs here.
 *
 *   npm run bench:reports -- --dir PATH     (a folder grown by bench:data; --events N grows a temporary one)
 *
 * Prints a table and writes bench/results/reports.json.
 */
import { PositionTokens } from '../src/core/position-tokens';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DateTime } from 'luxon';
import { DEMO_PASSWORD } from '../src/demo-seed';
import { Writable } from 'node:stream';
import { loadConfig } from '../src/config/config';
import { systemClock } from '../src/core/clock';
import { openEngines } from '../src/core/engines';
import { ReportExport, ReportExportHandler } from '../src/reports/reports.queries';
import { allProjections } from '../projections/all-projections';
import { CheckpointProgress } from '../projections/runner/projection-runner';
import { DATE_RANGE_MAX_DAYS } from '../src/shared/reports';
import { ApiClient } from '../test/support/app';
import { figureTable, percentile } from './report';
import { startServer } from './start.bench';

const ROOT = join(__dirname, '..');
const ADMIN = 'admin@demo.crewclock.test';
const EXPORT_TARGET_ROWS = 100_000;

const { rows, add: row } = figureTable();

function args(argv: string[]) {
  const value = (name: string) => {
    const at = argv.indexOf(name);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  return { dir: value('--dir') ? resolve(value('--dir')!) : null, events: Number(value('--events') ?? 1_000_000) };
}

/**
 * The server's resident memory in MB: all of it (VmRSS), and its anonymous part (RssAnon: the heap, SQLite's page
 * cache, buffers). The rest is RssFile, mostly pages of the read-model file that SQLite reads through its memory
 * map (1 GB): the kernel's page cache seen through the map, shared and dropped under pressure, not the process's.
 */
const memoryMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n');
  const field = (name: string) => Number(status.find((l) => l.startsWith(`${name}:`))?.split(/\s+/)[1] ?? 0) / 1024;
  return { rss: field('VmRSS'), anon: field('RssAnon') };
};

async function pageTimes(
  client: ApiClient,
  path: string,
  count = 200,
): Promise<{ p50: number; p99: number; total: number }> {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < count; i++) {
    const began = performance.now();
    const answer = await client.get(path);
    times.push(performance.now() - began);
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    total = answer.body.totalRecords;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), total };
}

/** Downloads an export, reading it as it comes; the server's memory is sampled meanwhile. */
async function exportOnce(client: ApiClient, url: string, pid: number) {
  const before = memoryMb(pid);
  const peak = { ...before };
  const sample = () => {
    const now = memoryMb(pid);
    peak.rss = Math.max(peak.rss, now.rss);
    peak.anon = Math.max(peak.anon, now.anon);
  };
  const sampler = setInterval(sample, 20);
  const began = performance.now();
  const response = await fetch(url, { headers: { cookie: client.cookie } });
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  let bytes = 0;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
  }
  const seconds = (performance.now() - began) / 1000;
  clearInterval(sampler);
  sample();
  return { seconds, bytes, before, peak };
}

async function main() {
  const options = args(process.argv.slice(2));
  let dir = options.dir;
  if (!dir) {
    dir = mkdtempSync(join(tmpdir(), 'crewclock-bench-reports-'));
    console.log(`growing ${dir} to ${options.events} events…`);
    const grown = spawnSync(
      process.execPath,
      [
        '--require',
        './test/support/swc-register.js',
        'bench/data.ts',
        '--events',
        String(options.events),
        '--jobs-per-week',
        '6000',
        '--dir',
        dir,
      ],
      { cwd: ROOT, stdio: 'inherit' },
    );
    if (grown.status !== 0) throw new Error('bench/data.ts failed');
  }
  // A first start builds the read models the folder lacks (its heap and page cache then say nothing about a
  // report): measured on the second, as a server runs day to day.
  console.log(`starting the built server on ${dir} (twice)…`);
  await (await startServer(dir, 'reports: first start')).stop();
  const server = await startServer(dir, 'reports');
  try {
    const client = await new ApiClient(server.url).signIn(ADMIN, DEMO_PASSWORD);
    const settings = await client.get('/api/organization/settings');
    const zone = settings.body.timeZone as string;
    const today = DateTime.now().setZone(zone).startOf('day');
    const day = (d: DateTime) => d.toFormat('MM/dd/yyyy');
    // The widest range a report covers: DATE_RANGE_MAX_DAYS days, today's included.
    const widest = today.minus({ days: DATE_RANGE_MAX_DAYS - 1 });
    const all = `fromDate=${day(widest)}&toDate=${day(today)}`;

    // Who and what to narrow to: the employee and the customer of the whole range's first rows.
    const sample = await client.get(`/api/jobs-report/paged?${all}&pageSize=200`);
    const staff = await client.get('/api/users/lookup');
    const someone = (staff.body as { id: string; fullName: string }[]).find((u) =>
      sample.body.resultItems.some((r: { associateName: string }) => r.associateName === u.fullName),
    )!;
    const customers = await client.get('/api/customers/lookup');
    const named = sample.body.resultItems.find((r: { customerName: string | null }) => r.customerName);
    const customer = (customers.body as { id: string; name: string }[]).find((c) => c.name === named?.customerName);

    // Ranges ending today that hold about 25,000, 50,000 and 100,000 timers, found by halving on the count.
    const countFrom = async (from: DateTime) =>
      (await client.get(`/api/jobs-report/paged?fromDate=${day(from)}&toDate=${day(today)}&pageSize=1`)).body
        .totalRecords as number;
    const rangeFor = async (wanted: number) => {
      let lo = 1;
      let hi = DATE_RANGE_MAX_DAYS - 1;
      while (lo < hi) {
        const mid = Math.floor((lo + hi) / 2);
        if ((await countFrom(today.minus({ days: mid }))) >= wanted) hi = mid;
        else lo = mid + 1;
      }
      return today.minus({ days: lo });
    };
    console.log('\nthe exports…');
    const exports: {
      from: DateTime;
      rows: number;
      seconds: number;
      megabytes: number;
      rssMb: number;
      anonMb: number;
    }[] = [];
    for (const wanted of [25_000, 50_000, EXPORT_TARGET_ROWS, Number.POSITIVE_INFINITY]) {
      const from = Number.isFinite(wanted) ? await rangeFor(wanted) : widest;
      const rowsInRange = await countFrom(from);
      const result = await exportOnce(
        client,
        `${server.url}/api/jobs-report?fromDate=${day(from)}&toDate=${day(today)}`,
        server.pid,
      );
      exports.push({
        from,
        rows: rowsInRange,
        seconds: result.seconds,
        megabytes: result.bytes / 1e6,
        rssMb: result.peak.rss,
        anonMb: result.peak.anon,
      });
      const target = wanted === EXPORT_TARGET_ROWS;
      const mb = (value: number) => `${value.toFixed(0)} MB`;
      row(
        `Export of ${rowsInRange.toLocaleString('en-US')} rows: time, file`,
        `${result.seconds.toFixed(2)} s, ${(result.bytes / 1e6).toFixed(1)} MB`,
        target ? '≤ 5 s' : '',
        target ? result.seconds <= 5 : null,
      );
      row(
        `  server memory before → peak: RSS (anonymous)`,
        `${mb(result.before.rss)} (${mb(result.before.anon)}) → ${mb(result.peak.rss)} (${mb(result.peak.anon)})`,
        target ? 'RSS ≤ 300 MB' : '',
        target ? result.peak.rss <= 300 : null,
      );
    }
    // The export's own memory, apart from the server's caches and lazy collections: the same query and writer in
    // this process (npm run bench:reports runs node with --expose-gc), the JS heap after a full collection at every
    // megabyte written. Streamed, it does not grow with the rows.
    const heaps: { rows: number; heapMb: number }[] = [];
    {
      const engines = await openEngines(
        loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
      );
      try {
        const session = (await client.get('/api/session')).body;
        const organizationId = session.company.id as string;
        const viewer = { userId: session.user.id as string, role: 'Company Admin' as const };
        // The export reads at the position the server's projections saved (its checkpoints in the same folder).
        const progress = new CheckpointProgress(engines.readStore, allProjections, engines.eventStore);
        const handler = new ReportExportHandler(
          engines.readStore,
          systemClock,
          progress,
          new PositionTokens(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir }).sessionSecret),
        );
        for (const entry of exports) {
          const prepared = await handler.execute(
            new ReportExport('jobs', organizationId, { fromDate: day(entry.from), toDate: day(today) }, viewer),
          );
          let written = 0;
          let nextGc = 0;
          let heapMb = 0;
          const sink = new Writable({
            write(chunk: Buffer, _encoding, done) {
              written += chunk.length;
              if (written >= nextGc) {
                nextGc = written + 1_000_000;
                (globalThis as { gc?: () => void }).gc?.();
                heapMb = Math.max(heapMb, process.memoryUsage().heapUsed / 1e6);
              }
              done();
            },
          });
          await prepared.write(sink);
          heaps.push({ rows: prepared.rows, heapMb });
          row(
            `  in this process, ${prepared.rows.toLocaleString('en-US')} rows: JS heap after GC, at most`,
            `${heapMb.toFixed(1)} MB`,
          );
        }
      } finally {
        await engines.close();
      }
    }
    const [smallest, , , largest] = exports;
    row(
      "Memory as rows grow: the export's JS heap after GC at the fewest and the most rows",
      `${heaps[0].heapMb.toFixed(1)} MB at ${heaps[0].rows.toLocaleString('en-US')}, ${heaps[heaps.length - 1].heapMb.toFixed(1)} MB at ${heaps[heaps.length - 1].rows.toLocaleString('en-US')} (server anonymous peak ${smallest.anonMb.toFixed(0)} → ${largest.anonMb.toFixed(0)} MB)`,
      'flat (streamed)',
      heaps[heaps.length - 1].heapMb - heaps[0].heapMb < 10,
    );
    console.log('\nthe paged reports (200 requests each, one after another)…');
    const pages: [string, string][] = [
      ['Jobs report, the last 30 days, page 1', '/api/jobs-report/paged'],
      ['Jobs report, the widest range, page 1', `/api/jobs-report/paged?${all}`],
      ['Jobs report, the widest range, page 100', `/api/jobs-report/paged?${all}&currentPage=100`],
      ['Jobs report, the widest range, newest first', `/api/jobs-report/paged?${all}&sortDir=desc`],
      ['Jobs report, one employee, the widest range', `/api/jobs-report/paged?${all}&employeeId=${someone.id}`],
      ...(customer
        ? ([
            ['Jobs report, one customer, the widest range', `/api/jobs-report/paged?${all}&customerId=${customer.id}`],
          ] as [string, string][])
        : []),
      ['Ratings report, the widest range, page 1', `/api/ratings-report/paged?${all}`],
    ];
    let timers = 0;
    for (const [figure, path] of pages) {
      const { p50, p99, total } = await pageTimes(client, path);
      if (path.includes('jobs-report') && path.endsWith(all)) timers = total;
      row(
        `${figure} (${total.toLocaleString('en-US')} rows): p50 / p99`,
        `${p50.toFixed(1)} / ${p99.toFixed(1)} ms`,
        'p99 ≤ 50 ms',
        p99 <= 50,
      );
    }
    row('Timers in the organization (the whole range)', timers.toLocaleString('en-US'));

    mkdirSync(join(__dirname, 'results'), { recursive: true });
    writeFileSync(join(__dirname, 'results', 'reports.json'), JSON.stringify({ rows, exports }, null, 2));
    console.log('\nReports');
    console.table(rows);
  } finally {
    await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
