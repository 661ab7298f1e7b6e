import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { Aggregates, PROJECTION_PROGRESS } from '../../src/core/commands/aggregates';
import type { Clock } from '../../src/core/clock';
import { ProcessHost } from '../../src/core/processes/process-host';
import { CrewDayEmails } from '../../src/notices/crew-day-emails.process';
import { mapsUrl } from '../../src/shared/customers';
import { noticesStreams } from '../../src/notices/notices.events';
import { startTestApp, TestApp, TestOrganization } from '../support/app';
import { kitFor } from '../support/given';
import { outboxMails } from '../support/outbox';

const ZONE = 'America/New_York'; // the test organizations'

/**
 * The crew's day by e-mail (issue #31 item 3) with the clock moved: at the person's hour, the next day's jobs in
 * order with times, customers, addresses, maps links and notes; once; nothing for an empty day or before the hour.
 */
describe("the crew's day by e-mail", () => {
  let app: TestApp;
  let org: TestOrganization;
  let now = new Date();
  const clock: Clock = { now: () => now };
  const day = (days: number, hour: number, minute = 0) =>
    DateTime.now().setZone(ZONE).startOf('day').plus({ days }).set({ hour, minute });

  beforeAll(async () => {
    app = await startTestApp();
    org = await app.organization('Crew Day');
    await app.app.get(ProcessHost).stop(); // only the test's process, on the moved clock, may send
  });
  afterAll(() => app?.stop());

  const process = () =>
    new CrewDayEmails({
      eventStore: app.engines.eventStore,
      store: app.engines.readStore,
      mailer: app.engines.mailer,
      aggregates: app.app.get(Aggregates),
      progress: app.app.get(PROJECTION_PROGRESS),
      config: app.config,
      clock,
      log: { error: () => undefined },
    });
  const mailsToAbe = () => outboxMails(app.dataDir).filter((m) => m.to === org.associate.email);

  it("e-mails the next day's jobs in order at the person's hour, once; nothing before it or for an empty day", async () => {
    expect((await org.associate.patch('/api/profile', { crewDayEmail: true, crewDayEmailHour: 18 })).status).toBe(200);
    const byManager = kitFor(org.manager);
    const customer = await byManager.customer({
      name: 'Maple Homes',
      contactEmail: `maple-${randomUUID().slice(0, 8)}@example.test`,
      address1: '12 Elm St',
      city: 'Springfield',
    });
    const job = (name: string, start: DateTime, more: Record<string, unknown> = {}) =>
      byManager.job({
        name,
        userIds: [org.associate.userId],
        startDateTime: start.toUTC().toISO(),
        endDateTime: start.plus({ hours: 1 }).toUTC().toISO(),
        ...more,
      });
    // Day 3's jobs, made out of order; one of someone else's; one on day 4.
    await job('Hedge trim', day(3, 13));
    await job('Gutter cleaning', day(3, 8, 30), { customerId: customer.id, notes: 'Side gate, code 42' });
    await byManager.job({
      name: 'Not Abe’s',
      userIds: [org.manager.userId],
      startDateTime: day(3, 10).toUTC().toISO(),
      endDateTime: day(3, 11).toUTC().toISO(),
    });
    await job('Day after', day(4, 9));

    const crewDay = process();
    now = day(2, 17, 59).toJSDate();
    await crewDay.tick();
    expect(mailsToAbe()).toEqual([]);

    now = day(2, 18, 0).plus({ seconds: 20 }).toJSDate();
    await crewDay.tick();
    now = day(2, 18, 5).toJSDate();
    await crewDay.tick();
    const mails = mailsToAbe();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe(`Tomorrow, ${day(3, 0).toFormat('ccc, LLL d')}: 2 jobs`);
    const text = mail.text;
    expect(text).toContain('Hello Abe,');
    expect(text.indexOf('8:30 AM–9:30 AM  Gutter cleaning')).toBeGreaterThan(0);
    expect(text.indexOf('1:00 PM–2:00 PM  Hedge trim')).toBeGreaterThan(text.indexOf('Gutter cleaning'));
    expect(text).toContain('Customer: Maple Homes');
    expect(text).toContain('Address: 12 Elm St, Springfield');
    expect(text).toContain(`Map: ${mapsUrl('12 Elm St, Springfield')}`);
    expect(mapsUrl('12 Elm St, Springfield')).toBe(
      'https://www.google.com/maps/search/?api=1&query=12%20Elm%20St%2C%20Springfield',
    );
    expect(text).toContain('Notes: Side gate, code 42');
    expect(text).not.toContain('Not Abe’s');
    expect(text).not.toContain('Day after');
    expect(mail.html).toMatch(/<ol[^>]*><li[^>]*><strong>8:30 AM–9:30 AM {2}Gutter cleaning<\/strong>/);
    expect(mail.html).toContain(
      `Address: <a href="${mapsUrl('12 Elm St, Springfield').replace(/&/g, '&amp;')}" style="color:#1864ab;">12 Elm St, Springfield</a>`,
    );
    // Signed by the organization; where to turn it off, in both parts.
    expect(text).toMatch(/\n\n-- \nCrew Day [0-9a-f]{8}\n\n/);
    expect(text).toContain(`To change its hour or turn it off:\nMy Profile: ${app.config.publicUrl}/profile\n`);
    expect(mail.html).toContain(`<a href="${app.config.publicUrl}/profile" style="color:#1864ab;">My Profile</a>`);
    const recorded = await app.engines.eventStore.readStream(
      noticesStreams.crewDay(org.associate.userId, day(2, 0).toISODate()!),
    );
    expect(recorded.map((e) => e.type)).toEqual(['CrewDayEmailSent']);

    // Day 4 at 18:00: day 5 is empty, so nothing goes.
    now = day(4, 18, 1).toJSDate();
    await crewDay.tick();
    expect(mailsToAbe()).toHaveLength(1);

    // Turned off: nothing, even with jobs the next day.
    expect((await org.associate.patch('/api/profile', { crewDayEmail: false })).status).toBe(200);
    now = day(3, 18, 1).toJSDate();
    await crewDay.tick();
    expect(mailsToAbe()).toHaveLength(1);
  });
});
