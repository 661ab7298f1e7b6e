import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CUSTOMER_DOCUMENTS, CustomerDocumentDoc } from '../../src/customers/customers.read-models';
import { signInErrorMessage } from '../../src/shared/sign-in';
import { ApiClient, expectError, startTestApp, TestApp, TestOrganization, TINY_PDF, TINY_PNG } from '../support/app';
import { kitFor } from '../support/given';
import { within } from '../support/time';

/** Issue #24, the security review's lows: one test (or a few) per item, named by the item. */
describe('security review lows (issue #24)', () => {
  let app: TestApp;
  let org: TestOrganization;

  beforeAll(async () => {
    app = await startTestApp();
    org = await app.organization('Lows');
  }, within(60_000));
  afterAll(() => app.stop());

  const given = kitFor(() => org.admin);

  const attach = async (customerId: string, fileName = 'contract.pdf', name = 'Service contract', bytes = TINY_PDF) => {
    const response = await org.manager.upload('POST', '/api/attachments', bytes, fileName, 'File', {
      CustomerId: customerId,
      Name: name,
    });
    expect(response.status).toBe(201);
    return response.body.data as { id: string };
  };

  const documentDoc = (attachmentId: string) =>
    app.engines.readStore.collection<CustomerDocumentDoc>(CUSTOMER_DOCUMENTS).findOne({ _id: attachmentId });

  describe('item 3: /api/files decides by the file kind, not the spelling of its id', () => {
    it('does not serve a customer document to an Associate by its upper-cased id, and refuses non-canonical ids', async () => {
      const attached = await attach((await given.customer()).id);
      const { fileId } = (await documentDoc(attached.id))!;
      for (const id of [fileId, fileId.toUpperCase(), `${fileId.slice(0, 9)}${fileId.slice(9).toUpperCase()}`])
        expectError(await org.associate.get(`/api/files/${id}`), 404, 'The file was not found.');
      // A logo is served by its id as minted, and only by it.
      const logo = await org.admin.upload('PUT', '/api/organization/settings/logo', TINY_PNG, 'logo.png');
      expect(logo.status).toBe(200);
      const logoUrl = logo.body.data.logoUrl as string;
      const logoId = logoUrl.split('/').pop()!;
      expect((await org.associate.get(`/api/files/${logoId}`)).status).toBe(200);
      expectError(await org.associate.get(`/api/files/${logoId.toUpperCase()}`), 404, 'The file was not found.');
    });
  });

  describe('item 11: bidirectional controls are stripped from names shown as file names', () => {
    it('keeps neither the attachment Name nor the uploaded file name with U+202E and friends', async () => {
      const { id: customerId } = await given.customer();
      const text = Buffer.from('amount due: 12\n');
      const attached = await attach(
        customerId,
        'invoice\u202Efdp.txt',
        '\u2067Invoice\u202E fdp.txt\u2069\ufeff',
        text,
      );
      const listed = await org.manager.get(`/api/attachments/customer/${customerId}/paged`);
      expect(listed.body.resultItems[0]).toMatchObject({ name: 'Invoice fdp.txt', fileName: 'invoicefdp.txt' });
      expect(await documentDoc(attached.id)).toMatchObject({ name: 'Invoice fdp.txt', fileName: 'invoicefdp.txt' });
      const file = await org.manager.get(`/api/attachments/${attached.id}/file`);
      expect(file.headers.get('content-disposition')).toBe(
        `attachment; filename="invoicefdp.txt"; filename*=UTF-8''invoicefdp.txt`,
      );
      const onlyControls = await org.manager.upload('POST', '/api/attachments', text, 'a.txt', 'File', {
        CustomerId: customerId,
        Name: '\u202e\u200f',
      });
      expectError(onlyControls, 400, 'File name is required');
    });
  });

  describe('item 13: signed-in answers are not cached', () => {
    it('sends Cache-Control: no-store on the API answers of a signed-in user, refusals included', async () => {
      const { id: customerId } = await given.customer();
      const responses = [
        await org.admin.get('/api/session'),
        await org.manager.get('/api/customers/paged'),
        await org.manager.get(`/api/customers/${customerId}`),
        await org.manager.post('/api/customers', { name: 'Cached Co', contactFirstName: 'Pat' }),
        await org.associate.get('/api/customers/paged'),
        await org.admin.get('/api/no-such-route'),
      ];
      expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 201, 403, 404]);
      for (const response of responses) expect(response.headers.get('cache-control')).toBe('no-store');
    });
  });

  describe('item 10: the sign-in page shows known sentences only', () => {
    it('redirects a refused form post back with an error code, not with text', async () => {
      const failed = await fetch(`${app.url}/account/login`, {
        method: 'POST',
        body: new URLSearchParams({ username: org.associate.email, password: 'not-the-password' }),
        redirect: 'manual',
        headers: { accept: 'text/html' },
      });
      expect(failed.status).toBe(303);
      const location = new URL(failed.headers.get('location')!, app.url);
      expect(location.pathname).toBe('/account/login');
      expect(location.searchParams.get('error')).toBe('credentials');
      expect(signInErrorMessage(location.searchParams.get('error'))).toBe('The email or password is incorrect.');
    });
  });

  describe('item 4: a hidden job is hidden from everyone but Company Admins and its lead, wherever jobs are read', () => {
    const mmddyyyy = (d: Date) =>
      `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;

    it('leaves it out of as-of calendars, running timers, the Jobs report and its summary for a Customer Manager', async () => {
      const { id: customerId } = await given.customer({ name: 'Quiet Client' });
      const now = Date.now();
      const { id: jobId } = await given.job({
        name: 'Quiet job',
        startDateTime: new Date(now - 3_600_000).toISOString(),
        endDateTime: new Date(now + 3_600_000).toISOString(),
        // The manager works on it too, but only its lead may see it once hidden.
        userIds: [org.associate.userId, org.manager.userId],
        leadUserId: org.associate.userId,
        customerId,
      });
      const week = (client: ApiClient, moment: Record<string, string> = {}, path = '/api/jobs/syncfusion/fetch') =>
        client.get(
          `${path}?${new URLSearchParams({
            StartDate: mmddyyyy(new Date(now - 2 * 86_400_000)),
            EndDate: mmddyyyy(new Date(now + 2 * 86_400_000)),
            ...moment,
          })}`,
        );
      const ids = (response: { status: number; body: { id: string }[] }) => {
        expect({ status: response.status, body: Array.isArray(response.body) ? [] : response.body }).toEqual({
          status: 200,
          body: [],
        });
        return response.body.map((j) => j.id);
      };
      expect(ids(await week(org.manager))).toContain(jobId);
      await new Promise((r) => setTimeout(r, 20));
      const visibleThen = new Date().toISOString();
      await new Promise((r) => setTimeout(r, 20));
      expect((await org.admin.patch(`/api/jobs/${jobId}`, { hideFromScheduleView: true })).status).toBe(200);
      await kitFor(org.associate).timer({ jobId });

      // The calendars: now, and as of a moment when it was not hidden yet.
      expect(ids(await week(org.manager))).not.toContain(jobId);
      expect(ids(await week(org.manager, { asOf: visibleThen }))).not.toContain(jobId);
      expect(ids(await week(org.admin, { asOf: visibleThen }))).toContain(jobId);
      // Upcoming jobs, now and as of then, and one's own calendar.
      expect(ids(await org.manager.get('/api/jobs/upcoming'))).not.toContain(jobId);
      expect(ids(await org.manager.get(`/api/jobs/upcoming?asOf=${visibleThen}`))).not.toContain(jobId);
      expect(ids(await week(org.manager, { asOf: visibleThen }, '/api/jobs/user'))).not.toContain(jobId);
      // Who is on the clock.
      const running = (client: ApiClient) =>
        client.get('/api/time/running').then((r) => (r.body as { jobId: string | null }[]).map((t) => t.jobId));
      expect(await running(org.manager)).not.toContain(jobId);
      expect(await running(org.admin)).toContain(jobId);
      // The Jobs report's rows and summary, narrowed to the job's customer.
      const report = (client: ApiClient, path: string) => client.get(`${path}?customerId=${customerId}`);
      expect((await report(org.manager, '/api/jobs-report/paged')).body.totalRecords).toBe(0);
      expect((await report(org.admin, '/api/jobs-report/paged')).body.totalRecords).toBe(1);
      expect((await report(org.manager, '/api/jobs-report/summary')).body.totals.rows).toBe(0);
      expect((await report(org.admin, '/api/jobs-report/summary')).body.totals.rows).toBe(1);
      // Its lead still sees it.
      expect(ids(await week(org.associate, { asOf: new Date().toISOString() }, '/api/jobs/user'))).toContain(jobId);
      expect(ids(await org.associate.get('/api/jobs/upcoming'))).toContain(jobId);
    });
  });

  describe('item 9: no global log position reaches an organization or an anonymous caller', () => {
    it('gives the moment of any role an opaque token of its organization, which reads back, and no other', async () => {
      const other = await app.organization('Elsewhere');
      const moment = await org.associate.get(`/api/audit/moment?asOf=${encodeURIComponent(new Date().toISOString())}`);
      expect(moment.status).toBe(200);
      expect(moment.body.position).toMatch(/^[0-9a-f]{32}$/);
      expect(app.positionOf(org.organizationId, moment.body.position)).toBeGreaterThan(0);
      // It works as asOfPosition for its organization, and not for another, nor as a bare number.
      const again = await org.associate.get(`/api/audit/moment?asOfPosition=${moment.body.position}`);
      expect(again.body).toMatchObject({ position: moment.body.position, at: moment.body.at });
      expectError(await other.associate.get(`/api/audit/moment?asOfPosition=${moment.body.position}`), 400);
      const position = app.positionOf(org.organizationId, moment.body.position)!;
      expectError(await org.associate.get(`/api/audit/moment?asOfPosition=${position}`), 400);
    });

    it(
      'answers /healthz with a bare status to callers who are not internal, with details to loopback',
      async () => {
        const proxied = await startTestApp({ TRUST_PROXY: '1' });
        try {
          const outside = await fetch(`${proxied.url}/healthz`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
          expect({ status: outside.status, body: await outside.json() }).toEqual({
            status: 200,
            body: { status: 'ok' },
          });
          const inside = await fetch(`${proxied.url}/healthz`);
          expect(await inside.json()).toMatchObject({ status: 'ok', projections: { caughtUp: true } });
          // A configured internal address reads the details too.
          const configured = await startTestApp({ TRUST_PROXY: '1', INTERNAL_ADDRESSES: '203.0.113.0/24' });
          try {
            const ops = await fetch(`${configured.url}/healthz`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
            expect(await ops.json()).toMatchObject({ projections: { caughtUp: expect.any(Boolean) } });
          } finally {
            await configured.stop();
          }
        } finally {
          await proxied.stop();
        }
      },
      within(60_000),
    );
  });

  describe('item 12: the production compose file publishes no store and no mail catcher', () => {
    const STORES = ['postgres', 'redis', 'eventstore', 'mongo'];

    it('publishes no store port, has no Mailpit, requires store passwords and an https PUBLIC_URL', () => {
      // The production file and its EventStoreDB and MongoDB variant, as compose merges them (lines per service).
      const services = composeServices(readFileSync(join(__dirname, '../../docker-compose.yml'), 'utf8'));
      const variant = composeServices(
        readFileSync(join(__dirname, '../../docker-compose.eventstore-mongo.yml'), 'utf8'),
      );
      for (const [name, lines] of Object.entries(variant)) services[name] = [...(services[name] ?? []), ...lines];
      expect(Object.keys(services)).toEqual(expect.arrayContaining([...STORES, 'api-a', 'api-b', 'proxy']));
      for (const store of STORES)
        expect({ store, ports: services[store].filter(isPorts) }).toEqual({ store, ports: [] });
      expect(Object.keys(services).filter((name) => /mail/i.test(name))).toEqual([]);
      expect(
        Object.values(services)
          .flat()
          .filter((line) => /mailpit|8025/i.test(line)),
      ).toEqual([]);
      // Only the proxy publishes ports.
      expect(Object.keys(services).filter((name) => services[name].some(isPorts))).toEqual(['proxy']);
      const all = Object.values(services).flat();
      const publicUrls = all.filter((line) => /^\s*PUBLIC_URL:/.test(line));
      expect(publicUrls.length).toBeGreaterThan(0);
      for (const line of publicUrls) expect(line.split('PUBLIC_URL:')[1].trim()).toMatch(/^"?https:\/\//);
      expect(services.postgres.join('\n')).toMatch(/POSTGRES_PASSWORD: \$\{POSTGRES_PASSWORD:\?/);
      expect(
        all.filter((line) => /DATABASE_URL:/.test(line)).every((line) => line.includes('${POSTGRES_PASSWORD:?')),
      ).toBe(true);
      expect(services.mongo.join('\n')).toMatch(/MONGO_INITDB_ROOT_PASSWORD: \$\{MONGO_ROOT_PASSWORD:\?/);
      expect(services.redis.join('\n')).toContain('--requirepass');
      expect(all.filter((line) => /REDIS_URL:/.test(line)).every((line) => line.includes('${REDIS_PASSWORD:?'))).toBe(
        true,
      );
    });

    it('keeps Mailpit in the trial file, on the loopback only', () => {
      const trial = composeServices(readFileSync(join(__dirname, '../../docker-compose.trial.yml'), 'utf8'));
      expect(trial.mailpit.filter(isPorts).join('\n')).toMatch(/"127\.0\.0\.1:8025:8025"/);
    });
  });
});

/** Whether a line of a service opens its `ports` (published ports). */
const isPorts = (line: string) => /^\s{4}ports:/.test(line);

/**
 * A tiny reader of a compose file, enough for the checks above: the lines (comments left out) of each service
 * under the top-level `services:` key, by the service's name at two spaces of indent. YAML anchors merged with
 * `<<: *name` bring in the anchor's lines too.
 */
function composeServices(text: string): Record<string, string[]> {
  const lines = text.split('\n').filter((line) => !/^\s*#/.test(line) && line.trim());
  const anchors: Record<string, string[]> = {};
  const services: Record<string, string[]> = {};
  let top = '';
  let anchor: string | null = null;
  let service: string | null = null;
  for (const line of lines) {
    const topKey = /^([\w.-]+):(.*)$/.exec(line);
    if (topKey) {
      top = topKey[1];
      anchor = /&([\w-]+)/.exec(topKey[2])?.[1] ?? null;
      if (anchor) anchors[anchor] = [];
      service = null;
      continue;
    }
    if (anchor) anchors[anchor].push(line);
    if (top !== 'services') continue;
    const name = /^ {2}([\w.-]+):\s*$/.exec(line);
    if (name) {
      service = name[1];
      services[service] = [];
      continue;
    }
    if (!service) continue;
    const merged = /^ {4}<<: \*([\w-]+)/.exec(line);
    services[service].push(...(merged ? (anchors[merged[1]] ?? []) : [line]));
  }
  return services;
}
