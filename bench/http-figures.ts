/**
 * The HTTP figures of `npm run bench` (issue #11, and issue #25 on PostgreSQL): paged lists and lookups, alone and
 * with 16 readers, and durable commands from 32 connections, over a bench:data organization.
 */
import { DEMO_PASSWORD } from '../src/demo-seed';
import { ApiClient } from '../test/support/app';
import { percentile } from './report';

export type Row = (figure: string, result: string, target?: string, met?: boolean | null) => void;

const ADMIN = 'admin@demo.crewclock.test';
const ASSOCIATE = 'staff0@demo.crewclock.test'; // bench:data's first staff member: there at any size
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** 200 requests one after another, then 16 concurrent readers for 5 s, on one path. */
async function measureList(row: Row, figure: string, client: ApiClient, path: string): Promise<void> {
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
export async function concurrently(
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

/** Each paged list and lookup of a bench:data organization, with and without a search word from its first page. */
export async function lists(row: Row, url: string): Promise<void> {
  const admin = await new ApiClient(url).signIn(ADMIN, DEMO_PASSWORD);
  const associate = await new ApiClient(url).signIn(ASSOCIATE, DEMO_PASSWORD);
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
  for (const [figure, client, path] of cases) await measureList(row, figure, client, path);
}

/**
 * POST /api/customers from 32 connections for 10 s, spread over `urls` (each answered once its read model has it):
 * commands/s, p50, p99 against `p99TargetMs`.
 */
export async function commands(row: Row, urls: string[], p99TargetMs: number): Promise<void> {
  const admins = await Promise.all(urls.map((url) => new ApiClient(url).signIn(ADMIN, DEMO_PASSWORD)));
  const connections = Array.from({ length: 32 }, (_, i) => admins[i % admins.length].sharingSession());
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
  const over = urls.length > 1 ? ` over ${urls.length} instances` : '';
  row(
    `durable commands, 32 connections${over}: commands/s`,
    `${perSecond.toFixed(0)}/s`,
    '≥ 2,500/s',
    perSecond >= 2500,
  );
  row(
    `durable commands, 32 connections${over}: p50 / p99`,
    `${ms(percentile(times, 50))} / ${ms(p99)}`,
    `p99 ≤ ${p99TargetMs} ms`,
    p99 <= p99TargetMs,
  );
}
