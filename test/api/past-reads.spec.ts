import type { EventStore } from '../../src/core/event-store/event-store.port';
import type { AuditEntry } from '../../src/shared/audit';
import { startTestApp, TestApp, TestOrganization } from '../support/app';
import { kitFor } from '../support/given';
import { deliveredThrough } from '../support/log-delivery';

/**
 * Commands wait for today's read models only; the audit log's entries and the histories follow apart (issue #28
 * item 1). A read of one of those waits until it holds every event appended before the read came, so a change is
 * in its History and in the audit log as soon as its call returns. To show that the read waits rather than wins a
 * race, the read models of the past hear each live event 300 ms late here: their runner subscribes to the log
 * second, after today's (projections/runner/projection-runner.ts, start()).
 */
const LATE_MS = 300;

/** The second subscription (the past's runner) hears each event appended after it subscribed LATE_MS late. */
const pastHearsLate = (log: EventStore) =>
  deliveredThrough(log, async (event, { subscription, madeAt }) => {
    if (subscription === 2 && Date.parse(event.metadata.timestamp) > madeAt)
      await new Promise((r) => setTimeout(r, LATE_MS));
  });

describe('reads of the past right after a command', () => {
  let app: TestApp;
  let org: TestOrganization;
  beforeAll(async () => {
    app = await startTestApp(
      {},
      { engines: (opened) => ({ ...opened, eventStore: pastHearsLate(opened.eventStore) }) },
    );
    org = await app.organization('Past reads');
  });
  afterAll(() => app.stop());

  const changes = (entries: AuditEntry[], type: string) => entries.filter((e) => e.type === type).length;

  it('shows each change at once in its History and in the audit log', async () => {
    const given = kitFor(org.manager);
    const { id: customerId } = await given.customer({ name: 'Alder Row' });
    const { id: jobId } = await given.job({ name: 'Hedge trim', customerId });
    for (let round = 1; round <= 5; round++) {
      const name = `Alder Row ${round}`;
      expect((await org.manager.patch(`/api/customers/${customerId}`, { name })).status).toBe(200);
      const [history, audit] = await Promise.all([
        org.manager.get(`/api/customers/${customerId}/history`),
        org.admin.get(`/api/audit?recordType=customer&pageSize=100`),
      ]);
      expect(changes(history.body, 'CustomerDetailsChanged')).toBe(round);
      expect(changes(audit.body.resultItems, 'CustomerDetailsChanged')).toBe(round);

      const job = `Hedge trim ${round}`;
      expect((await org.manager.patch(`/api/jobs/${jobId}`, { name: job })).status).toBe(200);
      const jobHistory = await org.manager.get(`/api/jobs/${jobId}/history`);
      expect(changes(jobHistory.body, 'JobChanged')).toBe(round);
    }
  });
});
