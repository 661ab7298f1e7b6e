import { DateTime } from 'luxon';
import { expectError, startTestApp, TestApp, TestOrganization } from '../support/app';
import { mailsWhen, OutboxMail, outboxMails } from '../support/outbox';
import { within } from '../support/time';
import { kitFor } from '../support/given';

/**
 * A booked visit's page and its e-mails (#24 item 15): the times it may move to say who would take each, a move or a
 * cancellation e-mails the visitor and the staff member (old and new time, an invitation), once.
 */

const ZONE = 'America/New_York';
const ALL_WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const NOTE = 'Side gate, ring twice';

/** The invitation's lines, folding undone. */
const icsLines = (mail: OutboxMail) => {
  const [attachment] = mail.attachments ?? [];
  return attachment ? attachment.content.replace(/\r\n /g, '').split('\r\n') : [];
};
const icsValue = (mail: OutboxMail, name: string) =>
  icsLines(mail)
    .find((l) => l.startsWith(`${name}:`))
    ?.slice(name.length + 1);
const when = (iso: string) => DateTime.fromISO(iso, { zone: ZONE }).toFormat("cccc, LLLL d, yyyy 'at' h:mm a ZZZZ");

describe('the booked visit’s page and e-mails', () => {
  let app: TestApp;
  let org: TestOrganization;
  const tomorrow = DateTime.now().setZone(ZONE).plus({ days: 1 }).startOf('day');

  beforeAll(async () => {
    app = await startTestApp();
    org = await app.organization('Shared');
    expect((await org.admin.patch('/api/organization/settings', { timeZone: ZONE })).status).toBe(200);
    // Abe works 9 to 12, Mona 9 to 5.
    const week = (endTime: string) => ALL_WEEK.map((weekDay) => ({ weekDay, startTime: '09:00', endTime }));
    expect((await org.admin.patch(`/api/employee-availability/${org.associate.userId}`, week('12:00'))).status).toBe(
      200,
    );
    expect((await org.admin.patch(`/api/employee-availability/${org.manager.userId}`, week('17:00'))).status).toBe(200);
  }, within(60_000));
  afterAll(() => app.stop());

  const createLink = (staffIds: string[]) => kitFor(org.manager).bookingLink({ staffIds, horizonDays: 14 });
  const dayOf = (days: number) => tomorrow.plus({ days: days - 1 }).toISODate()!;
  const at = (days: number, time: string) =>
    DateTime.fromISO(`${dayOf(days)}T${time}`, { zone: ZONE })
      .toUTC()
      .toISO()!;
  const book = async (linkId: string, start: string, email: string) => {
    const response = await app.client().post(`/api/booking-links/${linkId}/bookings`, {
      start,
      name: 'Vera Visitor',
      email,
      note: NOTE,
    });
    expect(response.status).toBe(201);
    return response.body.data.id as string;
  };
  const visitSlots = async (id: string, days: number) =>
    (await app.client().get(`/api/share/booking/${id}/slots?from=${dayOf(days)}&to=${dayOf(days)}`)).body;

  it('sends the confirmation with an invitation; a move and a cancel e-mail the visitor and the staff member once', async () => {
    const linkId = await createLink([org.associate.userId]);
    const email = 'mo.share@example.test';
    const first = at(1, '09:00');
    const id = await book(linkId, first, email);
    const [confirmation] = await mailsWhen(app.dataDir, (m) => m.to === email, 1);
    expect(confirmation.attachments).toEqual([
      expect.objectContaining({ filename: 'visit.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST' }),
    ]);
    expect(icsLines(confirmation)).toEqual(
      expect.arrayContaining(['METHOD:REQUEST', 'SEQUENCE:0', `DTSTART:${first.replace(/[-:]|\.\d+/g, '')}`]),
    );
    const uid = icsValue(confirmation, 'UID')!;
    expect(uid).toMatch(/@crewclock$/);
    expect(uid).not.toContain(id);

    const target = at(1, '10:30');
    const move = () => app.client().post(`/api/share/booking/${id}/reschedule`, { start: target });
    expect((await move()).status).toBe(200);
    const toVisitor = await mailsWhen(app.dataDir, (m) => m.to === email, 2);
    const moved = toVisitor.find((m) => m.subject.startsWith('Moved:'))!;
    expect(moved.subject).toBe(`Moved: Window cleaning, ${when(target)}`);
    expect(moved.text).toContain(`Was: ${when(first)}\nNow: ${when(target)}\nWith: Abe`);
    expect(moved.text).toContain(`/share/booking/${id}`);
    expect(icsLines(moved)).toEqual(expect.arrayContaining(['METHOD:REQUEST', 'SEQUENCE:1', `UID:${uid}`]));
    const [toAbe] = await mailsWhen(app.dataDir, (m) => m.to === org.associate.email && m.subject.includes('moved'), 1);
    expect(toAbe.subject).toBe(`Visit moved: Window cleaning, ${when(target)}`);
    expect(toAbe.text).toContain(`Was: ${when(first)}\nNow: ${when(target)}`);
    expect(icsValue(toAbe, 'SEQUENCE')).toBe('1');

    // The same move again (a retried request): answered, and nothing more is sent.
    const count = outboxMails(app.dataDir).length;
    expect((await move()).status).toBe(200);
    expect((await app.client().get(`/api/share/booking/${id}`)).body.start).toBe(target);
    await new Promise((r) => setTimeout(r, 300));
    expect(outboxMails(app.dataDir)).toHaveLength(count);

    expect((await app.client().post(`/api/share/booking/${id}/cancel`, {})).status).toBe(200);
    const cancelled = (await mailsWhen(app.dataDir, (m) => m.to === email, 3)).find((m) =>
      m.subject.startsWith('Cancelled:'),
    )!;
    expect(cancelled.subject).toBe(`Cancelled: Window cleaning, ${when(target)}`);
    expect(icsLines(cancelled)).toEqual(
      expect.arrayContaining(['METHOD:CANCEL', 'STATUS:CANCELLED', 'SEQUENCE:2', `UID:${uid}`]),
    );
    const [abeCancelled] = await mailsWhen(
      app.dataDir,
      (m) => m.to === org.associate.email && m.subject.startsWith('Visit cancelled:'),
      1,
    );
    expect(icsValue(abeCancelled, 'METHOD')).toBe('CANCEL');
    // The visitor's own words go nowhere.
    for (const mail of outboxMails(app.dataDir)) expect(JSON.stringify(mail)).not.toContain('Side gate');
    expectError(
      await app.client().get(`/api/share/booking/${id}/slots`),
      409,
      'This visit has already been cancelled.',
    );
  });

  it('offers the visit’s times saying who takes each; a move to where its staff member is not free tells both', async () => {
    const linkId = await createLink([org.associate.userId, org.manager.userId]);
    const email = 'tess.share@example.test';
    const id = await book(linkId, at(2, '09:00'), email);
    expect((await app.client().get(`/api/share/booking/${id}`)).body.staffName).toContain('Abe');

    const offered = await visitSlots(id, 2);
    expect(offered.timeZone).toBe(ZONE);
    expect(offered.staffFirstName).toBe('Abe');
    const byTime = Object.fromEntries(
      offered.slots.map((s: { start: string; staffFirstName: string; keepsStaff: boolean }) => [
        DateTime.fromISO(s.start, { zone: ZONE }).toFormat('HH:mm'),
        `${s.staffFirstName}${s.keepsStaff ? '' : ' (other)'}`,
      ]),
    );
    // Its own 9:00 is not offered; the times next to it are Abe's (his visit does not stand in its own way);
    // from noon Abe is not free and Mona would take it.
    expect(byTime['09:00']).toBeUndefined();
    expect(byTime['09:30']).toBe('Abe');
    expect(byTime['11:00']).toBe('Abe');
    expect(byTime['12:00']).toBe('Mona (other)');
    expect(byTime['16:00']).toBe('Mona (other)');

    const target = at(2, '14:00');
    expect((await app.client().post(`/api/share/booking/${id}/reschedule`, { start: target })).status).toBe(200);
    expect((await app.client().get(`/api/share/booking/${id}`)).body.staffName).toContain('Mona');
    const [toMona] = await mailsWhen(app.dataDir, (m) => m.to === org.manager.email && m.subject.includes('moved'), 1);
    expect(toMona.text).toContain('has moved to you (Abe is not free then)');
    expect(icsValue(toMona, 'METHOD')).toBe('REQUEST');
    const [toAbe] = await mailsWhen(
      app.dataDir,
      (m) => m.to === org.associate.email && m.subject.startsWith('Visit moved to Mona'),
      1,
    );
    expect(toAbe.text).toContain('It is no longer on your schedule.');
    expect(icsValue(toAbe, 'METHOD')).toBe('CANCEL');
    const [moved] = await mailsWhen(app.dataDir, (m) => m.to === email && m.subject.startsWith('Moved:'), 1);
    expect(moved.text).toContain('With: Mona');

    expectError(
      await app.client().get(`/api/share/booking/${'z'.repeat(22)}/slots`),
      404,
      'This booking was not found.',
    );
    expectError(
      await app.client().get(`/api/share/booking/${id}/slots?from=soon`),
      400,
      'From must be a date (YYYY-MM-DD)',
    );
  });

  it('closes the organization’s holidays: no slots, no booking, no move there', async () => {
    const linkId = await createLink([org.associate.userId]);
    const holiday = dayOf(3);
    const id = await book(linkId, at(4, '09:00'), 'hal.share@example.test');
    expect(
      (await app.client().get(`/api/booking-links/${linkId}/slots?from=${holiday}&to=${holiday}`)).body.slots,
    ).not.toEqual([]);

    const saved = await org.admin.put('/api/organization/settings/holidays', {
      holidays: [{ date: holiday, name: 'Thanksgiving' }],
    });
    expect(saved.body).toEqual({
      success: true,
      message: 'Holidays have been saved',
      data: { holidays: [{ date: holiday, name: 'Thanksgiving' }] },
    });
    expect((await org.admin.get('/api/organization/settings/holidays')).body).toEqual({
      holidays: [{ date: holiday, name: 'Thanksgiving' }],
    });
    expect(
      (await app.client().get(`/api/booking-links/${linkId}/slots?from=${holiday}&to=${holiday}`)).body.slots,
    ).toEqual([]);
    expect((await visitSlots(id, 3)).slots).toEqual([]);
    expect((await visitSlots(id, 4)).slots).not.toEqual([]);
    expectError(
      await app.client().post(`/api/booking-links/${linkId}/bookings`, {
        start: at(3, '09:00'),
        name: 'Hal Holiday',
        email: 'hal.share@example.test',
      }),
      400,
      'That time is not available. Please choose another.',
    );
    expectError(
      await app.client().post(`/api/share/booking/${id}/reschedule`, { start: at(3, '10:00') }),
      400,
      'That time is not available. Please choose another.',
    );

    expectError(
      await org.admin.put('/api/organization/settings/holidays', { holidays: [{ date: '2026-02-30' }] }),
      400,
      'Each holiday must be a date (YYYY-MM-DD)',
    );
    expect((await org.associate.put('/api/organization/settings/holidays', { holidays: [] })).status).toBe(403);
    // Cleared, the day is open again.
    expect((await org.admin.put('/api/organization/settings/holidays', { holidays: [] })).status).toBe(200);
    expect(
      (await app.client().get(`/api/booking-links/${linkId}/slots?from=${holiday}&to=${holiday}`)).body.slots,
    ).not.toEqual([]);
  });

  it('closes a staff member’s time off: their days give no slots and refuse a booking; others still take them', async () => {
    const alone = await createLink([org.associate.userId]);
    const both = await createLink([org.associate.userId, org.manager.userId]);
    const slotsOn = async (linkId: string, days: number) =>
      (await app.client().get(`/api/booking-links/${linkId}/slots?from=${dayOf(days)}&to=${dayOf(days)}`)).body
        .slots as { start: string }[];
    expect(await slotsOn(alone, 5)).not.toEqual([]);

    const saved = await org.admin.put(`/api/employee-availability/${org.associate.userId}/time-off`, {
      timeOff: [{ from: dayOf(5), to: dayOf(6), note: ' Trip ' }],
    });
    expect(saved.body).toEqual({
      success: true,
      message: 'Time off has been saved',
      data: { timeOff: [{ id: expect.any(String), from: dayOf(5), to: dayOf(6), note: 'Trip' }] },
    });
    expect((await org.admin.get(`/api/employee-availability/${org.associate.userId}/time-off`)).body).toEqual(
      saved.body.data,
    );
    expect(await slotsOn(alone, 5)).toEqual([]);
    expect(await slotsOn(alone, 6)).toEqual([]);
    expect(await slotsOn(alone, 7)).not.toEqual([]);
    // Abe's week still counts as saved: his availability is unchanged.
    expect((await org.admin.get(`/api/employee-availability/user/${org.associate.userId}`)).body).toHaveLength(7);
    expectError(
      await app.client().post(`/api/booking-links/${alone}/bookings`, {
        start: at(5, '09:00'),
        name: 'Tia Timeoff',
        email: 'tia.share@example.test',
      }),
      400,
      'That time is not available. Please choose another.',
    );
    // On a link with Mona too, she takes the day.
    const booked = await app.client().post(`/api/booking-links/${both}/bookings`, {
      start: at(5, '09:00'),
      name: 'Tia Timeoff',
      email: 'tia.share@example.test',
    });
    expect(booked.status).toBe(201);
    expect((await app.client().get(`/api/share/booking/${booked.body.data.id}`)).body.staffName).toContain('Mona');

    expectError(
      await org.admin.put(`/api/employee-availability/${org.associate.userId}/time-off`, {
        timeOff: [{ from: dayOf(6), to: dayOf(5) }],
      }),
      400,
      'Time off must end on or after the day it starts',
    );
    expect(
      (await org.associate.put(`/api/employee-availability/${org.associate.userId}/time-off`, { timeOff: [] })).status,
    ).toBe(403);
    expect(
      (await org.admin.put(`/api/employee-availability/${org.associate.userId}/time-off`, { timeOff: [] })).status,
    ).toBe(200);
    expect(await slotsOn(alone, 6)).not.toEqual([]);
  });
});
