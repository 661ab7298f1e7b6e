import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { BAD_COMMAND_ID, BAD_DEVICE_TIME } from '../../src/identity/current-user';
import { REUSED_COMMAND_ID } from '../../src/identity/command-receipts.interceptor';
import { NO_REQUEST_OF_YOURS } from '../../src/scheduling/job-request.rules';
import { COMMAND_ID_HEADER, COMMAND_REPLAYED_HEADER, DEVICE_TIME_HEADER } from '../../src/shared/offline';
import { ApiClient, ApiResponse, expectError, startTestApp, TestApp, TestOrganization } from '../support/app';
import { kitFor } from '../support/given';
import { within } from '../support/time';

/**
 * Commands sent with X-Command-Id (the phone's offline outbox, issue #29): executed at most once per organization,
 * person and id, the first answer replayed; X-Device-Time kept in the events' metadata and shown beside the time the
 * server received them. The concurrency rule and the crash window: src/identity/command-receipts.interceptor.spec.ts.
 */
describe('commands sent with a command id', () => {
  let app: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;

  beforeAll(async () => {
    app = await startTestApp();
    [org, other] = [await app.organization('Outbox'), await app.organization('Elsewhere')];
  }, within(60_000));
  afterAll(async () => {
    await app?.stop();
  });

  const send = (
    client: ApiClient,
    method: string,
    path: string,
    body: unknown,
    commandId: string,
    deviceTime?: string,
  ) =>
    client.request(method, path, body, {
      [COMMAND_ID_HEADER]: commandId,
      ...(deviceTime ? { [DEVICE_TIME_HEADER]: deviceTime } : {}),
    });
  const answer = (r: ApiResponse) => ({ status: r.status, body: r.body });
  const replayed = (r: ApiResponse) => r.headers.get(COMMAND_REPLAYED_HEADER);
  /** The events the log holds with this command id. */
  const eventsOf = async (commandId: string) =>
    (await app.engines.eventStore.readAll()).filter((e) => e.metadata.commandId === commandId);

  it('starts one timer for two deliveries of one command id, and answers the second as the first', async () => {
    const person = await kitFor(org.admin).signedInUser({ firstName: 'Tia', role: 'Associate' });
    const commandId = randomUUID();
    const first = await send(person, 'POST', '/api/time', { type: 'Unassigned' }, commandId);
    expect(first.status).toBe(201);
    expect(replayed(first)).toBeNull();
    const appended = await eventsOf(commandId);
    expect(appended.length).toBeGreaterThan(0);

    const second = await send(person, 'POST', '/api/time', { type: 'Unassigned' }, commandId);
    expect(answer(second)).toEqual(answer(first));
    expect(replayed(second)).toBe('1');
    expect((await eventsOf(commandId)).map((e) => e.id)).toEqual(appended.map((e) => e.id));
    const timers = await person.get('/api/time/user/paged?currentPage=1&pageSize=50');
    expect(timers.body.totalRecords).toBe(1);
    const log = await org.admin.get(`/api/audit?userId=${person.userId}&recordType=timer`);
    const entries: { type: string }[] = log.body.resultItems;
    expect(entries.filter((e) => e.type === 'TimerStarted')).toHaveLength(1);
    expect(entries).toHaveLength(appended.length);
    // The id is the command's, not the body's: the same id with another body is the same command.
    const third = await send(person, 'POST', '/api/time', { type: 'Mileage', mileageStart: 5 }, commandId);
    expect(answer(third)).toEqual(answer(first));
  });

  it('replays a refusal as it was given, even after the state has changed', async () => {
    const { id: jobId } = await kitFor(org.manager).job({
      name: 'Fence repair',
      startDateTime: DateTime.now().plus({ days: 2 }).toUTC().toISO(),
      endDateTime: DateTime.now().plus({ days: 2, hours: 1 }).toUTC().toISO(),
    });
    expect((await org.admin.patch('/api/organization/settings', { pickUpJobsEnabled: true })).status).toBe(200);
    const cancel = randomUUID();
    const refused = await send(org.associate, 'DELETE', `/api/jobs/${jobId}/request`, undefined, cancel);
    expectError(refused, 404, NO_REQUEST_OF_YOURS);
    // Now there is a request to cancel; the refused command stays refused, and cancels nothing.
    expect((await org.associate.post(`/api/jobs/${jobId}/request`)).status).toBe(200);
    const again = await send(org.associate, 'DELETE', `/api/jobs/${jobId}/request`, undefined, cancel);
    expect(answer(again)).toEqual(answer(refused));
    expect(replayed(again)).toBe('1');
    const pending = (await org.manager.get('/api/jobs/requests')).body.map((r: { jobId: string }) => r.jobId);
    expect(pending).toContain(jobId);
    // A new command id is a new command.
    expect((await send(org.associate, 'DELETE', `/api/jobs/${jobId}/request`, undefined, randomUUID())).status).toBe(
      200,
    );
  });

  it("keeps each person's command ids to themselves: another person, or another organization's, runs its own", async () => {
    const commandId = randomUUID();
    const made = await Promise.all(
      [org.manager, org.admin, other.admin].map((client, i) =>
        send(client, 'POST', '/api/customers', { contactFirstName: `Pat ${i}` }, commandId),
      ),
    );
    expect(made.map((r) => [r.status, replayed(r)])).toEqual([
      [201, null],
      [201, null],
      [201, null],
    ]);
    expect(new Set(made.map((r) => r.body.data.id)).size).toBe(3);
    // Each gets their own answer back, never another's.
    const again = await send(other.admin, 'POST', '/api/customers', { contactFirstName: 'Pat 2' }, commandId);
    expect([answer(again), replayed(again)]).toEqual([answer(made[2]), '1']);
    expect((await other.admin.get(`/api/customers/${made[0].body.data.id}`)).status).toBe(404);
  });

  it('refuses a malformed X-Command-Id or X-Device-Time with a 400 that says what to send, and does nothing', async () => {
    const before = (await app.engines.eventStore.headPosition())?.commit;
    for (const commandId of ['not-a-uuid', `${randomUUID()}0`, 'x'.repeat(4_000), randomUUID().replace(/-/g, '')]) {
      const response = await send(org.manager, 'POST', '/api/customers', { contactFirstName: 'Nope' }, commandId);
      expectError(response, 400, BAD_COMMAND_ID);
    }
    for (const deviceTime of [
      'yesterday',
      '2026-06-01T07:42:00', // no offset: no moment
      '2026-06-01',
      '2026-13-01T07:42:00Z',
      `2026-06-01T07:42:00.${'1'.repeat(40)}Z`,
      '1969-12-31T23:59:59Z',
    ]) {
      const response = await send(
        org.manager,
        'POST',
        '/api/customers',
        { contactFirstName: 'Nope' },
        randomUUID(),
        deviceTime,
      );
      expectError(response, 400, BAD_DEVICE_TIME);
    }
    expect((await app.engines.eventStore.headPosition())?.commit).toBe(before);
    // The same id sent to another route is a client's mistake, refused as such.
    const commandId = randomUUID();
    expect((await send(org.manager, 'POST', '/api/customers', { contactFirstName: 'Once' }, commandId)).status).toBe(
      201,
    );
    const elsewhere = await send(org.manager, 'POST', '/api/time', { type: 'Unassigned' }, commandId);
    expectError(elsewhere, 400, REUSED_COMMAND_ID);
  });

  it('keeps the command id and the time on the device in the events, and shows both times in the audit log and History', async () => {
    const commandId = randomUUID();
    const received = Date.now();
    const deviceTime = new Date(received - 95 * 60_000).toISOString();
    const made = await send(
      org.manager,
      'POST',
      '/api/recurrence-jobs',
      {
        jobModel: {
          name: 'Gutter cleaning',
          startDateTime: DateTime.now().plus({ days: 3 }).toUTC().toISO(),
          endDateTime: DateTime.now().plus({ days: 3, hours: 1 }).toUTC().toISO(),
        },
      },
      commandId,
      // Another offset, the same moment: kept as UTC.
      DateTime.fromISO(deviceTime).setZone('UTC+5:30').toISO()!,
    );
    expect(made.status).toBe(201);
    const jobId = made.body.data.id;
    const events = await eventsOf(commandId);
    expect(events.map((e) => [e.type, e.metadata.commandId, e.metadata.deviceTime])).toEqual([
      ['JobScheduled', commandId, deviceTime],
    ]);
    expect(Date.parse(events[0].metadata.timestamp)).toBeGreaterThanOrEqual(received - 1_000);

    const onDevice = DateTime.fromISO(deviceTime).setZone('America/New_York');
    const bothTimes = expect.stringContaining(
      `On the device ${onDevice.toFormat('ccc d LLL yyyy, h:mm:ss a ZZZZ')} · received `,
    );
    const log = await org.admin.get('/api/audit?recordType=job');
    const entry = log.body.resultItems.find((e: { record: { id: string } }) => e.record.id === jobId);
    expect(entry).toMatchObject({ type: 'JobScheduled', deviceAt: deviceTime, bothTimes });
    expect(entry.at).toBe(events[0].metadata.timestamp);
    expect(entry.bothTimes).toMatch(/^On the device .+ · received \d/);
    const history = await org.manager.get(`/api/jobs/${jobId}/history`);
    expect(history.body).toEqual([expect.objectContaining({ what: 'Job created', deviceAt: deviceTime, bothTimes })]);
    // A change made online has one time only.
    const online = await kitFor(org.manager).job({ name: 'Online' });
    const onlineHistory = await org.manager.get(`/api/jobs/${online.id}/history`);
    expect(onlineHistory.body[0]).toMatchObject({ deviceAt: null, bothTimes: null });
  });
});
