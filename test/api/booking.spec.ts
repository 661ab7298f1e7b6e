import { DateTime } from 'luxon';
import { ApiResponse, expectError, startTestApp, TestApp, TestOrganization, TINY_PNG } from '../support/app';
import { mailsWhen } from '../support/outbox';
import { nextPush, openSocket, TestSocket } from '../support/sockets';
import { within } from '../support/time';
import { kitFor } from '../support/given';

/**
 * Self-booking over HTTP (#16): the managers' booking links, the public page, its free slots and bookings
 * (one slot taken once, also by two visitors at once), the booked visit's page, claims and other organizations.
 */

const ZONE = 'America/New_York';
const SLOT_NOT_OFFERED = 'That time is not available. Please choose another.';
const ALL_WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

describe('self-booking', () => {
  let app: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  const sockets: TestSocket[] = [];
  const tomorrow = DateTime.now().setZone(ZONE).plus({ days: 1 }).startOf('day');
  const visitor = (name: string, email = `${name.toLowerCase().replace(/\s+/g, '.')}@example.test`) => ({
    name,
    email,
    phone: '(555) 123-4567',
    address: '1 Main Street',
    note: 'Side gate',
  });

  beforeAll(async () => {
    app = await startTestApp();
    [org, other] = await Promise.all([app.organization('Booked'), app.organization('Other')]);
    expect((await org.admin.patch('/api/organization/settings', { timeZone: ZONE })).status).toBe(200);
    const week = ALL_WEEK.map((weekDay) => ({ weekDay, startTime: '09:00', endTime: '12:00' }));
    expect((await org.admin.patch(`/api/employee-availability/${org.associate.userId}`, week)).status).toBe(200);
  }, within(60_000));
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await app.stop();
  });

  const createLink = (over: Record<string, unknown> = {}) =>
    kitFor(org.manager).bookingLink({ staffIds: [org.associate.userId], horizonDays: 14, bufferMinutes: 0, ...over });
  /** Free slots on one day, `days` after today: each test books on a day of its own (one staff member for all). */
  const slotsOf = async (linkId: string, days = 1) => {
    const date = tomorrow.plus({ days: days - 1 }).toISODate();
    return (await app.client().get(`/api/booking-links/${linkId}/slots?from=${date}&to=${date}`)).body.slots as {
      start: string;
      end: string;
    }[];
  };

  it('creates a link with 128-bit id, lists it, and shows its public page and free slots', async () => {
    const linkId = await createLink();
    expect(linkId).toMatch(/^[\w-]{22}$/);
    const listed = (await org.manager.get('/api/booking-links')).body;
    expect(listed).toContainEqual(
      expect.objectContaining({
        id: linkId,
        serviceName: 'Window cleaning',
        staff: [{ id: org.associate.userId, fullName: expect.stringContaining('Abe') }],
        status: 'active',
        bookings: 0,
        publicPath: `/book/${linkId}`,
      }),
    );
    const page = await app.client().get(`/api/booking-links/${linkId}`);
    expect(page.body).toEqual({
      organizationName: expect.stringContaining('Booked'),
      logoUrl: null,
      serviceName: 'Window cleaning',
      durationMinutes: 60,
      timeZone: ZONE,
    });
    // 9:00–12:00 in New York, an hour long, every 30 minutes.
    const wall = (await slotsOf(linkId)).map((s) => DateTime.fromISO(s.start, { zone: ZONE }).toFormat('HH:mm'));
    expect(wall).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00']);
  });

  it('books a slot once: of two visitors at the same moment one gets 201, the other 409; the schedule shows it', async () => {
    const linkId = await createLink();
    const [slot] = await slotsOf(linkId, 2);
    // The managers hear of it.
    const socket = await openSocket(app.url, org.manager.cookie, sockets);
    const notice = nextPush(socket, 'booking.notice');
    const answers = await Promise.all([
      app.client().post(`/api/booking-links/${linkId}/bookings`, { start: slot.start, ...visitor('Vera Visitor') }),
      app.client().post(`/api/booking-links/${linkId}/bookings`, { start: slot.start, ...visitor('Walt Walker') }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expectError(
      answers.find((a) => a.status === 409)!,
      409,
      'That time was just taken. Please choose another.',
    );
    const won = answers.find((a) => a.status === 201)!;
    expect(await notice).toEqual({
      organizationId: org.organizationId,
      bookingId: won.body.data.id,
      change: 'booked',
      serviceName: 'Window cleaning',
      visitorName: expect.stringMatching(/^(Vera Visitor|Walt Walker)$/),
      start: new Date(slot.start).toISOString(),
      timeZone: ZONE,
    });
    expect(won.body).toEqual({
      success: true,
      message: 'Your visit is booked',
      data: { id: expect.stringMatching(/^[\w-]{22}$/) },
    });

    // The slot (and the next one, which overlaps it) is gone for the next visitor, on every link of that staff member.
    const after = (await slotsOf(linkId, 2)).map((s) => s.start);
    expect(after).not.toContain(slot.start);
    expect(after).toHaveLength(3);

    const day = tomorrow.plus({ days: 1 }).toFormat('MM/dd/yyyy');
    const calendar = await org.manager.get(
      `/api/jobs/syncfusion/fetch?StartDate=${encodeURIComponent(day)}&EndDate=${encodeURIComponent(day)}`,
    );
    const job = calendar.body.find((j: { selfBooked: boolean }) => j.selfBooked);
    expect(job).toMatchObject({
      name: 'Window cleaning',
      startDateTime: slot.start.replace('.000Z', 'Z'),
      leadUserId: org.associate.userId,
      selfBooked: true,
      customer: expect.objectContaining({ name: expect.any(String) }),
    });
    expect(['Vera Visitor', 'Walt Walker']).toContain(job.scheduledOnBehalfOf);

    const shared = await app.client().get(`/api/share/booking/${won.body.data.id}`);
    expect(shared.body).toEqual({
      id: won.body.data.id,
      organizationName: expect.stringContaining('Booked'),
      logoUrl: null,
      serviceName: 'Window cleaning',
      staffName: expect.stringContaining('Abe'),
      start: new Date(slot.start).toISOString(),
      end: new Date(slot.end).toISOString(),
      timeZone: ZONE,
      visitorName: job.scheduledOnBehalfOf,
      linkId,
      status: 'booked',
      cancelledBy: null,
      canChange: true,
      canMove: true,
    });
    expect(
      (await org.manager.get('/api/booking-links')).body.find((l: { id: string }) => l.id === linkId).bookings,
    ).toBe(1);
  });

  it('creates a customer for each booking, never attaching one to a customer found by the e-mail typed', async () => {
    const linkId = await createLink();
    const slots = await slotsOf(linkId, 3);
    const me = visitor('Rita Return', 'rita@example.test');
    const first = await app.client().post(`/api/booking-links/${linkId}/bookings`, { start: slots[0].start, ...me });
    expect(first.status).toBe(201);
    const again = await app.client().post(`/api/booking-links/${linkId}/bookings`, {
      start: slots[slots.length - 1].start,
      ...me,
    });
    expect(again.status).toBe(201);
    // Anyone can type an address: the second booking is a customer of its own, its notes naming the first for a manager.
    const customers = (await org.manager.get('/api/customers/paged?filter=rita@example.test')).body;
    expect(customers.totalRecords).toBe(2);
  });

  it('refuses bad input with a message, and times it does not offer', async () => {
    const linkId = await createLink();
    const [slot] = await slotsOf(linkId, 4);
    const book = (body: Record<string, unknown>) => app.client().post(`/api/booking-links/${linkId}/bookings`, body);
    expectError(await book({ ...visitor('No Time'), start: 'soon' }), 400, 'Choose a time');
    expectError(
      await book({ start: slot.start, ...visitor('Bad Mail', 'not-an-email') }),
      400,
      'Enter a valid email address',
    );
    expectError(await book({ start: slot.start, email: 'x@example.test' }), 400, 'Name is required');
    // Times the page never offers are not "taken": after the staff's hours, and off the 30-minute grid.
    expectError(
      await book({ ...visitor('Off Hours'), start: tomorrow.plus({ days: 3 }).set({ hour: 15 }).toUTC().toISO() }),
      400,
      'That time is not available. Please choose another.',
    );
    const quarterPast = DateTime.fromISO(slot.start).plus({ minutes: 15 }).toUTC().toISO();
    expectError(await book({ ...visitor('Quarter Past'), start: quarterPast }), 400, SLOT_NOT_OFFERED);
    expectError(
      await book({ ...visitor('Too Soon'), start: DateTime.now().plus({ minutes: 10 }).toUTC().toISO() }),
      400,
      'That time is not available. Please choose another.',
    );
    expectError(
      await org.manager.post('/api/booking-links', { serviceName: 'X', staffIds: [other.associate.userId] }),
      400,
      'Choose staff members of your organization',
    );
    expectError(
      await org.manager.post('/api/booking-links', { serviceName: ' ', staffIds: [org.associate.userId] }),
      400,
      'Service name is required',
    );
  });

  it('answers a paused link 410, a used-up one 410, an unknown or deleted one 404', async () => {
    const linkId = await createLink({ maxBookings: 1 });
    const [slot] = await slotsOf(linkId, 5);
    expect((await org.manager.patch(`/api/booking-links/${linkId}`, { status: 'paused' })).status).toBe(200);
    expectError(
      await app.client().get(`/api/booking-links/${linkId}`),
      410,
      'This booking link is paused. Please contact the company.',
    );
    expect((await org.manager.patch(`/api/booking-links/${linkId}`, { status: 'active' })).status).toBe(200);
    expect(
      (await app.client().post(`/api/booking-links/${linkId}/bookings`, { start: slot.start, ...visitor('Una Once') }))
        .status,
    ).toBe(201);
    expectError(
      await app.client().get(`/api/booking-links/${linkId}/slots`),
      410,
      'This booking link has no bookings left.',
    );
    expect((await org.manager.delete(`/api/booking-links/${linkId}`)).status).toBe(200);
    expectError(await app.client().get(`/api/booking-links/${linkId}`), 404, 'This booking link was not found.');
    expectError(
      await app.client().get(`/api/booking-links/${'x'.repeat(22)}`),
      404,
      'This booking link was not found.',
    );
    expectError(await app.client().get('/api/share/booking/nope'), 404, 'This booking was not found.');
  });

  it('lets only schedulers manage links, and never another organization’s', async () => {
    const linkId = await createLink();
    expect((await org.associate.get('/api/booking-links')).status).toBe(403);
    expect((await org.associate.post('/api/booking-links', { serviceName: 'X' })).status).toBe(403);
    expectError(
      await other.manager.patch(`/api/booking-links/${linkId}`, { bufferMinutes: 15 }),
      404,
      'This booking link was not found.',
    );
    expectError(await other.manager.delete(`/api/booking-links/${linkId}`), 404, 'This booking link was not found.');
    expect((await other.manager.get('/api/booking-links')).body).toEqual([]);
    expect((await app.client().get('/api/booking-links')).status).toBe(401);
  });

  it('e-mails the visit’s page, where the visitor moves it and then cancels it; the schedule follows', async () => {
    const linkId = await createLink();
    const slots = await slotsOf(linkId, 6);
    const booked = await app.client().post(`/api/booking-links/${linkId}/bookings`, {
      start: slots[0].start,
      ...visitor('Mo Mover', 'mo@example.test'),
    });
    expect(booked.status).toBe(201);
    const id = booked.body.data.id as string;
    const [mail] = await mailsWhen(app.dataDir, (m) => m.to === 'mo@example.test', 1);
    expect(mail.subject).toContain('Booked: Window cleaning');
    expect(mail.text).toContain(`/share/booking/${id}`);

    const page = (await app.client().get(`/api/share/booking/${id}`)).body;
    expect(page).toMatchObject({ linkId, status: 'booked', canChange: true });
    const target = slots[slots.length - 1];
    const moved = await app.client().post(`/api/share/booking/${id}/reschedule`, { start: target.start });
    expect(moved.body).toEqual({ success: true, message: 'Your visit has been moved' });
    expect((await app.client().get(`/api/share/booking/${id}`)).body).toMatchObject({
      start: new Date(target.start).toISOString(),
    });
    const day = tomorrow.plus({ days: 5 }).toFormat('MM/dd/yyyy');
    const fetchDay = async () =>
      (
        await org.manager.get(
          `/api/jobs/syncfusion/fetch?StartDate=${encodeURIComponent(day)}&EndDate=${encodeURIComponent(day)}`,
        )
      ).body.filter((j: { selfBooked: boolean }) => j.selfBooked);
    expect((await fetchDay()).map((j: { startDateTime: string }) => j.startDateTime)).toEqual([
      target.start.replace('.000Z', 'Z'),
    ]);
    // The old slot is free again; the new one is taken.
    const free = (await slotsOf(linkId, 6)).map((s) => s.start);
    expect(free).toContain(slots[0].start);
    expect(free).not.toContain(target.start);

    const cancelled = await app.client().post(`/api/share/booking/${id}/cancel`, {});
    expect(cancelled.body).toEqual({ success: true, message: 'Your visit has been cancelled' });
    expect((await app.client().get(`/api/share/booking/${id}`)).body).toMatchObject({
      status: 'cancelled',
      canChange: false,
    });
    expect(await fetchDay()).toEqual([]);
    expectError(
      await app.client().post(`/api/share/booking/${id}/cancel`, {}),
      409,
      'This visit has already been cancelled.',
    );
    expectError(
      await app.client().post(`/api/share/booking/${id}/reschedule`, { start: slots[0].start }),
      409,
      'This visit has already been cancelled.',
    );
    expectError(
      await app.client().post(`/api/share/booking/${'y'.repeat(22)}/cancel`, {}),
      404,
      'This booking was not found.',
    );
  });

  // Last: the organization gets a logo.
  it("shows the organization's logo on the link's and the visit's pages", async () => {
    const linkId = await createLink();
    const [slot] = await slotsOf(linkId, 7);
    const booked = await app
      .client()
      .post(`/api/booking-links/${linkId}/bookings`, { start: slot.start, ...visitor('Lo Go') });
    const id = booked.body.data.id as string;
    expectError(await app.client().get(`/api/booking-links/${linkId}/logo`), 404, 'The logo was not found.');
    expect((await org.admin.upload('PUT', '/api/organization/settings/logo', TINY_PNG, 'logo.png')).status).toBe(200);
    const page = (await app.client().get(`/api/booking-links/${linkId}`)).body;
    expect(page.logoUrl).toBe(`/api/booking-links/${linkId}/logo`);
    const shared = (await app.client().get(`/api/share/booking/${id}`)).body;
    expect(shared.logoUrl).toBe(`/api/share/booking/${id}/logo`);
    for (const url of [page.logoUrl, shared.logoUrl]) {
      const logo = await fetch(`${app.url}${url}`);
      expect(logo.status).toBe(200);
      expect(logo.headers.get('content-type')).toBe('image/png');
      expect(logo.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  // Very last: it uses up this address's allowance.
  it('limits bookings, moves and cancellations per address', async () => {
    const linkId = await createLink();
    let refused: ApiResponse | null = null;
    for (let i = 0; i < 30 && !refused; i++) {
      const response = await app
        .client()
        .post(`/api/booking-links/${linkId}/bookings`, { start: 'soon', name: 'X', email: 'x@example.test' });
      if (response.status === 429) refused = response;
    }
    expectError(refused!, 429, 'Too many bookings from this network. Try again in 60 minutes.');
  });
});
