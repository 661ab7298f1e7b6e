import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { DateTime } from 'luxon';
import { Aggregates } from '../../src/core/commands/aggregates';
import { timersStreams, type TimerEvent } from '../../src/timers/timers.events';
import { pool } from '../support/pool';
import { ApiClient, startTestApp, TestApp, TestOrganization } from '../support/app';
import { kitFor } from '../support/given';
import {
  bodyProperties,
  fillPath,
  kindOf,
  liveOperations,
  Operation,
  OrganizationIds,
  PropertyPath,
  propertyLabel,
  seedOrganization,
} from '../support/routes';
import { within } from '../support/time';

/**
 * Extreme instants and ranges on every route that takes a date, a time or a range (issue #44 item 4), read from the
 * live OpenAPI document (a route added later is walked without being listed here): years 0001, 1800, 9999, the
 * first and last instants JavaScript has, an offset of +99:00, spans of 1,000 years, in each field as an ISO instant,
 * a date and a US date, reads and writes, as the Company Admin (and the Associate on their own time's routes). Each
 * is answered with a shaped 4xx or a 2xx whose work is bounded, while another organization's requests keep a p99 of
 * at most 200 ms (under the suite's time scale) in this run.
 */

const INSTANTS = [
  '0001-01-01T00:00:00Z',
  '1800-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '+275760-09-13T00:00:00Z',
  '-271821-04-20T00:00:00Z',
  '2026-06-01T12:00:00+99:00',
];
const DATES = ['0001-01-01', '1800-01-01', '9999-12-31', '+275760-09-13', '-271821-04-20'];
const US_DATES = ['01/01/0001', '12/31/9999', '09/13/275760'];
const EXTREMES = [...INSTANTS, ...DATES, ...US_DATES];
/** 1,000 years after and before a plain day, in each of the three forms. */
const SPANS: { name: string; from: string; to: string }[] = [
  { name: '1,000 years ahead (instants)', from: '2026-06-01T12:00:00Z', to: '3026-06-01T12:00:00Z' },
  { name: '1,000 years back (instants)', from: '1026-06-01T12:00:00Z', to: '2026-06-01T12:00:00Z' },
  { name: '1,000 years ahead (dates)', from: '2026-06-01', to: '3026-06-01' },
  { name: '1,000 years back (dates)', from: '1026-06-01', to: '2026-06-01' },
  { name: '1,000 years ahead (US dates)', from: '06/01/2026', to: '06/01/3026' },
  { name: 'from the first to the last instant', from: '-271821-04-20T00:00:00Z', to: '+275760-09-13T00:00:00Z' },
];

/** A field names a date, a time or a range by its name (its last part). */
const DATE_FIELD = /(date|time|start|end|from|^to$|asof|expire|until|since|period)/i;
/** Pairs that make a range, by their names' last parts. */
const RANGES: [string, string][] = [
  ['StartDate', 'EndDate'],
  ['startDate', 'endDate'],
  ['fromDate', 'toDate'],
  ['from', 'to'],
  ['startDateTime', 'endDateTime'],
];

const now = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();
const usDate = (ms: number) => DateTime.fromMillis(ms, { zone: 'America/New_York' }).toFormat('MM/dd/yyyy');
const HOUR = 3_600_000;

/** Bodies and queries that pass the other required fields, so a date reaches the code behind them. */
const BODIES: Record<string, (ids: OrganizationIds) => unknown> = {
  'POST /api/recurrence-jobs': () => ({
    jobModel: { name: 'Extremes', startDateTime: iso(now + HOUR), endDateTime: iso(now + 2 * HOUR), userIds: [] },
    recurrenceModel: { recurringFrequency: 'Daily', expireDate: iso(now + 30 * 24 * HOUR).slice(0, 10) },
  }),
  'POST /api/jobs/clashes': () => ({
    jobModel: { name: 'Extremes', startDateTime: iso(now + HOUR), endDateTime: iso(now + 2 * HOUR), userIds: [] },
  }),
  'PATCH /api/jobs/{id}': () => ({ name: 'Extremes' }),
  'POST /api/jobs/syncfusion/bulk': (ids) => ({
    changed: [{ id: ids.job[0], startDateTime: iso(now + HOUR), endDateTime: iso(now + 2 * HOUR) }],
    deleted: [],
  }),
  'POST /api/jobs/syncfusion/fetch': () => ({ StartDate: '06/01/2026', EndDate: '06/07/2026' }),
  'POST /api/time': () => ({ type: 'Unassigned' }),
  'POST /api/time/for-person': (ids) => ({
    userId: ids.user[0],
    jobId: ids.job[0],
    startDateTime: iso(now - 2 * HOUR),
    endDateTime: iso(now - HOUR),
  }),
  'PUT /api/employee-availability/{userId}/time-off': () => ({ timeOff: [{ from: '2026-12-21', to: '2026-12-31' }] }),
  'PUT /api/organization/settings/holidays': () => ({ holidays: [{ date: '2026-12-25', name: 'Christmas' }] }),
  'PATCH /api/employee-availability/{userId}': () => [{ weekDay: 'Monday', startTime: '08:00', endTime: '17:00' }],
  'POST /api/booking-links': (ids) => ({ serviceName: 'Extremes', staffIds: [ids.user[0]] }),
  'PATCH /api/profile': () => ({ firstName: 'Abe', lastName: 'Associate' }),
};
const QUERIES: Record<string, string> = {
  'GET /api/jobs/user': 'StartDate=06/01/2026&EndDate=06/07/2026',
  'GET /api/jobs/syncfusion/fetch': 'StartDate=06/01/2026&EndDate=06/07/2026',
  'GET /api/employee-availability/date-filter/users': 'startDate=2026-06-01T13:00:00Z&endDate=2026-06-01T15:00:00Z',
};
/** Dates inside lists the document types loosely (`unknown[]`): named here. */
const LIST_FIELDS: Record<string, PropertyPath[]> = {
  'PUT /api/employee-availability/{userId}/time-off': [
    ['timeOff', 0, 'from'],
    ['timeOff', 0, 'to'],
  ],
  'PUT /api/organization/settings/holidays': [['holidays', 0, 'date']],
};

interface Case {
  op: Operation;
  what: string;
  client: ApiClient;
  url: string;
  body?: unknown;
}
interface Answer {
  label: string;
  status: number;
  route?: string;
  ms: number;
  shaped: boolean;
  write?: boolean;
}

function withValues(base: unknown, values: [PropertyPath, string][]): unknown {
  const root: any = JSON.parse(JSON.stringify(base ?? (typeof values[0][0][0] === 'number' ? [] : {})));
  for (const [path, value] of values) {
    let node = root;
    path.forEach((key, i) => {
      if (i === path.length - 1) node[key] = value;
      else {
        const list = typeof path[i + 1] === 'number';
        if (node[key] === null || typeof node[key] !== 'object') node[key] = list ? [] : {};
        node = node[key];
      }
    });
  }
  return root;
}

/**
 * Times of the kind the bounds now refuse, appended as the log could hold them from before (issue #44 item 1: one
 * ended in year 275760 left the instance deaf for 12 minutes): from 1800 to now, from an hour ago to the last instant
 * JavaScript has, from 1800 to that instant. Every read of the Associate's week reads them.
 */
async function recordedBeforeTheBounds(app: TestApp, org: TestOrganization) {
  const aggregates = app.app.get(Aggregates);
  const times: [string, string][] = [
    ['1800-01-01T00:00:00.000Z', iso(now - 2 * HOUR)],
    [iso(now - HOUR), '+275760-09-13T00:00:00.000Z'],
    ['1800-01-01T00:00:00.000Z', '+275760-09-13T00:00:00.000Z'],
  ];
  for (const [start, end] of times) {
    const timerId = randomUUID();
    const ids = { timerId, organizationId: org.organizationId, userId: org.associate.userId };
    const events: TimerEvent[] = [
      {
        type: 'TimerStarted',
        data: {
          ...ids,
          type: 'Unassigned',
          start,
          mileageStart: null,
          label: 'Recorded before the bounds',
          jobId: null,
          jobName: null,
          customerId: null,
          customerName: null,
        },
      },
      { type: 'TimerStopped', data: { ...ids, end, mileageEnd: null } },
    ];
    const meta = {
      organizationId: org.organizationId,
      actorUserId: org.associate.userId,
      correlationId: randomUUID(),
      at: new Date().toISOString(),
    };
    await aggregates.settle(await aggregates.append(timersStreams.timer(timerId), events, 'no_stream', meta));
  }
}

const last = (path: PropertyPath) => String(path.filter((p) => typeof p === 'string').pop() ?? '');

describe('extreme instants and ranges on every route that takes a date', () => {
  let app: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  let ids: OrganizationIds;
  let operations: Operation[];
  let document: Awaited<ReturnType<typeof liveOperations>>['document'];

  beforeAll(async () => {
    app = await startTestApp();
    [org, other] = [await app.organization('Extremes'), await app.organization('Bystander')];
    ids = await seedOrganization(org);
    ({ document, operations } = await liveOperations(app.url));
    await recordedBeforeTheBounds(app, org);
    // The bystander has a week of work to read.
    for (let day = 1; day <= 3; day++) {
      const started = await other.associate.post('/api/time', {
        type: 'Unassigned',
        startDateTime: iso(now - day * 24 * HOUR),
      });
      await other.associate.patch(`/api/time/${started.body.data.id}`, {
        endDateTime: iso(now - day * 24 * HOUR + HOUR),
      });
    }
    await kitFor(other.manager).job({
      name: 'Bystander job',
      startDateTime: iso(now + HOUR),
      endDateTime: iso(now + 2 * HOUR),
      userIds: [other.associate.userId],
    });
  }, within(120_000));
  afterAll(async () => {
    await app?.stop();
  });

  /** Every case: each date field of each route with each extreme, each range with each span. */
  function cases(): Case[] {
    const all: Case[] = [];
    for (const op of operations) {
      const key = `${op.method} ${op.path}`;
      const clients = [org.admin, ...(/^\/api\/(time|timesheets)/.test(op.path) ? [org.associate] : [])];
      const baseBody = BODIES[key]?.(ids);
      const baseQuery = QUERIES[key] ?? '';
      const fields: PropertyPath[] = [
        ...(op.body ? bodyProperties(document, op.body) : []),
        ...(LIST_FIELDS[key] ?? []),
      ].filter((path) => DATE_FIELD.test(last(path)));
      const queries = op.query.filter((name) => DATE_FIELD.test(name));
      const periodParam = op.params.find((param) => kindOf(op.path, param) === 'period');
      if (!fields.length && !queries.length && !periodParam) continue;
      const path = fillPath(op, ids);
      const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
      const withQuery = (url: string, set: Record<string, string>) => {
        const params = new URLSearchParams(baseQuery);
        for (const [name, value] of Object.entries(set)) params.set(name, value);
        const text = params.toString();
        return text ? `${url}?${text}` : url;
      };
      for (const client of clients) {
        const add = (what: string, url: string, body?: unknown) =>
          all.push({ op, what, client, url, body: hasBody ? (body ?? baseBody ?? {}) : undefined });
        for (const value of EXTREMES) {
          for (const field of fields)
            add(`${propertyLabel(field)} = ${value}`, withQuery(path, {}), withValues(baseBody, [[field, value]]));
          for (const name of queries) add(`?${name}=${value}`, withQuery(path, { [name]: value }));
        }
        if (periodParam)
          for (const value of DATES) {
            const periodPath = fillPath(
              { ...op, path: op.path.replace(`{${periodParam}}`, encodeURIComponent(value)) },
              ids,
            );
            add(`{${periodParam}} = ${value}`, withQuery(periodPath, {}));
          }
        for (const [from, to] of RANGES) {
          const bodyPair = [fields.find((f) => last(f) === from), fields.find((f) => last(f) === to)];
          const queryPair = [queries.find((q) => q === from), queries.find((q) => q === to)];
          for (const span of SPANS) {
            if (bodyPair[0] && bodyPair[1])
              add(
                `${from}–${to}: ${span.name}`,
                withQuery(path, {}),
                withValues(baseBody, [
                  [bodyPair[0], span.from],
                  [bodyPair[1], span.to],
                ]),
              );
            if (queryPair[0] && queryPair[1])
              add(`?${from}&${to}: ${span.name}`, withQuery(path, { [from]: span.from, [to]: span.to }));
          }
        }
      }
    }
    return all;
  }

  it(
    'answers each with a shaped 4xx or bounded work, and the other organization is not held up',
    async () => {
      const all = cases();
      expect(all.length).toBeGreaterThan(500);
      expect(new Set(all.map((c) => c.op.label)).size).toBeGreaterThan(30);

      // The bystander reads its own screens the whole time, one request after another.
      const bystander: number[] = [];
      const refused: string[] = [];
      let fuzzing = true;
      const reads = [
        '/api/timesheets/me',
        '/api/time/current',
        '/api/jobs/upcoming',
        '/api/time/user/paged',
        `/api/jobs/user?StartDate=${usDate(now)}&EndDate=${usDate(now + 6 * 24 * HOUR)}`,
      ];
      const watching = (async () => {
        for (let i = 0; fuzzing; i++) {
          const started = performance.now();
          const response = await other.associate.get(reads[i % reads.length]);
          bystander.push(performance.now() - started);
          if (response.status !== 200) refused.push(`${reads[i % reads.length]}: ${response.status}`);
        }
      })();

      // Writes first, so the reads after them read what the writes let in.
      const ordered = [...all.filter((c) => c.op.method !== 'GET'), ...all.filter((c) => c.op.method === 'GET')];
      const answers = await pool(
        ordered.map((c) => async (): Promise<Answer> => {
          const started = performance.now();
          const response = await c.client.request(c.op.method, c.url, c.body);
          const ms = performance.now() - started;
          const body = response.body as { success?: unknown; errors?: unknown } | undefined;
          const shaped =
            response.status < 400 ||
            (body?.success === false &&
              Array.isArray(body.errors) &&
              body.errors.length > 0 &&
              body.errors.every((e) => typeof e === 'string' && e.length > 0));
          return {
            label: `${c.op.label} ${c.what}`,
            route: c.op.label,
            status: response.status,
            ms,
            shaped,
            write: c.op.method !== 'GET',
          };
        }),
        2,
      );
      // And every read of the organization once more, with its plain defaults, after all of it; the Associate's
      // own reads too, which hold the times recorded before the bounds.
      const plainReads = operations.filter((o) => o.method === 'GET' && !o.path.includes('{'));
      for (const [client, op] of [
        ...plainReads.map((op) => [org.admin, op] as const),
        ...plainReads
          .filter((op) => /^\/api\/(time|timesheets|jobs\/user)/.test(op.path))
          .map((op) => [org.associate, op] as const),
      ]) {
        const started = performance.now();
        const response = await client.get(op.path);
        answers.push({
          label: `${op.label} (after)`,
          status: response.status,
          ms: performance.now() - started,
          shaped: true,
        });
      }
      fuzzing = false;
      await watching;

      const sorted = [...bystander].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
      const taken = answers.filter((a) => a.write && a.status < 300);
      const slowest = [...answers].sort((a, b) => b.ms - a.ms)[0];
      const byStatus = new Map<number, number>();
      for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
      console.log(
        [
          `extremes: ${answers.length} requests on ${new Set(all.map((c) => c.op.label)).size} routes`,
          `  statuses: ${[...byStatus]
            .sort(([a], [b]) => a - b)
            .map(([s, n]) => `${s} × ${n}`)
            .join(', ')}`,
          `  slowest: ${slowest.ms.toFixed(0)} ms (${slowest.label})`,
          `  2xx to a write with an extreme: ${taken.length} (${[...new Set(taken.map((a) => a.route))].join(', ') || 'none'})`,
          `  the other organization: ${sorted.length} requests, p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms`,
        ].join('\n'),
      );

      expect(answers.filter((a) => a.status >= 500).map((a) => `${a.label}: ${a.status}`)).toEqual([]);
      expect(answers.filter((a) => !a.shaped).map((a) => `${a.label}: ${a.status}`)).toEqual([]);
      // Bounded work: no single request takes long, whatever it was given.
      expect(answers.filter((a) => a.ms > within(2_000)).map((a) => `${a.label}: ${a.ms.toFixed(0)} ms`)).toEqual([]);
      expect(refused).toEqual([]);
      expect(sorted.length).toBeGreaterThan(50);
      expect(at(0.99)).toBeLessThanOrEqual(within(200));
    },
    within(600_000),
  );
});
