/**
 * The HTTP figures of `npm run bench` (issue #11, and issue #25 on PostgreSQL): paged lists and lookups, alone and
 * with 16 readers, and durable commands from 32 connections, over a bench:data organization.
 */
import { readFileSync } from 'node:fs';
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

/** Every word of 3 letters or more in a page's texts, lower-cased. */
const wordsOf = (rows: Record<string, unknown>[], fields: string[]) => [
  ...new Set(
    rows.flatMap((r) =>
      fields.flatMap((f) =>
        String(r[f] ?? '')
          .toLowerCase()
          .split(/[^a-z]+/)
          .filter((w) => w.length >= 3),
      ),
    ),
  ),
];

/**
 * A search whose first word matches most of a list's rows (the word of its first page that finds the most), and a
 * short second word that no search index can answer: `lee 4`, `work 12` (issue #28), the kind a page cannot find
 * without looking past thousands of rows.
 */
async function broadSearch(client: ApiClient, path: string, fields: string[], short: string): Promise<string> {
  const page = ((await client.get(`${path}?pageSize=100`)).body?.resultItems ?? []) as Record<string, unknown>[];
  let best = { word: '', total: -1 };
  for (const word of wordsOf(page, fields)) {
    const total = Number((await client.get(`${path}?filter=${word}&pageSize=1`)).body?.totalRecords ?? 0);
    if (total > best.total) best = { word, total };
  }
  return `${best.word} ${short}`;
}

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
  const customerFields = ['name', 'contactFirstName', 'contactLastName', 'contactEmail', 'city', 'jobType'];
  const broadCustomer = await broadSearch(admin, '/api/customers/paged', customerFields, '4');
  const timerFields = ['label', 'jobName', 'customerName', 'type', 'userFullName'];
  const broadTimer = await broadSearch(admin, '/api/time/paged', timerFields, '12');
  const cases: [string, ApiClient, string][] = [
    ['Customer List', admin, '/api/customers/paged'],
    [`Customer List, search "${customer}"`, admin, `/api/customers/paged?filter=${customer}`],
    ['customer lookup', admin, '/api/customers/lookup'],
    [`customer lookup, search "${customer}"`, admin, `/api/customers/lookup?filter=${customer}`],
    ['Users', admin, '/api/users/paged'],
    [`Users, search "${user}"`, admin, `/api/users/paged?filter=${user}`],
    ['Organization Tracked Times', admin, '/api/time/paged'],
    [`Organization Tracked Times, search "${timer}"`, admin, `/api/time/paged?filter=${timer}`],
    [
      `Customer List, search "${broadCustomer}" (most rows)`,
      admin,
      `/api/customers/paged?filter=${encodeURIComponent(broadCustomer)}`,
    ],
    [
      `Organization Tracked Times, search "${broadTimer}" (most rows)`,
      admin,
      `/api/time/paged?filter=${encodeURIComponent(broadTimer)}`,
    ],
    ['My Tracked Times', associate, '/api/time/user/paged'],
    [`My Tracked Times, search "${own}"`, associate, `/api/time/user/paged?filter=${own}`],
  ];
  for (const [figure, client, path] of cases) await measureList(row, figure, client, path);
}

/** The connection counts of the command figures: a collapse under more load shows as a fall between them. */
const CONNECTIONS = [1, 8, 32, 128];

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux, whatever the kernel's own HZ). */
const USER_HZ = 100;

/** The CPU time (user and system, in seconds) the processes have used so far, from /proc. */
function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's name, which is in parentheses and may hold spaces: utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / USER_HZ;
}

/** `concurrently`, with the server processes' CPU time per request over the same span (`pids`: none, no figure). */
async function measured(
  pids: number[],
  clients: ApiClient[],
  ms: number,
  request: (client: ApiClient) => Promise<void>,
): Promise<{ times: number[]; perSecond: number; cpuMs: number | null }> {
  const before = pids.length ? cpuSeconds(pids) : 0;
  const result = await concurrently(clients, ms, request);
  const cpuMs = pids.length ? ((cpuSeconds(pids) - before) * 1000) / result.times.length : null;
  return { ...result, cpuMs };
}

/**
 * POST /api/customers for 10 s from 1, 8, 32 and 128 connections in turn, spread over `urls` (each answered once
 * today's read models have it): commands/s, p50, p99 (against `p99TargetMs` at 32), refusals and failures; then
 * whether throughput never falls from 8 connections up (issue #28); and, for scale, a read that writes nothing from
 * 32 connections. With the servers' process ids (`pids`: the API instances and the workers), the CPU time they spent
 * per request beside each throughput, and at 32 connections how a command compares with that read (issue #45): CPU per
 * command ÷ CPU per read, and commands/s ÷ reads/s, measured one after the other in the same run.
 */
export async function commands(row: Row, urls: string[], p99TargetMs: number, pids: number[] = []): Promise<void> {
  const admins = await Promise.all(urls.map((url) => new ApiClient(url).signIn(ADMIN, DEMO_PASSWORD)));
  const over = urls.length > 1 ? ` over ${urls.length} instances` : '';
  let n = 0;
  const rates: number[] = [];
  let at32: { perSecond: number; cpuMs: number | null } | null = null;
  const cpu = (cpuMs: number | null) => (cpuMs === null ? '' : `, ${cpuMs.toFixed(2)} ms of server CPU each`);
  for (const count of CONNECTIONS) {
    const connections = Array.from({ length: count }, (_, i) => admins[i % admins.length].sharingSession());
    let failed = 0;
    let firstFailure = '';
    const { times, perSecond, cpuMs } = await measured(pids, connections, 10_000, async (client) => {
      const answer = await client
        .post('/api/customers', { name: `Bench customer ${++n}`, contactFirstName: 'Pat', status: 'Current' })
        .catch((error: Error) => ({ status: 0, body: error.message }));
      if (answer.status !== 201) {
        failed++;
        firstFailure ||= `${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}`;
      }
    });
    rates.push(perSecond);
    const p99 = percentile(times, 99);
    const thirtyTwo = count === 32;
    if (thirtyTwo) at32 = { perSecond, cpuMs };
    row(
      `durable commands, ${count} connection${count > 1 ? 's' : ''}${over}: commands/s`,
      `${perSecond.toFixed(0)}/s${cpu(cpuMs)}`,
      thirtyTwo ? '≥ 3,000/s' : undefined,
      thirtyTwo ? perSecond >= 3000 : null,
    );
    row(
      `durable commands, ${count} connection${count > 1 ? 's' : ''}${over}: p50 / p99, failed`,
      `${ms(percentile(times, 50))} / ${ms(p99)}, ${failed}${failed ? ` (first: ${firstFailure})` : ''}`,
      thirtyTwo ? `p99 ≤ ${p99TargetMs} ms, none failed` : 'none failed',
      (thirtyTwo ? p99 <= p99TargetMs : true) && failed === 0,
    );
  }
  // What the same load gets from a read that writes nothing (a session checked, one document read): the ceiling of
  // the HTTP stack and of this load generator on the machine, which no command can pass.
  const readers = Array.from({ length: 32 }, (_, i) => admins[i % admins.length].sharingSession());
  const ceiling = await measured(pids, readers, 10_000, async (client) => {
    const answer = await client.get('/api/profile');
    if (answer.status !== 200) throw new Error(`/api/profile: ${answer.status}`);
  });
  row(
    `ceiling: GET /api/profile (no write), 32 connections${over}: requests/s (p99)`,
    `${ceiling.perSecond.toFixed(0)}/s (${ms(percentile(ceiling.times, 99))})${cpu(ceiling.cpuMs)}`,
  );
  const commands32 = at32;
  if (commands32) {
    const rate = commands32.perSecond / ceiling.perSecond;
    row(
      `durable commands/s ÷ GET /api/profile/s, 32 connections${over}`,
      `${rate.toFixed(2)} (${commands32.perSecond.toFixed(0)}/s ÷ ${ceiling.perSecond.toFixed(0)}/s)`,
      '≥ 0.5',
      rate >= 0.5,
    );
    if (commands32.cpuMs !== null && ceiling.cpuMs !== null) {
      const cost = commands32.cpuMs / ceiling.cpuMs;
      row(
        `server CPU per durable command ÷ per GET /api/profile, 32 connections${over}`,
        `${cost.toFixed(2)} (${commands32.cpuMs.toFixed(2)} ms ÷ ${ceiling.cpuMs.toFixed(2)} ms)`,
        '≤ 2.0',
        cost <= 2,
      );
    }
  }
  // From 8 connections up each figure is at least the one before (less 5 %: runs of 10 s differ by about that).
  const fromEight = rates.slice(CONNECTIONS.indexOf(8));
  const holds = fromEight.every((rate, i) => i === 0 || rate >= fromEight[i - 1] * 0.95);
  row(
    `durable commands${over}: throughput from 8 to 128 connections`,
    fromEight.map((r) => `${r.toFixed(0)}/s`).join(' → '),
    'never falls',
    holds,
  );
}
