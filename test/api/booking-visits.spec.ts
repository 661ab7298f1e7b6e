import { DateTime } from 'luxon';
import { ApiClient, expectError, startTestApp, TestApp, TestOrganization } from '../support/app';
import { kitFor } from '../support/given';
import { mailsWhen, outboxMails } from '../support/outbox';
import { within } from '../support/time';

/**
 * Self-booking's visits over HTTP (#24): who a booking is for (always a new customer), what its e-mail says and
 * how often, which starts may be booked or moved to, and a visit whose link closed or whose job the company
 * deleted.
 */

const ZONE = 'America/New_York';
const ALL_WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const SLOT_NOT_OFFERED = 'That time is not available. Please choose another.';
const LINK_CLOSED_FOR_MOVES =
  'This visit can no longer be moved online: its booking link is closed. You can still cancel it, or contact the company.';
const CANCELLED_BY_COMPANY = 'This visit was cancelled by the company. Please contact them.';

/** A client whose requests come through a proxy from `address` (X-Forwarded-For). */
class FromAddress extends ApiClient {
  constructor(
    baseUrl: string,
    readonly address: string,
  ) {
    super(baseUrl);
  }
  override request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    return super.request(method, path, body, { 'x-forwarded-for': this.address, ...headers });
  }
}

describe('self-booked visits', () => {
  let app: TestApp;
  let org: TestOrganization;
  let visitors = 0;
  const tomorrow = DateTime.now().setZone(ZONE).plus({ days: 1 }).startOf('day');
  /** A visitor from an address of their own (through the proxy the app trusts): the allowance per address is
   * another spec's matter. */
  const visitorClient = () => new FromAddress(app.url, `203.0.113.${++visitors}`);
  const visitor = (name: string, email: string) => ({
    name,
    email,
    phone: '(555) 123-4567',
    address: '1 Main Street',
    note: 'Side gate',
  });

  beforeAll(async () => {
    app = await startTestApp({ TRUST_PROXY: '1' });
    org = await app.organization('Visits');
    expect((await org.admin.patch('/api/organization/settings', { timeZone: ZONE })).status).toBe(200);
    const week = ALL_WEEK.map((weekDay) => ({ weekDay, startTime: '09:00', endTime: '12:00' }));
    expect((await org.admin.patch(`/api/employee-availability/${org.associate.userId}`, week)).status).toBe(200);
  }, within(60_000));
  afterAll(() => app.stop());

  const createLink = (over: Record<string, unknown> = {}) =>
    kitFor(org.manager).bookingLink({ staffIds: [org.associate.userId], bufferMinutes: 0, ...over });
  /** Free slots on one day, `days` after today: each test books on days of its own. */
  const slotsOf = async (linkId: string, days: number) => {
    const date = tomorrow.plus({ days: days - 1 }).toISODate();
    const response = await app.client().get(`/api/booking-links/${linkId}/slots?from=${date}&to=${date}`);
    expect(response.status).toBe(200);
    return response.body.slots as { start: string; end: string }[];
  };
  const book = async (client: ApiClient, linkId: string, start: string, who: ReturnType<typeof visitor>) => {
    const response = await client.post(`/api/booking-links/${linkId}/bookings`, { start, ...who });
    expect({ status: response.status, errors: response.body.errors }).toEqual({ status: 201, errors: undefined });
    return response.body.data.id as string;
  };
  const jobsOn = async (days: number) => {
    const day = tomorrow.plus({ days: days - 1 }).toFormat('MM/dd/yyyy');
    const response = await org.manager.get(
      `/api/jobs/syncfusion/fetch?StartDate=${encodeURIComponent(day)}&EndDate=${encodeURIComponent(day)}`,
    );
    return (response.body as { id: string; selfBooked: boolean; customerId: string; startDateTime: string }[]).filter(
      (j) => j.selfBooked,
    );
  };

  it("books a visitor typing a known customer's e-mail under a new customer, and answers as for any e-mail", async () => {
    const { id: knownId } = await kitFor(org.manager).customer({
      name: 'Carla Known Ltd',
      contactFirstName: 'Carla',
      contactEmail: 'carla@example.test',
      status: 'Current',
    });
    const linkId = await createLink();
    const [first, , third] = await slotsOf(linkId, 1);
    const client = visitorClient();
    const answers = [];
    for (const [slot, email] of [
      [first, 'carla@example.test'],
      [third, 'nobody-known@example.test'],
    ] as const) {
      const response = await client.post(`/api/booking-links/${linkId}/bookings`, {
        start: slot.start,
        ...visitor('Mallory Other', email),
      });
      answers.push({ status: response.status, body: { ...response.body, data: Object.keys(response.body.data) } });
    }
    expect(answers[0]).toEqual(answers[1]);

    // The known customer gets no job and nothing the visitor wrote; a new customer does, marked for the manager.
    const knownJobs = await org.manager.get(`/api/customers/${knownId}/jobs/paged`);
    expect(knownJobs.body.totalRecords).toBe(0);
    expect((await org.manager.get(`/api/customers/${knownId}`)).body).toMatchObject({ contactFirstName: 'Carla' });
    const jobs = await jobsOn(1);
    expect(jobs).toHaveLength(2);
    const [onCarla] = jobs.filter((j) => j.startDateTime === first.start.replace('.000Z', 'Z'));
    expect(onCarla.customerId).not.toBe(knownId);
    const created = (await org.manager.get(`/api/customers/${onCarla.customerId}`)).body;
    expect(created).toMatchObject({
      contactFirstName: 'Mallory',
      contactEmail: 'carla@example.test',
      notes: expect.stringContaining('Booked online — possibly the same as Carla Known Ltd'),
    });
    const sameAddress = (await org.manager.get('/api/customers/paged?filter=carla@example.test')).body;
    expect(sameAddress.totalRecords).toBe(2);
  });

  it('e-mails only what the organization set up, and a few confirmations an hour to one address', async () => {
    const linkId = await createLink({ serviceName: 'Gutter check' });
    const slots = await slotsOf(linkId, 2);
    expect(slots.length).toBeGreaterThanOrEqual(5);
    const to = 'often@example.test';
    const client = visitorClient();
    const ids: string[] = [];
    const pick = [0, 2, 4];
    for (const i of pick)
      ids.push(
        await book(client, linkId, slots[i].start, {
          ...visitor('Click http://evil.test now', to),
          note: 'Visit http://evil.test',
        }),
      );
    const mails = await mailsWhen(app.dataDir, (m) => m.to === to, 3);
    expect(mails).toHaveLength(3);
    for (const mail of mails) {
      expect(mail.subject).toContain('Gutter check');
      expect(mail.text).toContain('Visits');
      expect(`${mail.subject} ${mail.text}`).not.toMatch(/evil|Click/);
    }
    // A fourth booking to the same address this hour still succeeds, without an e-mail.
    const other = await createLink({ serviceName: 'Gutter check again' });
    const [later] = await slotsOf(other, 3);
    ids.push(await book(visitorClient(), other, later.start, visitor('Fourth Time', to.toUpperCase())));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(outboxMails(app.dataDir).filter((m) => m.to === to)).toHaveLength(3);
    expect((await jobsOn(3)).map((j) => j.startDateTime)).toContain(later.start.replace('.000Z', 'Z'));
  });

  it('moves a visit only to a start its page offers', async () => {
    const linkId = await createLink();
    const slots = await slotsOf(linkId, 4);
    const id = await book(visitorClient(), linkId, slots[0].start, visitor('Mo Ver', 'mo@example.test'));
    const move = (start: string) => visitorClient().post(`/api/share/booking/${id}/reschedule`, { start });
    const quarterPast = DateTime.fromISO(slots[1].start).plus({ minutes: 15 }).toUTC().toISO()!;
    expectError(await move(quarterPast), 400, SLOT_NOT_OFFERED);
    const evening = tomorrow.plus({ days: 3 }).set({ hour: 18 }).toUTC().toISO()!;
    expectError(await move(evening), 400, SLOT_NOT_OFFERED);
    expect((await move(slots[2].start)).status).toBe(200);
  });

  it('moves a visit no more once its link is paused, expired or deleted, and still cancels it', async () => {
    const linkId = await createLink();
    const slots = await slotsOf(linkId, 5);
    const client = visitorClient();
    const [first, second] = [
      await book(client, linkId, slots[0].start, visitor('Pat Paused', 'pat@example.test')),
      await book(client, linkId, slots[2].start, visitor('Pat Paused', 'pat@example.test')),
    ];
    const page = async (id: string) => (await client.get(`/api/share/booking/${id}`)).body;
    const move = (id: string) => client.post(`/api/share/booking/${id}/reschedule`, { start: slots[4].start });
    const patch = (body: Record<string, unknown>) => org.manager.patch(`/api/booking-links/${linkId}`, body);

    expect((await patch({ status: 'paused' })).status).toBe(200);
    expect(await page(first)).toMatchObject({ status: 'booked', canChange: true, canMove: false });
    expectError(await move(first), 410, LINK_CLOSED_FOR_MOVES);
    expect((await patch({ status: 'active' })).status).toBe(200);
    // Its last day was yesterday.
    const yesterday = DateTime.now().setZone(ZONE).minus({ days: 1 }).toISODate();
    expect((await patch({ expiresOn: yesterday })).status).toBe(200);
    expectError(await move(first), 410, LINK_CLOSED_FOR_MOVES);
    expect((await org.manager.delete(`/api/booking-links/${linkId}`)).status).toBe(200);
    expectError(await move(second), 410, LINK_CLOSED_FOR_MOVES);
    expect(await page(second)).toMatchObject({ start: new Date(slots[2].start).toISOString(), canMove: false });
    expect((await client.post(`/api/share/booking/${second}/cancel`, {})).status).toBe(200);
    expect(await page(second)).toMatchObject({ status: 'cancelled', cancelledBy: 'visitor', canChange: false });
    expect((await jobsOn(5)).map((j) => j.startDateTime)).toEqual([slots[0].start.replace('.000Z', 'Z')]);
  });

  it('cancels a visit whose job a manager deleted, by the company: it neither moves nor cancels, and frees its use', async () => {
    const linkId = await createLink({ maxBookings: 1 });
    const slots = await slotsOf(linkId, 6);
    const client = visitorClient();
    const id = await book(client, linkId, slots[0].start, visitor('Del Eted', 'del@example.test'));
    const [job] = await jobsOn(6);
    expect((await org.manager.delete(`/api/jobs/${job.id}`)).status).toBe(200);

    const page = async () => (await client.get(`/api/share/booking/${id}`)).body;
    expect(await page()).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'company',
      canChange: false,
      canMove: false,
    });
    expectError(
      await client.post(`/api/share/booking/${id}/reschedule`, { start: slots[2].start }),
      409,
      CANCELLED_BY_COMPANY,
    );
    expectError(await client.post(`/api/share/booking/${id}/cancel`, {}), 409, CANCELLED_BY_COMPANY);
    // Nothing moved: the page keeps its time, the schedule has no job for it.
    expect(await page()).toMatchObject({ start: new Date(slots[0].start).toISOString(), cancelledBy: 'company' });
    expect(await jobsOn(6)).toEqual([]);
    // The single-use link is free again, its time too.
    expect((await client.get(`/api/booking-links/${linkId}`)).status).toBe(200);
    const again = await book(client, linkId, slots[0].start, visitor('Ann Other', 'ann@example.test'));
    expect(await jobsOn(6)).toHaveLength(1);
    expect((await client.get(`/api/share/booking/${again}`)).body).toMatchObject({ status: 'booked' });
  });

  it('frees the time of a visit whose job a manager deleted for the next booking through its link', async () => {
    const linkId = await createLink();
    const slots = await slotsOf(linkId, 7);
    const client = visitorClient();
    await book(client, linkId, slots[0].start, visitor('Fay First', 'fay@example.test'));
    const [job] = await jobsOn(7);
    expect((await org.manager.delete(`/api/jobs/${job.id}`)).status).toBe(200);
    expect((await slotsOf(linkId, 7)).map((s) => s.start)).toContain(slots[0].start);
    await book(client, linkId, slots[0].start, visitor('Sam Second', 'sam@example.test'));
    expect(await jobsOn(7)).toHaveLength(1);
  });

  it('lets a manager merge a customer a booking created into the one it is: its jobs move there, it is deleted', async () => {
    const { id: doraId } = await kitFor(org.manager).customer({
      name: 'Dora Known Ltd',
      contactFirstName: 'Dora',
      contactEmail: 'dora@example.test',
      status: 'Current',
    });
    const linkId = await createLink();
    const [slot] = await slotsOf(linkId, 8);
    await book(visitorClient(), linkId, slot.start, visitor('Dora Known', 'dora@example.test'));
    const [job] = await jobsOn(8);
    const bookedId = job.customerId;
    expect(bookedId).not.toBe(doraId);
    const merge = (id: string, into: unknown, client = org.manager) =>
      client.post(`/api/customers/${id}/merge`, { intoCustomerId: into });

    expectError(
      await merge(doraId, bookedId),
      400,
      'Only a customer an online booking created can be merged into another.',
    );
    expectError(await merge(bookedId, bookedId), 400, 'Choose another customer to merge into');
    expectError(await merge(bookedId, undefined), 400, 'Choose the customer to merge into');
    for (const [odd, status] of [
      [5, 400],
      [{}, 400],
      [['x'], 400],
      ['   ', 400],
      ['x'.repeat(5000), 404],
    ] as const)
      expectError(await merge(bookedId, odd), status);
    expectError(await org.manager.post(`/api/customers/${bookedId}/merge`, ['not', 'an', 'object']), 400);
    expectError(await merge('not-an-id', doraId), 404);
    expectError(await merge(bookedId, '6f1c0b7e-0000-4000-8000-000000000099'), 404);
    expect((await merge(bookedId, doraId, org.associate)).status).toBe(403);
    const other = await app.organization('Elsewhere');
    expectError(await merge(bookedId, doraId, other.manager), 404);

    expect((await merge(bookedId, doraId)).body).toEqual({
      success: true,
      message: 'Merged: 1 job moved',
      data: { id: doraId },
    });
    expect((await jobsOn(8)).map((j) => j.customerId)).toEqual([doraId]);
    expect((await org.manager.get(`/api/customers/${doraId}/jobs/paged`)).body.totalRecords).toBe(1);
    expectError(await org.manager.get(`/api/customers/${bookedId}`), 404);
    const history = await org.admin.get(`/api/customers/${bookedId}/history`);
    expect(JSON.stringify(history.body)).toContain('Merged into Dora Known Ltd');
  });
});
