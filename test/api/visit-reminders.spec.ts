import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { Aggregates, PROJECTION_PROGRESS } from '../../src/core/commands/aggregates';
import type { Clock } from '../../src/core/clock';
import type { Mailer } from '../../src/core/mail/mail.port';
import { ProcessHost } from '../../src/core/processes/process-host';
import { unsubscribeToken } from '../../src/customers/mail-opt-out';
import { VisitReminders } from '../../src/notices/visit-reminders.process';
import { noticesStreams } from '../../src/notices/notices.events';
import { startTestApp, TestApp, TestOrganization } from '../support/app';
import { kitFor } from '../support/given';
import { outboxMails } from '../support/outbox';

const ZONE = 'America/New_York'; // the test organizations'

/**
 * Visit reminders (issue #31 item 2) with the clock moved: the process is driven tick by tick on a clock the test
 * sets, over the app's real log and read models. Sent once at the right moment; a visit moved before its reminder is
 * reminded for the new time only; a cancelled one gets none, and one cancelled after its reminder a notice; a visit
 * made after its reminder time none; several processes at once, one of them failing between the e-mail and its
 * record, one e-mail per visit.
 */
describe('visit reminders', () => {
  let app: TestApp;
  let org: TestOrganization;
  /** Days from now to the visits' day: far enough that nothing real is due, the same week for every test. */
  const day = (days: number, hour: number, minute = 0) =>
    DateTime.now().setZone(ZONE).startOf('day').plus({ days }).set({ hour, minute });
  let now = new Date();
  const clock: Clock = { now: () => now };
  const at = (t: DateTime) => (now = t.toJSDate());

  beforeAll(async () => {
    app = await startTestApp();
    org = await app.organization('Reminded');
    // The app's own process runs on the real clock: only the test's, on the moved one, may send.
    await app.app.get(ProcessHost).stop();
  });
  afterAll(() => app?.stop());

  const processWith = (mailer: Mailer = app.engines.mailer) =>
    new VisitReminders({
      eventStore: app.engines.eventStore,
      store: app.engines.readStore,
      mailer,
      aggregates: app.app.get(Aggregates),
      progress: app.app.get(PROJECTION_PROGRESS),
      config: { ...app.config, visitRemindersEveryMs: 100 },
      clock,
      log: { error: () => undefined },
    });
  const given = kitFor(() => org.manager);
  const customerWith = async (name: string) => {
    const email = `${name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.test`;
    const customer = await given.customer({ name, contactFirstName: name, contactEmail: email });
    return { id: customer.id, email };
  };
  const visit = async (name: string, customerId: string, start: DateTime) =>
    (
      await given.job({
        name,
        customerId,
        leadUserId: org.associate.userId,
        startDateTime: start.toUTC().toISO(),
        endDateTime: start.plus({ hours: 1 }).toUTC().toISO(),
      })
    ).id;
  const mailsTo = (email: string) => outboxMails(app.dataDir).filter((m) => m.to === email);

  it('reminds the day before at 9:00, once, with the time in the zone and the crew lead; moved: for the new time only', async () => {
    const process = processWith();
    expect((await org.admin.patch('/api/organization/settings', { visitReminders: 'daysBefore' })).status).toBe(200);
    at(day(4, 8));
    await process.tick(); // the first look: reminders are on from now
    const gutters = await customerWith('Rae');
    const hedges = await customerWith('Sam');
    const id = await visit('Gutter cleaning', gutters.id, day(5, 10));
    const moved = await visit('Hedge trim', hedges.id, day(5, 11));
    // Before its reminder time the hedge trim moves a day later.
    expect(
      (
        await org.manager.patch(`/api/jobs/${moved}`, {
          startDateTime: day(6, 11).toUTC().toISO(),
          endDateTime: day(6, 12).toUTC().toISO(),
        })
      ).status,
    ).toBe(200);

    at(day(4, 8, 59));
    await process.tick();
    expect(mailsTo(gutters.email)).toEqual([]);

    at(day(4, 9, 0).plus({ seconds: 30 }));
    await process.tick();
    const [mail] = mailsTo(gutters.email);
    expect(mail.subject).toBe(`Reminder: Gutter cleaning, ${day(5, 10).toFormat('ccc, LLL d')} at 10:00 AM`);
    expect(mail.text).toContain('Hello Rae,');
    expect(mail.text).toContain(
      `: Gutter cleaning, on ${day(5, 10).toFormat('cccc, LLLL d, yyyy')} at 10:00 AM ${day(5, 10).toFormat('ZZZZ')}.`,
    );
    expect(mail.text).toMatch(/This is a reminder of your visit from Reminded.*: Gutter cleaning/);
    expect(mail.text).toContain('Abe Associate will lead the crew.');
    expect(mail.html).toContain('>Hello Rae,</p>');
    // A reminder is an e-mail the customer may stop: signed, then why they get it and the unsubscribe link.
    expect(mail.text).toMatch(
      /\n\n-- \nReminded [0-9a-f]{8}\n\nYou get this e-mail as a customer of Reminded [0-9a-f]{8}\. No more visit reminders or feedback requests\?\nUnsubscribe: http\S+\/unsubscribe\/\S+\n$/,
    );
    const token = /\/unsubscribe\/(\S+)\n$/.exec(mail.text)![1];
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${app.config.publicUrl}/api/unsubscribe/${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // The hedge trim is not reminded at its old time.
    expect(mailsTo(hedges.email)).toEqual([]);

    at(day(4, 9, 5));
    await process.tick();
    expect(mailsTo(gutters.email)).toHaveLength(1);
    const history = JSON.stringify((await org.manager.get(`/api/jobs/${id}/history`)).body);
    expect(history).toContain('Reminder e-mailed to the customer for the visit on');

    // The day before the new time, at 9:00: the hedge trim, for its new time.
    at(day(5, 9, 1));
    await process.tick();
    const [hedgeMail] = mailsTo(hedges.email);
    expect(hedgeMail.subject).toBe(`Reminder: Hedge trim, ${day(6, 11).toFormat('ccc, LLL d')} at 11:00 AM`);
    expect(mailsTo(gutters.email)).toHaveLength(1);
  });

  it('sends none for a visit cancelled before its reminder or made after it; one cancelled after it gets a notice', async () => {
    const process = processWith();
    at(day(7, 8));
    await process.tick();
    const early = await customerWith('Ann');
    const late = await customerWith('Bo');
    const reminded = await customerWith('Cy');
    const cancelledEarly = await visit('Window cleaning', early.id, day(8, 10));
    const remindedThenCancelled = await visit('Deck staining', reminded.id, day(8, 14));
    expect((await org.manager.delete(`/api/jobs/${cancelledEarly}`)).status).toBe(200);

    at(day(7, 9, 1));
    await process.tick();
    expect(mailsTo(early.email)).toEqual([]);
    expect(mailsTo(reminded.email)).toHaveLength(1);

    // Made at 9:30 for tomorrow: its reminder time (9:00 today) has passed.
    at(day(7, 9, 30));
    await process.tick();
    await visit('Lawn care', late.id, day(8, 15));
    at(day(7, 9, 31));
    await process.tick();
    expect(mailsTo(late.email)).toEqual([]);

    // Reminded, then cancelled: one notice, however many ticks.
    expect((await org.manager.delete(`/api/jobs/${remindedThenCancelled}`)).status).toBe(200);
    at(day(7, 10));
    await process.tick();
    at(day(7, 10, 1));
    await process.tick();
    const mails = mailsTo(reminded.email);
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Reminder: Deck staining, /),
      `Cancelled: your visit on ${day(8, 14).toFormat('ccc, LLL d')} at 2:00 PM`,
    ]);
    // The cancellation is one they must know of: no unsubscribe footer.
    expect(mails[1].text).toMatch(
      / is cancelled\. Please contact Reminded [0-9a-f]{8} to book another time\.\n\n-- \nReminded [0-9a-f]{8}\n$/,
    );
    expect(mails[1].headers).toBeUndefined();
  });

  it('reminds no address that unsubscribed; one that subscribed again before the reminder time is reminded', async () => {
    const process = processWith();
    at(day(9, 8));
    await process.tick();
    const out = await customerWith('Dee');
    const back = await customerWith('Eve');
    await visit('Pressure washing', out.id, day(10, 10));
    await visit('Leaf removal', back.id, day(10, 11));
    const guest = app.client();
    const link = (c: { id: string; email: string }) =>
      `/api/unsubscribe/${unsubscribeToken(app.config.sessionSecret, org.organizationId, c.id, c.email)}`;
    for (const c of [out, back]) expect((await guest.post(link(c))).status).toBe(200);
    expect((await guest.delete(link(back))).status).toBe(200);

    at(day(9, 9, 1));
    await process.tick();
    at(day(9, 9, 2));
    await process.tick();
    expect(mailsTo(out.email)).toEqual([]);
    expect(mailsTo(back.email).map((m) => m.subject)).toEqual([expect.stringMatching(/^Reminder: Leaf removal, /)]);
    // Nothing recorded for the one not sent: subscribed again in time, it would still get its reminder.
    const sent = (await app.engines.eventStore.readAll()).filter((e) => e.type === 'VisitReminderSent');
    expect(sent.filter((e) => (e.data as { customerId: string }).customerId === out.id)).toEqual([]);
  });

  it('several processes at once, one failing between the e-mail and its record: one e-mail and one record per visit', async () => {
    const processes = [
      processWith(),
      processWith(),
      processWith({
        async send(message) {
          await app.engines.mailer.send(message);
          throw new Error('killed after the SMTP server accepted');
        },
      }),
    ];
    at(day(10, 8));
    await Promise.all(processes.map((p) => p.tick()));
    const customer = await customerWith('Dee');
    const visits: { id: string; start: DateTime }[] = [];
    for (let i = 0; i < 12; i++) {
      const start = day(11, 8 + (i % 10), i);
      visits.push({ id: await visit(`Visit ${i}`, customer.id, start), start });
    }
    for (const minute of [1, 2, 3]) {
      at(day(10, 9, minute));
      await Promise.all(processes.map((p) => p.tick()));
    }
    const mails = mailsTo(customer.email);
    expect(mails).toHaveLength(12);
    expect(new Set(mails.map((m) => m.subject)).size).toBe(12);
    for (const { id, start } of visits) {
      const recorded = await app.engines.eventStore.readStream(
        noticesStreams.visitReminder(id, start.toUTC().toISO()!),
      );
      expect(recorded.map((e) => e.type)).toEqual(['VisitReminderSent']);
    }
  });
});
