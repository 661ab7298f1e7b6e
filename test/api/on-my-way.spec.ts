import { DateTime } from 'luxon';
import { ALREADY_TOLD, ETA_PROBLEM, NO_ONE_TO_TELL, NOT_ON_THE_CREW } from '../../src/notices/on-my-way.handlers';
import { expectError, startTestApp, TestApp, TestOrganization } from '../support/app';
import { kitFor } from '../support/given';
import { mailsWhen, outboxMails } from '../support/outbox';
import { within } from '../support/time';

const ZONE = 'America/New_York'; // the test organizations'

/**
 * "On my way" over HTTP (issue #31 item 4): a crew member tells the job's customer, once per job and day, by e-mail
 * with the arrival in the organization's zone; the job's History shows it; others are refused in words.
 */
describe('on my way', () => {
  let app: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;

  beforeAll(async () => {
    app = await startTestApp();
    [org, other] = [await app.organization('Crew'), await app.organization('Other')];
  }, within(60_000));
  afterAll(async () => {
    await app?.stop();
  });

  const today = (hour: number) => DateTime.now().setZone(ZONE).set({ hour, minute: 0, second: 0 }).toUTC().toISO()!;

  it('e-mails the customer once a day, with the arrival in the organization’s zone, and the History shows it', async () => {
    const byManager = kitFor(org.manager);
    const customer = await byManager.customer({
      name: 'Maple Homes',
      contactFirstName: 'Rae',
      contactEmail: 'rae@maple.test',
    });
    const job = await byManager.job({
      name: 'Gutter cleaning',
      startDateTime: today(9),
      endDateTime: today(11),
      userIds: [org.associate.userId],
      customerId: customer.id,
    });
    // Not told yet: the job's details offer it.
    expect((await org.associate.get(`/api/jobs/${job.id}/on-my-way`)).body).toEqual({ sent: null });
    const sentAt = Date.now();
    const sent = await org.associate.post(`/api/jobs/${job.id}/on-my-way`, { etaMinutes: 30 });
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({
      success: true,
      message: 'Maple Homes was told you are on your way, arriving in about 30 minutes',
    });
    const [mail] = await mailsWhen(app.dataDir, (m) => m.to === 'rae@maple.test', 1);
    expect(mail.subject).toMatch(/^Crew .+: Abe is on the way$/);
    expect(mail.text).toContain('Hello Rae,');
    expect(mail.text).toContain('is on the way for Gutter cleaning and expects to arrive in about 30 minutes');
    // The arrival, in New York's time (within the minute the request took).
    const arrivals = [0, 1].map((m) =>
      DateTime.fromMillis(sentAt + (30 + m) * 60_000, { zone: ZONE }).toFormat('h:mm a ZZZZ'),
    );
    expect(arrivals.some((a) => mail.text.includes(`around ${a}`))).toBe(true);
    expect(mail.html).toContain('>Hello Rae,</p>');

    // Told: when, the arrival and by whom, for the crew and the managers alike (issue #44).
    for (const reader of [org.associate, org.manager]) {
      const status = await reader.get(`/api/jobs/${job.id}/on-my-way`);
      expect(status.status).toBe(200);
      expect(status.body).toEqual({
        sent: { at: expect.any(String), etaMinutes: 30, userId: org.associate.userId, fullName: 'Abe Associate' },
      });
      expect(Date.parse(status.body.sent.at)).toBeGreaterThanOrEqual(sentAt - 1000);
    }
    expectError(await other.manager.get(`/api/jobs/${job.id}/on-my-way`), 404);
    expectError(await org.associate.get('/api/jobs/not-a-job/on-my-way'), 404);

    // Once a day: a second try is refused, and no second e-mail goes.
    expectError(await org.associate.post(`/api/jobs/${job.id}/on-my-way`, { etaMinutes: 15 }), 409, ALREADY_TOLD);
    const history = (await org.manager.get(`/api/jobs/${job.id}/history`)).body;
    expect(JSON.stringify(history)).toContain('Abe Associate told the customer they are on the way (about 30 minutes)');
    expect(outboxMails(app.dataDir).filter((m) => m.to === 'rae@maple.test')).toHaveLength(1);
  });

  it('refuses in words: not on the crew, no customer e-mail, another organization’s job, an arrival not offered', async () => {
    const byManager = kitFor(org.manager);
    const customer = await byManager.customer({
      name: 'Birch Co',
      contactFirstName: 'Sam',
      contactEmail: 'sam@birch.test',
    });
    const others = await byManager.job({
      name: 'Not yours',
      startDateTime: today(12),
      endDateTime: today(13),
      userIds: [org.manager.userId],
      customerId: customer.id,
    });
    expectError(await org.associate.post(`/api/jobs/${others.id}/on-my-way`, { etaMinutes: 30 }), 403, NOT_ON_THE_CREW);
    const noEmail = await byManager.customer({ name: 'Cedar Ltd', contactFirstName: 'Kim' });
    const silent = await byManager.job({
      name: 'No e-mail',
      startDateTime: today(14),
      endDateTime: today(15),
      userIds: [org.associate.userId],
      customerId: noEmail.id,
    });
    expectError(await org.associate.post(`/api/jobs/${silent.id}/on-my-way`, { etaMinutes: 30 }), 409, NO_ONE_TO_TELL);
    expectError(await other.associate.post(`/api/jobs/${others.id}/on-my-way`, { etaMinutes: 30 }), 404);
    expectError(await org.manager.post(`/api/jobs/${others.id}/on-my-way`, { etaMinutes: 20 }), 400, ETA_PROBLEM);
    expectError(await org.manager.post(`/api/jobs/${others.id}/on-my-way`, { etaMinutes: '30' }), 400, ETA_PROBLEM);
    expectError(await org.manager.post('/api/jobs/not-a-job/on-my-way', { etaMinutes: 30 }), 404);
  });
});
