import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { COMMAND_ID_HEADER, DEVICE_TIME_HEADER } from '../../src/shared/offline';
import { ApiClient, expectError, startTestApp, TestApp, TestOrganization } from '../support/app';
import { kitFor } from '../support/given';
import { within } from '../support/time';

const ZONE = 'America/New_York'; // the test organizations'
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * A tracked time is bounded on every path (issue #44 item 1): it starts and ends from 2000 on, never later than now
 * for a change made online, at most 7 days long; and an approved timesheet is locked against a time overlapping it
 * anywhere, not only at its ends (item 2). On the code before (6da9949) every refusal here was a 2xx.
 */
describe('the bounds of a tracked time', () => {
  let app: TestApp;
  let org: TestOrganization;

  beforeAll(async () => {
    app = await startTestApp();
    org = await app.organization('Bounds');
  }, within(60_000));
  afterEach(async () => {
    const current = await org.associate.get('/api/time/current');
    if (current.body?.id)
      await org.associate.patch(`/api/time/${current.body.id}`, { endDateTime: new Date().toISOString() });
  });
  afterAll(async () => {
    await app?.stop();
  });

  const iso = (ms: number) => new Date(ms).toISOString();
  const sentLater = (client: ApiClient, method: string, path: string, body: unknown, deviceTime: string) =>
    client.request(method, path, body, { [COMMAND_ID_HEADER]: randomUUID(), [DEVICE_TIME_HEADER]: deviceTime });
  const startedAt = async (startDateTime: string) => {
    const started = await org.associate.post('/api/time', { type: 'Unassigned', startDateTime });
    expect(started.status).toBe(201);
    return started.body.data.id as string;
  };

  it.each([
    ['1800-01-01T00:00:00Z', 'The start must be in 2000 or later'],
    ['1970-01-01T00:00:00Z', 'The start must be in 2000 or later'],
    ['0001-01-01T00:00:00Z', 'The start must be in 2000 or later'],
    ['2099-06-01T00:00:00Z', 'The start cannot be in the future'],
    ['+275760-09-13T00:00:00Z', 'The start cannot be in the future'],
  ])('refuses a start at %s made online, in words', async (startDateTime, message) => {
    expectError(await org.associate.post('/api/time', { type: 'Unassigned', startDateTime }), 400, message);
    expect((await org.associate.get('/api/time/current')).body).toBe('');
  });

  it.each([
    ['2030-01-01T00:00:00Z', 'The end cannot be in the future'],
    ['2100-01-01T00:00:00Z', 'The end cannot be in the future'],
    ['+275760-09-13T00:00:00Z', 'The end cannot be in the future'],
  ])('refuses a stop at %s made online; the timer keeps running', async (endDateTime, message) => {
    const id = await startedAt(iso(Date.now() - HOUR));
    expectError(await org.associate.patch(`/api/time/${id}`, { endDateTime }), 400, message);
    expect((await org.associate.get('/api/time/current')).body).toMatchObject({ id, endDateTime: null });
  });

  it('stops a time of 7 days, and refuses 8 with what to do; an edit to 1800 is refused', async () => {
    const week = await startedAt(iso(Date.now() - 7 * DAY + HOUR));
    expect((await org.associate.patch(`/api/time/${week}`, { endDateTime: iso(Date.now()) })).status).toBe(200);
    const eight = await startedAt(iso(Date.now() - 8 * DAY));
    expectError(
      await org.associate.patch(`/api/time/${eight}`, { endDateTime: iso(Date.now()) }),
      400,
      'A tracked time can be at most 7 days long: set its end to when the work ended',
    );
    expect((await org.associate.patch(`/api/time/${eight}`, { endDateTime: iso(Date.now() - 7 * DAY) })).status).toBe(
      200,
    );
    expectError(
      await org.associate.patch(`/api/time/${week}`, { startDateTime: '1800-01-01T00:00:00Z' }),
      400,
      'The start must be in 2000 or later',
    );
  });

  it("refuses a manager's added time from 1800 or of years", async () => {
    const { id: jobId } = await kitFor(org.manager).job({
      name: 'Bounds job',
      startDateTime: iso(Date.now() - 2 * DAY),
      endDateTime: iso(Date.now() - 2 * DAY + HOUR),
      userIds: [org.associate.userId],
    });
    const addFor = (startDateTime: string, endDateTime: string) =>
      org.manager.post('/api/time/for-person', { userId: org.associate.userId, jobId, startDateTime, endDateTime });
    expectError(await addFor('1800-01-01T00:00:00Z', iso(Date.now())), 400, 'The start must be in 2000 or later');
    expectError(
      await addFor('2001-01-01T00:00:00Z', iso(Date.now())),
      400,
      'A tracked time can be at most 7 days long: set its end to when the work ended',
    );
  });

  it('refuses what a phone sent later from 1999 or from a clock months ahead, instead of a review', async () => {
    const now = Date.now();
    expectError(
      await sentLater(org.associate, 'POST', '/api/time', { type: 'Unassigned' }, '1999-06-01T00:00:00Z'),
      400,
      'The start must be in 2000 or later',
    );
    expectError(
      await sentLater(org.associate, 'POST', '/api/time', { type: 'Unassigned' }, iso(now + 60 * DAY)),
      400,
      'The start cannot be in the future',
    );
    // A clock a few hours ahead still goes to a manager's review, as before.
    const review = await sentLater(org.associate, 'POST', '/api/time', { type: 'Unassigned' }, iso(now + 3 * HOUR));
    expect(review.status).toBe(202);
    await org.manager.post(`/api/time/reviews/${review.body.data.reviewId}/decline`);
  });

  it('locks an approved week against a time that starts before it and ends after it (#44 item 2)', async () => {
    // An approved week (Sunday to Saturday) ten weeks back, more than 62 days: the old check looked only at the ends.
    const today = DateTime.now().setZone(ZONE).startOf('day');
    const sunday = today.minus({ days: today.weekday % 7, weeks: 10 });
    const period = sunday.toISODate()!;
    const approved = await org.admin.post(`/api/pay-periods/${period}/timesheets/${org.associate.userId}/approve`);
    expect(approved.status).toBe(201);
    const sheet = async () =>
      (await org.admin.get(`/api/pay-periods/${period}/timesheets/${org.associate.userId}`)).body;
    expect((await sheet()).totalHours).toBe(0);

    // Started an hour before the week and stopped now, ten weeks later: the span covers the whole week.
    const before = sunday.minus({ hours: 1 });
    const id = await startedAt(before.toUTC().toISO()!);
    const stop = await org.associate.patch(`/api/time/${id}`, { endDateTime: iso(Date.now()) });
    expectError(
      stop,
      409,
      /^This time is in an approved timesheet \(.+\) and is locked\. Ask a manager to change it\.$/,
    );
    // An admin is asked for a reason, as for any time in an approved week; with one, the time is still too long.
    const byManager = (reason?: string) =>
      org.admin.patch(`/api/time/${id}`, { endDateTime: iso(Date.now()), ...(reason ? { reason } : {}) });
    expectError(await byManager(), 400, /give a reason to edit approved time$/);
    expectError(await byManager('Forgot to stop'), 400, /^A tracked time can be at most 7 days long/);
    expect(await sheet()).toMatchObject({ state: 'approved', totalHours: 0 });
    // Stopped before the week, it is not in it.
    const early = await org.associate.patch(`/api/time/${id}`, {
      endDateTime: before.plus({ minutes: 30 }).toUTC().toISO(),
    });
    expect(early.status).toBe(200);
    expect(await sheet()).toMatchObject({ state: 'approved', totalHours: 0 });
  });
});
