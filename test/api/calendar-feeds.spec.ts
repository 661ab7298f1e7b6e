import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { systemClock } from '../../src/core/clock';
import type { CalendarFeedLink } from '../../src/shared/calendar-feeds';
import type { JobView } from '../../src/shared/jobs';
import { expectError, startTestApp, TestApp, TestOrganization } from '../support/app';
import { kitFor } from '../support/given';
import { icalJsOccurrences, nodeIcalOccurrences } from '../support/ical-reader';
import { within } from '../support/time';
import { UNKNOWN_FEEDS_PER_NETWORK_HOUR } from '../../src/calendar/calendar-feed.handlers';
import { FEED_LINK_SHOWN_ONCE } from '../../src/calendar/calendar-feeds.controller';
import { COMMAND_RECEIPTS } from '../../src/identity/command-receipts.interceptor';
import { COMMAND_ID_HEADER, COMMAND_REPLAYED_HEADER } from '../../src/shared/offline';

const ZONE = 'America/New_York'; // the test organizations'
/** Eight weeks around the spring change (Sunday 14 March 2027), inside the feed's year ahead. */
const WINDOW = { StartDate: '02/22/2027', EndDate: '04/18/2027' };
const FROM = '2027-02-22T05:00:00.000Z';
const TO = '2027-04-19T04:00:00.000Z';
const at = (local: string) => DateTime.fromISO(local, { zone: ZONE }).toUTC().toISO()!;
/** A day the eight weeks lie inside the feed's window (30 days back to a year ahead) of. */
const READ_ON = '2027-02-15T12:00:00.000Z';
/** `days` from today at `time` on New York's wall clock. */
const inDays = (days: number, time: string) => at(`${DateTime.now().setZone(ZONE).plus({ days }).toISODate()}T${time}`);

/**
 * What `read` answers with the app's clock at `instant`: a feed's window is counted from its clock (the one clock
 * the app reads), pinned for this read alone.
 */
async function readOn<T>(instant: string, read: () => Promise<T>): Promise<T> {
  const now = systemClock.now;
  systemClock.now = () => new Date(instant);
  try {
    return await read();
  } finally {
    systemClock.now = now;
  }
}

/**
 * The next day New York's clocks go back (1:00–2:00 comes twice) or forward (2:00–3:00 never comes) after today and
 * inside the feed's year ahead: the offset at 12:00 differs from the day before's.
 */
function nextChange(direction: 'back' | 'forward'): DateTime {
  for (let day = DateTime.now().setZone(ZONE).startOf('day').plus({ days: 2 }); ; day = day.plus({ days: 1 })) {
    const [before, after] = [day.minus({ days: 1 }).set({ hour: 12 }).offset, day.set({ hour: 12 }).offset];
    if (after !== before && after < before === (direction === 'back')) return day;
  }
}

/** A feed's path and query, as a calendar app asks for it: no session, no cookie. */
const pathOf = (link: CalendarFeedLink) => new URL(link.url).pathname;

/**
 * Calendar feeds over HTTP (issue #31 item 1): a person's jobs as RFC 5545 that an independent reader (ical.js)
 * expands to exactly what the app's own calendar shows them; ETag; reset and turned-off links; who may have which.
 */
describe('calendar feeds', () => {
  let app: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;

  beforeAll(async () => {
    app = await startTestApp();
    [org, other] = [await app.organization('Feeds'), await app.organization('Elsewhere')];
  }, within(60_000));
  afterAll(async () => {
    await app?.stop();
  });

  const read = (path: string, headers: Record<string, string> = {}) =>
    fetch(app.url + path, { headers: { accept: 'text/calendar', ...headers } });

  it("expands, in ical.js, to the person's own calendar one by one across the DST change; edits and removals are RECURRENCE-ID and EXDATE", async () => {
    const byManager = kitFor(org.manager);
    const abe = org.associate.userId;
    const customer = await byManager.customer({
      name: 'Maple Homes',
      address1: '12 Elm St',
      city: 'Springfield',
    });
    await byManager.job({
      name: 'Gutter cleaning',
      startDateTime: at('2027-03-10T10:00'),
      endDateTime: at('2027-03-10T12:00'),
      userIds: [abe],
      customerId: customer.id,
      notes: 'Ladder; side gate, code 42',
    });
    const daily = await byManager.job(
      {
        name: 'Morning route',
        startDateTime: at('2027-03-01T08:00'),
        endDateTime: at('2027-03-01T09:00'),
        leadUserId: abe,
      },
      { recurringFrequency: 'Daily', expireDate: '2027-03-20' },
    );
    await byManager.job(
      {
        name: 'Office floors',
        startDateTime: at('2027-02-22T14:00'),
        endDateTime: at('2027-02-22T16:00'),
        userIds: [abe],
      },
      { recurringFrequency: 'Weekly', recurrenceDays: 'monday,wednesday', weeklyRecurrence: 2 },
    );
    await byManager.job(
      {
        name: 'Monthly check',
        startDateTime: at('2027-01-15T09:00'),
        endDateTime: at('2027-01-15T10:30'),
        userIds: [abe],
      },
      { recurringFrequency: 'Monthly' },
    );
    // Not Abe's, and hidden from him (he is on it, not its lead): in neither his calendar nor his feed.
    await byManager.job({
      name: 'Someone else’s',
      startDateTime: at('2027-03-11T10:00'),
      endDateTime: at('2027-03-11T11:00'),
      userIds: [org.manager.userId],
    });
    await kitFor(org.admin).job({
      name: 'Hidden visit',
      startDateTime: at('2027-03-12T10:00'),
      endDateTime: at('2027-03-12T11:00'),
      userIds: [abe],
      leadUserId: org.manager.userId,
      hideFromScheduleView: true,
    });
    // The day after the change: moved and renamed; the change's Monday: removed.
    const edited = `${daily.recurrenceId}_20270316`;
    expect(
      (
        await org.manager.patch(`/api/jobs/${edited}`, {
          name: 'Late route',
          startDateTime: at('2027-03-16T11:00'),
          endDateTime: at('2027-03-16T12:30'),
        })
      ).status,
    ).toBe(200);
    expect((await org.manager.delete(`/api/jobs/${daily.recurrenceId}_20270315`)).status).toBe(200);

    const made = await org.associate.post('/api/calendar-feeds/person');
    expect(made.status).toBe(201);
    const link = (made.body as { data: CalendarFeedLink }).data;
    expect(link.url).toMatch(/^http:\/\/[\w.:]+\/calendar\/[A-Za-z0-9_-]{43}\.ics$/); // the configured PUBLIC_URL
    expect(link.webcalUrl).toBe(link.url.replace(/^http:/, 'webcal:'));

    // Read as on READ_ON, so the eight weeks are inside the feed's window whatever today is.
    const { answer, ics } = await readOn(READ_ON, async () => {
      const answer = await read(pathOf(link));
      return { answer, ics: await answer.text() };
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8');

    const params = new URLSearchParams(WINDOW).toString();
    const own = (await org.associate.get(`/api/jobs/user?${params}`)).body as JobView[];
    const app = own
      .map((j) => ({
        start: new Date(j.startDateTime).toISOString(),
        end: new Date(j.endDateTime).toISOString(),
        summary: j.name,
      }))
      .sort((a, b) => a.start.localeCompare(b.start) || a.summary.localeCompare(b.summary));
    const theirs = icalJsOccurrences(ics, FROM, TO, ZONE).map(({ start, end, summary }) => ({ start, end, summary }));
    expect(theirs).toEqual(app);
    // The window is what it claims: a DST change, every kind of series, the edit and not the removal.
    // 19 mornings (20 days, one removed, one of them the edit), 1 gutter cleaning, 8 floors (4 fortnights × 2),
    // 2 monthly checks (15 March, 15 April).
    expect(app).toHaveLength(30);
    const names = new Set(app.map((o) => o.summary));
    for (const name of ['Gutter cleaning', 'Morning route', 'Office floors', 'Monthly check', 'Late route'])
      expect(names).toContain(name);
    expect(names).not.toContain('Someone else’s');
    expect(names).not.toContain('Hidden visit');
    expect(theirs).toContainEqual({
      start: at('2027-03-13T08:00'),
      end: at('2027-03-13T09:00'),
      summary: 'Morning route',
    });
    expect(theirs).toContainEqual({
      start: at('2027-03-14T08:00'),
      end: at('2027-03-14T09:00'),
      summary: 'Morning route',
    });
    expect(at('2027-03-13T08:00')).toBe('2027-03-13T13:00:00.000Z'); // EST
    expect(at('2027-03-14T08:00')).toBe('2027-03-14T12:00:00.000Z'); // EDT
    expect(theirs.some((o) => o.start === at('2027-03-15T08:00'))).toBe(false);

    // The edited occurrence is a RECURRENCE-ID of the series' UID, the removed one an EXDATE, in the zone's time.
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const seriesUid = `series-${daily.recurrenceId}@crewclock`;
    const events = calendar.getAllSubcomponents('vevent').filter((v) => v.getFirstPropertyValue('uid') === seriesUid);
    expect(events).toHaveLength(2);
    const master = events.find((v) => !v.hasProperty('recurrence-id'))!;
    const changed = events.find((v) => v.hasProperty('recurrence-id'))!;
    expect(String(master.getFirstPropertyValue('rrule'))).toContain('FREQ=DAILY');
    expect(master.getAllProperties('exdate').map((p) => String(p.getFirstValue()))).toEqual(['2027-03-15T08:00:00']);
    expect(master.getFirstProperty('exdate')!.getParameter('tzid')).toBe(ZONE);
    expect(String(changed.getFirstPropertyValue('recurrence-id'))).toBe('2027-03-16T08:00:00');
    expect(changed.getFirstPropertyValue('summary')).toBe('Late route');
    // Location and notes, escaped as RFC 5545 asks and read back as written.
    const gutter = calendar
      .getAllSubcomponents('vevent')
      .find((v) => v.getFirstPropertyValue('summary') === 'Gutter cleaning')!;
    expect(gutter.getFirstPropertyValue('location')).toBe('12 Elm St, Springfield');
    expect(gutter.getFirstPropertyValue('description')).toBe('Customer: Maple Homes\nLadder; side gate, code 42');
    expect(ics).toContain('BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n');
    expect(ics).toContain(`X-WR-CALNAME:Feeds`);
  });

  it("is read by node-ical and by ical.js as the person's own calendar on the nights the clocks go back and forward (#44 item 7)", async () => {
    const byManager = kitFor(org.manager);
    const nina = await kitFor(org.admin).signedInUser({ firstName: 'Nina', role: 'Associate' });
    const autumn = nextChange('back');
    const spring = nextChange('forward');
    const local = (day: DateTime, time: string) => `${day.toISODate()}T${time}`;
    // The job: from the second 1:30 (EST) for an hour. Written in local time, RFC 5545 reads it an hour early.
    const [first, second] = ['-04:00', '-05:00'].map((offset) =>
      DateTime.fromISO(`${local(autumn, '01:30')}${offset}`),
    );
    expect(second.setZone(ZONE).toFormat('HH:mm ZZZZ')).toBe('01:30 EST');
    await byManager.job({
      name: 'Night inventory',
      startDateTime: second.toUTC().toISO(),
      endDateTime: second.plus({ hours: 1 }).toUTC().toISO(),
      userIds: [nina.userId],
    });
    // 1:30 every night, and 2:30, from three days before each change to three after; one of each changed on its night.
    const nightly = await byManager.job(
      {
        name: 'Night round',
        startDateTime: at(local(autumn.minus({ days: 3 }), '01:30')),
        endDateTime: at(local(autumn.minus({ days: 3 }), '02:15')),
        userIds: [nina.userId],
      },
      { recurringFrequency: 'Daily', expireDate: autumn.plus({ days: 3 }).toISODate() },
    );
    const early = await byManager.job(
      {
        name: 'Early round',
        startDateTime: at(local(spring.minus({ days: 3 }), '02:30')),
        endDateTime: at(local(spring.minus({ days: 3 }), '03:30')),
        userIds: [nina.userId],
      },
      { recurringFrequency: 'Daily', expireDate: spring.plus({ days: 3 }).toISODate() },
    );
    const compact = (day: DateTime) => day.toFormat('yyyyMMdd');
    const renamed = await org.manager.patch(`/api/jobs/${nightly.recurrenceId}_${compact(autumn)}`, {
      name: 'Night round (short)',
    });
    expect(renamed.status).toBe(200);
    expect(
      (await org.manager.delete(`/api/jobs/${early.recurrenceId}_${compact(spring.plus({ days: 1 }))}`)).status,
    ).toBe(200);

    const link = ((await nina.post('/api/calendar-feeds/person')).body as { data: CalendarFeedLink }).data;
    const ics = await (await read(pathOf(link))).text();
    for (const change of [autumn, spring]) {
      const [firstDay, lastDay] = [change.minus({ days: 4 }), change.plus({ days: 4 })];
      const params = new URLSearchParams({
        StartDate: firstDay.toFormat('MM/dd/yyyy'),
        EndDate: lastDay.toFormat('MM/dd/yyyy'),
      });
      const own = ((await nina.get(`/api/jobs/user?${params}`)).body as JobView[])
        .map((j) => ({
          start: new Date(j.startDateTime).toISOString(),
          end: new Date(j.endDateTime).toISOString(),
          summary: j.name,
        }))
        .sort((a, b) => a.start.localeCompare(b.start) || a.summary.localeCompare(b.summary));
      const [from, to] = [firstDay.toUTC().toISO()!, lastDay.plus({ days: 1 }).toUTC().toISO()!];
      const shown = (reader: typeof nodeIcalOccurrences) =>
        reader(ics, from, to, ZONE).map(({ start, end, summary }) => ({ start, end, summary }));
      expect(shown(nodeIcalOccurrences)).toEqual(own);
      expect(shown(icalJsOccurrences)).toEqual(own);
    }
    // What the calendar read says, as RFC 5545 reads a local time: the first 1:30 (EDT), 2:30 as 3:30 EDT.
    const own = await nina.get(
      `/api/jobs/user?${new URLSearchParams({ StartDate: autumn.toFormat('MM/dd/yyyy'), EndDate: autumn.toFormat('MM/dd/yyyy') })}`,
    );
    const names = (own.body as JobView[]).map((j) => [j.name, new Date(j.startDateTime).toISOString()]);
    expect(names).toContainEqual(['Night round (short)', first.toUTC().toISO()]);
    expect(names).toContainEqual(['Night inventory', second.toUTC().toISO()]);
    expect(ics).toContain(`DTSTART:${second.toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'")}`);
  });

  it('answers 304 to a calendar that asks with the ETag, until something changes; a reset link is a 404', async () => {
    const associate = org.associate;
    const first = (await associate.post('/api/calendar-feeds/person')).body as { data: CalendarFeedLink };
    const path = pathOf(first.data);
    const answer = await read(path);
    const etag = answer.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(answer.headers.get('cache-control')).toBe('private, no-cache');
    const again = await read(path, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);

    // A change to one of the person's jobs: a new ETag, and the new text.
    await kitFor(org.manager).job({
      name: 'Added later',
      startDateTime: inDays(5, '10:00'),
      endDateTime: inDays(5, '11:00'),
      userIds: [associate.userId],
    });
    const changed = await read(path, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(await changed.text()).toContain('SUMMARY:Added later');

    // Reset: the new link works, the old one is a 404 (as a made-up one is), and so is every link turned off.
    const second = (await associate.post('/api/calendar-feeds/person')).body as { data: CalendarFeedLink };
    expect(second.data.url).not.toBe(first.data.url);
    expectError(await associate.get(path), 404, 'The calendar feed was not found.');
    expect((await read(pathOf(second.data))).status).toBe(200);
    expect((await read(`/calendar/${'A'.repeat(43)}.ics`)).status).toBe(404);
    expect((await read('/calendar/not-a-token.ics')).status).toBe(404);
    expect(((await associate.get('/api/calendar-feeds')).body as { person: unknown }).person).toEqual({
      active: true,
      issuedAt: expect.any(String),
    });
    expect((await associate.delete('/api/calendar-feeds/person')).status).toBe(200);
    expect((await read(pathOf(second.data))).status).toBe(404);
    expectError(
      await associate.delete('/api/calendar-feeds/person'),
      404,
      'You have no calendar feed link to turn off',
    );
    expect((await associate.get('/api/calendar-feeds')).body).toEqual({
      person: { active: false, issuedAt: null },
      organization: null,
    });
  });

  it("gives managers the organization's feed, optionally one person's; not to Associates; another organization's person is a 404", async () => {
    expectError(
      await org.associate.post('/api/calendar-feeds/organization'),
      403,
      'Only people who manage jobs have an organization calendar feed',
    );
    expect((await org.associate.post('/api/calendar-feeds/somebody')).status).toBe(404);
    const byManager = kitFor(org.manager);
    await byManager.job({
      name: 'Crew meeting',
      startDateTime: inDays(6, '08:00'),
      endDateTime: inDays(6, '09:00'),
      userIds: [org.manager.userId],
    });
    await byManager.job({
      name: 'Abe’s visit',
      startDateTime: inDays(7, '08:00'),
      endDateTime: inDays(7, '09:00'),
      userIds: [org.associate.userId],
    });
    const made = await org.manager.post('/api/calendar-feeds/organization');
    expect(made.status).toBe(201);
    const path = pathOf((made.body as { data: CalendarFeedLink }).data);
    const all = await (await read(path)).text();
    expect(all).toContain('SUMMARY:Crew meeting');
    expect(all).toContain('SUMMARY:Abe’s visit');
    const abes = await (await read(`${path}?person=${org.associate.userId}`)).text();
    expect(abes).not.toContain('SUMMARY:Crew meeting');
    expect(abes).toContain('SUMMARY:Abe’s visit');
    expect((await read(`${path}?person=${other.associate.userId}`)).status).toBe(404);
    expect((await read(`${path}?person=nobody`)).status).toBe(400);
    expect((await org.manager.get('/api/calendar-feeds')).body).toEqual({
      person: { active: false, issuedAt: null },
      organization: { active: true, issuedAt: expect.any(String) },
    });
  });

  it('shows a deleted job as cancelled for a while, with a higher SEQUENCE', async () => {
    const job = await kitFor(org.manager).job({
      name: 'Called off',
      startDateTime: inDays(8, '10:00'),
      endDateTime: inDays(8, '11:00'),
      userIds: [org.associate.userId],
    });
    const link = ((await org.associate.post('/api/calendar-feeds/person')).body as { data: CalendarFeedLink }).data;
    const vevent = async () => {
      const calendar = new ICAL.Component(ICAL.parse(await (await read(pathOf(link))).text()));
      return calendar
        .getAllSubcomponents('vevent')
        .find((v) => v.getFirstPropertyValue('uid') === `job-${job.id}@crewclock`);
    };
    const before = (await vevent())!;
    expect(before.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect((await org.manager.delete(`/api/jobs/${job.id}`)).status).toBe(200);
    const after = (await vevent())!;
    expect(after.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(Number(after.getFirstPropertyValue('sequence'))).toBeGreaterThan(
      Number(before.getFirstPropertyValue('sequence')),
    );
  });

  it('keeps no link in the command receipts: a second delivery of its making is a 410 saying to make a new one (#44 item 3)', async () => {
    for (const [client, scope] of [
      [org.associate, 'person'],
      [org.manager, 'organization'],
    ] as const) {
      const commandId = randomUUID();
      const make = () =>
        client.request('POST', `/api/calendar-feeds/${scope}`, undefined, { [COMMAND_ID_HEADER]: commandId });
      const first = await make();
      expect(first.status).toBe(201);
      const link = (first.body as { data: CalendarFeedLink }).data;
      const token = pathOf(link).slice('/calendar/'.length, -'.ics'.length);
      expect(token).toHaveLength(43);
      const receipts = await app.engines.readStore
        .collection<{ _id: string; commandId: string }>(COMMAND_RECEIPTS)
        .find({});
      expect(receipts.map((r) => r.commandId)).toContain(commandId);
      expect(JSON.stringify(receipts)).not.toContain(token);

      const again = await make();
      expectError(again, 410, FEED_LINK_SHOWN_ONCE);
      expect(again.headers.get(COMMAND_REPLAYED_HEADER)).toBe('1');
      // Not made again: the link of the first delivery is the one in force.
      expect((await read(pathOf(link))).status).toBe(200);
    }
  });

  it("stops a person's links when they are deactivated, the organization's when their role changes; neither revives (#44 item 3)", async () => {
    const byAdmin = (body: object) => org.admin.patch(`/api/users/${mia.userId}`, body);
    const mia = await kitFor(org.admin).signedInUser({ firstName: 'Mia', role: 'Customer Manager' });
    const make = async (scope: string) =>
      pathOf(((await mia.post(`/api/calendar-feeds/${scope}`)).body as { data: CalendarFeedLink }).data);
    const own = await make('person');
    const all = await make('organization');
    expect([(await read(own)).status, (await read(all)).status]).toEqual([200, 200]);

    // An Associate for a while, then a manager again: the organization's link stays off; her own still reads.
    expect((await byAdmin({ role: 'Associate' })).status).toBe(200);
    expect((await byAdmin({ role: 'Customer Manager' })).status).toBe(200);
    expect((await read(all)).status).toBe(404);
    expect((await read(own)).status).toBe(200);
    expect(((await mia.get('/api/calendar-feeds')).body as { organization: unknown }).organization).toEqual({
      active: false,
      issuedAt: null,
    });
    const anew = await make('organization');
    expect((await read(anew)).status).toBe(200);

    // Deactivated (her sessions end), then reactivated: no link of hers reads again.
    expect((await byAdmin({ active: false })).status).toBe(200);
    expect((await byAdmin({ active: true })).status).toBe(200);
    expect([(await read(own)).status, (await read(anew)).status]).toEqual([404, 404]);
  });

  // Last: it spends this network's allowance of unknown feeds.
  it('refuses a network that keeps asking for feeds that do not exist: 429; a link that exists still reads', async () => {
    const link = ((await org.associate.post('/api/calendar-feeds/person')).body as { data: CalendarFeedLink }).data;
    const statuses: number[] = [];
    for (let i = 0; i < UNKNOWN_FEEDS_PER_NETWORK_HOUR + 1; i++)
      statuses.push((await read(`/calendar/${String(i).padStart(43, 'x')}.ics`)).status);
    // Earlier tests of this file asked for a few already.
    expect(statuses.filter((s) => s === 404).length).toBeLessThanOrEqual(UNKNOWN_FEEDS_PER_NETWORK_HOUR);
    expect(statuses.at(-1)).toBe(429);
    const refused = await read(`/calendar/${'y'.repeat(43)}.ics`);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { errors: string[] }).errors[0]).toMatch(
      /^Too many unknown calendar feeds asked for from this network\. Try again in \d+ minutes?\.$/,
    );
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // The real link still reads: the allowance is for guesses, not for the feeds people have.
    expect((await read(pathOf(link))).status).toBe(200);
  });
});
