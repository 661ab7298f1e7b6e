import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgPool } from '../../src/core/postgres';
import { ApiClient, startTestApp, TEST_PASSWORD, TestApp, TINY_PNG } from '../support/app';
import { kitFor } from '../support/given';
import { freshDatabase } from '../support/postgres';
import { within } from '../support/time';

/**
 * The app with DATABASE_URL: its event log, read models and files are PostgreSQL, so two instances on one database
 * are two processes sharing one log, one set of read models and one file store (each applying the log in-process
 * here, idempotently; the production topology leaves that to the worker: topology-kill.spec).
 */
describe('the app on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  const dataDirs: string[] = [];
  const apps: TestApp[] = [];
  const start = async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'crewclock-pg-events-'));
    dataDirs.push(dataDir);
    const app = await startTestApp({ DATA_DIR: dataDir, DATABASE_URL: database.url });
    apps.push(app);
    return app;
  };

  beforeEach(async () => {
    database = await freshDatabase('app_events');
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.stop()));
    dataDirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
    await database.drop();
  });

  it("writes commands to PostgreSQL, and another instance lists what the first one's commands created", async () => {
    const first = await start();
    const second = await start();
    expect(first.engines.describe).toContain('events: PostgreSQL (');
    expect((await new ApiClient(first.url).get('/healthz')).body.engines).toMatchObject({
      events: 'PostgreSQL',
      readModels: 'PostgreSQL',
      files: 'PostgreSQL',
    });
    const org = await first.organization('Shared log');

    await kitFor(org.admin).customer({ name: 'Acme Plumbing' });
    // Read-your-writes on the instance that took the command.
    const names = async (client: ApiClient) =>
      ((await client.get('/api/customers/paged')).body.resultItems as { name: string }[]).map((c) => c.name);
    expect(await names(org.admin)).toEqual(['Acme Plumbing']);

    // The other instance follows the same log (woken by NOTIFY): its read models learn the organization, its users
    // and the customer.
    const head = (await first.engines.eventStore.headPosition())!.commit;
    const elsewhere = new ApiClient(second.url);
    const deadline = Date.now() + within(5000);
    while (((await elsewhere.get('/healthz')).body.projections.processedPosition ?? 0) < head) {
      if (Date.now() > deadline) throw new Error('the second instance did not catch up');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await elsewhere.signIn(org.admin.email, TEST_PASSWORD);
    expect(await names(elsewhere)).toEqual(['Acme Plumbing']);
    // The audit log and a History are worded from the events PostgreSQL's log holds.
    const audit = (await elsewhere.get('/api/audit')).body as { resultItems: { who: string; what: string }[] };
    expect(audit.resultItems).toContainEqual(
      expect.objectContaining({ what: 'Customer added', who: expect.stringMatching(/\S/) }),
    );
    const customerId = ((await elsewhere.get('/api/customers/paged')).body.resultItems as { id: string }[])[0].id;
    const history = await elsewhere.get(`/api/customers/${customerId}/history`);
    expect(history.body).toEqual([
      expect.objectContaining({ what: 'Customer added', record: expect.objectContaining({ label: 'Acme Plumbing' }) }),
    ]);

    // Files live in PostgreSQL too: a logo uploaded through one instance is served by the other.
    expect(first.engines.describe).toContain('files: PostgreSQL');
    expect((await org.admin.upload('PUT', '/api/organization/settings/logo', TINY_PNG, 'logo.png')).status).toBe(200);
    const logoUrl = (await org.admin.get('/api/organization/settings')).body.logoUrl as string;
    const logo = await fetch(`${second.url}${logoUrl}`, { headers: { cookie: elsewhere.cookie } });
    expect(logo.status).toBe(200);
    expect(Buffer.from(await logo.arrayBuffer()).equals(TINY_PNG)).toBe(true);

    const sql = pgPool(database.url, { max: 1 });
    try {
      const { rows } = await sql.query<{ events: number }>(
        "SELECT count(*)::int AS events FROM event_log WHERE metadata->>'organizationId' = $1",
        [org.organizationId],
      );
      expect(rows[0].events).toBeGreaterThan(1);
    } finally {
      await sql.end();
    }
    for (const dir of dataDirs) expect(existsSync(join(dir, 'events.sqlite'))).toBe(false);
  });
});
