import { DateTime } from 'luxon';
import {
  ALREADY_REQUESTED,
  ANSWERED_AT_ONCE,
  NO_PENDING,
  NO_REQUEST_OF_YOURS,
  NOT_OPEN,
  PICK_UP_OFF,
} from '../../src/scheduling/job-request.rules';
import {
  REQUEST_APPROVED,
  REQUEST_CANCELLED,
  REQUEST_DENIED,
  REQUEST_SENT,
} from '../../src/job-requests/job-requests.controller';
import { ApiClient, expectError, startTestApp, TestApp, TestOrganization } from '../support/app';
import { kitFor } from '../support/given';
import { mailsWhen } from '../support/outbox';
import { nextPush, openSocket, TestSocket } from '../support/sockets';
import { within } from '../support/time';

/** Job requests over HTTP and socket.io: pick-up switch, duplicates, parallel approvals, pushes, e-mail. */
describe('job requests', () => {
  let app: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  const sockets: TestSocket[] = [];
  /** Tomorrow 9:00–11:00 New York: in the future whatever the hour. */
  const tomorrow = DateTime.now()
    .setZone('America/New_York')
    .plus({ days: 1 })
    .set({ hour: 9, minute: 0, second: 0, millisecond: 0 });
  const iso = (d: DateTime) => d.toUTC().toISO({ suppressMilliseconds: true });

  beforeAll(async () => {
    app = await startTestApp();
    [org, other] = [await app.organization('Requests'), await app.organization('Other')];
    for (const o of [org, other])
      expect((await o.admin.patch('/api/organization/settings', { pickUpJobsEnabled: true })).status).toBe(200);
  }, within(60_000));
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(async () => {
    await app?.stop();
  });

  const given = kitFor(() => org.manager);
  /** `length` hours from `start`, as a job's times. */
  const hours = (start: DateTime, length: number) => ({
    startDateTime: iso(start),
    endDateTime: iso(start.plus({ hours: length })),
  });
  /** An associate of the organization's besides Abe, signed in. */
  const addAssociate = (firstName: string) =>
    kitFor(org.admin).signedInUser({ firstName, lastName: 'Crew', role: 'Associate' });

  const connect = (client: ApiClient) => openSocket(app.url, client.cookie, sockets);

  /** The notice e-mails are sent after the projection has the request, so they may land a moment after the reply. */
  const mailsAbout = (jobName: string, count: number) =>
    mailsWhen(app.dataDir, (m) => m.subject.includes(jobName), count);

  it('lets staff request an open job; managers see it in the table and are e-mailed', async () => {
    const { id: jobId } = await given.job({ name: 'Window cleaning', ...hours(tomorrow, 2) });
    const response = await org.associate.post(`/api/jobs/${jobId}/request`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: REQUEST_SENT });

    const list = await org.manager.get('/api/jobs/requests');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({
        jobId,
        requestorId: org.associate.userId,
        requestorName: 'Abe Associate',
        name: 'Window cleaning',
        customer: null,
        startDateTime: iso(tomorrow),
        endDateTime: iso(tomorrow.plus({ hours: 2 })),
        available: true,
        overlappingJobs: [],
        changedSince: null,
      }),
    ]);
    // The admin and the manager, not the associate.
    const mails = await mailsAbout('Window cleaning', 2);
    expect(mails.map((m) => m.to).sort()).toEqual([org.admin.email, org.manager.email].sort());
    expect(mails[0].subject).toBe('Job request: Abe Associate would like to pick up Window cleaning');
    // Both parts link to the Job Schedule, where the request is approved or denied, at the app's public URL
    // (PUBLIC_URL; the test app's default).
    for (const mail of mails) {
      const link = /Open the Job Schedule to approve or deny the request:\n(\S+)\n/.exec(mail.text)?.[1];
      expect(link).toMatch(/^http:\/\/localhost:\d+\/scheduling$/);
      expect(mail.html).toContain(`Open the Job Schedule to approve or deny the request:<br><a href="${link}" `);
      expect(mail.html).toContain('>Open the Job Schedule</a>');
      expect(mail.html).toContain('Abe Associate requested to pick up &quot;Window cleaning&quot;');
    }
    // Own calendar with showRequestableJobs: the job shows as requested.
    const day = tomorrow.toFormat('MM/dd/yyyy');
    const calendar = await org.associate.get(`/api/jobs/user?StartDate=${day}&EndDate=${day}&showRequestableJobs=true`);
    expect(calendar.body.find((j: { id: string }) => j.id === jobId)).toMatchObject({
      isOpen: true,
      requestStatus: 'pending',
    });
    const plain = await org.associate.get(`/api/jobs/user?StartDate=${day}&EndDate=${day}`);
    expect(plain.body.find((j: { id: string }) => j.id === jobId)).toBeUndefined();
    await org.manager.post(`/api/jobs/${jobId}/request/clear`, {});
  });

  it('refuses a request when picking up jobs is turned off, and offers no requestable jobs', async () => {
    const { id: jobId } = await given.job({ name: 'Sealing', ...hours(tomorrow, 2) });
    await org.admin.patch('/api/organization/settings', { pickUpJobsEnabled: false });
    try {
      const refused = await org.associate.post(`/api/jobs/${jobId}/request`);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ success: false, errors: [PICK_UP_OFF] });
      const day = tomorrow.toFormat('MM/dd/yyyy');
      const calendar = await org.associate.get(
        `/api/jobs/user?StartDate=${day}&EndDate=${day}&showRequestableJobs=true`,
      );
      expect(calendar.body.find((j: { id: string }) => j.id === jobId)).toBeUndefined();
    } finally {
      await org.admin.patch('/api/organization/settings', { pickUpJobsEnabled: true });
    }
  });

  it('refuses a duplicate request and a job that is not open', async () => {
    const { id: jobId } = await given.job({ name: 'Pressure washing', ...hours(tomorrow, 2) });
    expect((await org.associate.post(`/api/jobs/${jobId}/request`)).status).toBe(200);
    const again = await org.associate.post(`/api/jobs/${jobId}/request`);
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toBe(ALREADY_REQUESTED);
    const assigned = await given.job({ name: 'Taken', ...hours(tomorrow, 1), userIds: [org.manager.userId] });
    const taken = await org.associate.post(`/api/jobs/${assigned.id}/request`);
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0]).toBe(NOT_OPEN);
    await org.manager.post(`/api/jobs/${jobId}/request/clear`, {});
  });

  it('approves one of several requests: the job is assigned, the others are closed, and each requester learns the outcome live', async () => {
    const { id: jobId } = await given.job({ name: 'Roof repair', ...hours(tomorrow.plus({ hours: 4 }), 2) });
    const second = await addAssociate('Bea');
    await org.associate.post(`/api/jobs/${jobId}/request`);
    await second.post(`/api/jobs/${jobId}/request`);
    const rows = (await org.manager.get('/api/jobs/requests')).body.filter((r: { jobId: string }) => r.jobId === jobId);
    expect(rows.map((r: { requestorName: string }) => r.requestorName).sort()).toEqual(['Abe Associate', 'Bea Crew']);
    // Several pending: the manager must say which.
    const unnamed = await org.manager.post(`/api/jobs/${jobId}/request/approve`, {});
    expect(unnamed.status).toBe(400);
    for (const requestId of ['nope', `${rows[0].id}0`, rows[0].id.repeat(1000)]) {
      const refused = await org.manager.post(`/api/jobs/${jobId}/request/approve`, { requestId });
      expect([refused.status, refused.body]).toEqual([
        400,
        { success: false, errors: ['requestId must be a request id'] },
      ]);
    }

    const bystander = await addAssociate('Cy');
    const [abe, bea, manager, stranger, colleague] = await Promise.all([
      connect(org.associate),
      connect(second),
      connect(org.manager),
      connect(other.admin),
      connect(bystander),
    ]);
    const abeHears = nextPush(abe, 'jobRequest.answered');
    const beaHears = nextPush(bea, 'jobRequest.answered');
    const managerHears = nextPush(manager, 'jobRequests.changed');
    const chosen = rows.find((r: { requestorName: string }) => r.requestorName === 'Bea Crew');
    const approved = await org.manager.post(`/api/jobs/${jobId}/request/approve`, { requestId: chosen.id });
    expect(approved.body).toEqual({ success: true, message: REQUEST_APPROVED });
    expect(await beaHears).toMatchObject({ jobId, jobName: 'Roof repair', status: 'approved' });
    expect(await abeHears).toMatchObject({ jobId, status: 'notChosen' });
    expect(await managerHears).toMatchObject({ organizationId: org.organizationId, jobId });

    expect((await org.manager.get(`/api/jobs/${jobId}`)).body).toMatchObject({
      userIds: [second.userId],
      isOpen: false,
    });
    expect(
      (await org.manager.get('/api/jobs/requests')).body.filter((r: { jobId: string }) => r.jobId === jobId),
    ).toEqual([]);
    const history = await org.manager.get(`/api/jobs/${jobId}/history`);
    expect(history.body.map((h: { what: string }) => h.what)).toEqual([
      'Job created',
      'Abe Associate requested to pick up this job',
      'Bea Crew requested to pick up this job',
      "Bea Crew's request approved; not chosen: Abe Associate",
    ]);
    await new Promise((r) => setTimeout(r, 300));
    expect(stranger.received).toEqual([]);
    // A colleague who did not ask sees the job taken on the calendar, and hears nothing of the requests.
    expect(colleague.received.filter((r) => r.event.startsWith('jobRequest'))).toEqual([]);
  });

  it('lets exactly one of two parallel approvals win; the other gets a conflict with a message', async () => {
    for (let round = 0; round < 3; round++) {
      const { id: jobId } = await given.job({ name: `Race ${round}`, ...hours(tomorrow.plus({ hours: 6 }), 2) });
      const { requestId } = (await org.associate.post(`/api/jobs/${jobId}/request`)).body.data;
      // As the table sends it (the request named), and unnamed as a script might.
      const body = round === 0 ? {} : { requestId };
      const [a, b] = await Promise.all([
        org.manager.post(`/api/jobs/${jobId}/request/approve`, body),
        org.admin.post(`/api/jobs/${jobId}/request/approve`, body),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const loser = a.status === 409 ? a : b;
      expect([ANSWERED_AT_ONCE, NO_PENDING, 'This request has already been approved.']).toContain(loser.body.errors[0]);
      expect((await org.manager.get(`/api/jobs/${jobId}`)).body.userIds).toEqual([org.associate.userId]);
    }
  });

  it('denies a request, and flags a request whose job moved: it can be denied, not approved', async () => {
    const { id: jobId } = await given.job({ name: 'Fence staining', ...hours(tomorrow.plus({ hours: 1 }), 2) });
    await org.associate.post(`/api/jobs/${jobId}/request`);
    const abe = await connect(org.associate);
    const hears = nextPush(abe, 'jobRequest.answered');
    const denied = await org.manager.post(`/api/jobs/${jobId}/request/clear`, {});
    expect(denied.body).toEqual({ success: true, message: REQUEST_DENIED });
    expect(await hears).toMatchObject({ jobId, status: 'denied' });

    const { id: moving } = await given.job({ name: 'Deck oiling', ...hours(tomorrow.plus({ hours: 2 }), 2) });
    await org.associate.post(`/api/jobs/${moving}/request`);
    const later = tomorrow.plus({ hours: 3 });
    await org.manager.patch(`/api/jobs/${moving}`, {
      startDateTime: iso(later),
      endDateTime: iso(later.plus({ hours: 2 })),
    });
    const row = (await org.manager.get('/api/jobs/requests')).body.find((r: { jobId: string }) => r.jobId === moving);
    expect(row.changedSince).toBe('moved');
    const approve = await org.manager.post(`/api/jobs/${moving}/request/approve`, {});
    expect(approve.status).toBe(409);
    expect(approve.body.errors[0]).toMatch(/moved after the request/);
    expect((await org.manager.post(`/api/jobs/${moving}/request/clear`, {})).status).toBe(200);
  });

  it('shows whether the requester is available and which of their jobs overlap', async () => {
    const { id: jobId } = await given.job({ name: 'Attic insulation', ...hours(tomorrow.plus({ days: 1 }), 2) });
    await given.job({
      name: "Abe's other job",
      ...hours(tomorrow.plus({ days: 1, hours: 1 }), 1),
      userIds: [org.associate.userId],
    });
    // Available only on a day that is not the job's.
    const otherDay = tomorrow.plus({ days: 3 }).toFormat('cccc');
    expect(
      (
        await org.admin.patch(`/api/employee-availability/${org.associate.userId}`, [
          { weekDay: otherDay, startTime: '08:00', endTime: '17:00' },
        ])
      ).status,
    ).toBe(200);
    await org.associate.post(`/api/jobs/${jobId}/request`);
    const row = (await org.manager.get('/api/jobs/requests')).body.find((r: { jobId: string }) => r.jobId === jobId);
    expect(row).toMatchObject({ available: false, overlappingJobs: ["Abe's other job"] });
    await org.manager.post(`/api/jobs/${jobId}/request/clear`, {});
  });

  it('closes pending requests when the job is deleted, and the requester is told', async () => {
    const { id: jobId } = await given.job({ name: 'Chimney sweep', ...hours(tomorrow.plus({ hours: 5 }), 2) });
    await org.associate.post(`/api/jobs/${jobId}/request`);
    const abe = await connect(org.associate);
    const hears = nextPush(abe, 'jobRequest.answered');
    await org.manager.delete(`/api/jobs/${jobId}`);
    expect(await hears).toMatchObject({ jobId, status: 'cancelled' });
    expect(
      (await org.manager.get('/api/jobs/requests')).body.find((r: { jobId: string }) => r.jobId === jobId),
    ).toBeUndefined();
  });

  it("treats another organization's job as not found, for requests and answers", async () => {
    const { id: theirs } = await kitFor(other.manager).job({ name: 'Their job', ...hours(tomorrow, 2) });
    for (const call of [
      () => org.associate.post(`/api/jobs/${theirs}/request`),
      () => org.manager.post(`/api/jobs/${theirs}/request/approve`, {}),
      () => org.manager.post(`/api/jobs/${theirs}/request/clear`, {}),
    ]) {
      const response = await call();
      expect(response.status).toBe(404);
      expect(response.body.success).toBe(false);
    }
    expect((await other.manager.get('/api/jobs/requests')).body).toEqual([]);
  });

  it('lets staff request one occurrence of a recurring job', async () => {
    const created = await given.job(
      { name: 'Pool check', ...hours(tomorrow.plus({ hours: 8 }), 1) },
      { recurringFrequency: 'Daily' },
    );
    const { recurrenceId } = created;
    const second = `${recurrenceId}_${tomorrow.plus({ days: 1 }).toFormat('yyyyMMdd')}`;
    expect((await org.associate.post(`/api/jobs/${second}/request`)).status).toBe(200);
    expect((await org.manager.post(`/api/jobs/${second}/request/approve`, {})).status).toBe(200);
    expect((await org.manager.get(`/api/jobs/${second}`)).body.userIds).toEqual([org.associate.userId]);
    expect((await org.manager.get(`/api/jobs/${created.id}`)).body.userIds).toEqual([]);
  });

  describe('cancelling my own request (DELETE /api/jobs/{id}/request)', () => {
    it("withdraws it: gone from the managers' table (pushed), the job requestable again, the History says so", async () => {
      const { id: jobId } = await given.job({ name: 'Fence painting', ...hours(tomorrow.plus({ hours: 3 }), 2) });
      expect((await org.associate.post(`/api/jobs/${jobId}/request`)).status).toBe(200);
      const mine = (rows: { jobId: string }[]) => rows.filter((r) => r.jobId === jobId);
      expect(mine((await org.manager.get('/api/jobs/requests')).body)).toHaveLength(1);

      const manager = await connect(org.manager);
      const managerHears = nextPush(manager, 'jobRequests.changed');
      const cancelled = await org.associate.delete(`/api/jobs/${jobId}/request`);
      expect([cancelled.status, cancelled.body]).toEqual([200, { success: true, message: REQUEST_CANCELLED }]);
      expect(REQUEST_CANCELLED).toBe('Your request was cancelled');
      expect(await managerHears).toEqual({ organizationId: org.organizationId, jobId });
      expect(mine((await org.manager.get('/api/jobs/requests')).body)).toEqual([]);

      const day = tomorrow.toFormat('MM/dd/yyyy');
      const calendar = await org.associate.get(
        `/api/jobs/user?StartDate=${day}&EndDate=${day}&showRequestableJobs=true`,
      );
      expect(calendar.body.find((j: { id: string }) => j.id === jobId)).toMatchObject({
        isOpen: true,
        requestStatus: null,
      });
      // Nothing pending any more: a second cancel finds none.
      expectError(await org.associate.delete(`/api/jobs/${jobId}/request`), 404, NO_REQUEST_OF_YOURS);
      // They may ask again.
      expect((await org.associate.post(`/api/jobs/${jobId}/request`)).status).toBe(200);
      const history = await org.manager.get(`/api/jobs/${jobId}/history`);
      expect(history.body.map((h: { what: string; who: string }) => [h.what, h.who])).toEqual([
        ['Job created', 'Mona Customer'],
        ['Abe Associate requested to pick up this job', 'Abe Associate'],
        ['Abe Associate cancelled their request to pick up this job', 'Abe Associate'],
        ['Abe Associate requested to pick up this job', 'Abe Associate'],
      ]);
      await org.manager.post(`/api/jobs/${jobId}/request/clear`, {});
    });

    it("answers 404 when I have no pending request there: someone else's, answered, none, another organization's job", async () => {
      const { id: jobId } = await given.job({ name: 'Hedge trimming', ...hours(tomorrow.plus({ hours: 5 }), 1) });
      expectError(await org.associate.delete(`/api/jobs/${jobId}/request`), 404, NO_REQUEST_OF_YOURS);
      expect((await org.associate.post(`/api/jobs/${jobId}/request`)).status).toBe(200);
      // Another associate cannot cancel Abe's request.
      const colleague = await addAssociate('Dee');
      expectError(await colleague.delete(`/api/jobs/${jobId}/request`), 404, NO_REQUEST_OF_YOURS);
      expect((await org.manager.get('/api/jobs/requests')).body.some((r: { jobId: string }) => r.jobId === jobId)).toBe(
        true,
      );
      // Answered, it is no longer theirs to cancel.
      expect((await org.manager.post(`/api/jobs/${jobId}/request/clear`, {})).status).toBe(200);
      expectError(await org.associate.delete(`/api/jobs/${jobId}/request`), 404, NO_REQUEST_OF_YOURS);
      const { id: theirs } = await kitFor(other.manager).job({ name: 'Their job', ...hours(tomorrow, 2) });
      expectError(await org.associate.delete(`/api/jobs/${theirs}/request`), 404);
    });

    it("cancels a request for one occurrence of a recurring job, and leaves the other occurrences' alone", async () => {
      const created = await given.job(
        { name: 'Gate check', ...hours(tomorrow.plus({ hours: 10 }), 1) },
        { recurringFrequency: 'Daily' },
      );
      const second = `${created.recurrenceId}_${tomorrow.plus({ days: 1 }).toFormat('yyyyMMdd')}`;
      const third = `${created.recurrenceId}_${tomorrow.plus({ days: 2 }).toFormat('yyyyMMdd')}`;
      for (const id of [second, third]) expect((await org.associate.post(`/api/jobs/${id}/request`)).status).toBe(200);
      expect((await org.associate.delete(`/api/jobs/${second}/request`)).status).toBe(200);
      const pending = (await org.manager.get('/api/jobs/requests')).body.map((r: { jobId: string }) => r.jobId);
      expect(pending).not.toContain(second);
      expect(pending).toContain(third);
      await org.manager.post(`/api/jobs/${third}/request/clear`, {});
    });
  });
});
