/**
 * The audit log (issue #17) over a mature organization's log (`npm run bench:data`, 1,000,000 events):
 *  - the first start on a folder whose audit entries are not built yet (every event of the log becomes an
 *    entry: what an upgrade costs once), and the second start;
 *  - GET /api/audit: p50/p99 of 50 requests one after another (5 for the slow ones), for the default page (the last 30 days), a
 *    year (the longest range the log's filters take), a deep page, each filter (record type, person, changed field,
 *    someone else's time) and a search for a word taken from the first page;
 *  - a record's History (a customer's and a timer's of the first page), and the moment of a date-time.
 * The server is the built one (dist/, `npm run build:server`), in its own process; the load runs here.
 *
 *   npm run bench:audit -- --dir PATH     (a folder grown by bench:data)
 *
 * Prints a table and writes bench/results/audit.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DateTime } from 'luxon';
import { DEMO_PASSWORD } from '../src/demo-seed';
import type { AuditEntry } from '../src/shared/audit';
import { ApiClient } from '../test/support/app';
import { figureTable, percentile } from './report';
import { startServer } from './start.bench';

const ADMIN = 'admin@demo.crewclock.test';
const { rows, add: row } = figureTable();

async function times(client: ApiClient, path: string, count = 50) {
  const spent: number[] = [];
  let body: unknown = null;
  for (let i = 0; i < count; i++) {
    const began = performance.now();
    const answer = await client.get(path);
    spent.push(performance.now() - began);
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    body = answer.body;
  }
  spent.sort((a, b) => a - b);
  return { p50: percentile(spent, 50), p99: percentile(spent, 99), body };
}

async function main() {
  const at = process.argv.indexOf('--dir');
  if (at < 0) throw new Error('usage: npm run bench:audit -- --dir PATH (a folder grown by bench:data)');
  const dir = resolve(process.argv[at + 1]);
  console.log(`starting the built server on ${dir} (twice)…`);
  const first = await startServer(dir, 'audit: first start');
  await first.stop();
  row('First start (entries the folder lacks built from the log)', `${first.start.caughtUpSeconds.toFixed(1)} s`);
  const server = await startServer(dir, 'audit');
  row('Second start', `${server.start.caughtUpSeconds.toFixed(1)} s, RSS ${server.start.rssMb.toFixed(0)} MB`);
  try {
    const client = await new ApiClient(server.url).signIn(ADMIN, DEMO_PASSWORD);
    // After an upgrade that changed the audit log, its entries build in the background while the server serves.
    const waited = performance.now();
    while ((await client.get('/api/audit')).status === 503) await new Promise((r) => setTimeout(r, 1000));
    const builtIn = (performance.now() - waited) / 1000;
    if (builtIn > 1) row('Audit entries built in the background after the second start', `${builtIn.toFixed(1)} s`);
    const zone = (await client.get('/api/organization/settings')).body.timeZone as string;
    const today = DateTime.now().setZone(zone).startOf('day');
    const day = (d: DateTime) => d.toFormat('MM/dd/yyyy');
    // The longest range a filter takes: a year, today included.
    const year = `fromDate=${day(today.minus({ years: 1 }).plus({ days: 1 }))}&toDate=${day(today)}`;
    const page = async (label: string, query: string, count?: number) => {
      const { p50, p99, body } = await times(client, `/api/audit?${query}`, count);
      const total = (body as { totalRecords: number }).totalRecords;
      row(`${label} (${total.toLocaleString('en-US')} entries)`, `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`);
      return body as { resultItems: AuditEntry[] };
    };
    const recent = await page('Audit log, the last 30 days', '');
    const whole = await page('Audit log, one year', year);
    await page('Audit log, one year, page 200', `${year}&currentPage=200`);
    await page('Record type: job, one year', `${year}&recordType=job`);
    const person = whole.resultItems.find((e) => e.actor.kind === 'person')!;
    await page('One person, one year', `${year}&userId=${person.actor.id}`);
    // The field and someone-else's-time filters have no index of their own: they read the range's entries.
    await page('Changed field: Start, the last 30 days', 'field=Start');
    await page("Someone else's time, the last 30 days", 'othersTime=true');
    await page('Changed field: Start, one year', `${year}&field=Start`, 5);
    await page("Someone else's time, one year", `${year}&othersTime=true`, 5);
    const word = recent.resultItems
      .flatMap((e) => e.record.label.split(/\s+/))
      .find((w) => /^[A-Za-z]{4,}$/.test(w) && !['Timer', 'timer'].includes(w));
    if (word) await page(`Search "${word}", one year`, `${year}&search=${encodeURIComponent(word)}`);
    const customer = whole.resultItems.find((e) => e.record.type === 'customer');
    if (customer) {
      const { p50, p99 } = await times(client, `/api/customers/${customer.record.id}/history`);
      row("A customer's History", `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`);
    }
    const timer = recent.resultItems.find((e) => e.record.type === 'timer');
    if (timer) {
      const { p50, p99 } = await times(client, `/api/time/${timer.record.id}/history`);
      row("A timer's History", `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`);
    }
    const moment = today.minus({ days: 400 }).toUTC().toISO()!;
    const { p50, p99 } = await times(client, `/api/audit/moment?asOf=${encodeURIComponent(moment)}`);
    row('The moment of a date-time 400 days ago', `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`);
  } finally {
    await server.stop();
  }
  console.table(rows);
  mkdirSync(join(__dirname, 'results'), { recursive: true });
  writeFileSync(join(__dirname, 'results', 'audit.json'), JSON.stringify(rows, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
