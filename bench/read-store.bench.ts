/**
 * Issue #11: the SQLite read store with 100,000 customers in 10 organizations. Fills it through the
 * real customers projection (CustomerCreated events, applyOnce: a findOne and an upsert each), in
 * units of 500 events as the projection runner would commit them, then times the real Customer List
 * query (ListCustomersHandler: a page of 20 sorted by name plus the total count) on page 1 and page
 * 50, with and without a search, and a restart (a durable store has nothing to replay). (The
 * in-memory store it replaced was timed here too; its figures are in the history of the results
 * file.) Prints tables and writes bench/results/read-store.json.
 *
 *   node --require ./test/support/swc-register.js bench/read-store.bench.ts
 */
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { customersProjection } from '../projections/customers/customers.projection';
import { RecordedEvent } from '../src/core/event-store/event-store.port';
import { ReadStore } from '../src/core/read-store/read-store.port';
import { SqliteReadStore } from '../src/core/read-store/sqlite-read-store';
import { ListCustomers, ListCustomersHandler } from '../src/customers/customers.queries';
import { percentile } from './report';

const CUSTOMERS = 100_000;
const ORGANIZATIONS = 10;
const UNIT = 500;
const RUNS = 200;

const FIRST = ['Anna', 'Ben', 'Carla', 'David', 'Elena', 'Frank', 'Grace', 'Henry', 'Ines', 'Jack', 'Karin', 'Liam'];
const LAST = ['Smith', 'Jones', 'Brown', 'Taylor', 'Wilson', 'Evans', 'Thomas', 'Moore', 'Clark', 'Hall', 'Young'];
const WORDS = ['Acme', 'Blue', 'Cedar', 'Delta', 'Eagle', 'Falcon', 'Granite', 'Harbor', 'Iron', 'Juniper', 'Kite'];
const KINDS = ['Plumbing', 'Roofing', 'Cleaning', 'Landscaping', 'Electric', 'Painting', 'Moving', 'Catering'];
const CITIES = ['Springfield', 'Riverside', 'Fairview', 'Madison', 'Georgetown', 'Salem', 'Clinton', 'Arlington'];

const organizationId = (i: number) => `org-${i % ORGANIZATIONS}`;

export function created(i: number): RecordedEvent {
  // Every organization gets the same mix: picks follow the customer's rank within its organization.
  const n = Math.floor(i / ORGANIZATIONS);
  const pick = <T>(xs: T[], k: number) => xs[k % xs.length];
  const first = pick(FIRST, n * 7);
  const last = pick(LAST, n * 13 + 3);
  const customerId = `cust-${String(i).padStart(6, '0')}`;
  const phone = `(555) ${String(100 + (i % 900)).padStart(3, '0')}-${String(i % 10_000).padStart(4, '0')}`;
  return {
    streamId: `customer-${customerId}`,
    revision: 0,
    position: { commit: BigInt(i + 1), prepare: BigInt(i + 1) },
    id: customerId,
    type: 'CustomerCreated',
    data: {
      customerId,
      organizationId: organizationId(i),
      // A third are people, not companies: their label is the contact's name.
      name: n % 3 === 0 ? null : `${pick(WORDS, n)} ${pick(KINDS, n * 5 + 1)} ${i}`,
      displayName: null,
      contactFirstName: first,
      contactLastName: last,
      contactEmail: `${first}.${last}.${i}@example.com`.toLowerCase(),
      contactPhone: phone,
      address1: `${i} Main Street`,
      address2: null,
      city: pick(CITIES, n * 11),
      state: 'CA',
      postalCode: String(90000 + (i % 1000)),
      country: 'US',
      status: n % 10 === 0 ? 'Past' : 'Current',
      jobType: null,
      billingFrequency: null,
      notes: null,
    },
    metadata: { timestamp: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString() },
  } as unknown as RecordedEvent;
}

const context = (store: ReadStore) => ({ store, notify: () => undefined, mail: () => undefined });

/** Applies the events through the projection, `UNIT` per transaction where the store has them. */
async function fill(store: ReadStore, from: number, to: number, unit: number): Promise<number> {
  const started = performance.now();
  for (let i = from; i < to; i += unit) {
    const batch = async () => {
      for (let j = i; j < Math.min(to, i + unit); j++) await customersProjection.apply(created(j), context(store));
    };
    if (store.transaction && unit > 1) await store.transaction(batch);
    else await batch();
  }
  return Math.round(((to - from) / (performance.now() - started)) * 1000);
}

const QUERIES: [string, ListCustomers['query']][] = [
  ['page 1', { currentPage: 1 }],
  ['page 50', { currentPage: 50 }],
  ['page 1, search "anna"', { currentPage: 1, filter: 'anna' }],
  ['page 50, search "anna"', { currentPage: 50, filter: 'anna' }],
  ['page 1, search "harbor springfield"', { currentPage: 1, filter: 'harbor springfield' }],
  ['page 1, search "555-12"', { currentPage: 1, filter: '555-12' }],
  ['page 1, sort by e-mail ascending', { currentPage: 1, sortBy: 'email', sortDir: 'asc' }],
];

async function timeQueries(store: ReadStore, runs: number) {
  const handler = new ListCustomersHandler(store);
  const rows: Record<string, unknown>[] = [];
  for (const [label, query] of QUERIES) {
    const samples: number[] = [];
    let total = 0;
    let items = 0;
    for (let r = 0; r < runs; r++) {
      const started = performance.now();
      const page = await handler.execute(new ListCustomers(organizationId(r), query));
      samples.push(performance.now() - started);
      total = page.totalRecords;
      items = page.resultItems.length;
    }
    samples.sort((a, b) => a - b);
    const ms = (x: number) => Math.round(x * 100) / 100;
    rows.push({
      query: label,
      items,
      totalRecords: total,
      p50Ms: ms(percentile(samples, 50)),
      p99Ms: ms(percentile(samples, 99)),
    });
  }
  return rows;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'read-store-bench-'));
  const file = join(dir, 'read.sqlite');
  const results: Record<string, unknown> = { customers: CUSTOMERS, organizations: ORGANIZATIONS };
  try {
    let sqlite = new SqliteReadStore(file);
    await customersProjection.setup!(sqlite);
    const single = await fill(sqlite, 0, 5_000, 1);
    const batched = await fill(sqlite, 5_000, CUSTOMERS, UNIT);
    const insert = { autocommitEventsPerSec: single, [`unitsOf${UNIT}EventsPerSec`]: batched };
    console.log('\nSQLite: projection writes (CustomerCreated → findOne + upsert)');
    console.table([insert]);

    const sqliteRows = await timeQueries(sqlite, RUNS);
    console.log(`\nSQLite: Customer List (ListCustomersHandler, ${RUNS} runs each, 10 organizations)`);
    console.table(sqliteRows);

    await sqlite.close();
    const reopened = performance.now();
    sqlite = new SqliteReadStore(file);
    await new ListCustomersHandler(sqlite).execute(new ListCustomers(organizationId(0), { currentPage: 1 }));
    const restartMs = Math.round(performance.now() - reopened);
    const fileMb = Math.round(
      (statSync(file).size + (statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0)) / 1e6,
    );
    const rssMb = Math.round(process.memoryUsage().rss / 1e6);
    console.log(`\nSQLite: restart to first page ${restartMs} ms; file ${fileMb} MB; process RSS ${rssMb} MB`);
    await sqlite.close();
    Object.assign(results, { sqlite: { insert, queries: sqliteRows, restartMs, fileMb, rssMb } });

    mkdirSync(join(__dirname, 'results'), { recursive: true });
    writeFileSync(join(__dirname, 'results', 'read-store.json'), JSON.stringify(results, null, 2));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module)
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
