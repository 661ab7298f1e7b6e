import { DateTime } from 'luxon';
import { ONE_RUNNING } from '../../src/timers/running-timer.decider';
import { NOT_YOURS } from '../../src/timers/timer.decider';
import { NOT_YOUR_JOB } from '../../src/timers/timer.handlers';
import { ApiClient, startTestApp, TestApp, TestOrganization } from '../support/app';
import { kitFor } from '../support/given';
import { nextPush, openSocket, TestSocket } from '../support/sockets';
import { within } from '../support/time';

/** Timers over HTTP and socket.io: every call, its validation, paging, claims and pushes. */
describe('timers', () => {
  let app: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    app = await startTestApp();
    [org, other] = [await app.organization('Timers'), await app.organization('Other')];
  }, within(60_000));
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    // Leave nobody with a running timer.
    for (const client of [org.associate, org.manager, org.admin, other.associate]) {
      const current = await client.get('/api/time/current');
      if (current.body?.id)
        await client.patch(`/api/time/${current.body.id}`, {
          endDateTime: new Date().toISOString(),
          mileageEnd: (current.body.mileageStart ?? 0) + 1,
        });
    }
  });
  afterAll(async () => {
    await app?.stop();
  });

  const connect = (client: ApiClient) => openSocket(app.url, client.cookie, sockets);

  it('starts, shows as current, and stops an unassigned timer; an empty body when none runs', async () => {
    const none = await org.associate.get('/api/time/current');
    expect(none.status).toBe(200);
    expect(none.body).toBe('');
    const started = await org.associate.post('/api/time', { type: 'Unassigned', label: ' Loading the van ' });
    expect(started.status).toBe(201);
    const current = await org.associate.get('/api/time/current');
    expect(current.body).toMatchObject({
      id: started.body.data.id,
      type: 'Unassigned',
      label: 'Loading the van',
      endDateTime: null,
      userId: org.associate.userId,
      userFullName: 'Abe Associate',
      jobName: null,
    });
    expect(Math.abs(Date.parse(current.body.startDateTime) - Date.now())).toBeLessThan(5000);
    expect(Math.abs(Number(current.headers.get('x-server-time')) - Date.now())).toBeLessThan(5000);
    const end = new Date(Date.now() + 1000).toISOString();
    expect((await org.associate.patch(`/api/time/${started.body.data.id}`, { endDateTime: end })).status).toBe(200);
    expect((await org.associate.get('/api/time/current')).body).toBe('');
  });

  it('refuses a second running timer, also when two devices start at the same instant', async () => {
    const [a, b] = await Promise.all([
      org.associate.post('/api/time', { type: 'Unassigned' }),
      org.associate.post('/api/time', { type: 'Unassigned' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect((a.status === 409 ? a : b).body).toEqual({ success: false, errors: [ONE_RUNNING] });
    const later = await org.associate.post('/api/time', { type: 'Unassigned' });
    expect(later.status).toBe(409);
    const page = await org.associate.get('/api/time/user/paged?filter=');
    expect(page.body.resultItems.filter((t: { endDateTime: string | null }) => t.endDateTime === null)).toHaveLength(1);
  });

  it('validates the timer form: type, job, mileage; and the stop: ending mileage', async () => {
    const cases: [object, string][] = [
      [{}, 'Timer type is required'],
      [{ type: 'Job' }, 'Choose the job this time is for'],
      [{ type: 'Mileage' }, 'Starting mileage is required for a mileage timer'],
      [{ type: 'Mileage', mileageStart: 'twelve' }, 'Starting mileage must be a number'],
      [{ type: 'Unassigned', label: 'x'.repeat(201) }, 'The label can be at most 200 characters'],
    ];
    for (const [body, message] of cases) {
      const response = await org.associate.post('/api/time', body);
      expect([response.status, response.body]).toEqual([400, { success: false, errors: [message] }]);
    }
    const drive = await org.associate.post('/api/time', { type: 'Mileage', mileageStart: '1,200' });
    expect(drive.status).toBe(201);
    const id = drive.body.data.id;
    const end = new Date(Date.now() + 1000).toISOString();
    expect((await org.associate.patch(`/api/time/${id}`, { endDateTime: end })).body.errors).toEqual([
      'Ending mileage is required',
    ]);
    expect((await org.associate.patch(`/api/time/${id}`, { endDateTime: end, mileageEnd: 'far' })).body.errors).toEqual(
      ['Ending mileage must be a number'],
    );
    expect((await org.associate.patch(`/api/time/${id}`, { endDateTime: end, mileageEnd: 1100 })).body.errors).toEqual([
      'Ending mileage cannot be less than the starting mileage',
    ]);
    expect(
      (await org.associate.patch(`/api/time/${id}`, { endDateTime: '2000-01-01T00:00:00Z', mileageEnd: 1300 })).body
        .errors,
    ).toEqual(['The end cannot be before the start']);
    expect((await org.associate.patch(`/api/time/${id}`, { endDateTime: end, mileageEnd: 1242.5 })).status).toBe(200);
    const [row] = (await org.associate.get('/api/time/user/paged')).body.resultItems;
    expect(row).toMatchObject({ id, type: 'Mileage', mileageStart: 1200, mileageEnd: 1242.5, endDateTime: end });
  });

  it('refuses a 1,000,000-character mileage at once, starting and stopping, and reads any other shape as not a number', async () => {
    // A pattern that backtracked on this value took seconds, and every organization's requests waited meanwhile.
    // The parse itself is bounded in src/timers/mileage.spec.ts (< 10 ms); here the round trip of a 1 MB body
    // must stay far from the quadratic seconds, with room for a loaded machine (it measured 155 ms under load).
    const huge = `${'1'.repeat(999_999)}x`;
    const timed = async (send: () => Promise<{ status: number; body: unknown }>) => {
      const started = performance.now();
      const response = await send();
      return { status: response.status, body: response.body, ms: performance.now() - started };
    };
    const start = await timed(() => org.associate.post('/api/time', { type: 'Mileage', mileageStart: huge }));
    expect(start).toEqual({
      status: 400,
      body: { success: false, errors: ['Starting mileage must be a number'] },
      ms: expect.any(Number),
    });
    expect(start.ms).toBeLessThan(1_000);

    const drive = await org.associate.post('/api/time', { type: 'Mileage', mileageStart: 1200 });
    const end = new Date(Date.now() + 1000).toISOString();
    const stop = await timed(() =>
      org.associate.patch(`/api/time/${drive.body.data.id}`, { endDateTime: end, mileageEnd: huge }),
    );
    expect(stop).toEqual({
      status: 400,
      body: { success: false, errors: ['Ending mileage must be a number'] },
      ms: expect.any(Number),
    });
    expect(stop.ms).toBeLessThan(1_000);

    for (const mileageEnd of [{}, [1300], true, '1'.repeat(21)]) {
      const response = await org.associate.patch(`/api/time/${drive.body.data.id}`, { endDateTime: end, mileageEnd });
      expect([response.status, response.body]).toEqual([
        400,
        { success: false, errors: ['Ending mileage must be a number'] },
      ]);
    }
    for (const mileageStart of [{ value: 1 }, ['1'], false]) {
      const response = await org.manager.post('/api/time', { type: 'Mileage', mileageStart });
      expect([response.status, response.body]).toEqual([
        400,
        { success: false, errors: ['Starting mileage must be a number'] },
      ]);
    }
  });

  it("starts a job timer only on a job the user works on, with the job's and customer's names", async () => {
    const customer = await kitFor(org.admin).customer({ name: 'Maple Street Dental', status: 'Current' });
    const at = new Date(Date.now() + 3_600_000);
    const jobModel = {
      name: 'Lawn care',
      startDateTime: at.toISOString(),
      endDateTime: new Date(at.getTime() + 3_600_000).toISOString(),
      customerId: customer.id,
    };
    const mine = await kitFor(org.manager).job({ ...jobModel, userIds: [org.associate.userId] });
    const theirs = await kitFor(org.manager).job({ ...jobModel, name: 'Not mine', userIds: [org.manager.userId] });
    const refused = await org.associate.post('/api/time', { type: 'Job', jobId: theirs.id });
    expect([refused.status, refused.body.errors]).toEqual([403, [NOT_YOUR_JOB]]);
    const unknown = await org.associate.post('/api/time', {
      type: 'Job',
      jobId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
    const started = await org.associate.post('/api/time', { type: 'Job', jobId: mine.id, mileageStart: 5 });
    expect(started.status).toBe(201);
    expect((await org.associate.get('/api/time/current')).body).toMatchObject({
      type: 'Job',
      jobId: mine.id,
      jobName: 'Lawn care',
      customerName: 'Maple Street Dental',
      mileageStart: null,
    });
    // The job carries its time for the calendars' "time submitted" mark; a deleted timer leaves it.
    const end = new Date(Date.now() + 60_000).toISOString();
    await org.associate.patch(`/api/time/${started.body.data.id}`, { endDateTime: end });
    const job = await org.manager.get(`/api/jobs/${mine.id}`);
    expect(job.body.trackedTimes).toEqual([
      expect.objectContaining({
        id: started.body.data.id,
        userId: org.associate.userId,
        type: 'Job',
        endDateTime: end,
      }),
    ]);
    await org.admin.delete(`/api/time/${started.body.data.id}`);
    expect((await org.manager.get(`/api/jobs/${mine.id}`)).body.trackedTimes).toEqual([]);
  });

  it('pages and sorts own timers (newest first by default) and searches them', async () => {
    const client = org.manager;
    for (const label of ['Alpha errand', 'Bravo errand', 'Charlie errand'])
      await kitFor(client).timer({ label, endDateTime: () => new Date(Date.now() + 1000).toISOString() });
    const first = await client.get('/api/time/user/paged?pageSize=2&currentPage=1');
    expect(first.body.totalRecords).toBe(3);
    expect(first.body.resultItems.map((t: { label: string }) => t.label)).toEqual(['Charlie errand', 'Bravo errand']);
    const second = await client.get('/api/time/user/paged?pageSize=2&currentPage=2');
    expect(second.body.resultItems.map((t: { label: string }) => t.label)).toEqual(['Alpha errand']);
    const ascending = await client.get('/api/time/user/paged?sortDir=asc');
    expect(ascending.body.resultItems.map((t: { label: string }) => t.label)).toEqual([
      'Alpha errand',
      'Bravo errand',
      'Charlie errand',
    ]);
    expect(
      (await client.get('/api/time/user/paged?filter=bravo')).body.resultItems.map((t: { label: string }) => t.label),
    ).toEqual(['Bravo errand']);
    expect((await client.get('/api/time/user/paged?pageSize=ten')).status).toBe(400);
    // My Tracked Times are mine only.
    expect((await org.associate.get('/api/time/user/paged?filter=errand')).body.totalRecords).toBe(0);
  });

  it("filters by the days timers start on (organization's time zone) and totals hours and miles over every page", async () => {
    const client = org.admin;
    const zone = (await client.get('/api/session')).body.company.timeZone as string;
    const daysAgo = (days: number, hour: number, minute = 0) =>
      DateTime.now().setZone(zone).startOf('day').minus({ days }).set({ hour, minute });
    const track = (start: DateTime, minutes: number, mileage?: [number, number]) =>
      kitFor(client).timer({
        label: `Ranged ${start.toISODate()}`,
        startDateTime: start.toUTC().toISO(),
        endDateTime: start.plus({ minutes }).toUTC().toISO(),
        ...(mileage ? { mileageStart: mileage[0], mileageEnd: mileage[1] } : {}),
      });
    await track(daysAgo(12, 9), 90);
    await track(daysAgo(3, 8), 75, [100, 112.5]);
    await track(daysAgo(1, 23, 30), 15); // late in the day in the organization's zone: still that day
    const day = (days: number) => daysAgo(days, 0).toFormat('MM/dd/yyyy');
    const paged = (query: string) => client.get(`/api/time/user/paged?${query}`);

    const recent = await paged(`fromDate=${day(3)}&toDate=${day(1)}`);
    expect(recent.body.resultItems.map((t: { label: string }) => t.label)).toEqual([
      `Ranged ${daysAgo(1, 0).toISODate()}`,
      `Ranged ${daysAgo(3, 0).toISODate()}`,
    ]);
    expect(recent.body.totals).toEqual({ trackedMinutes: 90, mileage: 12.5, running: 0 });
    // Totals cover every page, not the one shown.
    const onePage = await paged(`fromDate=${day(3)}&toDate=${day(1)}&pageSize=1`);
    expect(onePage.body).toMatchObject({ totalRecords: 2, totals: { trackedMinutes: 90, mileage: 12.5 } });
    expect((await paged(`fromDate=${day(12)}&toDate=${day(12)}`)).body.totals).toEqual({
      trackedMinutes: 90,
      mileage: 0,
      running: 0,
    });
    // Open-ended, or longer than a quarter: rows without totals.
    expect((await paged(`fromDate=${day(12)}&filter=ranged`)).body).toMatchObject({ totalRecords: 3, totals: null });
    expect((await paged(`fromDate=${day(200)}&toDate=${day(1)}&filter=ranged`)).body).toMatchObject({
      totalRecords: 3,
      totals: null,
    });
    expect((await paged('fromDate=2026-11-01')).body).toEqual({
      success: false,
      errors: ['From date must be a date (MM/DD/YYYY)'],
    });
    expect((await paged(`fromDate=${day(1)}&toDate=${day(3)}`)).body).toEqual({
      success: false,
      errors: ['To date cannot be before From date'],
    });
  });

  it("lists the organization's timers for users.crud only; an admin edits and deletes another's timer, a colleague cannot", async () => {
    const { id } = await kitFor(org.associate).timer({ label: 'Shop cleanup' });
    expect((await org.manager.get('/api/time/paged')).status).toBe(403);
    const all = await org.admin.get('/api/time/paged?filter=shop%20cleanup');
    expect(all.body.resultItems).toEqual([expect.objectContaining({ id, userFullName: 'Abe Associate' })]);
    expect(
      (await org.admin.get('/api/time/paged?filter=Abe')).body.resultItems.map((r: { id: string }) => r.id),
    ).toContain(id);

    const colleague = await org.manager.patch(`/api/time/${id}`, { label: 'Mine now' });
    expect([colleague.status, colleague.body.errors]).toEqual([403, [NOT_YOURS]]);
    expect((await org.manager.delete(`/api/time/${id}`)).status).toBe(403);
    expect((await org.admin.patch(`/api/time/${id}`, { label: 'Shop cleanup (checked)' })).status).toBe(200);
    expect((await org.admin.delete(`/api/time/${id}`)).status).toBe(200);
    expect((await org.associate.get('/api/time/current')).body).toBe('');
    // The deleted running timer freed the slot.
    expect((await org.associate.post('/api/time', { type: 'Unassigned' })).status).toBe(201);
  });

  it("treats another organization's timer as not found", async () => {
    const { id } = await kitFor(other.associate).timer({ label: 'Theirs' });
    expect((await org.admin.patch(`/api/time/${id}`, { label: 'Hijacked' })).status).toBe(404);
    expect((await org.admin.delete(`/api/time/${id}`)).status).toBe(404);
    expect((await org.admin.get('/api/time/paged?filter=Theirs')).body.totalRecords).toBe(0);
    expect((await other.associate.get('/api/time/current')).body).toMatchObject({ id, label: 'Theirs' });
  });

  it("pushes every change to all of the owner's devices, the organization's time admins and managers, and to nobody else", async () => {
    const colleagueClient = await kitFor(org.admin).signedInUser({
      firstName: 'Cal',
      lastName: 'Colleague',
      roles: ['Associate'],
    });
    const [phone, laptop, admin, manager, colleague, stranger] = await Promise.all([
      connect(org.associate),
      connect(org.associate),
      connect(org.admin),
      connect(org.manager),
      connect(colleagueClient),
      connect(other.admin),
    ]);
    const heard = [phone, laptop, admin, manager].map((socket) => nextPush(socket, 'timers.changed'));
    const started = await kitFor(org.associate).timer();
    for (const push of await Promise.all(heard))
      expect(push).toEqual({ userId: org.associate.userId, timerId: started.id });
    // On receipt, the other device's refetch already shows it, and so does the managers' list of who is on the clock.
    expect((await org.associate.get('/api/time/current')).body.id).toBe(started.id);
    expect((await org.manager.get('/api/time/running')).body.map((t: { id: string }) => t.id)).toContain(started.id);
    await new Promise((r) => setTimeout(r, 300));
    expect(colleague.received.filter((r) => r.event.startsWith('timers'))).toEqual([]);
    expect(stranger.received).toEqual([]);
  });

  it("lists who is on the clock for jobs.crud holders: the organization's running timers, longest running first", async () => {
    const before = new Date(Date.now() - 3_600_000).toISOString();
    const admins = await kitFor(org.admin).timer({ label: 'Office', startDateTime: before });
    const associates = await kitFor(org.associate).timer({ mileageStart: 100, label: 'Drive' });
    const theirs = await kitFor(other.associate).timer({ label: 'Theirs' });
    for (const client of [org.manager, org.admin]) {
      const running = await client.get('/api/time/running');
      expect(running.status).toBe(200);
      expect(running.body).toEqual([
        expect.objectContaining({
          id: admins.id,
          userFullName: 'Ada Admin',
          label: 'Office',
          endDateTime: null,
        }),
        expect.objectContaining({ id: associates.id, type: 'Mileage', userId: org.associate.userId }),
      ]);
    }
    // A stopped timer leaves the list; an Associate may not read it.
    await org.admin.patch(`/api/time/${admins.id}`, { endDateTime: new Date().toISOString() });
    expect((await org.manager.get('/api/time/running')).body.map((t: { id: string }) => t.id)).toEqual([associates.id]);
    const refused = await org.associate.get('/api/time/running');
    expect(refused.status).toBe(403);
    expect(refused.body.success).toBe(false);
    await other.associate.patch(`/api/time/${theirs.id}`, { endDateTime: new Date().toISOString() });
  });
});
