import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { DateTime } from 'luxon';
import { GUSTO_HOURS_COLUMNS, QUICKBOOKS_TIMESHEET_COLUMNS } from '../../src/payroll/payroll-files';
import { ApiClient, expectError, startTestApp, TestApp, TestOrganization } from '../support/app';
import { kitFor } from '../support/given';
import { nextPush, openSocket, TestSocket } from '../support/sockets';
import { within } from '../support/time';

const ZONE = 'America/New_York'; // the test organizations'

/**
 * Pay periods over HTTP (issue #30): a week's timesheet added up with overtime, approved (its times locked: an
 * Associate's edit or added time is refused, a manager's needs a reason and is audited), sent back, unapproved, each
 * pushed to the person's and the managers' screens, exported to payroll (Gusto, QuickBooks Online, xlsx), and what
 * changed since the export; the periods each frequency gives; overtime recomputed, in past periods too, when the rule
 * or a time changes; another organization's period is a 404.
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
      const approved = await app.when(
        org.admin,
        'POST',
        `/api/pay-periods/${start}/timesheets/${org.associate.userId}/approve`,
      );
      expect(approved.body).toEqual({ success: true, message: 'Timesheet approved' });
      const periodEnd = DateTime.fromISO(start).plus({ days: 6 }).toISODate();
      expect(approved.events).toEqual([
        {
          type: 'TimesheetApproved',
          streamId: `timesheet-${org.associate.userId}-${start}`,
          data: { organizationId: org.organizationId, userId: org.associate.userId, periodStart: start, periodEnd },
        },
      ]);
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
      const exported = await app.when(org.admin, 'POST', `/api/pay-periods/${start}/exports`, { format: 'gusto' });
      expect(exported.status).toBe(201);
      const id = exported.body.data.id as string;
      // One event, on the export's own stream: the file sent and what it held, each time at its stream's revision.
      expect(exported.events).toEqual([
        {
          type: 'PayrollExported',
          streamId: `payrollExport-${id}`,
          data: expect.objectContaining({
            exportId: id,
            organizationId: org.organizationId,
            format: 'gusto',
            periods: [{ start, end: DateTime.fromISO(start).plus({ days: 6 }).toISODate() }],
            people: [{ userId: org.associate.userId, periodStart: start, fingerprint: expect.any(String) }],
            timers: expect.arrayContaining([expect.objectContaining({ userId: org.associate.userId })]),
          }),
        },
      ]);
      const first = await fetchBytes(org.admin, `/api/payroll-exports/${id}/file`);
      expect(first.type).toMatch(/^text\/csv/);
      const lines = first.bytes.toString('utf8').split('\r\n');
      expect(lines[0]).toBe(GUSTO_HOURS_COLUMNS.join(','));
      expect(lines[1]).toBe('"Associate","Abe",40.00,5.00,0.00');

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
      const changedBy = Date.now();

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
      // When each change was made: between the first change's request and the last one's answer.
      for (const { at } of [days[0].changes[0].by[0], days[1].changes[0].by[0]]) {
        expect(Date.parse(at)).toBeGreaterThanOrEqual(Date.parse(editedAt) - 1000);
        expect(Date.parse(at)).toBeLessThanOrEqual(changedBy + 1000);
      }
      expect(Date.parse(days[0].changes[0].by[0].at)).toBeGreaterThanOrEqual(Date.parse(days[1].changes[0].by[0].at));

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
      const review = (await org.admin.get('/api/time/reviews')).body.people
        .flatMap((p: { reviews: { id: string }[] }) => p.reviews)
        .find((r: { id: string }) => r.id === sent.body.data.reviewId);
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

    it('refuses a date outside the kept pay periods (2000 to 2099) on every route that takes one, in words', async () => {
      const kept = 'Pay periods are kept from Jan 1, 2000 to Dec 31, 2099: choose a date between them';
      const userId = org.associate.userId;
      // 9999-12-31 was a 500; 9999-12-26 (a Sunday) a timesheet approved in the year 9999; 0001-01-01 a 404.
      for (const date of ['9999-12-31', '9999-12-26', '2100-01-01', '1999-12-18', '1800-01-05', '0001-01-01']) {
        expectError(await org.admin.get(`/api/pay-periods?date=${date}`), 400, kept);
        expectError(await org.associate.get(`/api/timesheets/me?date=${date}`), 400, kept);
        expectError(await org.admin.get(`/api/pay-periods/${date}/timesheets/${userId}`), 400, kept);
        expectError(await org.associate.get(`/api/pay-periods/${date}/timesheets/me`), 400, kept);
        expectError(await org.associate.post(`/api/pay-periods/${date}/timesheets/me/submit`), 400, kept);
        for (const decision of ['approve', 'send-back', 'unapprove'])
          expectError(
            await org.admin.post(`/api/pay-periods/${date}/timesheets/${userId}/${decision}`, { reason: 'Why' }),
            400,
            kept,
          );
        expectError(await org.admin.post(`/api/pay-periods/${date}/exports`, { format: 'gusto' }), 400, kept);
      }
      // The first and the last kept day's periods, which reach past them.
      const first = (await org.admin.get('/api/pay-periods?date=2000-01-01')).body;
      expect(first.period).toEqual(expect.objectContaining({ start: '1999-12-26', end: '2000-01-01' }));
      expect((await org.associate.get('/api/pay-periods/1999-12-26/timesheets/me')).status).toBe(200);
      const last = (await org.associate.get('/api/timesheets/me?date=2099-12-31')).body;
      expect(last.period).toEqual(expect.objectContaining({ start: '2099-12-27', end: '2100-01-02' }));
      expect((await org.admin.get(`/api/pay-periods/2099-12-27/timesheets/${userId}`)).status).toBe(200);
      // A text that is no date finds no period, as before.
      expectError(await org.admin.get('/api/pay-periods?date=2026-02-30'), 404, 'The pay period was not found.');
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

  describe('live to the managers (item 7)', () => {
    it('pushes a submit, send-back, approval, an edit of a locked time and an unapprove to the managers’ and the person’s screens, not another organization’s', async () => {
      const week = weekStart(6);
      const start = week.toISODate()!;
      const timerId = await tracked(org.associate, week.plus({ days: 1 }), 8, 8);
      expect((await org.admin.patch('/api/organization/settings', { timesheetSubmission: true })).status).toBe(200);
      const [desk, phone, elsewhere] = [
        await openSocket(app.url, org.admin.cookie, sockets),
        await openSocket(app.url, org.associate.cookie, sockets),
        await openSocket(app.url, other.admin.cookie, sockets),
      ];
      const sheet = `/api/pay-periods/${start}/timesheets/${org.associate.userId}`;
      const changed = { organizationId: org.organizationId, userId: org.associate.userId, periodStart: start };
      /** `act`, and what the manager's and the person's sockets heard of the timesheet. */
      const heard = async (act: () => Promise<unknown>) => {
        const pushes = Promise.all([nextPush(desk, 'timesheets.changed'), nextPush(phone, 'timesheets.changed')]);
        await act();
        return pushes;
      };

      expect(
        await heard(async () =>
          expect((await org.associate.post(`/api/pay-periods/${start}/timesheets/me/submit`)).status).toBe(201),
        ),
      ).toEqual([changed, changed]);
      expect(
        await heard(async () =>
          expect((await org.admin.post(`${sheet}/send-back`, { reason: 'Add Friday' })).status).toBe(201),
        ),
      ).toEqual([changed, changed]);
      expect(await heard(async () => expect((await org.admin.post(`${sheet}/approve`)).status).toBe(201))).toEqual([
        changed,
        changed,
      ]);

      // A manager's edit of a time in the approved period: the time changed (timers.changed), to both.
      const edit = Promise.all([nextPush(desk, 'timers.changed'), nextPush(phone, 'timers.changed')]);
      expect((await org.admin.patch(`/api/time/${timerId}`, { label: 'Yard', reason: 'Was at the yard' })).status).toBe(
        200,
      );
      expect(await edit).toEqual([
        { userId: org.associate.userId, timerId },
        { userId: org.associate.userId, timerId },
      ]);

      expect(
        await heard(async () =>
          expect((await org.admin.post(`${sheet}/unapprove`, { reason: 'Recheck Monday' })).status).toBe(201),
        ),
      ).toEqual([changed, changed]);

      // Another organization's admin heard none of it: a change of theirs, pushed after all of ours, is the first
      // (and only) timesheet or time they hear (one server sends one socket's pushes in order).
      const theirs = nextPush(elsewhere, 'timesheets.changed');
      expect(
        (await other.admin.post(`/api/pay-periods/${start}/timesheets/${other.associate.userId}/approve`)).status,
      ).toBe(201);
      expect(await theirs).toEqual({
        organizationId: other.organizationId,
        userId: other.associate.userId,
        periodStart: start,
      });
      expect(
        elsewhere.received.filter((r) => r.event === 'timesheets.changed' || r.event === 'timers.changed'),
      ).toEqual([{ event: 'timesheets.changed', payload: await theirs }]);
    });
  });

  describe('payroll files over HTTP (item 5)', () => {
    it('exports QuickBooks Online and xlsx files of an approved week, listed on the period and downloaded as sent', async () => {
      const week = weekStart(7);
      const start = week.toISODate()!;
      // Monday to Friday from 8:00: 9:30, 9:00, 9:00, 9:00 and 8:45 (45.25 hours, 5.25 of them over 40).
      const hours = [9.5, 9, 9, 9, 8.75];
      for (const [i, h] of hours.entries()) await tracked(org.associate, week.plus({ days: i + 1 }), 8, h);
      expect(
        (await org.admin.post(`/api/pay-periods/${start}/timesheets/${org.associate.userId}/approve`)).status,
      ).toBe(201);
      const sheet = await sheetOf(org.admin, start, org.associate.userId);
      expect(sheet).toMatchObject({ regularHours: 40, overtimeHours: 5.25, doubleTimeHours: 0, totalHours: 45.25 });

      const exported: Record<'quickbooks' | 'xlsx', { id: string; before: number; after: number }> = {} as never;
      for (const format of ['quickbooks', 'xlsx'] as const) {
        const before = Date.now();
        const response = await org.admin.post(`/api/pay-periods/${start}/exports`, { format });
        expect(response.status).toBe(201);
        exported[format] = { id: response.body.data.id, before, after: Date.now() };
      }

      // QuickBooks Online: its header, then one row per tracked time (the person, the day, H:MM, the wall clock).
      const quickbooks = await fetchBytes(org.admin, `/api/payroll-exports/${exported.quickbooks.id}/file`);
      expect(quickbooks.type).toMatch(/^text\/csv/);
      const lines = quickbooks.bytes.toString('utf8').split('\r\n');
      expect(lines[0]).toBe(QUICKBOOKS_TIMESHEET_COLUMNS.join(','));
      expect(lines.slice(1)).toEqual([
        ...hours.map((h, i) => {
          const day = week.plus({ days: i + 1 });
          const date = day.toISODate();
          const end = day.set({ hour: 8 }).plus({ hours: h }).toFormat("HH:mm':00'");
          const duration = `${Math.floor(h)}:${String((h % 1) * 60).padStart(2, '0')}`;
          return `,${date},Employee,"Abe Associate","",,,,NotBillable,False,,${duration},0:00,${date}T08:00:00,${date}T${end},"Unassigned"`;
        }),
        '',
      ]);
      expect(lines[1]).toContain(',9:30,');
      expect(lines[5]).toContain(',8:45,');

      // The workbook, read back: its Summary's row of the person holds the hours the sheet shows.
      const xlsx = await fetchBytes(org.admin, `/api/payroll-exports/${exported.xlsx.id}/file`);
      expect(xlsx.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
      const summary = workbook.getWorksheet('Summary')!;
      const header = (summary.getRow(1).values as unknown[]).slice(1);
      const row = (summary.getRow(2).values as unknown[]).slice(1);
      const cell = (name: string) => row[header.indexOf(name)];
      expect(summary.actualRowCount).toBe(2);
      expect(cell('Employee')).toBe('Abe Associate');
      expect(cell('Regular hours')).toBe(sheet.regularHours);
      expect(cell('Overtime hours')).toBe(sheet.overtimeHours);
      expect(cell('Double time hours')).toBe(sheet.doubleTimeHours);
      expect(cell('Total hours')).toBe(sheet.totalHours);
      expect(workbook.getWorksheet('Tracked times')!.actualRowCount).toBe(1 + hours.length);

      // Each is listed on the period: who, when, at which log position (an opaque token of the organization's).
      const screen = (await org.admin.get(`/api/pay-periods?date=${start}`)).body;
      expect(screen.exports).toHaveLength(2);
      const listed = (format: 'quickbooks' | 'xlsx') => {
        const view = screen.exports.find((e: { id: string }) => e.id === exported[format].id);
        expect(view).toMatchObject({
          format,
          periods: [start],
          userIds: [org.associate.userId],
          byFullName: 'Ada Admin',
          changedSince: false,
        });
        expect(Date.parse(view.at)).toBeGreaterThanOrEqual(exported[format].before - 1000);
        expect(Date.parse(view.at)).toBeLessThanOrEqual(exported[format].after + 1000);
        const position = app.positionOf(org.organizationId, view.position);
        expect(position).toEqual(expect.any(Number));
        return position!;
      };
      // The second export read the log after the first had been recorded.
      expect(listed('xlsx')).toBeGreaterThan(listed('quickbooks'));

      // A download again is the same bytes.
      for (const [format, first] of [
        ['quickbooks', quickbooks],
        ['xlsx', xlsx],
      ] as const) {
        const again = await fetchBytes(org.admin, `/api/payroll-exports/${exported[format].id}/file`);
        expect(again.bytes.equals(first.bytes)).toBe(true);
      }
    });
  });

  describe('periods by the organization’s settings (item 1)', () => {
    let periods: TestOrganization;
    beforeAll(async () => {
      periods = await app.organization('Periods');
    }, within(60_000));

    const periodOf = async (date: string) => {
      const screen = await periods.admin.get(`/api/pay-periods?date=${date}`);
      expect(screen.status).toBe(200);
      return { start: screen.body.period.start, end: screen.body.period.end, next: screen.body.next };
    };
    const settings = async (changes: object) =>
      expect((await periods.admin.patch('/api/organization/settings', changes)).status).toBe(200);

    it('weekly from the week’s first day, twice a month, monthly, and every two weeks from the anchor (before it too)', async () => {
      // Weekly from Sunday by default; from Monday once the week starts then.
      expect(await periodOf('2026-03-04')).toEqual({ start: '2026-03-01', end: '2026-03-07', next: '2026-03-08' });
      await settings({ weekStartsOn: 1 });
      expect(await periodOf('2026-03-04')).toEqual({ start: '2026-03-02', end: '2026-03-08', next: '2026-03-09' });

      await settings({ payPeriodFrequency: 'semimonthly' });
      expect(await periodOf('2026-03-15')).toEqual({ start: '2026-03-01', end: '2026-03-15', next: '2026-03-16' });
      expect(await periodOf('2026-03-16')).toEqual({ start: '2026-03-16', end: '2026-03-31', next: '2026-04-01' });
      expect(await periodOf('2026-02-20')).toEqual({ start: '2026-02-16', end: '2026-02-28', next: '2026-03-01' });
      expect(await periodOf('2028-02-29')).toEqual({ start: '2028-02-16', end: '2028-02-29', next: '2028-03-01' });
      // A person's sheet has the period's days.
      expect((await periods.associate.get('/api/timesheets/me?date=2026-02-20')).body.days).toHaveLength(13);

      await settings({ payPeriodFrequency: 'monthly' });
      expect(await periodOf('2026-04-10')).toEqual({ start: '2026-04-01', end: '2026-04-30', next: '2026-05-01' });
      expect(await periodOf('2026-12-31')).toEqual({ start: '2026-12-01', end: '2026-12-31', next: '2027-01-01' });

      await settings({ payPeriodFrequency: 'biweekly', payPeriodAnchorDate: '2026-01-08' });
      expect(await periodOf('2026-01-08')).toEqual({ start: '2026-01-08', end: '2026-01-21', next: '2026-01-22' });
      expect(await periodOf('2026-01-21')).toEqual({ start: '2026-01-08', end: '2026-01-21', next: '2026-01-22' });
      // Across the change to daylight saving time (Mar 8): still 14 days.
      expect(await periodOf('2026-03-10')).toEqual({ start: '2026-03-05', end: '2026-03-18', next: '2026-03-19' });
      // Before the anchor: blocks of 14 days counted back from it.
      expect(await periodOf('2026-01-07')).toEqual({ start: '2025-12-25', end: '2026-01-07', next: '2026-01-08' });
      expect(await periodOf('2025-12-01')).toEqual({ start: '2025-11-27', end: '2025-12-10', next: '2025-12-11' });
      const biweekly = (await periods.associate.get('/api/timesheets/me?date=2026-03-10')).body;
      expect(biweekly.period).toMatchObject({ start: '2026-03-05', end: '2026-03-18' });
      expect(biweekly.days).toHaveLength(14);
      // A day that starts no period is no period to approve.
      expectError(
        await periods.admin.post(`/api/pay-periods/2026-03-06/timesheets/${periods.associate.userId}/approve`),
        404,
      );
    });
  });

  describe('recomputed when a rule or a time changes, past periods too (item 4)', () => {
    let crew: TestOrganization;
    beforeAll(async () => {
      crew = await app.organization('Overtime');
    }, within(60_000));

    it('shows a past period’s overtime by the rule chosen now, and a time edited there in its totals', async () => {
      const week = weekStart(8);
      const start = week.toISODate()!;
      // Monday 13 hours (7:00–20:00), Tuesday 6 hours (8:00–14:00): 19 hours, none over 40.
      await tracked(crew.associate, week.plus({ days: 1 }), 7, 13);
      const tuesday = await tracked(crew.associate, week.plus({ days: 2 }), 8, 6);
      const hoursOf = async () => {
        const sheet = await sheetOf(crew.admin, start, crew.associate.userId);
        const row = (await crew.admin.get(`/api/pay-periods?date=${start}`)).body.rows.find(
          (r: { userId: string }) => r.userId === crew.associate.userId,
        );
        const split = ({ regularHours, overtimeHours, doubleTimeHours, totalHours }: Record<string, number>) => ({
          regularHours,
          overtimeHours,
          doubleTimeHours,
          totalHours,
        });
        // The period screen's row says what the sheet says.
        expect(split(row)).toEqual(split(sheet));
        return {
          rule: sheet.overtimeRule,
          ...split(sheet),
          monday: split(sheet.days[1]),
          tuesday: split(sheet.days[2]),
        };
      };
      const hours = (regularHours: number, overtimeHours: number, doubleTimeHours: number) => ({
        regularHours,
        overtimeHours,
        doubleTimeHours,
        totalHours: regularHours + overtimeHours + doubleTimeHours,
      });

      expect(await hoursOf()).toEqual({
        rule: 'weekly40',
        ...hours(19, 0, 0),
        monday: hours(13, 0, 0),
        tuesday: hours(6, 0, 0),
      });
      expect((await crew.admin.patch('/api/organization/settings', { overtimeRule: 'california' })).status).toBe(200);
      // California: Monday's hours over 8 at 1.5×, over 12 at 2×.
      expect(await hoursOf()).toEqual({
        rule: 'california',
        ...hours(14, 4, 1),
        monday: hours(8, 4, 1),
        tuesday: hours(6, 0, 0),
      });

      // Tuesday edited to 10 hours in that past (open) period: its 2 hours over 8 count at once.
      const end = week.plus({ days: 2 }).set({ hour: 18 }).toUTC().toISO();
      expect((await crew.admin.patch(`/api/time/${tuesday}`, { endDateTime: end })).status).toBe(200);
      expect(await hoursOf()).toEqual({
        rule: 'california',
        ...hours(16, 6, 1),
        monday: hours(8, 4, 1),
        tuesday: hours(8, 2, 0),
      });

      expect((await crew.admin.patch('/api/organization/settings', { overtimeRule: 'none' })).status).toBe(200);
      expect(await hoursOf()).toEqual({
        rule: 'none',
        ...hours(23, 0, 0),
        monday: hours(13, 0, 0),
        tuesday: hours(10, 0, 0),
      });
    });
  });

  describe('time added into an approved period', () => {
    it('needs a manager’s reason, which the audit log and the History show; an Associate is refused', async () => {
      const week = weekStart(9);
      const start = week.toISODate()!;
      const { id: jobId } = await kitFor(org.manager).job({ name: 'Gutter cleaning', userIds: [org.associate.userId] });
      expect(
        (await org.admin.post(`/api/pay-periods/${start}/timesheets/${org.associate.userId}/approve`)).status,
      ).toBe(201);
      const { label } = (await org.admin.get(`/api/pay-periods?date=${start}`)).body.period;
      const tuesday = week.plus({ days: 2 }).set({ hour: 9 });
      const added = (extra: object = {}) => ({
        userId: org.associate.userId,
        jobId,
        startDateTime: tuesday.toUTC().toISO(),
        endDateTime: tuesday.plus({ hours: 3 }).toUTC().toISO(),
        ...extra,
      });

      expectError(
        await org.admin.post('/api/time/for-person', added()),
        400,
        `This time is in Abe Associate's approved timesheet (${label}): give a reason to edit approved time`,
      );
      // A Customer Manager schedules (jobs.crud) but does not approve time (users.crud): locked to them.
      expectError(
        await org.manager.post('/api/time/for-person', added({ reason: 'Forgot to clock in' })),
        409,
        `This time is in an approved timesheet (${label}) and is locked. Ask a manager to change it.`,
      );
      // The Associate cannot put a time there themselves either.
      expectError(
        await org.associate.post('/api/time', { type: 'Unassigned', startDateTime: tuesday.toUTC().toISO() }),
        409,
        `This time is in an approved timesheet (${label}) and is locked. Ask a manager to change it.`,
      );
      expect((await sheetOf(org.admin, start, org.associate.userId)).totalHours).toBe(0);

      const response = await org.admin.post('/api/time/for-person', added({ reason: 'Forgot to clock in' }));
      expect(response.status).toBe(201);
      const timerId = response.body.data.id as string;
      expect(await sheetOf(org.admin, start, org.associate.userId)).toMatchObject({ state: 'approved', totalHours: 3 });

      const what = 'Tracked time added for Abe Associate by Ada Admin (Edit approved time: Forgot to clock in)';
      const log = (await org.admin.get('/api/audit?recordType=timer&pageSize=50')).body.resultItems;
      expect(log.find((e: { record: { id: string } }) => e.record.id === timerId)).toMatchObject({
        who: 'Ada Admin',
        what,
      });
      const history = (await org.admin.get(`/api/time/${timerId}/history`)).body;
      expect(JSON.stringify(history)).toContain(JSON.stringify(what));
      const jobHistory = (await org.admin.get(`/api/jobs/${jobId}/history`)).body;
      expect(jobHistory.map((e: { what: string }) => e.what)).toContain(what);
    });
  });
});

/** A download's bytes and content type. */
/** An export's file: exactly its bytes, as an attachment that a browser never runs as a page nor keeps. */
async function fetchBytes(client: ApiClient, path: string) {
  const response = await fetch(`${client.baseUrl}${path}`, { headers: { cookie: client.cookie } });
  expect(response.status).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(Object.fromEntries(response.headers)).toMatchObject({
    'content-length': String(bytes.length),
    'content-disposition': expect.stringMatching(/^attachment; filename="[^"]+"; filename\*=UTF-8''/),
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'cache-control': 'private, no-store',
  });
  return { type: response.headers.get('content-type') ?? '', bytes };
}
