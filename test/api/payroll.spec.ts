import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { GUSTO_HOURS_COLUMNS } from '../../src/payroll/payroll-files';
import { ApiClient, expectError, startTestApp, TestApp, TestOrganization } from '../support/app';
import { nextPush, openSocket, TestSocket } from '../support/sockets';
import { within } from '../support/time';

const ZONE = 'America/New_York'; // the test organizations'

/**
 * Pay periods over HTTP (issue #30): a week's timesheet added up with overtime, approved (its times locked: an
 * Associate's edit is refused, a manager's needs a reason and is audited), sent back, unapproved, exported to
 * payroll, and what changed since the export; another organization's period is a 404.
 */
describe('pay periods and payroll', () => {
  let app: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    app = await startTestApp();
    [org, other] = [await app.organization('Payroll'), await app.organization('Other')];
  }, within(60_000));
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(async () => {
    await app?.stop();
  });

  /** The Sunday starting the week `weeksAgo` weeks before this one (weekly periods start on Sunday by default). */
  const weekStart = (weeksAgo: number) => {
    const today = DateTime.now().setZone(ZONE).startOf('day');
    return today.minus({ days: today.weekday % 7, weeks: weeksAgo });
  };
  /** A stopped tracked time of `client`'s on `day` from `from` for `hours` (the organization's zone). */
  const tracked = async (client: ApiClient, day: DateTime, from: number, hours: number) => {
    const start = day.set({ hour: from });
    const started = await client.post('/api/time', { type: 'Unassigned', startDateTime: start.toUTC().toISO() });
    expect(started.status).toBe(201);
    const stopped = await client.patch(`/api/time/${started.body.data.id}`, {
      endDateTime: start.plus({ hours }).toUTC().toISO(),
    });
    expect(stopped.status).toBe(200);
    return started.body.data.id as string;
  };
  const sheetOf = async (client: ApiClient, start: string, userId: string) =>
    (await client.get(`/api/pay-periods/${start}/timesheets/${userId}`)).body;

  describe('a 45-hour week', () => {
    let start: string;
    let times: string[];

    beforeAll(async () => {
      const week = weekStart(2);
      start = week.toISODate()!;
      // Monday to Friday, 9 hours a day (8:00–17:00).
      times = [];
      for (let day = 1; day <= 5; day++) times.push(await tracked(org.associate, week.plus({ days: day }), 8, 9));
    }, within(60_000));

    it('adds the week up with 5 hours of overtime over 40, on the Friday', async () => {
      const screen = (await org.admin.get(`/api/pay-periods?date=${start}`)).body;
      expect(screen.period).toEqual({
        start,
        end: DateTime.fromISO(start).plus({ days: 6 }).toISODate(),
        label: expect.stringMatching(/ – /),
      });
      expect(screen.overtimeRule).toBe('weekly40');
      const row = screen.rows.find((r: { userId: string }) => r.userId === org.associate.userId);
      expect(row).toEqual({
        userId: org.associate.userId,
        userFullName: 'Abe Associate',
        state: 'open',
        regularHours: 40,
        overtimeHours: 5,
        doubleTimeHours: 0,
        totalHours: 45,
        mileage: 0,
        changedSinceExport: false,
      });
      const sheet = await sheetOf(org.admin, start, org.associate.userId);
      expect(sheet.days).toHaveLength(7);
      expect(sheet.days[5]).toMatchObject({ regularHours: 4, overtimeHours: 5, totalHours: 9 });
      expect(sheet.days[5].entries).toHaveLength(1);
      // The person sees their own sheet; another Associate's is not theirs to see.
      expect((await org.associate.get(`/api/timesheets/me?date=${start}`)).body.totalHours).toBe(45);
    });

    it('refuses an Associate the managers’ routes (403) and another organization’s period (404)', async () => {
      expectError(await org.associate.get(`/api/pay-periods?date=${start}`), 403);
      expectError(
        await org.associate.post(`/api/pay-periods/${start}/timesheets/${org.associate.userId}/approve`),
        403,
      );
      expectError(await org.associate.get(`/api/pay-periods/${start}/timesheets/${org.admin.userId}`), 403);
      expectError(await other.admin.get(`/api/pay-periods/${start}/timesheets/${org.associate.userId}`), 404);
      expectError(await other.admin.post(`/api/pay-periods/${start}/timesheets/${org.associate.userId}/approve`), 404);
      // A day that starts no period is no period.
      const monday = DateTime.fromISO(start).plus({ days: 1 }).toISODate();
      expectError(await org.admin.post(`/api/pay-periods/${monday}/timesheets/${org.associate.userId}/approve`), 404);
    });

    it('approves: the person’s screens hear it, and the times are locked', async () => {
      const phone = await openSocket(app.url, org.associate.cookie, sockets);
      const pushed = nextPush(phone, 'timesheets.changed');
      const approved = await org.admin.post(`/api/pay-periods/${start}/timesheets/${org.associate.userId}/approve`);
      expect(approved.body).toEqual({ success: true, message: 'Timesheet approved' });
      expect(await pushed).toEqual({
        organizationId: org.organizationId,
        userId: org.associate.userId,
        periodStart: start,
      });
      expect((await sheetOf(org.associate, start, org.associate.userId)).state).toBe('approved');

      // An Associate's edit and delete are refused with words; nothing changes.
      expectError(
        await org.associate.patch(`/api/time/${times[0]}`, { label: 'Changed' }),
        409,
        /^This time is in an approved timesheet \(.+\) and is locked\. Ask a manager to change it\.$/,
      );
      expectError(await org.associate.request('DELETE', `/api/time/${times[0]}`), 409, /is locked/);
      const mine = (await org.associate.get('/api/time/user/paged')).body.resultItems;
      expect(mine.find((t: { id: string }) => t.id === times[0])).toMatchObject({
        label: null,
        approvedTimesheet: expect.stringMatching(/ – /),
      });

      // A manager's needs a reason ("Edit approved time"), and the audit log says so.
      expectError(
        await org.admin.patch(`/api/time/${times[0]}`, { label: 'Changed' }),
        400,
        /^This time is in Abe Associate's approved timesheet \(.+\): give a reason to edit approved time$/,
      );
      const edited = await org.admin.patch(`/api/time/${times[0]}`, { label: 'Site B', reason: 'Was at site B' });
      expect(edited.status).toBe(200);
      const audit = (await org.admin.get(`/api/time/${times[0]}/history`)).body;
      expect(JSON.stringify(audit)).toContain('Tracked time changed (Edit approved time: Was at site B)');
    });

    it('exports the approved week; what changed since shows exactly the edited and the deleted time', async () => {
      const exported = await org.admin.post(`/api/pay-periods/${start}/exports`, { format: 'gusto' });
      expect(exported.status).toBe(201);
      const id = exported.body.data.id as string;
      const first = await fetchBytes(org.admin, `/api/payroll-exports/${id}/file`);
      expect(first.type).toMatch(/^text\/csv/);
      const lines = first.bytes.toString('utf8').split('\r\n');
      expect(lines[0]).toBe(GUSTO_HOURS_COLUMNS.join(','));
      expect(lines[1]).toBe('Associate,Abe,40.00,5.00,0.00');

      let screen = (await org.admin.get(`/api/pay-periods?date=${start}`)).body;
      expect(screen.exports).toEqual([
        expect.objectContaining({ id, format: 'gusto', byFullName: 'Ada Admin', changedSince: false }),
      ]);

      // A manager edits one time (an hour longer) and deletes another, with reasons.
      const editedAt = new Date().toISOString();
      const friday = DateTime.fromISO(start, { zone: ZONE }).plus({ days: 5 }).set({ hour: 18 });
      expect(
        (await org.admin.patch(`/api/time/${times[4]}`, { endDateTime: friday.toUTC().toISO(), reason: 'Stayed late' }))
          .status,
      ).toBe(200);
      expect((await org.admin.request('DELETE', `/api/time/${times[3]}`, { reason: 'Day off' })).status).toBe(200);

      screen = (await org.admin.get(`/api/pay-periods?date=${start}`)).body;
      expect(screen.exports[0].changedSince).toBe(true);
      expect(screen.rows.find((r: { userId: string }) => r.userId === org.associate.userId).changedSinceExport).toBe(
        true,
      );
      const changes = (await org.admin.get(`/api/payroll-exports/${id}/changes`)).body;
      expect(changes.people).toHaveLength(1);
      const days = changes.people[0].days;
      expect(days.map((d: { date: string }) => d.date)).toEqual([
        DateTime.fromISO(start).plus({ days: 4 }).toISODate(),
        DateTime.fromISO(start).plus({ days: 5 }).toISODate(),
      ]);
      expect(days[0]).toMatchObject({ hoursThen: 9, hoursNow: 0 });
      expect(days[0].changes).toEqual([
        expect.objectContaining({
          timerId: times[3],
          change: 'deleted',
          by: [expect.objectContaining({ fullName: 'Ada Admin', what: 'Tracked time deleted', reason: 'Day off' })],
        }),
      ]);
      expect(days[1]).toMatchObject({ hoursThen: 9, hoursNow: 10 });
      expect(days[1].changes).toEqual([
        expect.objectContaining({
          timerId: times[4],
          change: 'edited',
          by: [expect.objectContaining({ fullName: 'Ada Admin', what: 'Changed: End', reason: 'Stayed late' })],
        }),
      ]);
      expect(Date.parse(days[1].changes[0].by[0].at)).toBeGreaterThanOrEqual(Date.parse(editedAt) - 1000);

      // The download is still exactly what was first sent.
      const again = await fetchBytes(org.admin, `/api/payroll-exports/${id}/file`);
      expect(again.bytes.equals(first.bytes)).toBe(true);
      expectError(await other.admin.get(`/api/payroll-exports/${id}/file`), 404);
      expectError(await other.admin.get(`/api/payroll-exports/${id}/changes`), 404);
      expectError(await org.associate.get(`/api/payroll-exports/${id}/changes`), 403);
    });

    it('unapproves with a reason: the times open again', async () => {
      expectError(
        await org.admin.post(`/api/pay-periods/${start}/timesheets/${org.associate.userId}/unapprove`, {}),
        400,
        'Give a reason to unapprove this timesheet',
      );
      const unapproved = await org.admin.post(
        `/api/pay-periods/${start}/timesheets/${org.associate.userId}/unapprove`,
        {
          reason: 'Hours to fix',
        },
      );
      expect(unapproved.body).toEqual({ success: true, message: 'Timesheet unapproved' });
      const sheet = await sheetOf(org.associate, start, org.associate.userId);
      expect(sheet).toMatchObject({
        state: 'open',
        lastNote: { kind: 'unapproved', byFullName: 'Ada Admin', reason: 'Hours to fix' },
      });
      expect((await org.associate.patch(`/api/time/${times[0]}`, { label: 'Site C' })).status).toBe(200);
    });
  });

  it('counts a shift across midnight on each day for its part, and a mileage timer’s miles on its first day', async () => {
    const week = weekStart(4);
    const start = week.toISODate()!;
    // Tuesday 22:00 to Wednesday 06:00.
    await tracked(org.manager, week.plus({ days: 2 }), 22, 8);
    const drive = await org.manager.post('/api/time', {
      type: 'Mileage',
      mileageStart: 1200,
      startDateTime: week.plus({ days: 4 }).set({ hour: 9 }).toUTC().toISO(),
    });
    await org.manager.patch(`/api/time/${drive.body.data.id}`, {
      endDateTime: week.plus({ days: 4 }).set({ hour: 10 }).toUTC().toISO(),
      mileageEnd: 1242.5,
    });
    const sheet = await sheetOf(org.admin, start, org.manager.userId);
    expect(sheet.days.map((d: { totalHours: number }) => d.totalHours)).toEqual([0, 0, 2, 6, 1, 0, 0]);
    expect(sheet.days[2].entries[0]).toMatchObject({ hours: 2, mileage: 0 });
    expect(sheet.days[3].entries[0]).toMatchObject({ hours: 6, timerId: sheet.days[2].entries[0].timerId });
    expect(sheet).toMatchObject({ totalHours: 9, regularHours: 9, overtimeHours: 0, mileage: 42.5 });
    expect(sheet.days[4]).toMatchObject({ mileage: 42.5 });
  });

  describe('what a phone sent later', () => {
    it('is not let through a review into a timesheet approved meanwhile, nor started in one', async () => {
      const device = new Date(Date.now() - 14 * 3_600_000).toISOString();
      const later = { 'x-command-id': randomUUID(), 'x-device-time': device };
      const sent = await org.associate.request('POST', '/api/time', { type: 'Unassigned', label: 'Late' }, later);
      expect(sent.status).toBe(202);
      const day = DateTime.fromISO(device).setZone(ZONE).toISODate();
      const { start, end } = (await org.admin.get(`/api/pay-periods?date=${day}`)).body.period;
      const approve = `/api/pay-periods/${start}/timesheets/${org.associate.userId}`;
      expect((await org.admin.post(`${approve}/approve`)).status).toBe(201);
      const review = (await org.admin.get('/api/time/reviews')).body.find(
        (r: { id: string }) => r.id === sent.body.data.reviewId,
      );
      expectError(
        await org.admin.post(`/api/time/reviews/${review.id}/approve`),
        409,
        /^This time is in an approved timesheet \(.+\), so it cannot be approved as it is\./,
      );
      // A start sent later within the clock limit, into the approved week, is refused at once.
      const recent = new Date(Date.now() - 60_000).toISOString();
      if (DateTime.fromISO(recent).setZone(ZONE).toISODate()! <= end)
        expectError(
          await org.associate.request(
            'POST',
            '/api/time',
            { type: 'Unassigned' },
            {
              'x-command-id': randomUUID(),
              'x-device-time': recent,
            },
          ),
          409,
          /is locked/,
        );
      await org.admin.post(`/api/time/reviews/${review.id}/decline`);
      await org.admin.post(`${approve}/unapprove`, { reason: 'Test done' });
    });
  });

  describe('submit and send back', () => {
    it('asks the organization to turn submission on; a submitted sheet is sent back with a reason', async () => {
      const start = weekStart(3).toISODate()!;
      expectError(
        await org.associate.post(`/api/pay-periods/${start}/timesheets/me/submit`),
        403,
        'Your organization does not ask for timesheets to be submitted',
      );
      expect((await org.admin.patch('/api/organization/settings', { timesheetSubmission: true })).status).toBe(200);
      expect((await sheetOf(org.associate, start, 'me')).canSubmit).toBe(true);
      expect((await org.associate.post(`/api/pay-periods/${start}/timesheets/me/submit`)).body).toEqual({
        success: true,
        message: 'Timesheet submitted',
      });
      expectError(await org.associate.post(`/api/pay-periods/${start}/timesheets/me/submit`), 409);
      const sendBack = `/api/pay-periods/${start}/timesheets/${org.associate.userId}/send-back`;
      expectError(await org.admin.post(sendBack, { reason: '  ' }), 400, 'Give a reason to send this timesheet back');
      expectError(await org.admin.post(sendBack, { reason: 'x'.repeat(501) }), 400);
      expect((await org.admin.post(sendBack, { reason: 'Missing Friday' })).body.message).toBe('Timesheet sent back');
      expect(await sheetOf(org.associate, start, 'me')).toMatchObject({
        state: 'open',
        canSubmit: true,
        lastNote: { kind: 'sentBack', reason: 'Missing Friday', byFullName: 'Ada Admin' },
      });
      // The audit log names the timesheet and the reason.
      const audit = (await org.admin.get('/api/audit?recordType=timesheet')).body;
      expect(JSON.stringify(audit)).toContain('Timesheet sent back: Missing Friday');
    });

    it('refuses bad settings with words', async () => {
      expectError(await org.admin.patch('/api/organization/settings', { payPeriodFrequency: 'daily' }), 400);
      expectError(
        await org.admin.patch('/api/organization/settings', { payPeriodAnchorDate: '2026-02-30' }),
        400,
        'The first day of a two-week pay period must be a date (YYYY-MM-DD)',
      );
      expectError(await org.admin.patch('/api/organization/settings', { weekStartsOn: 9 }), 400);
      expectError(await org.admin.patch('/api/organization/settings', { overtimeRule: null }), 400);
    });

    it('refuses to export a period with nothing approved', async () => {
      const start = weekStart(5).toISODate()!;
      expectError(
        await org.admin.post(`/api/pay-periods/${start}/exports`, { format: 'xlsx' }),
        409,
        /^No timesheet of .+ is approved yet/,
      );
      expectError(await org.admin.post(`/api/pay-periods/${start}/exports`, { format: 'csv' }), 400);
    });
  });
});

/** A download's bytes and content type. */
async function fetchBytes(client: ApiClient, path: string) {
  const response = await fetch(`${client.baseUrl}${path}`, { headers: { cookie: client.cookie } });
  expect(response.status).toBe(200);
  return { type: response.headers.get('content-type') ?? '', bytes: Buffer.from(await response.arrayBuffer()) };
}
