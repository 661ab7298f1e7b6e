import { randomUUID } from 'node:crypto';
import { Aggregates, PROJECTION_PROGRESS } from '../../src/core/commands/aggregates';
import { systemClock } from '../../src/core/clock';
import type { Mailer } from '../../src/core/mail/mail.port';
import { LiveEvents, ProcessHost } from '../../src/core/processes/process-host';
import { unsubscribeToken } from '../../src/customers/mail-opt-out';
import { RatingRequests } from '../../src/ratings/rating-requests.process';
import { startTestApp, TestApp, TestOrganization } from '../support/app';
import { kitFor } from '../support/given';
import { mailsWhen, outboxMails } from '../support/outbox';
import { startSmtpServer } from '../support/smtp-server';
import { within } from '../support/time';

/**
 * The automated rating requests (#14 item 1): a job with a customer whose contact has an e-mail is asked
 * about once when it ends, while the organization has the setting on; and however many processes tick at
 * once, or crash between the e-mail and its record, one request and one e-mail per job.
 */

const EVERY_MS = 200;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** An ISO instant `ms` from now, to the second (as the schedule's forms send them). */
const inMs = (ms: number) => new Date(Math.ceil((Date.now() + ms) / 1000) * 1000).toISOString().replace('.000', '');

describe('automated rating requests', () => {
  let app: TestApp;
  let org: TestOrganization;

  beforeAll(async () => {
    app = await startTestApp({ RATING_REQUESTS_EVERY_MS: String(EVERY_MS) });
    org = await app.organization('Auto Rated');
  });
  afterAll(() => app.stop());

  const given = kitFor(() => org.manager);
  /** The job's crew: the fixture's associate. */
  const crew = () => ({ userIds: [org.associate.userId] });
  /** Started an hour ago, ending `ms` from now. */
  const ending = (ms: number) => ({ startDateTime: inMs(-3_600_000), endDateTime: inMs(ms) });
  const customer = async (contactEmail: string | null) => (await given.customer({ name: 'Acme', contactEmail })).id;

  const setting = async (on: boolean) =>
    expect((await org.admin.patch('/api/organization/settings', { automatedRatingEmailsEnabled: on })).status).toBe(
      200,
    );
  const requestedEvents = async (jobId: string) =>
    (await app.engines.eventStore.readStream(`rating-${jobId}`)).filter((e) => e.type === 'RatingRequested');

  it('asks once about each finished job with a customer e-mail, only while the setting is on', async () => {
    const offEmail = `off-${randomUUID().slice(0, 8)}@example.test`;
    const whileOff = await given.job({
      ...crew(),
      name: 'Ended while off',
      customerId: await customer(offEmail),
      ...ending(800),
    });
    await sleep(2000);
    expect(outboxMails(app.dataDir).filter((m) => m.to === offEmail)).toEqual([]);

    await setting(true);
    const email = `on-${randomUUID().slice(0, 8)}@example.test`;
    const withEmail = await customer(email);
    const oneTime = await given.job({ ...crew(), name: 'Window cleaning', customerId: withEmail, ...ending(1500) });
    // Daily from yesterday: yesterday's visit ended before the setting was on; today's ends in a moment.
    const dayMs = 86_400_000;
    const series = await given.job(
      {
        ...crew(),
        name: 'Daily sweep',
        customerId: withEmail,
        startDateTime: inMs(-dayMs - 3_600_000),
        endDateTime: inMs(-dayMs + 1500),
      },
      { recurringFrequency: 'Daily' },
    );
    const noCustomer = await given.job({ ...crew(), name: 'No customer', customerId: null, ...ending(1000) });
    const noEmail = await given.job({
      ...crew(),
      name: 'No e-mail',
      customerId: await customer(null),
      ...ending(1000),
    });
    const later = await given.job({ ...crew(), name: 'Later today', customerId: withEmail, ...ending(120_000) });

    const mails = await mailsWhen(app.dataDir, (m) => m.to === email, 2, within(8000));
    expect(mails.map((m) => m.subject.split(',')[0]).sort()).toEqual([
      'How did we do? Daily sweep',
      'How did we do? Window cleaning',
    ]);
    // The link opens the job's page.
    const link = mails
      .find((m) => m.subject.includes('Window'))!
      .text.split(/\s+/)
      .find((w) => w.includes('/feedback/'))!;
    const page = await app.client().get(`/api/feedback/${link.slice(link.lastIndexOf('/') + 1)}`);
    expect(page.body).toMatchObject({ jobName: 'Window cleaning', submitted: false });
    // A feedback request is one the customer may stop: the unsubscribe footer and RFC 8058's headers.
    const window = mails.find((m) => m.subject.includes('Window'))!;
    const unsubscribe = /\nUnsubscribe: (\S+)\/unsubscribe\/(\S+)\n$/.exec(window.text);
    expect(unsubscribe?.[1]).toBe(app.config.publicUrl);
    expect(window.headers).toEqual({
      'List-Unsubscribe': `<${app.config.publicUrl}/api/unsubscribe/${unsubscribe![2]}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(window.html).toMatch(/<a href="[^"]+\/feedback\/[^"]+"[^>]*>Rate your visit<\/a>/);

    // Several more ticks change nothing.
    await sleep(6 * EVERY_MS);
    expect(outboxMails(app.dataDir).filter((m) => m.to === email)).toHaveLength(2);
    expect(outboxMails(app.dataDir).filter((m) => m.to === offEmail)).toEqual([]);
    expect(await requestedEvents(oneTime.id)).toHaveLength(1);
    expect((await requestedEvents(oneTime.id))[0].data).toMatchObject({ requestedBy: 'system' });
    const today = (await app.engines.eventStore.readAll()).filter(
      (e) => e.type === 'RatingRequested' && e.streamId.startsWith(`rating-${series.recurrenceId}_`),
    );
    expect(today).toHaveLength(1);
    for (const id of [whileOff.id, noCustomer.id, noEmail.id, later.id]) expect(await requestedEvents(id)).toEqual([]);
  });

  it('asks nothing of an address that unsubscribed (src/customers/mail-opt-out.ts)', async () => {
    await setting(true);
    const out = `out-${randomUUID().slice(0, 8)}@example.test`;
    const outCustomer = await customer(out);
    const token = unsubscribeToken(app.config.sessionSecret, org.organizationId, outCustomer, out);
    expect((await app.client().post(`/api/unsubscribe/${token}`)).status).toBe(200);
    const skipped = await given.job({ ...crew(), name: 'Roof check', customerId: outCustomer, ...ending(800) });
    const control = `in-${randomUUID().slice(0, 8)}@example.test`;
    await given.job({ ...crew(), name: 'Roof check', customerId: await customer(control), ...ending(800) });
    // The control's e-mail says the ticks after both ends have run.
    expect(await mailsWhen(app.dataDir, (m) => m.to === control, 1, within(8000))).toHaveLength(1);
    await sleep(4 * EVERY_MS);
    expect(outboxMails(app.dataDir).filter((m) => m.to === out)).toEqual([]);
    expect(await requestedEvents(skipped.id)).toEqual([]);
  });

  it('greets a customer an online booking created without the name a visitor typed (#24 item 7)', async () => {
    await setting(true);
    const typed = `typed-${randomUUID().slice(0, 8)}@example.test`;
    const booked = await given.customer({
      contactFirstName: 'Visit www.example.test now',
      contactEmail: typed,
      notes: 'Booked online.',
    });
    await given.job({ ...crew(), name: 'Gutter check', customerId: booked.id, ...ending(800) });
    const known = `known-${randomUUID().slice(0, 8)}@example.test`;
    await given.job({ ...crew(), name: 'Hedge trim', customerId: await customer(known), ...ending(800) });
    const [toBooked] = await mailsWhen(app.dataDir, (m) => m.to === typed, 1, within(8000));
    expect(toBooked.text.startsWith('Hello,\n')).toBe(true);
    expect(toBooked.text).not.toContain('example.test now');
    const [toKnown] = await mailsWhen(app.dataDir, (m) => m.to === known, 1, within(8000));
    expect(toKnown.text.startsWith('Hello Pat,\n')).toBe(true);
  });

  it(
    'several processes ticking at once, and one that crashes after sending, still ask and mail once per job',
    async () => {
      await setting(true);
      // Three processes over the same log and read models. The app's own is stopped first: ticking while the jobs are
      // created (which under load takes longer than they have left to run), it would move past the end of those not
      // made yet, and a job made after it ended is not asked about.
      await app.app.get(ProcessHost).stop();
      const email = `race-${randomUUID().slice(0, 8)}@example.test`;
      const customerId = await customer(email);
      const ends = inMs(1500);
      const jobs = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          given.job({ ...crew(), name: `Race ${i}`, customerId, startDateTime: inMs(-3_600_000), endDateTime: ends }),
        ),
      );
      // One of them sends and then fails before recording it, as a process killed between the two would.
      const deps = {
        eventStore: app.engines.eventStore,
        store: app.engines.readStore,
        aggregates: app.app.get(Aggregates),
        progress: app.app.get(PROJECTION_PROGRESS),
        config: { ...app.config, ratingRequestsEveryMs: EVERY_MS },
        clock: systemClock,
        log: { error: () => undefined },
        // Driven by tick() here, never started: no live event reaches them.
        live: new LiveEvents(),
      };
      const crashing: Mailer = {
        async send(message) {
          await app.engines.mailer.send(message);
          throw new Error('killed after the SMTP server accepted');
        },
      };
      const processes = [
        new RatingRequests({ ...deps, mailer: app.engines.mailer }),
        new RatingRequests({ ...deps, mailer: app.engines.mailer }),
        new RatingRequests({ ...deps, mailer: crashing }),
      ];
      // They tick together, again and again, from before the jobs end until every job's e-mail is out (on a busy
      // machine that can take well past the end), then a few rounds more: nothing more may come.
      const mailsOut = () => outboxMails(app.dataDir).filter((m) => m.to === email);
      const deadline = Date.now() + within(60_000);
      while (Date.now() < Date.parse(ends) + 1000 || (mailsOut().length < 20 && Date.now() < deadline))
        await Promise.all(processes.map((p) => p.tick()));
      for (let round = 0; round < 3; round++) await Promise.all(processes.map((p) => p.tick()));
      await sleep(4 * EVERY_MS);

      const mails = mailsOut();
      expect(mails).toHaveLength(20);
      expect(new Set(mails.map((m) => m.subject.split(',')[0])).size).toBe(20);
      for (const { id } of jobs) expect(await requestedEvents(id)).toHaveLength(1);
      const mailed = (await app.engines.eventStore.readAll()).filter(
        (e) => e.type === 'RatingRequestMailed' && jobs.some((j) => (e.data as { ratingId: string }).ratingId === j.id),
      );
      expect(mailed).toHaveLength(20);
    },
    within(120_000),
  );
});

describe('rating request e-mails over SMTP', () => {
  it('carry a Message-ID derived from the request, an HTML part and the one-click unsubscribe headers', async () => {
    const smtp = await startSmtpServer();
    const app = await startTestApp({ SMTP_URL: smtp.url });
    try {
      const org = await app.organization('Smtp Rated');
      const given = kitFor(org.manager);
      const customer = await given.customer({ name: 'Acme', contactEmail: 'pat@example.test' });
      const { id: jobId } = await given.job({
        name: 'Gutter cleaning',
        startDateTime: '2026-06-01T13:00:00Z',
        endDateTime: '2026-06-01T14:00:00Z',
        userIds: [],
        customerId: customer.id,
      });
      await given.ratingRequest(jobId);
      const [requested] = await app.engines.eventStore.readStream(`rating-${jobId}`);
      const requestId = (requested.data as { requestId: string }).requestId;
      const deadline = Date.now() + within(5000);
      while (!smtp.received.length && Date.now() < deadline) await sleep(25);
      expect(smtp.received).toHaveLength(1);
      // Folded onto a second line by nodemailer.
      const data = smtp.received[0].data.replace(/\s+/g, ' ');
      expect(data).toContain(`Message-ID: <rating-request-${requestId}@crewclock.local>`);
      expect(data).toMatch(/List-Unsubscribe: <http\S+\/api\/unsubscribe\/[\w-]{36}\.[\w-]{32}>/);
      expect(data).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(data).toMatch(/Content-Type: text\/html/i);
    } finally {
      await app.stop();
      await smtp.close();
    }
  });
});
