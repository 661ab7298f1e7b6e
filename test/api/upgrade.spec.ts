import { DateTime } from 'luxon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHECKPOINTS, type Checkpoint } from '../../projections/runner/projection-runner';
import { SqliteEventStore } from '../../src/core/event-store/sqlite-event-store';
import { SqliteReadStore } from '../../src/core/read-store/sqlite-read-store';
import { PAST_READ_MODELS } from '../../src/as-of/read-models-of-the-past';
import { ApiClient, expectError, startTestApp, TestApp, TEST_PASSWORD } from '../support/app';
import { kitFor } from '../support/given';
import { IdentityLog } from '../support/identity-log';
import { within } from '../support/time';

/** Enough log that the audit log's rebuild lasts seconds, where the requests below take milliseconds. */
const LOG_EVENTS = 12_000;
const BUILT_WITHIN_MS = within(90_000);

interface Health {
  status: string;
  projections: { building: { name: string; percent: number }[] };
}

/**
 * An upgrade that changes the audit projection, on the embedded default: the app starts serving once today's read
 * models are there, builds the audit log again in the background, and answers the reads that need it with a 503
 * saying how far it is, until it has caught up; then they are served again, whole.
 */
describe('the first start after an upgrade that rebuilds a read model of the past', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'crewclock-upgrade-'));
  let app: TestApp | undefined;
  const range = 'StartDate=06/01/2026&EndDate=06/07/2026';

  afterAll(async () => {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'serves today at once, answers the past with a 503 while it builds, then serves it whole',
    async () => {
      // A log with some history, then an organization of ours on it, on the version before the upgrade.
      const events = new SqliteEventStore(join(dataDir, 'events.sqlite'));
      await new IdentityLog(events, 31, { organizations: 8, users: 60 }).generate(LOG_EVENTS);
      await events.close();
      app = await startTestApp({ DATA_DIR: dataDir });
      const org = await app.organization('Upgraded');
      const customer = await kitFor(org.manager).customer({ name: 'Quillfield Farms' });
      const job = await kitFor(org.manager).job({
        name: 'Hedge trim',
        startDateTime: '2026-06-02T13:00:00Z',
        endDateTime: '2026-06-02T14:00:00Z',
      });
      await app.stop();

      // The upgrade: the audit projection's version changed, so its read models start over.
      const store = new SqliteReadStore(join(dataDir, 'read-models.sqlite'));
      await store
        .collection<Checkpoint>(CHECKPOINTS)
        .updateOne({ _id: PAST_READ_MODELS.audit }, { $set: { version: -1 } });
      await store.close();

      app = await startTestApp({ DATA_DIR: dataDir });
      const manager = await new ApiClient(app.url).signIn(org.manager.email, TEST_PASSWORD);
      const admin = await new ApiClient(app.url).signIn(org.admin.email, TEST_PASSWORD);

      // Today's work is served: the week, a command and its read-your-writes.
      const week = await manager.get(`/api/jobs/syncfusion/fetch?${range}`);
      expect(week.status).toBe(200);
      expect(week.body.map((j: { name: string }) => j.name)).toEqual(['Hedge trim']);
      expect((await manager.patch(`/api/jobs/${job.id}`, { notes: 'Side gate' })).status).toBe(200);
      expect((await manager.get(`/api/jobs/${job.id}`)).body.notes).toBe('Side gate');

      // The past waits, saying so.
      const health = (await (await fetch(`${app.url}/healthz`)).json()) as Health;
      expect(health.status).toBe('ok');
      expect(health.projections.building).toEqual([{ name: PAST_READ_MODELS.audit, percent: expect.any(Number) }]);
      const log = await admin.get('/api/audit');
      expectError(
        log,
        503,
        /^The audit log is being prepared after an update \(\d+ % done\)\. Try again in a few minutes\.$/,
      );
      expect(log.headers.get('retry-after')).toBe('60');
      expectError(await admin.get(`/api/customers/${customer.id}/history`), 503, /^This History is being prepared/);
      expectError(await manager.get(`/api/jobs/${job.id}/history`), 503, /^This History is being prepared/);
      expectError(
        await manager.get(`/api/jobs/syncfusion/fetch?${range}&asOf=2026-05-01T09:00`),
        503,
        /^This view as of a past moment is being prepared/,
      );
      expectError(
        await manager.post('/api/jobs/syncfusion/fetch', {
          StartDate: '06/01/2026',
          EndDate: '06/07/2026',
          asOfPosition: 5,
        }),
        503,
        /^This view as of a past moment is being prepared/,
      );
      // Signed out is still a 401, and a download that reads no audit entry is served.
      expectError(await app.client().get('/api/audit'), 401);
      expect((await admin.get('/api/jobs-report')).status).toBe(200);

      // Built: the log is whole again, with what was recorded before the upgrade and since.
      const deadline = Date.now() + BUILT_WITHIN_MS;
      while (((await (await fetch(`${app.url}/healthz`)).json()) as Health).projections.building.length) {
        if (Date.now() > deadline) throw new Error(`the audit log was not rebuilt within ${BUILT_WITHIN_MS} ms`);
        await new Promise((r) => setTimeout(r, 200));
      }
      const around = (days: number) => DateTime.now().plus({ days }).toFormat('MM/dd/yyyy');
      const entries = await admin.get(`/api/audit?fromDate=${around(-180)}&toDate=${around(180)}&search=Quillfield`);
      expect(entries.status).toBe(200);
      expect(entries.body.resultItems.map((e: { what: string }) => e.what)).toEqual(['Customer added']);
      const history = await manager.get(`/api/jobs/${job.id}/history`);
      expect(history.status).toBe(200);
      expect(history.body.length).toBe(2);
      // And, caught up, the audit log counts for read-your-writes again: a change is in it when its call returns.
      expect((await manager.patch(`/api/jobs/${job.id}`, { notes: 'Back gate' })).status).toBe(200);
      expect((await manager.get(`/api/jobs/${job.id}/history`)).body.length).toBe(3);
    },
    // Two first starts over the log and a rebuild: 190–230 s over 20,000 events on a loaded machine, so a deadline well above that.
    within(420_000),
  );
});
