import { allProjections } from '../../projections/all-projections';
import { pgConnection } from '../../src/core/postgres';
import { indexName, PostgresReadStore } from '../../src/core/read-store/postgres-read-store';
import type { AnyDoc } from '../../src/core/read-store/read-store.port';
import { CUSTOMER_DOCUMENTS } from '../../src/customers/customers.read-models';
import {
  JOB_PEOPLE_WEEKS,
  JOB_SERIES,
  JOB_WEEKS,
  JOBS,
  personWeekKeys,
  weekKeys,
} from '../../src/scheduling/scheduling.read-models';
import { ORGANIZATION, recordReads, USER } from '../support/list-reads';
import { freshDatabase } from '../support/postgres';
import { within } from '../support/time';

/**
 * The plans of the paged lists, the customer lookup and the calendar's reads on PostgreSQL: the queries the query
 * handlers send (recorded as they run), explained with the SQL the adapter runs for them, on tables of 20,000
 * documents (40 organizations) analyzed after filling. Each read walks the index MongoDB would (named as the
 * projections name it), or for a search the trigram index, and no list sorts the table.
 */

/** The organization whose lists are read is a large one; 19 others share the tables. */
const LARGE = 10_000;
const OTHERS = 19;
const SMALL = 500;
const WEEK_START = '2026-11-23T00:00:00.000Z';
const WEEK_END = '2026-11-30T00:00:00.000Z';

const pad = (i: number) => String(i).padStart(5, '0');
const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString();

/** Documents of each collection the reads touch, for one organization: what their filters, sorts and searches read. */
function documents(org: string, count: number): Record<string, AnyDoc[]> {
  const rows = Array.from({ length: count }, (_, i) => i);
  const [week] = weekKeys(org, WEEK_START, WEEK_END);
  return {
    customers: rows.map((i) => ({
      _id: `customer-${org}-${pad(i)}`,
      organizationId: org,
      deleted: i % 10 === 0,
      name: `Customer ${pad(i)}`,
      sortName: `customer ${pad(i)}`,
      label: `Customer ${pad(i)}`,
      displayName: `Display ${pad(i)}`,
      contactFirstName: `First${pad(i)}`,
      contactLastName: i % 100 === 0 ? 'Shah' : `Last${pad(i)}`,
      contactEmail: `contact${pad(i)}@example.com`,
      contactPhone: `555-${pad(i)}`,
      city: `City ${i % 30}`,
      phoneDigits: `555${pad(i)}`,
    })),
    users: rows.map((i) => ({
      _id: `user-${org}-${pad(i)}`,
      organizationId: org,
      sortName: `person ${pad(i)}`,
      firstName: `Person`,
      lastName: i % 100 === 0 ? 'Baker' : `Surname${pad(i)}`,
      email: `person${pad(i)}@example.com`,
      employeeId: `E${pad(i)}`,
      phoneNumber: `555-${pad(i)}`,
      role: i % 20 === 0 ? 'admin' : 'staff',
      active: i % 5 !== 0,
    })),
    timers: rows.map((i) => ({
      _id: `timer-${org}-${pad(i)}`,
      organizationId: org,
      userId: i % 7 === 0 ? (org === ORGANIZATION ? USER : `user-${org}`) : `colleague-${org}-${i % 7}`,
      createdAt: at(i),
      sequence: i,
      label: `Work ${pad(i)}`,
      jobName: `Job ${pad(i)}`,
      customerName: `Customer ${pad(i)}`,
      type: i % 5 === 0 ? 'mileage' : 'hours',
      userFullName: i % 60 === 0 ? 'Ken Ito' : `Person ${pad(i)}`,
    })),
    [CUSTOMER_DOCUMENTS]: rows.map((i) => ({
      _id: `document-${org}-${pad(i)}`,
      organizationId: org,
      customerId: `customer-${i % 25}`,
      removed: i % 9 === 0,
      dateUploaded: at(i),
      fileId: `file-${org}-${pad(i)}`,
    })),
    [JOBS]: rows.map((i) => ({
      _id: `job-${org}-${pad(i)}`,
      organizationId: org,
      customerId: `customer-${i % 25}`,
      availabilityOnly: i % 11 === 0,
      start: at(i),
    })),
    [JOB_WEEKS]: rows.map((i) => ({
      _id: `${i % 500 === 0 ? week : `${org}:week-${i % 500}`}/job-${org}-${pad(i)}`,
      week: i % 500 === 0 ? week : `${org}:week-${i % 500}`,
      jobId: `job-${org}-${pad(i)}`,
    })),
    [JOB_PEOPLE_WEEKS]: rows.map((i) => {
      const [key] = personWeekKeys(
        [i % 500 === 0 ? week : `${org}:week-${i % 500}`],
        [i % 7 === 0 ? USER : `person-${i % 7}`],
      );
      return { _id: `${key}/job-${org}-${pad(i)}`, key, jobId: `job-${org}-${pad(i)}` };
    }),
    [JOB_SERIES]: rows.slice(0, 50).map((i) => ({ _id: `series-${org}-${pad(i)}`, organizationId: org })),
  };
}

/** Fills each collection: the first document through the store (which records the kinds of its values), the rest in bulk. */
async function fill(url: string, store: PostgresReadStore): Promise<void> {
  const all: Record<string, AnyDoc[]> = {};
  for (let o = 0; o <= OTHERS; o++) {
    const org = o === 0 ? ORGANIZATION : `org-${o}`;
    for (const [collection, docs] of Object.entries(documents(org, o === 0 ? LARGE : SMALL)))
      (all[collection] ??= []).push(...docs);
  }
  const connection = pgConnection(url);
  await connection.connect();
  try {
    for (const [collection, docs] of Object.entries(all)) {
      await store.collection(collection).insertOne(docs[0]);
      const [{ tbl }] = (await connection.query('SELECT tbl FROM _collections WHERE name = $1', [collection])).rows as {
        tbl: string;
      }[];
      for (let i = 1; i < docs.length; i += 5000) {
        await connection.query(
          `INSERT INTO "${tbl}" (_id, doc) SELECT d ->> '_id', d FROM jsonb_array_elements($1::jsonb) AS d`,
          [JSON.stringify(docs.slice(i, i + 5000))],
        );
      }
      await connection.query(`ANALYZE "${tbl}"`);
    }
  } finally {
    await connection.end();
  }
}

/**
 * A customer's jobs also filter on availabilityOnly, which no index holds: PostgreSQL has no statistics on it, takes
 * it to match 0.5 % of the rows, and rather than walk the index in order hoping to fill the page, reads the customer's
 * jobs through it and sorts them (a few hundred at most; MongoDB walks the index in order).
 */
const SORTS_WHAT_ITS_INDEX_FOUND = new Set(["a customer's jobs: jobs"]);

type PlanNode = { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; Plans?: PlanNode[] };
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

describe('list plans on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let store: PostgresReadStore;

  beforeAll(async () => {
    database = await freshDatabase('list_plans');
    store = new PostgresReadStore(database.url);
    for (const projection of allProjections) await projection.setup?.(store);
    await fill(database.url, store);
  }, within(120_000));
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  it('walks the named index for every list, lookup and calendar read, and sorts no list', async () => {
    const reads = await recordReads(store);
    expect(reads.map((r) => r.label)).toEqual(
      expect.arrayContaining(['Customer List', 'My Tracked Times', 'calendar week']),
    );
    const tables = await store.query<{ name: string; tbl: string }>('SELECT name, tbl FROM _collections');
    const tableOf = new Map(tables.map((row) => [row.name, row.tbl]));
    const found = [];
    for (const read of reads) {
      const [explained] = (await store.explain(read.collection, read.filter, read.options)) as { Plan: PlanNode }[];
      const all = nodes(explained.Plan);
      const label = `${read.label}: ${read.collection}`;
      found.push({
        read: label,
        plan: all.map((n) => `${n['Node Type']}${n['Index Name'] ? ` on ${n['Index Name']}` : ''}`).join(' ← '),
        walksItsIndex: all.some((n) => n['Index Name'] === indexName(tableOf.get(read.collection)!, read.index)),
        scansTable: all.some((n) => n['Node Type'] === 'Seq Scan'),
        // A read that asks no order gets its rows in insertion order (as on SQLite): a sort of what its index found.
        sortsTheList:
          read.options.sort !== undefined &&
          !SORTS_WHAT_ITS_INDEX_FOUND.has(label) &&
          all.some((n) => n['Node Type'] === 'Sort' || n['Node Type'] === 'Incremental Sort'),
      });
    }
    console.log(found.map((f) => `${f.read} → ${f.plan}`).join('\n'));
    expect(found).toEqual(
      found.map((f) => ({ read: f.read, plan: f.plan, walksItsIndex: true, scansTable: false, sortsTheList: false })),
    );
  });
});
