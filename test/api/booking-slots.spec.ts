import { DateTime } from 'luxon';
import { BOOKING_SLOT_READS_PER_HOUR } from '../../src/booking/booking-throttle';
import { expectError, startTestApp, TestApp, TestOrganization } from '../support/app';
import { kitFor } from '../support/given';
import { within } from '../support/time';

/**
 * A booking page's free slots (#24): a read covers at most two weeks, each day's slots are kept until the schedule,
 * someone's availability, the link or the organization's zone changes (and then are computed again), and slot reads
 * have an allowance of their own per network, an IPv6 /64 counting as one.
 */

const ZONE = 'America/New_York';
const ALL_WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

describe('booking slots', () => {
  let app: TestApp;
  let org: TestOrganization;
  const day = DateTime.now().setZone(ZONE).plus({ days: 3 }).startOf('day');
  const date = day.toISODate()!;

  beforeAll(async () => {
    // Behind one proxy: the client's address is the X-Forwarded-For the test sends.
    app = await startTestApp({ TRUST_PROXY: '1' });
    org = await app.organization('Slots');
    expect((await org.admin.patch('/api/organization/settings', { timeZone: ZONE })).status).toBe(200);
    const week = ALL_WEEK.map((weekDay) => ({ weekDay, startTime: '09:00', endTime: '12:00' }));
    expect((await org.admin.patch(`/api/employee-availability/${org.associate.userId}`, week)).status).toBe(200);
  }, within(60_000));
  afterAll(() => app.stop());

  let address = 0;
  /** From an address of its own each time unless given one, so that the allowance is not what a test meets. */
  const get = (path: string, from = `198.51.100.${(address = (address % 250) + 1)}`) =>
    app.client().request('GET', path, undefined, { 'x-forwarded-for': from });
  const createLink = (over: Record<string, unknown> = {}) =>
    kitFor(org.manager).bookingLink({ staffIds: [org.associate.userId], ...over });
  /** The wall-clock starts (HH:mm in the zone) offered on `date`. */
  const starts = async (linkId: string, from = date, to = date) => {
    const response = await get(`/api/booking-links/${linkId}/slots?from=${from}&to=${to}`);
    expect(response.status).toBe(200);
    return (response.body.slots as { start: string }[]).map((s) =>
      DateTime.fromISO(s.start, { zone: response.body.timeZone }).toFormat('HH:mm'),
    );
  };

  it('serves at most 14 days a read', async () => {
    const linkId = await createLink();
    const last = day.plus({ days: 13 }).toISODate();
    expect((await get(`/api/booking-links/${linkId}/slots?from=${date}&to=${last}`)).status).toBe(200);
    expectError(
      await get(`/api/booking-links/${linkId}/slots?from=${date}&to=${day.plus({ days: 14 }).toISODate()}`),
      400,
      'Ask for at most 14 days at a time',
    );
    expectError(
      await get(`/api/booking-links/${linkId}/slots?from=${date}&to=${day.plus({ days: 61 }).toISODate()}`),
      400,
      'Ask for at most 14 days at a time',
    );
  });

  it('offers again what changed since a read: the schedule, availability, the link and the zone', async () => {
    const linkId = await createLink();
    expect(await starts(linkId)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00']);
    // Read twice: kept; the same answer.
    expect(await starts(linkId)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00']);

    // A job for the staff member from 10:00 to 11:00.
    const job = await kitFor(org.manager).job({
      name: 'Gutters',
      startDateTime: day.set({ hour: 10 }).toUTC().toISO(),
      endDateTime: day.set({ hour: 11 }).toUTC().toISO(),
      userIds: [org.associate.userId],
    });
    expect(await starts(linkId)).toEqual(['09:00', '11:00']);

    // Availability from 9:00 to 11:00 only.
    const shorter = ALL_WEEK.map((weekDay) => ({ weekDay, startTime: '09:00', endTime: '11:00' }));
    expect((await org.admin.patch(`/api/employee-availability/${org.associate.userId}`, shorter)).status).toBe(200);
    expect(await starts(linkId)).toEqual(['09:00']);

    // The job moved away, and the link's visits cut to 30 minutes.
    expect(
      (
        await org.manager.patch(`/api/jobs/${job.id}`, {
          startDateTime: day.plus({ days: 1 }).set({ hour: 10 }).toUTC().toISO(),
          endDateTime: day.plus({ days: 1 }).set({ hour: 11 }).toUTC().toISO(),
        })
      ).status,
    ).toBe(200);
    expect(await starts(linkId)).toEqual(['09:00', '09:30', '10:00']);
    expect((await org.manager.patch(`/api/booking-links/${linkId}`, { durationMinutes: 30 })).status).toBe(200);
    expect(await starts(linkId)).toEqual(['09:00', '09:30', '10:00', '10:30']);

    // The organization moves to Chicago: 9:00 there is another instant, and the day's slots are computed again.
    expect((await org.admin.patch('/api/organization/settings', { timeZone: 'America/Chicago' })).status).toBe(200);
    const chicago = await get(`/api/booking-links/${linkId}/slots?from=${date}&to=${date}`);
    expect(chicago.body.timeZone).toBe('America/Chicago');
    expect(DateTime.fromISO(chicago.body.slots[0].start, { zone: 'America/Chicago' }).toFormat('HH:mm')).toBe('09:00');
    expect((await org.admin.patch('/api/organization/settings', { timeZone: ZONE })).status).toBe(200);
    const week = ALL_WEEK.map((weekDay) => ({ weekDay, startTime: '09:00', endTime: '12:00' }));
    expect((await org.admin.patch(`/api/employee-availability/${org.associate.userId}`, week)).status).toBe(200);
  });

  it('counts slot reads per network, an IPv6 /64 as one, apart from the page', async () => {
    const linkId = await createLink();
    const path = `/api/booking-links/${linkId}/slots?from=${date}&to=${date}`;
    // Every read from another address of one /64.
    for (let i = 0; i < BOOKING_SLOT_READS_PER_HOUR; i++)
      expect((await get(path, `2001:db8:aa:1:${(i + 1).toString(16)}::7`)).status).toBe(200);
    expectError(
      await get(path, '2001:db8:aa:1:ffff:ffff:ffff:1'),
      429,
      'Too many times looked up from this network. Try again in 60 minutes.',
    );
    // The page from that network still opens; another /64 still reads slots.
    expect((await get(`/api/booking-links/${linkId}`, '2001:db8:aa:1::9')).status).toBe(200);
    expect((await get(path, '2001:db8:aa:2::1')).status).toBe(200);
  });
});
