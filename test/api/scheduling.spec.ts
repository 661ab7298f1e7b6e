import { io, Socket } from 'socket.io-client';
import type { ServerToClientEvents } from '../../src/shared/client-events';
import { ApiClient, startTestApp, TestApp, TestOrganization } from '../support/app';
import { kitFor } from '../support/given';
import { PUSH_WITHIN_MS } from '../support/sockets';

/** Jobs and recurring jobs over HTTP, on the real engines (SQLite events and read models). */
describe('scheduling over HTTP', () => {
  let app: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;

  beforeAll(async () => {
    app = await startTestApp();
    [org, other] = [await app.organization('Acme'), await app.organization('Other')];
  });
  afterAll(() => app.stop());

  const job = (over: Record<string, unknown> = {}) => ({
    name: 'Lawn care',
    startDateTime: '2026-06-01T13:00:00Z',
    endDateTime: '2026-06-01T13:30:00Z',
    ...over,
  });
  const create = (
    client = org.manager,
    jobModel: Record<string, unknown> = job(),
    recurrenceModel?: Record<string, unknown>,
  ) => client.post('/api/recurrence-jobs', { jobModel, ...(recurrenceModel ? { recurrenceModel } : {}) });
  const given = kitFor(() => org.manager);
  const fetchRange = (client = org.manager, start = '06/01/2026', end = '06/07/2026') =>
    client.get(`/api/jobs/syncfusion/fetch?StartDate=${encodeURIComponent(start)}&EndDate=${encodeURIComponent(end)}`);

  it('creates a one-time job that the calendar shows at once, with its colour', async () => {
    const created = await create(org.manager, job({ userIds: [org.associate.userId], notes: 'Gate code 1234' }));
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ success: true, data: { id: expect.any(String), recurrenceId: null } });
    const calendar = await fetchRange();
    const shown = calendar.body.find((j: { id: string }) => j.id === created.body.data.id);
    expect(shown).toMatchObject({
      name: 'Lawn care',
      notes: 'Gate code 1234',
      startDateTime: '2026-06-01T13:00:00Z',
      endDateTime: '2026-06-01T13:30:00Z',
      userIds: [org.associate.userId],
      users: [{ id: org.associate.userId, fullName: 'Abe Associate' }],
      customer: null,
      color: '#E2435B',
      isOpen: false,
      jobRecurrenceModel: null,
    });
  });

  it.each([
    [{ name: '' }, 'Job name is required'],
    [{ endDateTime: '2026-06-01T12:00:00Z' }, 'The end must be after the start'],
    [{ hideFromScheduleView: true }, 'You must select a lead employee to enable hiding from the schedule view.'],
    [
      { userIds: ['5f1c2c4e-8d0b-4a57-9a57-0c1d2e3f4a5b'] },
      'An assigned employee is not an active user of your organization',
    ],
    [{ colorOption: 'green' }, 'Colour must be a hex colour such as #0D1B41'],
  ])('refuses %o with a message a person can act on', async (over, message) => {
    const response = await create(org.admin, job(over));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, errors: [message] });
  });

  it("refuses null for a job's name or assignees with their messages, on create, on change and in a calendar batch; null clears the optional fields", async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ name: null }, 'Job name is required'],
      [{ userIds: null }, 'Assigned employees must be a list of user ids'],
      [{ userIds: 'not a list' }, 'Assigned employees must be a list of user ids'],
      [{ startDateTime: null }, 'The start must be a date and time'],
      [{ hideFromScheduleView: null }, 'hideFromScheduleView must be true or false'],
    ];
    for (const [over, message] of refusals)
      expect({ over, body: (await create(org.manager, job(over))).body }).toEqual({
        over,
        body: { success: false, errors: [message] },
      });
    const { id } = await given.job(
      job({ name: 'Hedges', notes: 'Bring the ladder', number: 'J-7', userIds: [org.associate.userId] }),
    );
    for (const [over, message] of refusals)
      expect({ over, body: (await org.manager.patch(`/api/jobs/${id}`, over)).body }).toEqual({
        over,
        body: { success: false, errors: [message] },
      });
    const batch = await org.manager.post('/api/jobs/syncfusion/bulk', { changed: [{ id, userIds: null }] });
    expect(batch.body).toEqual({ success: false, errors: ['Assigned employees must be a list of user ids'] });
    expect((await org.manager.get(`/api/jobs/${id}`)).body).toMatchObject({
      name: 'Hedges',
      notes: 'Bring the ladder',
      number: 'J-7',
      userIds: [org.associate.userId],
    });

    expect(
      (await org.manager.patch(`/api/jobs/${id}`, { notes: null, number: null, recurrenceModel: null })).status,
    ).toBe(200);
    expect((await org.manager.get(`/api/jobs/${id}`)).body).toMatchObject({
      name: 'Hedges',
      notes: null,
      number: null,
      userIds: [org.associate.userId],
    });
  });

  it('refuses a repeat-every that is not a whole number of weeks, 1 or more', async () => {
    // The last is 2 written with 21 characters: a text that long is refused unread.
    for (const weeklyRecurrence of [0, 1.5, 'two', `${'0'.repeat(20)}2`]) {
      const response = await create(org.manager, job(), {
        recurringFrequency: 'Weekly',
        recurrenceDays: 'monday',
        weeklyRecurrence,
      });
      expect(response.body.errors).toEqual(['Repeat every must be a whole number of weeks, 1 or more']);
    }
  });

  it('lets only a Company Admin hide a job from the schedule view, and shows it only to its lead and admins', async () => {
    const hidden = job({ hideFromScheduleView: true, leadUserId: org.associate.userId, name: 'Secret' });
    expect((await create(org.manager, hidden)).body.errors).toEqual([
      'Only a Company Admin can hide a job from the schedule view.',
    ]);
    const { id } = await kitFor(org.admin).job(hidden);
    expect((await fetchRange(org.admin)).body.some((j: { id: string }) => j.id === id)).toBe(true);
    expect((await fetchRange(org.manager)).body.some((j: { id: string }) => j.id === id)).toBe(false);
    expect((await org.manager.get(`/api/jobs/${id}`)).status).toBe(404);
    const own = await org.associate.get('/api/jobs/user?StartDate=06/01/2026&EndDate=06/01/2026');
    expect(own.body.map((j: { id: string }) => j.id)).toContain(id);
  });

  it("schedules a weekly job every 2 weeks on two weekdays, in the organization's time zone", async () => {
    // Monday 1 June 2026, 9:00–10:00 New York
    const created = await create(
      org.manager,
      job({ name: 'Pool service', startDateTime: '2026-06-01T13:00:00Z', endDateTime: '2026-06-01T14:00:00Z' }),
      {
        recurringFrequency: 'Weekly',
        recurrenceDays: 'monday,thursday',
        weeklyRecurrence: '2',
        expireDate: '2026-06-30',
      },
    );
    expect(created.status).toBe(201);
    const { id, recurrenceId } = created.body.data;
    expect(id).toBe(`${recurrenceId}_20260601`);
    const june = await fetchRange(org.manager, '06/01/2026', '06/30/2026');
    const pool = june.body.filter((j: { name: string }) => j.name === 'Pool service');
    expect(pool.map((j: { startDateTime: string }) => j.startDateTime)).toEqual([
      '2026-06-01T13:00:00Z',
      '2026-06-04T13:00:00Z',
      '2026-06-15T13:00:00Z',
      '2026-06-18T13:00:00Z',
      '2026-06-29T13:00:00Z',
    ]);
    expect(pool[0].jobRecurrenceModel).toEqual({
      id: recurrenceId,
      recurringFrequency: 'Weekly',
      recurrenceDays: 'monday,thursday',
      weeklyRecurrence: 2,
      expireDate: '2026-06-30',
    });
  });

  it('edits one occurrence, then the series, without overwriting the occurrence; deletes one, then the series', async () => {
    const { recurrenceId } = await given.job(
      job({ name: 'Office cleaning', startDateTime: '2026-07-06T13:00:00Z', endDateTime: '2026-07-06T14:00:00Z' }),
      {
        recurringFrequency: 'Daily',
        expireDate: '2026-07-10',
      },
    );
    const tuesday = `${recurrenceId}_20260707`;
    const moved = await org.manager.patch(`/api/jobs/${tuesday}`, {
      name: 'Deep clean',
      startDateTime: '2026-07-07T15:00:00Z',
      endDateTime: '2026-07-07T16:00:00Z',
    });
    expect(moved.status).toBe(200);
    const series = await org.manager.patch(`/api/jobs/${recurrenceId}_20260708?scope=series`, {
      name: 'Cleaning',
      notes: 'Use the side door',
    });
    expect(series.status).toBe(200);
    const week = (await fetchRange(org.manager, '07/06/2026', '07/12/2026')).body.filter(
      (j: { jobRecurrenceModel: { id: string } | null }) => j.jobRecurrenceModel?.id === recurrenceId,
    );
    expect(week.map((j: { id: string; name: string; notes: string }) => [j.id.slice(-8), j.name, j.notes])).toEqual([
      ['20260706', 'Cleaning', 'Use the side door'],
      ['20260707', 'Deep clean', 'Use the side door'],
      ['20260708', 'Cleaning', 'Use the side door'],
      ['20260709', 'Cleaning', 'Use the side door'],
      ['20260710', 'Cleaning', 'Use the side door'],
    ]);
    expect((await org.manager.get(`/api/jobs/${tuesday}`)).body).toMatchObject({
      id: tuesday,
      startDateTime: '2026-07-07T15:00:00Z',
    });

    expect((await org.manager.delete(`/api/jobs/${recurrenceId}_20260709`)).status).toBe(200);
    const afterOne = (await fetchRange(org.manager, '07/06/2026', '07/12/2026')).body.filter(
      (j: { jobRecurrenceModel: { id: string } | null }) => j.jobRecurrenceModel?.id === recurrenceId,
    );
    expect(afterOne.map((j: { id: string }) => j.id.slice(-8))).toEqual([
      '20260706',
      '20260707',
      '20260708',
      '20260710',
    ]);
    expect((await org.manager.delete(`/api/jobs/${recurrenceId}_20260709`)).status).toBe(404);

    expect((await org.manager.delete(`/api/recurrences/${recurrenceId}`)).status).toBe(200);
    const afterAll = (await fetchRange(org.manager, '07/06/2026', '07/12/2026')).body.filter(
      (j: { jobRecurrenceModel: { id: string } | null }) => j.jobRecurrenceModel?.id === recurrenceId,
    );
    expect(afterAll).toEqual([]);
  });

  it('assigns an employee, and applies batched calendar changes', async () => {
    const { id } = await given.job(
      job({ name: 'Gutters', startDateTime: '2026-06-02T13:00:00Z', endDateTime: '2026-06-02T14:00:00Z' }),
    );
    expect((await org.manager.post(`/api/jobs/${id}/assign/${org.associate.userId}`)).status).toBe(200);
    expect((await org.manager.get(`/api/jobs/${id}`)).body.userIds).toEqual([org.associate.userId]);
    const batch = await org.manager.post('/api/jobs/syncfusion/bulk', {
      changed: [
        {
          id,
          startDateTime: '2026-06-02T15:00:00Z',
          endDateTime: '2026-06-02T16:15:00Z',
          userIds: [org.manager.userId],
        },
      ],
    });
    expect(batch.body).toEqual({ success: true, data: { changed: 1, deleted: 0 } });
    expect((await org.manager.get(`/api/jobs/${id}`)).body).toMatchObject({
      startDateTime: '2026-06-02T15:00:00Z',
      endDateTime: '2026-06-02T16:15:00Z',
      userIds: [org.manager.userId],
    });
  });

  it("tells a job's history in words, old → new, who and when", async () => {
    const { id } = await given.job(job({ name: 'Windows' }));
    await org.admin.patch(`/api/jobs/${id}`, { name: 'Windows and doors' });
    const history = await org.manager.get(`/api/jobs/${id}/history`);
    expect(history.status).toBe(200);
    expect(history.body.map((h: { what: string; who: string }) => [h.what, h.who])).toEqual([
      ['Job created', 'Mona Customer'],
      ['Job changed', 'Ada Admin'],
    ]);
    expect(history.body[1].changes).toEqual([{ field: 'Name', from: 'Windows', to: 'Windows and doors' }]);
    expect(history.body[0].when).toMatch(/E[SD]T$/);
  });

  it('shows staff their own jobs and upcoming jobs only', async () => {
    const start = new Date(Date.now() + 86_400_000);
    const mine = await given.job(
      job({
        name: 'Tomorrow',
        startDateTime: start.toISOString(),
        endDateTime: new Date(start.getTime() + 3_600_000).toISOString(),
        userIds: [org.associate.userId],
      }),
    );
    await given.job(
      job({
        name: 'Not mine',
        startDateTime: start.toISOString(),
        endDateTime: new Date(start.getTime() + 3_600_000).toISOString(),
      }),
    );
    const upcoming = await org.associate.get('/api/jobs/upcoming');
    expect(upcoming.body.map((j: { id: string }) => j.id)).toContain(mine.id);
    expect(upcoming.body.some((j: { name: string }) => j.name === 'Not mine')).toBe(false);
  });

  it('keeps jobs within their organization and behind jobs.crud', async () => {
    const { id } = await given.job(job());
    expect((await create(org.associate)).status).toBe(403);
    expect((await org.associate.get(`/api/jobs/syncfusion/fetch?StartDate=06/01/2026&EndDate=06/07/2026`)).status).toBe(
      403,
    );
    expect((await org.associate.get(`/api/jobs/${id}`)).status).toBe(404); // not theirs
    for (const call of [
      () => other.admin.get(`/api/jobs/${id}`),
      () => other.admin.get(`/api/jobs/${id}/history`),
      () => other.admin.patch(`/api/jobs/${id}`, { name: 'Taken' }),
      () => other.admin.delete(`/api/jobs/${id}`),
      () => other.admin.post(`/api/jobs/${id}/assign/${other.associate.userId}`),
    ]) {
      const response = await call();
      expect(response.status).toBe(404);
    }
    expect((await org.manager.post(`/api/jobs/${id}/assign/${other.associate.userId}`)).status).toBe(404);
    expect((await fetchRange(other.admin)).body.some((j: { id: string }) => j.id === id)).toBe(false);
    expect((await org.manager.get(`/api/jobs/${id}`)).body.name).toBe('Lawn care');
  });

  it('refuses a calendar range that is not a date', async () => {
    const response = await org.manager.get('/api/jobs/syncfusion/fetch?StartDate=yesterday&EndDate=06/07/2026');
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(['StartDate must be a date (MM/DD/YYYY), got "yesterday"']);
  });

  it("lays an employee's weekly availability over the calendar as availability-only entries", async () => {
    const saved = await org.admin.patch(`/api/employee-availability/${org.associate.userId}`, [
      { weekDay: 'Monday', startTime: '08:00', endTime: '12:00' },
    ]);
    expect(saved.status).toBe(200);
    const week = await org.manager.get(
      `/api/jobs/syncfusion/fetch?StartDate=06/01/2026&EndDate=06/07/2026&availabilityUserId=${org.associate.userId}`,
    );
    const blocks = week.body.filter((j: { availabilityOnly: boolean }) => j.availabilityOnly);
    expect(blocks).toEqual([
      expect.objectContaining({
        name: 'Abe Associate available',
        startDateTime: '2026-06-01T12:00:00Z',
        endDateTime: '2026-06-01T16:00:00Z',
        color: '#B2F2BB',
        userIds: [org.associate.userId],
      }),
    ]);
    const own = await org.associate.get(
      `/api/jobs/user?StartDate=06/01/2026&EndDate=06/01/2026&availabilityUserId=${org.associate.userId}`,
    );
    expect(own.body.filter((j: { availabilityOnly: boolean }) => j.availabilityOnly)).toHaveLength(1);
    expect(
      (
        await org.associate.get(
          `/api/jobs/user?StartDate=06/01/2026&EndDate=06/01/2026&availabilityUserId=${org.manager.userId}`,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await org.manager.get(
          `/api/jobs/syncfusion/fetch?StartDate=06/01/2026&EndDate=06/07/2026&availabilityUserId=${other.associate.userId}`,
        )
      ).status,
    ).toBe(404);
  });

  it("pushes every schedule change to the organization's open calendars, after the read model has it, and to nobody else", async () => {
    const connect = (client: ApiClient) =>
      new Promise<Socket<ServerToClientEvents>>((resolve, reject) => {
        const socket: Socket<ServerToClientEvents> = io(app.url, {
          path: '/socket.io',
          forceNew: true,
          reconnection: false,
          extraHeaders: { cookie: client.cookie },
        });
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    const [mine, theirs] = await Promise.all([connect(org.associate), connect(other.admin)]);
    const foreign: unknown[] = [];
    theirs.on('schedule.changed', (p) => foreign.push(p));
    try {
      const seen = new Promise<{ jobIds: string[]; visible: boolean }>((resolve) => {
        mine.on('schedule.changed', async (payload) => {
          // On receipt the change is already readable: a refetch shows it.
          const job = await org.manager.get(`/api/jobs/${payload.jobIds[0]}`);
          resolve({ jobIds: payload.jobIds, visible: job.body.name === 'Live change' });
        });
      });
      const created = await given.job(job({ name: 'Live change' }));
      const pushed = await Promise.race([
        seen,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`no push within ${PUSH_WITHIN_MS} ms`)), PUSH_WITHIN_MS),
        ),
      ]);
      expect(pushed).toEqual({ jobIds: [created.id], visible: true });
      await new Promise((r) => setTimeout(r, 300));
      expect(foreign).toEqual([]);
    } finally {
      mine.disconnect();
      theirs.disconnect();
    }
  });
});
