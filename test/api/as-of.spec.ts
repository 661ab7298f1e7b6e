import { schedulingStreams } from '../../src/scheduling/scheduling.events';
import { AS_OF_POSITION_MESSAGE } from '../../src/as-of/moment';
import { startTestApp, TestApp, TestOrganization } from '../support/app';
import { kitFor } from '../support/given';

/**
 * The Job Schedule and Home as of a past moment (asOf, asOfPosition), read-only, from the schedule's
 * versions (projections/schedule-history): each past state comes back exactly as it was read then.
 */
describe('the schedule as of a moment, over HTTP', () => {
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
  /** A position as the wire names it for an organization: its token (issue #24). */
  const tok = (position: number, organizationId = org.organizationId) =>
    app.positionToken(organizationId, Math.max(0, position));
  const week = (moment: Record<string, string | number> = {}, client = org.manager, start = '06/01/2026') => {
    const params = new URLSearchParams({ StartDate: start, EndDate: nextSunday(start) });
    const organizationId = client === other.manager ? other.organizationId : org.organizationId;
    for (const [key, value] of Object.entries(moment))
      params.set(key, key === 'asOfPosition' && typeof value === 'number' ? tok(value, organizationId) : String(value));
    return client.get(`/api/jobs/syncfusion/fetch?${params}`);
  };
  const nextSunday = (monday: string) => {
    const [m, d, y] = monday.split('/').map(Number);
    const sunday = new Date(Date.UTC(y, m - 1, d + 6));
    return `${String(sunday.getUTCMonth() + 1).padStart(2, '0')}/${String(sunday.getUTCDate()).padStart(2, '0')}/${sunday.getUTCFullYear()}`;
  };
  /** The commit positions of a stream's events, in order (the harness reaches the app's event store). */
  const positions = async (stream: string) =>
    (await app.engines.eventStore.readStream(stream)).map((e) => e.position.commit);
  const pause = () => new Promise((r) => setTimeout(r, 10));

  it('gives back each state of a job changed three times, by position and by date-time', async () => {
    const before = new Date().toISOString();
    await pause();
    const { id } = await kitFor(org.manager).job(job({ userIds: [org.associate.userId] }));
    const states = [(await week()).body];
    const instants = [new Date().toISOString()];
    const changes = [
      { startDateTime: '2026-06-02T15:00:00Z', endDateTime: '2026-06-02T16:30:00Z' },
      { userIds: [org.manager.userId], leadUserId: org.manager.userId },
      { name: 'Lawn and hedges', colorOption: '#0D1B41', notes: 'Gate code 1234' },
    ];
    for (const change of changes) {
      await pause();
      expect((await org.manager.patch(`/api/jobs/${id}`, change)).status).toBe(200);
      states.push((await week()).body);
      instants.push(new Date().toISOString());
      await pause();
    }
    const shown = (body: { id: string }[]) => body.find((j) => j.id === id);
    expect(states.map((s) => shown(s))).toMatchObject([
      { name: 'Lawn care', startDateTime: '2026-06-01T13:00:00Z', userIds: [org.associate.userId] },
      { startDateTime: '2026-06-02T15:00:00Z', endDateTime: '2026-06-02T16:30:00Z' },
      { userIds: [org.manager.userId], leadUserId: org.manager.userId },
      { name: 'Lawn and hedges', color: '#0D1B41', notes: 'Gate code 1234' },
    ]);

    const at = await positions(schedulingStreams.job(id));
    expect(at).toHaveLength(4);
    for (const [i, position] of at.entries()) {
      // At the event, and just before the next one: the same state; the whole week, deep-equal.
      expect((await week({ asOfPosition: position })).body).toEqual(states[i]);
      if (i + 1 < at.length) expect((await week({ asOfPosition: at[i + 1] - 1 })).body).toEqual(states[i]);
    }
    expect(shown((await week({ asOfPosition: at[0] - 1 })).body)).toBeUndefined();
    // Now is the last state, and the POST the calendar's data source sends takes the moment as well.
    expect((await week({ asOfPosition: Number.MAX_SAFE_INTEGER })).body).toEqual(states[3]);
    const posted = await org.manager.post('/api/jobs/syncfusion/fetch', {
      StartDate: '06/01/2026',
      EndDate: '06/07/2026',
      asOfPosition: tok(at[1]),
    });
    expect(posted.status).toBe(200);
    expect(posted.body).toEqual(states[1]);

    // Before the job existed: not there (an instant before any entry resolves to the start of the log).
    expect(shown((await week({ asOf: before })).body)).toBeUndefined();
    for (const [i, instant] of instants.entries()) expect((await week({ asOf: instant })).body).toEqual(states[i]);
  });

  it("shows people's names and colours and customers' names as they were, not as they are now", async () => {
    const { id: rita } = await kitFor(org.admin).user({
      firstName: 'Rita',
      lastName: 'Reyes',
      role: 'Associate',
      colorCode: '#2E7D32',
    });
    const { id: customerId } = await kitFor(org.manager).customer({ name: 'Birch Dental' });
    const { id } = await kitFor(org.manager).job(
      job({
        startDateTime: '2026-06-16T13:00:00Z',
        endDateTime: '2026-06-16T14:00:00Z',
        userIds: [rita],
        leadUserId: rita,
        customerId,
      }),
    );
    const shown = async (moment: Record<string, string | number> = {}) =>
      ((await week(moment, org.manager, '06/15/2026')).body as Record<string, unknown>[]).find((j) => j.id === id);
    const then = await shown();
    expect(then).toMatchObject({
      color: '#2E7D32',
      leadUser: { fullName: 'Rita Reyes', colorCode: '#2E7D32' },
      users: [{ fullName: 'Rita Reyes', colorCode: '#2E7D32' }],
      customer: { name: 'Birch Dental' },
    });
    await pause();
    const instant = new Date().toISOString();
    await pause();

    expect((await org.admin.patch(`/api/users/${rita}`, { lastName: 'Rhodes', colorCode: '#6A1B9A' })).status).toBe(
      200,
    );
    expect((await org.manager.patch(`/api/customers/${customerId}`, { name: 'Birch Family Dental' })).status).toBe(200);
    expect(await shown()).toMatchObject({
      color: '#6A1B9A',
      leadUser: { fullName: 'Rita Rhodes', colorCode: '#6A1B9A' },
      customer: { name: 'Birch Family Dental' },
    });
    // As of before the changes: the job as it was shown then, deep-equal.
    expect(await shown({ asOf: instant })).toEqual(then);
    // Deleted since: as of then, still named and coloured as then.
    expect((await org.admin.delete(`/api/users/${rita}`)).status).toBe(200);
    expect(await shown({ asOf: instant })).toEqual(then);
  });

  it('reads date-times without an offset in the organization’s zone', async () => {
    const id = (await kitFor(org.manager).job(job({ name: 'Zoned' }))).id;
    const [scheduled] = await positions(schedulingStreams.job(id));
    const local = new Date(Date.now() + 60_000)
      .toLocaleString('sv-SE', { timeZone: 'America/New_York' })
      .replace(' ', 'T');
    expect((await week({ asOf: local })).body).toEqual((await week({ asOfPosition: scheduled })).body);
  });

  it('shows a recurring job with its changed occurrence until the series is deleted, and not after', async () => {
    const { recurrenceId } = await kitFor(org.manager).job(
      job({ name: 'Office cleaning', startDateTime: '2026-07-06T13:00:00Z', endDateTime: '2026-07-06T14:00:00Z' }),
      { recurringFrequency: 'Daily', expireDate: '2026-07-10' },
    );
    const ofSeries = (body: { id: string; jobRecurrenceModel: { id: string } | null }[]) =>
      body.filter((j) => j.jobRecurrenceModel?.id === recurrenceId);
    const july = (moment: Record<string, string | number> = {}) => week(moment, org.manager, '07/06/2026');
    await pause();
    const moved = await org.manager.patch(`/api/jobs/${recurrenceId}_20260707`, {
      name: 'Deep clean',
      startDateTime: '2026-07-07T15:00:00Z',
      endDateTime: '2026-07-07T16:00:00Z',
    });
    expect(moved.status).toBe(200);
    const withChange = (await july()).body;
    expect(ofSeries(withChange).map((j) => [j.id.slice(-8), (j as unknown as { name: string }).name])).toEqual([
      ['20260706', 'Office cleaning'],
      ['20260707', 'Deep clean'],
      ['20260708', 'Office cleaning'],
      ['20260709', 'Office cleaning'],
      ['20260710', 'Office cleaning'],
    ]);
    const beforeDelete = new Date().toISOString();
    await pause();
    expect((await org.manager.delete(`/api/recurrences/${recurrenceId}`)).status).toBe(200);
    expect(ofSeries((await july()).body)).toEqual([]);

    const [scheduled, changed, deleted] = await positions(schedulingStreams.series(recurrenceId!));
    expect((await july({ asOfPosition: deleted - 1 })).body).toEqual(withChange);
    expect((await july({ asOfPosition: changed })).body).toEqual(withChange);
    expect(ofSeries((await july({ asOfPosition: scheduled })).body).map((j) => j.id.slice(-8))).toEqual([
      '20260706',
      '20260707',
      '20260708',
      '20260709',
      '20260710',
    ]);
    expect(ofSeries((await july({ asOfPosition: deleted })).body)).toEqual([]);
    expect(ofSeries((await july({ asOfPosition: scheduled - 1 })).body)).toEqual([]);
    expect((await july({ asOf: beforeDelete })).body).toEqual(withChange);
    expect(ofSeries((await july({ asOf: new Date().toISOString() })).body)).toEqual([]);
  });

  it("never shows another organization's jobs", async () => {
    const theirs = (await kitFor(other.manager).job(job({ name: 'Theirs' }))).id;
    const [position] = await positions(schedulingStreams.job(theirs));
    for (const moment of [{ asOfPosition: position }, { asOfPosition: Number.MAX_SAFE_INTEGER }]) {
      const mine = (await week(moment)).body as { id: string }[];
      expect(mine.some((j) => j.id === theirs)).toBe(false);
      expect((await week(moment, other.manager)).body.some((j: { id: string }) => j.id === theirs)).toBe(true);
    }
  });

  it.each([
    [{ asOf: 'yesterday' }, 'asOf must be a date and time (ISO 8601), got "yesterday"'],
    [{ asOf: '2026-13-45T99:00:00' }, 'asOf must be a date and time (ISO 8601), got "2026-13-45T99:00:00"'],
    [{ asOfPosition: '-3' }, AS_OF_POSITION_MESSAGE],
    [{ asOfPosition: '1.5' }, AS_OF_POSITION_MESSAGE],
    // A bare log position is not a moment any more (issue #24): only the tokens the server hands out are.
    [{ asOfPosition: '12' }, AS_OF_POSITION_MESSAGE],
    [{ asOf: '2026-06-01T00:00:00Z', asOfPosition: '12' }, 'Give either asOf or asOfPosition, not both'],
    [{ asOf: 'x'.repeat(41) }, 'asOf must be at most 40 characters'],
  ])('refuses %o with a 400 and a message', async (moment, message) => {
    for (const response of [
      await week(moment),
      await org.associate.get(
        `/api/jobs/user?${new URLSearchParams({ StartDate: '06/01/2026', EndDate: '06/07/2026', ...moment })}`,
      ),
      await org.associate.get(`/api/jobs/upcoming?${new URLSearchParams(moment)}`),
    ]) {
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, errors: [message] });
    }
  });

  it("shows an Associate only their own jobs of then, on their calendar and on Home's upcoming list", async () => {
    const soon = new Date(Date.now() + 2 * 86_400_000);
    soon.setUTCMinutes(0, 0, 0);
    const later = (hours: number) => new Date(soon.getTime() + hours * 3_600_000).toISOString();
    const theirs = (
      await kitFor(org.manager).job(job({ name: 'Theirs', startDateTime: later(0), endDateTime: later(1) }))
    ).id;
    const mine = (
      await kitFor(org.manager).job(
        job({ name: 'Mine', startDateTime: later(2), endDateTime: later(3), userIds: [org.associate.userId] }),
      )
    ).id;
    const [assigned] = await positions(schedulingStreams.job(mine));
    await pause();
    // Then the jobs swap hands: as of before, the Associate had only "Mine".
    expect((await org.manager.patch(`/api/jobs/${mine}`, { userIds: [] })).status).toBe(200);
    expect((await org.manager.patch(`/api/jobs/${theirs}`, { userIds: [org.associate.userId] })).status).toBe(200);

    const day = soon.toLocaleDateString('en-US', {
      timeZone: 'America/New_York',
      month: '2-digit',
      day: '2-digit',
      year: 'numeric',
    });
    const calendar = (moment: Record<string, string>) =>
      org.associate.get(
        `/api/jobs/user?${new URLSearchParams({ StartDate: day, EndDate: nextSunday(day), ...moment })}`,
      );
    const ids = (body: { id: string }[]) => body.map((j) => j.id).filter((id) => id === mine || id === theirs);
    expect(ids((await calendar({})).body)).toEqual([theirs]);
    expect(ids((await calendar({ asOfPosition: tok(assigned) })).body)).toEqual([mine]);
    const upcoming = await org.associate.get(`/api/jobs/upcoming?asOfPosition=${tok(assigned)}`);
    expect(upcoming.status).toBe(200);
    expect(ids(upcoming.body)).toEqual([mine]);
    expect(ids((await org.associate.get('/api/jobs/upcoming')).body)).toEqual([theirs]);
    // The Job Schedule's data is still behind jobs.crud, as of any moment.
    expect((await week({ asOfPosition: assigned }, org.associate)).status).toBe(403);
  });
});
