import { startTestApp, TestApp, TestOrganization } from '../support/app';
import { kitFor } from '../support/given';
import { within } from '../support/time';

/**
 * POST /api/time/for-person (issue #26, Home): a manager adds the tracked time a person forgot, on a job that ended.
 * Claims, another organization's person or job, validation, and the audit entry that names who added it for whom.
 */
describe('time a manager adds for a person', () => {
  let app: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  let jobId: string;
  let otherJobId: string;
  const HOUR = 3_600_000;
  const start = new Date(Date.now() - 3 * HOUR).toISOString();
  const end = new Date(Date.now() - 2 * HOUR).toISOString();

  beforeAll(async () => {
    app = await startTestApp();
    [org, other] = [await app.organization('Added time'), await app.organization('Elsewhere')];
    const ended = { startDateTime: start, endDateTime: end };
    ({ id: jobId } = await kitFor(org.manager).job({
      name: 'Hedge trimming',
      ...ended,
      userIds: [org.associate.userId],
    }));
    ({ id: otherJobId } = await kitFor(other.manager).job({
      name: 'Their job',
      ...ended,
      userIds: [other.associate.userId],
    }));
  }, within(60_000));
  afterAll(async () => {
    await app?.stop();
  });

  const body = (extra: object = {}) => ({
    userId: org.associate.userId,
    jobId,
    startDateTime: start,
    endDateTime: end,
    ...extra,
  });

  it('needs jobs.crud: an associate cannot add time for anyone, not even themselves this way', async () => {
    const refused = await org.associate.post('/api/time/for-person', body());
    expect(refused.status).toBe(403);
    expect(refused.body.success).toBe(false);
  });

  it("refuses another organization's person or job as not found", async () => {
    const theirPerson = await org.manager.post('/api/time/for-person', body({ userId: other.associate.userId }));
    expect([theirPerson.status, theirPerson.body]).toEqual([404, { success: false, errors: [expect.any(String)] }]);
    const theirJob = await org.manager.post('/api/time/for-person', body({ jobId: otherJobId }));
    expect(theirJob.status).toBe(404);
    const nobody = await org.manager.post('/api/time/for-person', body({ userId: 'not-an-id' }));
    expect(nobody.status).toBe(404);
  });

  it('validates the time with messages', async () => {
    const cases: [object, string][] = [
      [{ userId: undefined }, 'Choose the person this time is for'],
      [{ jobId: '' }, 'Choose the job this time is for'],
      [{ startDateTime: undefined }, 'The start is required'],
      [{ endDateTime: undefined }, 'The end is required'],
      [{ endDateTime: 'tomorrow-ish' }, 'The end must be a date and time'],
      [{ endDateTime: start }, 'The end must be after the start'],
      [{ endDateTime: new Date(Date.now() - 4 * HOUR).toISOString() }, 'The end cannot be before the start'],
      [{ endDateTime: new Date(Date.now() + HOUR).toISOString() }, 'The end cannot be in the future'],
      [{ label: 'x'.repeat(201) }, 'The label can be at most 200 characters'],
      [{ label: 'x'.repeat(1001) }, 'The label must be at most 1000 characters'],
    ];
    for (const [extra, message] of cases) {
      const response = await org.manager.post('/api/time/for-person', body(extra));
      expect([response.status, response.body]).toEqual([400, { success: false, errors: [message] }]);
    }
  });

  it("records the time on the person's job: their tracked times, the job's, the audit log and the job's History", async () => {
    const added = await org.manager.post('/api/time/for-person', body({ label: 'Forgot to clock in' }));
    expect(added.status).toBe(201);
    const timerId = added.body.data.id;
    // The person's own list shows it, stopped, and nothing runs for them.
    const mine = await org.associate.get('/api/time/user/paged?filter=');
    expect(mine.body.resultItems).toEqual([
      expect.objectContaining({
        id: timerId,
        type: 'Job',
        jobId,
        jobName: 'Hedge trimming',
        startDateTime: start,
        endDateTime: end,
        label: 'Forgot to clock in',
        userId: org.associate.userId,
      }),
    ]);
    expect((await org.associate.get('/api/time/current')).body).toBe('');
    const onJob = await org.manager.get(`/api/jobs/${jobId}`);
    expect(onJob.body.trackedTimes).toEqual([expect.objectContaining({ id: timerId, userId: org.associate.userId })]);

    const log = await org.admin.get('/api/audit?recordType=timer&pageSize=50');
    const entry = log.body.resultItems.find((e: { record: { id: string } }) => e.record.id === timerId);
    expect(entry).toMatchObject({
      actor: { kind: 'person', id: org.manager.userId },
      who: 'Mona Customer',
      what: 'Tracked time added for Abe Associate by Mona Customer',
      record: { type: 'timer', label: 'Abe Associate: Hedge trimming' },
      othersTime: true,
    });
    const history = await org.manager.get(`/api/jobs/${jobId}/history`);
    expect(history.status).toBe(200);
    expect(history.body.map((e: { what: string }) => e.what)).toContain(
      'Tracked time added for Abe Associate by Mona Customer',
    );
  });
});
