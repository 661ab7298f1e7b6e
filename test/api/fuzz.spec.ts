import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { pool } from '../support/pool';
import { ApiClient, startTestApp, TestApp, TestOrganization, TEST_PASSWORD, TINY_PNG } from '../support/app';
import { kitFor } from '../support/given';
import {
  bodyProperties,
  fillPath,
  liveOperations,
  OpenApiDocument,
  Operation,
  OrganizationIds,
  propertyLabel,
  PropertyPath,
  seedOrganization,
} from '../support/routes';
import { within } from '../support/time';

/**
 * Malformed input on EVERY route of the live OpenAPI document (a route added later is fuzzed without
 * being listed here), anonymously and as each role: wrong types, null, huge strings, deep nesting,
 * $-operators and prototype keys in bodies, queries and path parameters, malformed JSON and
 * multipart, the wrong content type. No answer may be a 5xx, and every 4xx must be exactly
 * { success: false, errors: [a sentence, …] }.
 */

const CONCURRENCY = 8;
const DEEP = 3_000;
const HUGE = 100_000;
/** A path or query shares Node's 16 KB header limit (beyond it Node answers 431 itself), so huge values there are smaller. */
const HUGE_IN_URL = 8_000;
const MAX_BODY = 1024 * 1024;
const JSON_TYPE = 'application/json';

type CallerName = 'anonymous' | 'admin' | 'manager' | 'associate';
interface Caller {
  name: CallerName;
  cookie: string;
  csrfToken: string;
}

interface FuzzCase {
  name: string;
  /** The case without the property or parameter it was sent in: what the summary counts. */
  kind?: string;
  /** The path as sent (already filled and encoded), with its query. */
  url: string;
  body?: string | Buffer;
  contentType?: string;
}

interface Sent {
  route: string;
  caller: CallerName;
  method: string;
  url: string;
  caseName: string;
  kind: string;
  status: number;
  text: string;
}

/** Bodies that get past the first required-field checks, so that a single bad property reaches the code behind them. Others start from {}. */
const BASE_BODIES: Record<string, (ids: OrganizationIds) => unknown> = {
  'POST /api/recurrence-jobs': () => ({
    jobModel: { name: 'Fuzz', startDateTime: '2026-06-02T13:00:00Z', endDateTime: '2026-06-02T14:00:00Z', userIds: [] },
    recurrenceModel: {
      recurringFrequency: 'Weekly',
      recurrenceDays: 'tuesday',
      weeklyRecurrence: 1,
      expireDate: '2026-06-30',
    },
  }),
  'PATCH /api/jobs/{id}': () => ({ name: 'Fuzzed' }),
  'POST /api/customers': () => ({ contactFirstName: 'Fuzz' }),
  'POST /api/users': () => ({
    firstName: 'Fuzz',
    lastName: 'Case',
    email: `fuzz-${randomUUID().slice(0, 8)}@example.test`,
    password: TEST_PASSWORD,
    role: 'Associate',
  }),
  'PATCH /api/employee-availability/{userId}': () => [{ weekDay: 'Monday', startTime: '08:00', endTime: '17:00' }],
  'POST /api/jobs/syncfusion/fetch': () => ({ StartDate: '06/01/2026', EndDate: '06/07/2026' }),
  'POST /api/jobs/syncfusion/bulk': (ids) => ({
    changed: [{ id: ids.job[0], startDateTime: '2026-06-01T13:00:00Z', endDateTime: '2026-06-01T14:00:00Z' }],
    deleted: [],
  }),
  'POST /api/time': () => ({ type: 'Mileage', mileageStart: 10 }),
  'PATCH /api/time/{id}': () => ({ label: 'Fuzzed' }),
  'PATCH /api/profile': () => ({ firstName: 'Fuzz', lastName: 'Case' }),
};

/** Queries that get past the required parameters. Others start empty. */
const BASE_QUERIES: Record<string, string> = {
  'GET /api/jobs/user': 'StartDate=06/01/2026&EndDate=06/07/2026',
  'GET /api/jobs/syncfusion/fetch': 'StartDate=06/01/2026&EndDate=06/07/2026',
  'GET /api/employee-availability/date-filter/users': 'startDate=2026-06-01T13:00:00Z&endDate=2026-06-01T15:00:00Z',
};

/** Routes that end the caller's session: every request to them gets a fresh one. */
const ENDS_SESSION = new Set(['POST /account/logout']);

const DEEP_OBJECT = `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`;
const DEEP_LIST = `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`;
const PROTO_KEY = '"__proto__":{"polluted":true,"claims":["users.crud"],"role":"Company Admin","organizationId":"x"}';
const CONSTRUCTOR_KEY = '"constructor":{"prototype":{"polluted":true}}';

/** A value for one property: JSON, or raw text (for what JSON.stringify cannot write: __proto__ keys, 3,000 levels). */
type PropertyValue = { name: string; value?: unknown; raw?: string };
const PROPERTY_VALUES: PropertyValue[] = (() => {
  const huge = HUGE;
  return [
    { name: 'a string', value: 'fuzz' },
    { name: 'a number', value: 12345.5 },
    { name: 'a boolean', value: true },
    { name: 'an object', value: { fuzz: 1 } },
    { name: 'a list', value: ['fuzz', 1] },
    { name: 'null', value: null },
    { name: `a ${huge.toLocaleString('en-US')}-character string`, value: 'x'.repeat(huge) },
    // The shape that made the old mileage pattern backtrack: digits that almost parse, then a stray letter.
    { name: `${huge.toLocaleString('en-US')} digits then a letter`, value: `${'1'.repeat(huge)}x` },
    { name: '{"$gt": ""}', value: { $gt: '' } },
    { name: '{"$where": …}', value: { $where: 'sleep(1000) || true' } },
    { name: '__proto__ object', raw: `{${PROTO_KEY}}` },
    { name: `${DEEP.toLocaleString('en-US')} levels deep`, raw: DEEP_OBJECT },
  ];
})();

const MARK = '@@fuzz-raw@@';

/** The base body with one property replaced (lists and objects on the way are created). */
function withProperty(base: unknown, property: PropertyPath, value: PropertyValue): string {
  const root: any = base === undefined ? (typeof property[0] === 'number' ? [] : {}) : JSON.parse(JSON.stringify(base));
  let node = root;
  property.forEach((key, i) => {
    if (i === property.length - 1) {
      node[key] = value.raw === undefined ? value.value : MARK;
      return;
    }
    const wantList = typeof property[i + 1] === 'number';
    if (node[key] === null || typeof node[key] !== 'object' || Array.isArray(node[key]) !== wantList)
      node[key] = wantList ? [] : {};
    node = node[key];
  });
  const text = JSON.stringify(root);
  return value.raw === undefined ? text : text.replace(`"${MARK}"`, value.raw);
}

/** The base body (JSON text) with raw keys added at its top (or in its first item, for a list). */
function withKeys(json: string, keys: string): string {
  if (json.startsWith('[')) return json === '[]' ? `[{${keys}}]` : `[{${keys}},${json.slice(1)}`;
  return json === '{}' ? `{${keys}}` : `{${keys},${json.slice(1)}`;
}

function bodyCases(base: unknown, caller: CallerName): Omit<FuzzCase, 'url'>[] {
  const json = JSON.stringify(base ?? {});
  const cases: Omit<FuzzCase, 'url'>[] = [
    { name: 'body null', body: 'null' },
    { name: 'body a number', body: '42' },
    { name: 'body a string', body: '"fuzz"' },
    { name: 'body a boolean', body: 'true' },
    { name: 'body a list where an object is expected', body: '[{"name":"fuzz"}]' },
    { name: 'body an object where a list is expected', body: '{"weekDay":"Monday","0":{"weekDay":"Monday"}}' },
    { name: 'empty JSON body', body: '' },
    { name: 'malformed JSON', body: '{"name": ' },
    { name: 'JSON with a trailing comma', body: '{"name":"fuzz",}' },
    { name: `body ${DEEP.toLocaleString('en-US')} levels of objects`, body: DEEP_OBJECT },
    { name: `body ${DEEP.toLocaleString('en-US')} levels of lists`, body: DEEP_LIST },
    { name: '__proto__ key', body: withKeys(json, PROTO_KEY) },
    { name: 'constructor.prototype keys', body: withKeys(json, CONSTRUCTOR_KEY) },
    { name: '$-operators as keys', body: withKeys(json, '"$where":"sleep(1000) || true","$gt":"","$ne":null') },
    {
      name: `a ${HUGE.toLocaleString('en-US')}-character unknown field`,
      body: withKeys(json, `"fuzz":"${'x'.repeat(HUGE)}"`),
    },
    { name: 'invalid UTF-8', body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
    { name: 'wrong content type (text/plain)', contentType: 'text/plain', body: json },
    { name: 'wrong content type (XML)', contentType: 'application/xml', body: '<job><name>fuzz</name></job>' },
    {
      name: 'form-encoded with brackets',
      contentType: 'application/x-www-form-urlencoded',
      body: 'a[b][c]=1&__proto__[polluted]=1&filter[$ne]=x&name=',
    },
    { name: 'unsupported charset', contentType: 'application/json; charset=utf-7', body: json },
  ];
  // Once per route is enough to see the size limit answered properly.
  if (caller === 'admin')
    cases.push({ name: 'body over 1 MB', body: withKeys(json, `"fuzz":"${'x'.repeat(MAX_BODY)}"`) });
  return cases.map((c) => ({ contentType: JSON_TYPE, ...c }));
}

function multipart(
  parts: { field: string; fileName?: string; type?: string; content: string | Buffer }[],
  boundary = 'fuzzboundary',
  close = true,
): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.field}"${part.fileName === undefined ? '' : `; filename="${part.fileName}"`}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

function multipartCases(caller: CallerName): Omit<FuzzCase, 'url'>[] {
  const type = 'multipart/form-data; boundary=fuzzboundary';
  const png = { field: 'File', fileName: 'image.png', type: 'image/png', content: TINY_PNG };
  const cases: Omit<FuzzCase, 'url'>[] = [
    { name: 'multipart without a boundary', contentType: 'multipart/form-data', body: multipart([png]) },
    {
      name: 'multipart with another boundary',
      contentType: 'multipart/form-data; boundary=other',
      body: multipart([png]),
    },
    { name: 'multipart cut short', contentType: type, body: multipart([png], 'fuzzboundary', false).subarray(0, 150) },
    { name: 'multipart: the file in another field', contentType: type, body: multipart([{ ...png, field: 'Image' }]) },
    { name: 'multipart: no file', contentType: type, body: multipart([{ field: 'name', content: 'fuzz' }]) },
    { name: 'multipart: two files', contentType: type, body: multipart([png, png]) },
    {
      name: 'multipart: too many fields',
      contentType: type,
      body: multipart([png, ...Array.from({ length: 8 }, (_, i) => ({ field: `f${i}`, content: 'x' }))]),
    },
    { name: 'multipart: text named .png', contentType: type, body: multipart([{ ...png, content: 'not an image' }]) },
    { name: 'multipart: an empty file', contentType: type, body: multipart([{ ...png, content: '' }]) },
    {
      name: 'multipart: a file name with ../ and NUL',
      contentType: type,
      body: multipart([{ ...png, fileName: '../../etc/passwd\u0000.png' }]),
    },
    {
      name: 'multipart: a huge field',
      contentType: type,
      body: multipart([png, { field: 'name', content: 'x'.repeat(HUGE) }]),
    },
    {
      name: 'multipart: __proto__ field',
      contentType: type,
      body: multipart([
        png,
        { field: '__proto__', content: 'x' },
        { field: 'constructor[prototype][polluted]', content: 'x' },
      ]),
    },
  ];
  if (caller === 'admin')
    cases.push({
      name: 'multipart: a file over 2.5 MB',
      contentType: type,
      body: multipart([{ ...png, content: Buffer.concat([TINY_PNG, Buffer.alloc(3 * 1024 * 1024)]) }]),
    });
  return cases;
}

const GENERIC_QUERIES: [string, string][] = [
  [`query ${DEEP.toLocaleString('en-US')} levels deep`, `a${'[b]'.repeat(DEEP)}=1`],
  ['query $-operators', 'filter[$ne]=x&filter[$gt]=&$where=1'],
  ['query __proto__ keys', '__proto__[polluted]=1&constructor[prototype][polluted]=1'],
  ['query a huge value', `filter=${'x'.repeat(HUGE_IN_URL)}`],
  ['query malformed percent-encoding', 'filter=%E0%A4%A&x=%'],
];

const queryValues = (p: string): [string, string][] => [
  ['twice', `${p}=fuzz&${p}=1`],
  ['empty', `${p}=`],
  ['without a value', p],
  ['[$ne]', `${p}[$ne]=x`],
  ['a JSON operator', `${p}=${encodeURIComponent('{"$gt":""}')}`],
  ['not a number', `${p}=fuzz`],
  ['negative', `${p}=-1`],
  ['out of range', `${p}=1e309`],
  ['NUL', `${p}=%00`],
  ['huge', `${p}=${'9'.repeat(HUGE_IN_URL)}`],
];

const pathValues = (real: string): [string, string][] => [
  ['a random id', randomUUID()],
  ['an upper-case random id', randomUUID().toUpperCase()],
  ['not an id', 'not-an-id'],
  ['an occurrence-like id', `${randomUUID()}_20260601`],
  ['huge', 'a'.repeat(HUGE_IN_URL)],
  ['encoded slashes', '..%2F..%2Fapi%2Fusers'],
  ['encoded backslashes', '..%5C..%5Cetc'],
  ['..', '..'],
  ['%00', '%00'],
  ['a real id and %00', `${real}%00`],
  ['malformed percent-encoding', '%E0%A4%A'],
  ['a lone %', '%'],
  ['__proto__', '__proto__'],
  ['constructor', 'constructor'],
  ['a JSON operator', encodeURIComponent('{"$gt":""}')],
];

/** Why a 4xx body is not { success: false, errors: [a sentence, …] }; null when it is. */
function malformed(status: number, text: string): string | null {
  if (status < 100) return 'no answer';
  if (status >= 500) return 'a server error';
  if (status < 400) return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'a body that is not JSON';
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'a body that is not an object';
  const { success, errors, ...rest } = body as { success?: unknown; errors?: unknown };
  if (Object.keys(rest).length) return `extra keys ${Object.keys(rest).join(', ')}`;
  if (success !== false) return 'success is not false';
  if (!Array.isArray(errors) || !errors.length || !errors.every((e) => typeof e === 'string'))
    return 'errors is not a list of strings';
  if (!errors[0].trim()) return 'the first error is empty';
  return null;
}

describe('fuzzing every route', () => {
  let app: TestApp;
  let document: OpenApiDocument;
  let operations: Operation[];
  let org: TestOrganization;
  let ids: OrganizationIds;
  let callers: Caller[];
  let agent: Agent;
  const sent: Sent[] = [];
  const started = Date.now();

  beforeAll(async () => {
    app = await startTestApp();
    ({ document, operations } = await liveOperations(app.url));
    org = await app.organization('Fuzz');
    ids = await seedOrganization(org);
    // Path parameters name a user nobody is signed in as: editing, deactivating or deleting them ends no session of the walk.
    const target = await kitFor(org.admin).user({ firstName: 'Tess', lastName: 'Target', role: 'Associate' });
    ids = { ...ids, user: [target.id] };
    callers = [
      { name: 'anonymous', cookie: '', csrfToken: '' },
      ...(['admin', 'manager', 'associate'] as const).map((name) => ({
        name,
        cookie: org[name].cookie,
        csrfToken: org[name].csrfToken,
      })),
    ];
    agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  });

  afterAll(async () => {
    agent?.destroy();
    await app?.stop();
    const statuses: Record<string, number> = {};
    for (const s of sent) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
    const summary = {
      routes: new Set(sent.map((s) => s.route)).size,
      caseKinds: new Set(sent.map((s) => s.kind)).size,
      requests: sent.length,
      byCaller: Object.fromEntries(callers?.map((c) => [c.name, sent.filter((s) => s.caller === c.name).length]) ?? []),
      statuses,
      seconds: Math.round((Date.now() - started) / 100) / 10,
    };
    console.log(
      `fuzz: ${summary.routes} routes × ${summary.caseKinds} kinds of case, ${summary.requests} requests in ${summary.seconds} s; statuses ${JSON.stringify(statuses)}`,
    );
    const dir = join(__dirname, '../../test-results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'fuzz-summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  });

  // The sign-in throttle takes an attempt before checking the password, so more than ACCOUNT_ATTEMPTS
  // sign-ins of one account in flight at once are refused even when right: the walk signs in one at a time.
  let signingIn: Promise<unknown> = Promise.resolve();
  const sessionOf = (caller: Caller): Promise<Caller> => {
    const name = caller.name;
    if (name === 'anonymous') return Promise.resolve(caller);
    const session = signingIn.then(async () => {
      const client = await new ApiClient(app.url).signIn(org[name].email, TEST_PASSWORD);
      return { name, cookie: client.cookie, csrfToken: client.csrfToken };
    });
    signingIn = session.catch(() => undefined);
    return session;
  };

  function send(op: Operation, caller: Caller, fuzz: FuzzCase): Promise<Sent> {
    return new Promise((resolve) => {
      const headers: Record<string, string | number> = { accept: 'application/json' };
      if (caller.cookie) headers.cookie = caller.cookie;
      if (caller.csrfToken && op.method !== 'GET') headers['x-csrf-token'] = caller.csrfToken;
      if (fuzz.body !== undefined) {
        headers['content-type'] = fuzz.contentType ?? JSON_TYPE;
        headers['content-length'] = Buffer.byteLength(fuzz.body);
      }
      const done = (status: number, text: string) =>
        resolve({
          route: op.label,
          caller: caller.name,
          method: op.method,
          url: fuzz.url,
          caseName: fuzz.name,
          kind: fuzz.kind ?? fuzz.name,
          status,
          text,
        });
      const { hostname, port } = new URL(app.url);
      const req = httpRequest(
        { agent, hostname, port, method: op.method, path: fuzz.url, headers, timeout: within(20_000) },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
          res.on('error', (e) => done(-1, `response failed: ${e.message}`));
        },
      );
      req.on('timeout', () => req.destroy(new Error('no answer within 20 s')));
      // A server that answers before reading the whole body (413) may reset the upload: what it answered still counts.
      req.on('error', (e) => done(-1, `request failed: ${e.message}`));
      req.end(fuzz.body);
    });
  }

  const url = (path: string, query: string) => (query ? `${path}?${query}` : path);
  const baseBody = (op: Operation) => BASE_BODIES[op.label]?.(ids);
  const baseQuery = (op: Operation) => BASE_QUERIES[op.label] ?? '';

  /**
   * Every case of one route for one caller. `validating`: this caller gets the query- and property-level cases, the
   * bulk of the walk. They meet the route's validation, which runs after its guard and is the same for every role
   * that gets past it, so one such caller per route sends them; every caller sends the rest.
   */
  function casesFor(op: Operation, caller: CallerName, validating: boolean): FuzzCase[] {
    const path = fillPath(op, ids);
    const query = baseQuery(op);
    const body = op.method === 'GET' && !op.body ? undefined : JSON.stringify(baseBody(op) ?? {});
    const at = (q: string) => url(path, [query, q].filter(Boolean).join('&'));
    const cases: FuzzCase[] = [];
    // Bodies: GET routes get them too (the body parser reads any method).
    for (const c of op.multipart
      ? [...multipartCases(caller), ...bodyCases(undefined, caller)]
      : bodyCases(baseBody(op), caller))
      cases.push({ ...c, url: url(path, query) });
    for (const [name, q] of GENERIC_QUERIES) cases.push({ name, url: at(q), body });
    for (const param of op.params) {
      const at = op.path.split('/').indexOf(`{${param}}`);
      for (const [name, value] of pathValues(path.split('/')[at])) {
        const segments = path.split('/');
        segments[at] = value;
        cases.push({
          name: `path {${param}}: ${name}`,
          kind: `path parameter: ${name}`,
          url: url(segments.join('/'), query),
          body,
        });
      }
    }
    if (!validating) return cases;
    for (const p of op.query) {
      const others = query
        .split('&')
        .filter((kv) => kv && kv.split('=')[0] !== p)
        .join('&');
      for (const [name, q] of queryValues(p))
        cases.push({
          name: `query ${p}: ${name}`,
          kind: `query parameter: ${name}`,
          url: url(path, [others, q].filter(Boolean).join('&')),
          body,
        });
    }
    if (op.body) {
      for (const property of bodyProperties(document, op.body)) {
        for (const value of PROPERTY_VALUES) {
          cases.push({
            name: `${propertyLabel(property)}: ${value.name}`,
            kind: `property: ${value.name}`,
            url: url(path, query),
            body: withProperty(baseBody(op), property, value),
            contentType: JSON_TYPE,
          });
        }
      }
    }
    return cases;
  }

  /** Sends every case of `ops` as every caller; a route that ends sessions gets a fresh session per request. */
  async function walk(ops: Operation[]): Promise<void> {
    const probes = ops.flatMap((op) =>
      callers.map((caller) => async () => {
        const who = ENDS_SESSION.has(op.label) ? await sessionOf(caller) : caller;
        const body = op.multipart ? undefined : JSON.stringify(baseBody(op) ?? {});
        const answer = await send(op, who, {
          name: 'baseline (real ids)',
          url: url(fillPath(op, ids), baseQuery(op)),
          body: op.method === 'GET' ? undefined : body,
        });
        sent.push(answer);
        return { op, caller, reached: ![401, 403].includes(answer.status) };
      }),
    );
    const reached = await pool(probes, CONCURRENCY);
    // The least entitled caller that gets past a route's guard sends its validation cases.
    const validator = new Map<Operation, CallerName>();
    for (const { op, caller, reached: r } of reached) if (r) validator.set(op, caller.name);
    const tasks = reached.flatMap(({ op, caller }) =>
      casesFor(op, caller.name, validator.get(op) === caller.name).map((fuzz) => async () => {
        const who = ENDS_SESSION.has(op.label) ? await sessionOf(caller) : caller;
        sent.push(await send(op, who, fuzz));
      }),
    );
    await pool(tasks, CONCURRENCY);
  }

  it(
    'answers malformed input on every route, anonymously and as every role, without a 5xx and with { success: false, errors } on every 4xx',
    async () => {
      const last = (op: Operation) => op.method === 'DELETE' || ENDS_SESSION.has(op.label);
      // Deletions and sign-outs last, so the ids and sessions the rest of the walk uses are still there.
      await walk(operations.filter((op) => !last(op)));
      const alive = await Promise.all(
        callers
          .filter((c) => c.name !== 'anonymous')
          .map(async (c) => {
            const response = await fetch(`${app.url}/api/session`, { headers: { cookie: c.cookie } });
            return `${c.name}: ${response.status}`;
          }),
      );
      await walk(operations.filter((op) => !ENDS_SESSION.has(op.label) && op.method === 'DELETE'));
      await walk(operations.filter((op) => ENDS_SESSION.has(op.label)));

      const wrong = sent.flatMap((s) => {
        const why = malformed(s.status, s.text);
        return why
          ? [
              `${s.method} ${s.url.length > 140 ? `${s.url.slice(0, 140)}…` : s.url} [${s.caseName}] as ${s.caller}: ${s.status} (${why}) ${s.text.slice(0, 200)}`,
            ]
          : [];
      });
      expect(wrong).toEqual([]);
      // The walk exercised what it meant to: every route, sessions that stayed signed in (a route that ends them belongs in ENDS_SESSION), no polluted prototype.
      expect(new Set(sent.map((s) => s.route))).toEqual(new Set(operations.map((op) => op.label)));
      expect(alive).toEqual(['admin: 200', 'manager: 200', 'associate: 200']);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      // Every documented body was validated for some caller: its bad properties got 400s, not just 401s and 403s.
      const unvalidated = operations.filter(
        (op) =>
          op.body && !sent.some((s) => s.route === op.label && s.kind.startsWith('property:') && s.status === 400),
      );
      expect(unvalidated.map((op) => op.label)).toEqual([]);
    },
    within(360_000),
  ); // ~100 s alone; under the full suite's load it ran past 180
});
