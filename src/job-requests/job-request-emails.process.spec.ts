import type { RecordedEvent } from '../core/event-store/event-store.port';
import type { MailMessage } from '../core/mail/mail.port';
import { LiveEvents } from '../core/processes/process-host';
import { SqliteReadStore } from '../core/read-store/sqlite-read-store';
import type { ReadStore } from '../core/read-store/read-store.port';
import type { Role } from '../shared/session';
import { ORGANIZATIONS, OrganizationDoc, USERS, UserDoc } from '../identity/identity.read-models';
import { JobRequestEmails } from './job-request-emails.process';

const ORG = 'org-1';
const JOB = 'job-a';
const ANA = 'user-ana';

const organization: OrganizationDoc = {
  _id: ORG,
  name: 'Maple <Lawns>',
  timeZone: 'America/Chicago',
  pickUpJobsEnabled: true,
  automatedRatingEmailsEnabled: false,
  logoFileId: null,
  logoUrl: null,
  createdAt: '2030-01-01T10:00:00.000Z',
};

const person = (id: string, firstName: string, role: Role, active = true): UserDoc => ({
  _id: id,
  organizationId: ORG,
  firstName,
  lastName: 'Lee',
  fullName: `${firstName} Lee`,
  sortName: `${firstName.toLowerCase()}\u0001lee`,
  email: `${firstName.toLowerCase()}@maple.test`,
  employeeId: null,
  phoneNumber: null,
  colorCode: '#123456',
  role,
  roles: [role],
  active,
  profilePictureFileId: null,
  profilePictureUrl: null,
  createdAt: '2030-01-01T10:00:00.000Z',
});

let position = 0;
const event = (streamId: string, type: string, data: Record<string, unknown>): RecordedEvent => {
  position += 1;
  return {
    id: `event-${position}`,
    type,
    data,
    streamId,
    revision: 0,
    position: { commit: position, prepare: position },
    metadata: {
      organizationId: ORG,
      actorUserId: ANA,
      correlationId: `correlation-${position}`,
      causationId: null,
      timestamp: '2030-01-01T10:00:00.000Z',
    },
  };
};
const requested = (requestId: string, streamId = `job-${JOB}`) =>
  event(streamId, 'JobRequested', {
    jobId: JOB,
    organizationId: ORG,
    requestId,
    userId: ANA,
    name: 'Lawn care',
    start: '2030-01-08T15:00:00.000Z',
    end: '2030-01-08T16:30:00.000Z',
  });

describe('job-request e-mails process', () => {
  let store: ReadStore;
  let live: LiveEvents;
  let sent: MailMessage[];
  let process: JobRequestEmails;
  const errors: string[] = [];

  beforeEach(async () => {
    store = new SqliteReadStore(':memory:');
    await store.collection<OrganizationDoc>(ORGANIZATIONS).insertOne(organization);
    const users = store.collection<UserDoc>(USERS);
    for (const user of [
      person('user-mia', 'Mia', 'Customer Manager'),
      person('user-ada', 'Ada', 'Company Admin'),
      person('user-gus', 'Gus', 'Company Admin', false),
      person(ANA, 'Ana', 'Associate'),
    ])
      await users.insertOne(user);
    live = new LiveEvents();
    sent = [];
    errors.length = 0;
    process = new JobRequestEmails({
      live,
      store,
      mailer: { send: async (m) => void sent.push(m) },
      config: { publicUrl: 'https://crewclock.test' },
      log: { error: (message) => errors.push(message) },
    });
  });
  afterEach(async () => {
    await process.stop();
    await store.close();
  });

  it("mails a request to the organization's active managers, in its zone, with no markup of theirs", async () => {
    process.start();
    live.publish(requested('r1'));
    await process.stop();
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      ['mia@maple.test', 'Job request: Ana Lee would like to pick up Lawn care'],
      ['ada@maple.test', 'Job request: Ana Lee would like to pick up Lawn care'],
    ]);
    expect(sent[0].text).toBe(
      'Hello Mia,\n\nAna Lee requested to pick up "Lawn care" (Tuesday 8 January 2030, 9:00 AM – 10:30 AM) at Maple <Lawns>.\n\n' +
        'Open the Job Schedule to approve or deny the request:\nhttps://crewclock.test/scheduling\n\n-- \nMaple <Lawns>\n',
    );
    expect(sent[0].html).toContain('at Maple &lt;Lawns&gt;.');
    expect(sent[0].html).not.toContain('<Lawns>');
    // The organization's letterhead: its name, as it has no logo.
    expect(sent[0].html).toMatch(/<strong[^>]*>Maple &lt;Lawns&gt;<\/strong>/);
    expect(sent[0].html).toMatch(/<a href="https:\/\/crewclock\.test\/scheduling"[^>]*>Open the Job Schedule<\/a>/);
    expect(errors).toEqual([]);
  });

  it("hears only requests on jobs' and recurring jobs' streams, and only while started", async () => {
    live.publish(requested('before start'));
    process.start();
    live.publish(event(`job-${JOB}`, 'JobRequestDenied', { jobId: JOB, organizationId: ORG, requestId: 'r0' }));
    live.publish(requested('elsewhere', 'other-1'));
    live.publish(requested('r1', 'jobSeries-s1'));
    await process.stop();
    live.publish(requested('after stop'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent.map((m) => m.to)).toEqual(['mia@maple.test', 'ada@maple.test']);
  });

  it('logs an e-mail that fails and sends the others', async () => {
    const failing = new JobRequestEmails({
      live,
      store,
      mailer: {
        send: async (m) => {
          if (m.to.startsWith('mia')) throw new Error('refused');
          sent.push(m);
        },
      },
      config: { publicUrl: 'https://crewclock.test' },
      log: { error: (message) => errors.push(message) },
    });
    failing.start();
    live.publish(requested('r1'));
    await failing.stop();
    expect(sent.map((m) => m.to)).toEqual(['ada@maple.test']);
    expect(errors).toEqual(['could not send "Job request: Ana Lee would like to pick up Lawn care" to mia@maple.test']);
  });
});
