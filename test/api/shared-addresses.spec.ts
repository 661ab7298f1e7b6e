import { randomUUID } from 'node:crypto';
import { DUPLICATE_EMAIL, emailDigest } from '../../src/identity/email-claim.decider';
import { identityStreams } from '../../src/identity/identity.events';
import { hashPassword } from '../../src/identity/passwords';
import {
  ApiClient,
  ApiResponse,
  expectError,
  startTestApp,
  TestApp,
  TestOrganization,
  TEST_PASSWORD,
} from '../support/app';
import { kitFor } from '../support/given';
import { mailsWhen } from '../support/outbox';
import { within } from '../support/time';

const WRONG_CREDENTIALS = 'The email or password is incorrect.';
const OTHER_PASSWORD = 'quiet-harbor-lantern';

/** One address, several organizations: unique within an organization, invisible across them (#24 item 8). */
describe('an address used in several organizations', () => {
  let app: TestApp;
  let acme: TestOrganization;
  let birch: TestOrganization;
  let cedar: TestOrganization;
  const names: Record<string, string> = {};

  const companyOf = async (client: ApiClient) => (await client.get('/api/session')).body.company.name as string;

  beforeAll(async () => {
    app = await startTestApp();
    acme = await app.organization('Acme');
    birch = await app.organization('Birch');
    cedar = await app.organization('Cedar');
    for (const org of [acme, birch, cedar]) names[org.organizationId] = await companyOf(org.admin);
  });
  afterAll(() => app.stop());

  const address = () => `shared-${randomUUID().slice(0, 8)}@example.test`;
  const person = (email: string, password: string) => ({
    firstName: 'Sam',
    lastName: 'Shared',
    email,
    password,
    roles: ['Associate'],
  });
  const login = (email: string, password: string, extra: Record<string, unknown> = {}) =>
    app.client().post('/account/login', { username: email, password, ...extra });

  /** What a caller sees of a creation, the new id aside. */
  const seen = (response: ApiResponse) => ({
    status: response.status,
    body: { ...response.body, data: { id: typeof response.body?.data?.id } },
    headers: [...response.headers.keys()].sort(),
  });

  it('adds the address in a second organization with 201, the same answer as for a free address', async () => {
    const email = address();
    const first = await acme.admin.post('/api/users', person(email, TEST_PASSWORD));
    const used = await birch.admin.post('/api/users', person(` ${email.toUpperCase()} `, OTHER_PASSWORD));
    const free = await birch.admin.post('/api/users', person(address(), OTHER_PASSWORD));
    expect(seen(first)).toMatchObject({ status: 201, body: { success: true, data: { id: 'string' } } });
    expect(seen(used)).toEqual(seen(free));
    expect(seen(used)).toEqual(seen(first));
  });

  it('signs each person in to their own organization with their own password', async () => {
    const email = address();
    await kitFor(acme.admin).user(person(email, TEST_PASSWORD));
    await kitFor(birch.admin).user(person(email, OTHER_PASSWORD));
    expect(await companyOf(await app.client().signIn(email, TEST_PASSWORD))).toBe(names[acme.organizationId]);
    expect(await companyOf(await app.client().signIn(email, OTHER_PASSWORD))).toBe(names[birch.organizationId]);
    expectError(await login(email, 'not-the-password-at-all'), 401, WRONG_CREDENTIALS);
  });

  it('asks which organization when the password opens several, naming only those, and signs in to the chosen one', async () => {
    const email = address();
    await kitFor(acme.admin).user(person(email, TEST_PASSWORD));
    const { id: inBirch } = await kitFor(birch.admin).user(person(email, TEST_PASSWORD));
    await kitFor(cedar.admin).user(person(email, OTHER_PASSWORD));

    const answer = await login(email, TEST_PASSWORD);
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 200,
      body: {
        success: false,
        chooseOrganization: [
          { id: acme.organizationId, name: names[acme.organizationId] },
          { id: birch.organizationId, name: names[birch.organizationId] },
        ],
        errors: ['Choose the organization to sign in to.'],
      },
    });
    expect(answer.headers.getSetCookie()).toEqual([]); // no session yet

    const chosen = await app.client().signIn(email, TEST_PASSWORD, { organizationId: birch.organizationId });
    expect(await companyOf(chosen)).toBe(names[birch.organizationId]);
    // An organization whose account this password does not open, or none: the refusal of any wrong password.
    expectError(await login(email, TEST_PASSWORD, { organizationId: cedar.organizationId }), 401, WRONG_CREDENTIALS);
    expectError(await login(email, TEST_PASSWORD, { organizationId: randomUUID() }), 401, WRONG_CREDENTIALS);

    // The inactive-account refusal is the chosen account's.
    expect((await birch.admin.patch(`/api/users/${inBirch}`, { active: false })).status).toBe(200);
    expectError(
      await login(email, TEST_PASSWORD, { organizationId: birch.organizationId }),
      403,
      'Your account is inactive. Contact your company administrator.',
    );
    expect(
      await companyOf(await app.client().signIn(email, TEST_PASSWORD, { organizationId: acme.organizationId })),
    ).toBe(names[acme.organizationId]);
  });

  it('still refuses an address another user of the same organization has with 409', async () => {
    const email = address();
    await kitFor(acme.admin).user(person(email, TEST_PASSWORD));
    await kitFor(birch.admin).user(person(email, TEST_PASSWORD));
    expectError(await acme.admin.post('/api/users', person(email.toUpperCase(), OTHER_PASSWORD)), 409, DUPLICATE_EMAIL);
  });

  it('changes a user’s address to one another organization uses with 200', async () => {
    const email = address();
    await kitFor(acme.admin).user(person(email, TEST_PASSWORD));
    const { id: id } = await kitFor(birch.admin).user(person(address(), OTHER_PASSWORD));
    const changed = await birch.admin.patch(`/api/users/${id}`, { email });
    expect({ status: changed.status, body: changed.body }).toEqual({ status: 200, body: { success: true } });
    expect(await companyOf(await app.client().signIn(email, OTHER_PASSWORD))).toBe(names[birch.organizationId]);
    expect(await companyOf(await app.client().signIn(email, TEST_PASSWORD))).toBe(names[acme.organizationId]);
    // …and in its own organization the address is now held.
    expectError(await birch.admin.post('/api/users', person(email, OTHER_PASSWORD)), 409, DUPLICATE_EMAIL);
  });

  it('e-mails one reset message with a link for each organization, each link resetting only its own account', async () => {
    const email = address();
    const { id: inAcme } = await kitFor(acme.admin).user(person(email, TEST_PASSWORD));
    const { id: inBirch } = await kitFor(birch.admin).user(person(email, OTHER_PASSWORD));
    expect((await app.client().post('/forgotpassword/index', { email })).status).toBe(200);
    const mails = await mailsWhen(app.dataDir, (m) => m.to === email && m.subject === 'Reset your password', 1);
    expect(mails).toHaveLength(1);
    // Each link under its organization's name; the letter is CrewClock's, not one organization's.
    const lines = mails[0].text.split('\n');
    const tokenOf = (organizationId: string) => {
      const at = lines.indexOf(names[organizationId]);
      return new URL(lines[at + 1]).searchParams.get('token')!;
    };
    expect(mails[0].text).toContain('\n\n-- \nCrewClock\n');
    const acmeToken = tokenOf(acme.organizationId);
    const birchToken = tokenOf(birch.organizationId);
    expect(acmeToken.startsWith(`${inAcme}.`)).toBe(true);
    expect(birchToken.startsWith(`${inBirch}.`)).toBe(true);
    expect(mails[0].text).not.toContain(names[cedar.organizationId]);

    const reset = (token: string, password: string) =>
      app.client().post('/forgotpassword/reset', { token, password, confirmPassword: password });
    // Acme's secret does not open Birch's account.
    const swapped = `${inBirch}.${acmeToken.split('.')[1]}`;
    expectError(
      await reset(swapped, 'amber-meadow-kettle'),
      400,
      'This reset link is not valid or has already been used. Request a new one.',
    );
    expect((await reset(acmeToken, 'amber-meadow-kettle')).status).toBe(200);
    expect(await companyOf(await app.client().signIn(email, 'amber-meadow-kettle'))).toBe(names[acme.organizationId]);
    expect(await companyOf(await app.client().signIn(email, OTHER_PASSWORD))).toBe(names[birch.organizationId]);
    expect((await reset(birchToken, 'copper-willow-sparrow')).status).toBe(200);
    expect(await companyOf(await app.client().signIn(email, 'copper-willow-sparrow'))).toBe(
      names[birch.organizationId],
    );
  });

  it('tells each added user by e-mail which organization added them, with no password in it', async () => {
    const email = address();
    await kitFor(acme.admin).user(person(email, TEST_PASSWORD));
    await kitFor(birch.admin).user(person(email, OTHER_PASSWORD));
    const mails = await mailsWhen(
      app.dataDir,
      (m) => m.to === email && m.subject.endsWith('added you to CrewClock'),
      2,
    );
    expect(mails.map((m) => m.subject).sort()).toEqual([
      `${names[acme.organizationId]} added you to CrewClock`,
      `${names[birch.organizationId]} added you to CrewClock`,
    ]);
    for (const mail of mails) {
      expect(mail.text).toContain(
        `${mail.subject}.\n\nSign in with this address (${email}):\n${app.config.publicUrl}/account/login\n\n`,
      );
      expect(mail.text).toContain(`\n\n-- \n${mail.subject.replace(' added you to CrewClock', '')}\n`);
      expect(mail.text).not.toContain(TEST_PASSWORD);
      expect(mail.text).not.toContain(OTHER_PASSWORD);
      expect(mail.id).toMatch(/^user-added-[0-9a-f-]{36}$/);
    }
  });

  it('a user whose address was claimed before claims were per organization is still a same-organization duplicate', async () => {
    const email = address();
    const userId = randomUUID();
    const at = new Date().toISOString();
    const metadata = {
      organizationId: acme.organizationId,
      actorUserId: acme.admin.userId,
      correlationId: randomUUID(),
      causationId: null,
      timestamp: at,
    };
    // What the handlers wrote before: the claim in the global stream of the address.
    await app.engines.eventStore.append(
      identityStreams.emailClaim(emailDigest(email)),
      [{ id: randomUUID(), type: 'EmailClaimed', data: { email, userId }, metadata }],
      'no_stream',
    );
    await app.engines.eventStore.append(
      identityStreams.user(userId),
      [
        {
          id: randomUUID(),
          type: 'UserRegistered',
          data: {
            userId,
            organizationId: acme.organizationId,
            passwordHash: await hashPassword(TEST_PASSWORD, app.config.scryptLogN),
            firstName: 'Lee',
            lastName: 'Legacy',
            email,
            employeeId: null,
            phoneNumber: null,
            colorCode: '#0D1B41',
            role: 'Associate',
          },
          metadata,
        },
      ],
      'no_stream',
    );
    const listed = async () =>
      (await acme.admin.get(`/api/users/paged?filter=${encodeURIComponent(email)}`)).body.totalRecords as number;
    for (const until = Date.now() + within(10_000); (await listed()) === 0 && Date.now() < until;)
      await new Promise((r) => setTimeout(r, 50));
    expect(await listed()).toBe(1);

    expectError(await acme.admin.post('/api/users', person(email, OTHER_PASSWORD)), 409, DUPLICATE_EMAIL);
    const { id: renamed } = await kitFor(acme.admin).user(person(address(), OTHER_PASSWORD));
    expectError(await acme.admin.patch(`/api/users/${renamed}`, { email }), 409, DUPLICATE_EMAIL);
    await kitFor(birch.admin).user(person(email, OTHER_PASSWORD));
    expect(await companyOf(await app.client().signIn(email, TEST_PASSWORD))).toBe(names[acme.organizationId]);
    // Deleted, the legacy user leaves the address free in its organization (its global claim stays, unread).
    expect((await acme.admin.delete(`/api/users/${userId}`)).status).toBe(200);
    await kitFor(acme.admin).user(person(email, OTHER_PASSWORD));
  });
});
