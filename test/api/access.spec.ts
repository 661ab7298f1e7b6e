import { randomUUID } from 'node:crypto';
import {
  ApiClient,
  ApiResponse,
  startTestApp,
  TestApp,
  TestOrganization,
  TEST_PASSWORD,
  TINY_PNG,
} from '../support/app';
import {
  fillPath,
  kindOf,
  SHARED_KINDS,
  liveOperations,
  matches,
  matchesShape,
  Operation,
  OrganizationIds,
  seedOrganization,
} from '../support/routes';

/**
 * Sessions, claims and tenant isolation, walked over EVERY route of the OpenAPI document of the
 * running app: a route added later is walked automatically, and this suite fails until the tables
 * below say which claim it needs and what its path parameters name.
 */

type Claim = 'jobs.crud' | 'customers.crud' | 'reports.read' | 'users.crud' | 'settings.crud' | 'audit.read';
type RoleName = 'admin' | 'manager' | 'associate';

/** Routes anyone may call without a session. */
const PUBLIC_PATHS = [
  '/account/login',
  '/forgotpassword/index',
  '/forgotpassword/reset',
  // An invitation's link sets the invited person's password (its token is the credential).
  '/account/invitation',
  // What its page shows on opening: the organization's name, or that the link no longer works (issue #44).
  '/api/account/invitation/{token}',
  '/healthz',
  '/api/feedback/{token}',
  '/api/feedback/{token}/logo',
  // A booking link's page, its slots and its bookings are public; managing links is not.
  'GET /api/booking-links/{linkId}',
  'GET /api/booking-links/{linkId}/slots',
  'GET /api/booking-links/{linkId}/logo',
  'POST /api/booking-links/{linkId}/bookings',
  '/api/share/booking/{id}',
  '/api/share/booking/{id}/cancel',
  '/api/share/booking/{id}/logo',
  '/api/share/booking/{id}/reschedule',
  '/api/share/booking/{id}/slots',
  // A calendar feed is read by calendar apps with its token alone (issue #31).
  '/calendar/{file}',
  // What a customer's e-mail links to without a session: its logo and its unsubscribe page (issue #31 item 5).
  '/api/mail-logo/{organizationId}/{fileId}',
  '/api/unsubscribe/{token}',
];

/**
 * The claim each route needs, by path prefix (the longest prefix wins; a prefix matches whole
 * segments). `null`: any signed-in user; a list: any one of those claims. A route that no prefix
 * covers fails the suite: add it here.
 */
const CLAIM_BY_PREFIX: Record<string, Claim | Claim[] | null> = {
  '/api/users': 'users.crud',
  '/api/users/lookup': 'jobs.crud',
  '/api/employee-availability': 'users.crud',
  '/api/employee-availability/user': ['users.crud', 'jobs.crud'],
  '/api/employee-availability/date-filter': 'jobs.crud',
  // Where calendars open: every signed-in user's calendars.
  '/api/employee-availability/working-hours': null,
  '/api/organization/settings': 'settings.crud',
  '/api/customers': 'customers.crud',
  '/api/attachments': 'customers.crud',
  '/api/recurrence-jobs': 'jobs.crud',
  '/api/recurrences': 'jobs.crud',
  '/api/jobs': 'jobs.crud',
  // Customer managers read and edit ratings; schedulers or customer managers send a finished job's request; everyone sees their own.
  '/api/ratings': 'customers.crud',
  'POST /api/ratings/request': ['jobs.crud', 'customers.crud'],
  'GET /api/ratings/current-user/paged': null,
  // Staff read their own jobs (another's is a 404, not a 403).
  'GET /api/jobs/user': null,
  'GET /api/jobs/upcoming': null,
  'GET /api/jobs/{id}': null,
  // Anyone may ask to pick up an open job, and cancel their own request; answering is for schedulers.
  'POST /api/jobs/{id}/request': null,
  'DELETE /api/jobs/{id}/request': null,
  // A crew member tells the job's customer they are on the way (issue #31); another's job is a 403 by the handler.
  // Whether that was done today shows in the job's details, which everyone who sees the job may open (issue #44).
  'POST /api/jobs/{id}/on-my-way': null,
  'GET /api/jobs/{id}/on-my-way': null,
  // Staff track their own time; the organization's is for users.crud (another's timer is a 404 or a 403 by the decider).
  '/api/time': null,
  '/api/time/paged': 'users.crud',
  // Who is on the clock: Home's today panel, for those who schedule.
  '/api/time/running': 'jobs.crud',
  // A manager adds a person's missing time on a job they schedule (Home, issue #26).
  '/api/time/for-person': 'jobs.crud',
  // Times phones sent with their clocks off, for those who schedule to decide (Home, issue #29).
  '/api/time/reviews': 'jobs.crud',
  // Pay periods: timesheets, their approval and payroll exports are the time admins' (issue #30); a person sees and
  // submits their own timesheet (another's is a 403, another organization's a 404).
  '/api/pay-periods': 'users.crud',
  'GET /api/pay-periods/{start}/timesheets/{userId}': null,
  'POST /api/pay-periods/{start}/timesheets/me/submit': null,
  '/api/timesheets': null,
  '/api/payroll-exports': 'users.crud',
  '/api/profile': null,
  '/api/files': null,
  '/api/jobs-report': 'reports.read',
  '/api/booking-links': 'jobs.crud',
  // Everyone has their own calendar feed link; the organization's is refused by the handler without jobs.crud.
  '/api/calendar-feeds': null,
  '/api/ratings-report': 'reports.read',
  // The audit log is the Company Admin's; the moment a read is "as of" is anyone's (their own organization's log).
  '/api/audit': 'audit.read',
  'GET /api/audit/moment': null,
  '/api/session': null,
  '/account/logout': null,
  '/ManageAccount/ChangePassword': null,
  ...Object.fromEntries(PUBLIC_PATHS.map((p) => [p, null])),
};

/** Which claims each role holds (as the identity suite states them). */
const CLAIMS_OF: Record<RoleName, Claim[]> = {
  admin: ['jobs.crud', 'customers.crud', 'reports.read', 'users.crud', 'settings.crud', 'audit.read'],
  manager: ['jobs.crud', 'customers.crud', 'reports.read'],
  associate: [],
};

/**
 * Bodies that would change another organization's data if the id check were missing (an empty body
 * otherwise). The e-mail is one nobody holds: afterwards it must still be free.
 */
const HIJACK_EMAIL = `hijack-${randomUUID().slice(0, 8)}@example.test`;
const HOSTILE_BODIES: Record<string, unknown> = {
  // A valid arrival, so that only the job's organization can refuse it.
  'POST /api/jobs/{id}/on-my-way': { etaMinutes: 30 },
  'PATCH /api/customers/{id}': {
    name: 'Hijacked',
    contactFirstName: 'Hijacked',
    contactEmail: 'hijacked@example.test',
    status: 'Past',
    notes: 'Hijacked',
  },
  'PATCH /api/users/{id}': {
    firstName: 'Hijacked',
    lastName: 'Hijacked',
    email: HIJACK_EMAIL,
    roles: ['Company Admin'],
    active: false,
    phoneNumber: '5550000000',
  },
  'PATCH /api/employee-availability/{userId}': [{ weekDay: 'Monday', startTime: '00:00', endTime: '24:00' }],
  'PUT /api/employee-availability/{userId}/time-off': {
    timeOff: [{ from: '2030-01-01', to: '2030-12-31', note: 'Hijacked' }],
  },
  'PATCH /api/jobs/{id}': {
    name: 'Hijacked',
    startDateTime: '2026-06-03T13:00:00Z',
    endDateTime: '2026-06-03T14:00:00Z',
  },
};

const UNAUTHENTICATED_BODY = { success: false, errors: [expect.any(String)] };

/** A `METHOD /path` entry wins over the longest matching prefix. */
function claimOf({ method, path }: { method: string; path: string }): Claim | Claim[] | null | undefined {
  if (`${method} ${path}` in CLAIM_BY_PREFIX) return CLAIM_BY_PREFIX[`${method} ${path}`];
  const prefix = Object.keys(CLAIM_BY_PREFIX)
    .filter((p) => !p.includes(' ') && matches(path, p))
    .sort((a, b) => b.length - a.length)[0];
  return prefix === undefined ? undefined : CLAIM_BY_PREFIX[prefix];
}

/** A public entry names a path (every method) or `METHOD /path`. */
const publicEntry = (op: Operation) =>
  PUBLIC_PATHS.includes(op.path)
    ? op.path
    : PUBLIC_PATHS.includes(`${op.method} ${op.path}`)
      ? `${op.method} ${op.path}`
      : null;
const isPublic = (op: Operation) => publicEntry(op) !== null;

/** Whether a role gets past a route's claim (null: no claim; a list: any one of them). */
const holds = (role: RoleName, claim: Claim | Claim[] | null) =>
  claim === null || [claim].flat().some((c) => CLAIMS_OF[role].includes(c));

describe('access to every route', () => {
  let app: TestApp;
  let operations: Operation[];
  /** Two organizations whose data the isolation checks compare; C is a playground for the claim checks. */
  let a: TestOrganization;
  let b: TestOrganization;
  let c: TestOrganization;
  const ids = new Map<TestOrganization, OrganizationIds>();

  beforeAll(async () => {
    app = await startTestApp();
    ({ operations } = await liveOperations(app.url));
    [a, b, c] = await Promise.all([app.organization('Alpha'), app.organization('Beta'), app.organization('Gamma')]);
    for (const org of [a, b, c]) ids.set(org, await seedOrganization(org));
  });
  afterAll(() => app.stop());

  /** The path with each parameter replaced by a real id of `org` (the `index`-th of its kind, or a random id). */
  const fill = (op: Operation, org: TestOrganization | null, index = 0) =>
    fillPath(op, org ? ids.get(org)! : null, index);

  function send(client: ApiClient, op: Operation, path: string, body?: unknown): Promise<ApiResponse> {
    if (op.multipart) return client.upload(op.method as 'PUT' | 'POST', path, TINY_PNG, 'image.png');
    return client.request(op.method, path, op.method === 'GET' ? undefined : (body ?? {}));
  }

  const fresh = (client: TestOrganization[RoleName]) => new ApiClient(app.url).signIn(client.email, TEST_PASSWORD);

  /** Everything of `org` a hostile call could change: users, settings, profiles, files, sessions. */
  async function snapshot(org: TestOrganization) {
    const files = await Promise.all(
      ids.get(org)!.file.map(async (id) => {
        const response = await fetch(`${app.url}/api/files/${id}`, { headers: { cookie: org.admin.cookie } });
        return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()).toString('base64') };
      }),
    );
    return {
      users: (await org.admin.get('/api/users/paged?pageSize=1000')).body,
      customers: await Promise.all(
        ids.get(org)!.customer.map(async (id) => (await org.admin.get(`/api/customers/${id}`)).body),
      ),
      customerList: (await org.admin.get('/api/customers/paged?pageSize=1000')).body,
      settings: (await org.admin.get('/api/organization/settings')).body,
      profiles: await Promise.all(
        [org.admin, org.manager, org.associate].map(async (client) => (await client.get('/api/profile')).body),
      ),
      sessions: await Promise.all(
        [org.admin, org.manager, org.associate].map(async (client) => (await client.get('/api/session')).status),
      ),
      jobs: (await org.admin.get('/api/jobs/syncfusion/fetch?StartDate=06/01/2026&EndDate=06/07/2026')).body,
      timers: (await org.admin.get('/api/time/paged?pageSize=1000')).body,
      availability: await Promise.all(
        ids.get(org)!.user.map(async (id) => (await org.admin.get(`/api/employee-availability/user/${id}`)).body),
      ),
      files,
    };
  }

  it('knows every route of the OpenAPI document: its claim and what its path parameters name', () => {
    expect(operations.length).toBeGreaterThanOrEqual(20);
    expect(operations.map((op) => op.label)).toEqual(
      expect.arrayContaining([
        'GET /api/users/paged',
        'PATCH /api/users/{id}',
        'DELETE /api/users/{id}',
        'PUT /api/organization/settings/logo',
        'GET /api/files/{id}',
        'GET /api/employee-availability/user/{userId}',
        'PATCH /api/employee-availability/{userId}',
        'GET /api/employee-availability/date-filter/users',
      ]),
    );
    expect(operations.map((op) => op.label)).toEqual(
      expect.arrayContaining([
        'GET /api/customers/paged',
        'GET /api/customers/lookup',
        'GET /api/customers/{id}',
        'POST /api/customers',
        'PATCH /api/customers/{id}',
        'DELETE /api/customers/{id}',
      ]),
    );
    const unclassified = operations
      .filter((op) => claimOf(op) === undefined)
      .map((op) => `${op.label}: add its prefix to CLAIM_BY_PREFIX`);
    const unknownParams = operations.flatMap((op) =>
      op.params.filter((p) => !kindOf(op.path, p)).map((p) => `${op.label}: add {${p}} to PARAM_KINDS`),
    );
    expect([...unclassified, ...unknownParams]).toEqual([]);
  });

  it('(a) answers 401 with { success: false, errors } on every route but the public ones, without a session or with a forged one', async () => {
    const wrong: string[] = [];
    for (const op of operations.filter((o) => !isPublic(o))) {
      const anonymous = new ApiClient(app.url);
      const forged = new ApiClient(app.url);
      forged.cookie = `cc_session=${'A'.repeat(43)}`;
      forged.csrfToken = 'forged';
      for (const [who, client] of [
        ['no session', anonymous],
        ['forged session', forged],
      ] as const) {
        const response = await send(client, op, fill(op, a));
        if (response.status !== 401 || !matchesShape(response.body, UNAUTHENTICATED_BODY)) {
          wrong.push(`${op.label} (${who}): ${response.status} ${JSON.stringify(response.body)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('(a) lets anyone reach the public routes without a session', async () => {
    const wrong: string[] = [];
    const publicOps = operations.filter(isPublic);
    expect([...new Set(publicOps.map(publicEntry))].sort()).toEqual([...PUBLIC_PATHS].sort());
    for (const op of publicOps) {
      const response = await send(new ApiClient(app.url), op, op.path);
      if (response.status === 401 || response.status === 403 || response.status >= 500)
        wrong.push(`${op.label}: ${response.status} ${JSON.stringify(response.body)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('(b) refuses with 403 every role that lacks the claim a route needs, and changes nothing', async () => {
    const before = await snapshot(c);
    const wrong: string[] = [];
    for (const op of operations.filter((o) => !isPublic(o))) {
      const claim = claimOf(op)!;
      for (const role of ['associate', 'manager', 'admin'] as const) {
        if (holds(role, claim)) continue;
        // Real ids of the role's own organization and a body that would change things: a refused call must change nothing.
        const response = await send(c[role], op, fill(op, c), HOSTILE_BODIES[`${op.method} ${op.path}`]);
        if (
          response.status !== 403 ||
          !matchesShape(response.body, { success: false, errors: ['You do not have permission to do this.'] })
        ) {
          wrong.push(`${op.label} as ${role} (lacks ${claim}): ${response.status} ${JSON.stringify(response.body)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot(c)).toEqual(before);
  });

  it('(b) lets every role that holds the claim (or any signed-in user, for routes without one) past the guard', async () => {
    const wrong: string[] = [];
    for (const op of operations.filter((o) => !isPublic(o))) {
      const claim = claimOf(op)!;
      for (const role of ['associate', 'manager', 'admin'] as const) {
        if (!holds(role, claim)) continue;
        // Unknown ids and an empty body: whatever the route then answers, it is not 401/403. A fresh session for
        // state changes, so that signing out or changing a password touches no other check.
        const client = op.method === 'GET' ? c[role] : await fresh(c[role]);
        const response = await send(client, op, fill(op, null));
        if ([401, 403].includes(response.status) || response.status >= 500) {
          wrong.push(
            `${op.label} as ${role} (claim ${claim ?? 'none'}): ${response.status} ${JSON.stringify(response.body)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('(b) the Users and Settings routes refuse an Associate and a Customer Manager', async () => {
    const guarded = operations.filter((op) => ['users.crud', 'settings.crud'].includes(claimOf(op) as string));
    expect(guarded.length).toBeGreaterThanOrEqual(8);
    for (const role of ['associate', 'manager'] as const) {
      for (const op of guarded) {
        const response = await send(c[role], op, fill(op, c));
        expect({ route: op.label, role, status: response.status }).toEqual({ route: op.label, role, status: 403 });
      }
    }
  });

  it("(c) answers 404 on every route with a path parameter when it names another organization's data, and changes none of it", async () => {
    const withParams = operations.filter(
      (op) => op.params.some((p) => !SHARED_KINDS.includes(kindOf(op.path, p)!)) && !isPublic(op),
    );
    expect(withParams.length).toBeGreaterThanOrEqual(3);
    const before = await snapshot(b);
    const wrong: string[] = [];
    for (const op of withParams) {
      const claim = claimOf(op)!;
      const kinds = op.params.map((p) => kindOf(op.path, p)!);
      const count = Math.max(...kinds.map((k) => ids.get(b)![k].length));
      for (const role of ['admin', 'manager', 'associate'] as const) {
        if (!holds(role, claim)) continue; // refused by claim already (see b)
        for (let i = 0; i < count; i++) {
          const path = fill(op, b, i);
          const response = await send(a[role], op, path, HOSTILE_BODIES[`${op.method} ${op.path}`]);
          if (
            response.status !== 404 ||
            !matchesShape(response.body, { success: false, errors: [expect.any(String)] })
          ) {
            wrong.push(`${op.method} ${path} by ${role} of A: ${response.status} ${JSON.stringify(response.body)}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot(b)).toEqual(before);
    // A refused call claimed nothing: the address in the hostile body is still free.
    expect(
      (
        await a.admin.post('/api/users', {
          firstName: 'Free',
          lastName: 'Address',
          email: HIJACK_EMAIL,
          password: TEST_PASSWORD,
        })
      ).status,
    ).toBe(201);
  });

  it('(c) the same ids work for their own organization (so the 404s above are about ownership)', async () => {
    for (const id of ids.get(b)!.file) {
      const response = await fetch(`${app.url}/api/files/${id}`, { headers: { cookie: b.associate.cookie } });
      expect(response.status).toBe(200);
    }
    const own = await b.admin.patch(`/api/users/${b.associate.userId}`, { phoneNumber: '(555) 222-3333' });
    expect(own.status).toBe(200);
    expect((await b.associate.get('/api/profile')).body.phone).toBe('(555) 222-3333');
    for (const id of ids.get(b)!.customer) {
      expect((await b.manager.get(`/api/customers/${id}`)).body).toMatchObject({ id, contactFirstName: 'Casey' });
      expect((await b.manager.patch(`/api/customers/${id}`, { notes: 'Own change' })).status).toBe(200);
    }
  });

  it("(d) a user listing never contains another organization's users, however it is searched, sorted or paged", async () => {
    for (const [mine, theirs] of [
      [a, b],
      [b, a],
    ] as const) {
      const theirIds = new Set(ids.get(theirs)!.user);
      const theirEmails = [theirs.admin.email, theirs.manager.email, theirs.associate.email];
      const queries = [
        'pageSize=1000',
        'sortDir=desc&pageSize=1000',
        'hideInactive=true&pageSize=1000',
        'hideInactive=false&pageSize=1000',
        'filter=a&pageSize=1000',
        'filter=example.test&pageSize=1000',
        'pageSize=1&currentPage=2',
        'pageSize=1&currentPage=3',
        ...theirEmails.map((e) => `filter=${encodeURIComponent(e)}`),
        `filter=${theirs.admin.email.split('@')[0].split('-')[1]}`,
      ];
      for (const query of queries) {
        const response = await mine.admin.get(`/api/users/paged?${query}`);
        expect(response.status).toBe(200);
        const foreign = response.body.resultItems.filter(
          (u: any) => u.organizationId !== mine.organizationId || theirIds.has(u.id) || theirEmails.includes(u.email),
        );
        expect({ query, foreign }).toEqual({ query, foreign: [] });
      }
      for (const email of theirEmails) {
        expect((await mine.admin.get(`/api/users/paged?filter=${encodeURIComponent(email)}`)).body).toEqual({
          resultItems: [],
          totalRecords: 0,
        });
      }
      const all = (await mine.admin.get('/api/users/paged?pageSize=1000')).body;
      expect(all.totalRecords).toBe(all.resultItems.length);
      expect(all.resultItems.map((u: any) => u.id)).toEqual(expect.arrayContaining(ids.get(mine)!.user));
    }
  });
});
