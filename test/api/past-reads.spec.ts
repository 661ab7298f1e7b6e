import type { AuditEntry } from '../../src/shared/audit';
import { startTestApp, TestApp, TestOrganization } from '../support/app';
import { kitFor } from '../support/given';

/**
 * Commands wait for today's read models only; the audit log's entries and the histories follow a batch late, written
 * with the next command's batch (issue #28 item 1, issue #45). A read of one of those waits until it holds every event
 * appended before the read came, so a change is in its History and in the audit log as soon as its call returns. To
 * show that the read waits rather than wins a race, the read models of the past wait here 10 s for a next batch
 * (PAST_LAG_MS) before they would be written on their own: each read below comes before that.
 */
describe('reads of the past right after a command', () => {
  let app: TestApp;
  let org: TestOrganization;
  beforeAll(async () => {
    app = await startTestApp({ PAST_LAG_MS: '10000' });
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
