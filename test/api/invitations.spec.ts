import { randomBytes, randomUUID } from 'node:crypto';
import { ApiClient, expectError, startTestApp, TestApp, TestOrganization, TEST_PASSWORD } from '../support/app';
import { kitFor } from '../support/given';
import { mailsWhen, OutboxMail } from '../support/outbox';
import { within } from '../support/time';

const INVALID = 'This invitation link is not valid or has already been used. Ask your administrator to send a new one.';
const EXPIRED = 'This invitation has expired. Ask your administrator to send a new one.';
const OWN_PASSWORD = 'amber-kettle-orchard-9';

/** Invitations (#26): New User without a password e-mails a single-use link to choose one's own. */
describe('invitations over HTTP', () => {
  let app: TestApp;
  let org: TestOrganization;
  beforeAll(async () => {
    app = await startTestApp();
    org = await app.organization('Inviting');
  });
  afterAll(() => app.stop());

  const uniqueEmail = (name = 'invitee') => `${name}-${randomUUID().slice(0, 8)}@example.test`;

  /** An associate invited by e-mail (no password), by `admin`: their id and address. */
  const invite = (admin: ApiClient = org.admin, fields: Record<string, unknown> = {}) =>
    kitFor(admin).user({ firstName: 'Ina', lastName: 'Vited', roles: ['Associate'], invite: true, ...fields });

  /** The invitation e-mails to `email` once `count` are there, oldest first. */
  const invitations = (email: string, count = 1) =>
    mailsWhen(
      app.dataDir,
      (m) => m.to === email && /^Inviting \S+ invited you to CrewClock$/.test(m.subject),
      count,
      within(5000),
    );

  /** The token in an invitation e-mail's link: /account/invitation/{token}. */
  function tokenOf(mail: OutboxMail): string {
    const link = /https?:\/\/\S+\/account\/invitation\/(\S+)/.exec(mail.text);
    expect(link).not.toBeNull();
    return decodeURIComponent(link![1]);
  }

  /** What the invitation page asks on opening (issue #44): whether the link works, and whose organization it is. */
  const opened = (token: string) => app.client().get(`/api/account/invitation/${encodeURIComponent(token)}`);

  const accept = (token: string, password = OWN_PASSWORD, client = app.client()) =>
    client.post('/account/invitation', { token, password, confirmPassword: password });

  const listed = async (id: string) =>
    ((await org.admin.get('/api/users/paged?pageSize=1000')).body.resultItems as any[]).find((u) => u.id === id);

  it('e-mails a link that sets the password once and signs the person in; the table shows Invited until then', async () => {
    const ina = await invite();
    expect((await listed(ina.id)).invitationExpiresAt).toEqual(expect.any(String));
    const [mail] = await invitations(ina.email);
    expect(mail.text).toContain('Hello Ina,');
    expect(mail.text).toMatch(/Ada \w+ \(Inviting \S+\) invited you to CrewClock/);
    expect(mail.text).toMatch(/\n\n-- \nInviting \S+\n$/);
    expect(mail.html).toMatch(/<a href="http[^"]+\/account\/invitation\/[^"]+"[^>]*>Choose your password<\/a>/);
    const token = tokenOf(mail);
    // Opening the page names the organization and the person, and changes nothing, however often.
    const logged = (await app.engines.eventStore.readAll()).length;
    for (let look = 0; look < 2; look++) {
      const page = await opened(token);
      expect(page.status).toBe(200);
      expect(page.body).toEqual({ organizationName: expect.stringMatching(/^Inviting \S+$/), firstName: 'Ina' });
    }
    expect((await app.engines.eventStore.readAll()).length).toBe(logged);
    // Without a password of their own, no password opens the account.
    expect((await app.client().post('/account/login', { username: ina.email, password: '' })).status).toBe(400);

    // The same rules as everywhere: a common password is refused, and the link still works afterwards.
    const weak = await accept(token, '12345678');
    expect(weak.status).toBe(400);
    const mismatch = await app
      .client()
      .post('/account/invitation', { token, password: OWN_PASSWORD, confirmPassword: 'other-words-here' });
    expectError(mismatch, 400, 'The new password and its confirmation do not match');

    const browser = app.client();
    const accepted = await accept(token, OWN_PASSWORD, browser);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ success: true, redirectUrl: '/' });
    const session = await browser.get('/api/session');
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({ id: ina.id, email: ina.email });
    expect(session.body.user.invitationExpiresAt).toBeUndefined();
    expect((await listed(ina.id)).invitationExpiresAt).toBeUndefined();

    // Single use: the link is spent; the password now signs in.
    expectError(await accept(token, 'another-fine-phrase-7'), 400, INVALID);
    // And its page says so at once, before anyone types a password.
    expectError(await opened(token), 400, INVALID);
    await app.client().signIn(ina.email, OWN_PASSWORD);
    // Resending to someone with a password is refused.
    expectError(await org.admin.post(`/api/users/${ina.id}/invitation`), 400, 'Ina Vited has already set a password');

    // The log keeps neither the link's secret nor the password, and tells the story in words.
    const events = await app.engines.eventStore.readAll();
    const secret = token.split('.')[1];
    expect(JSON.stringify(events)).not.toContain(secret);
    const history = await org.admin.get(`/api/users/${ina.id}/history`);
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).toContain('Invitation e-mailed');
    expect(JSON.stringify(history.body)).toContain('Invitation accepted: password chosen');
  });

  it('a wrong token gets the same words whatever is wrong with it', async () => {
    const ina = await invite();
    const [mail] = await invitations(ina.email);
    const [, secret] = tokenOf(mail).split('.');
    const other = await invite();
    for (const token of [
      `${ina.id}.${randomBytes(32).toString('base64url')}`, // the right person, a wrong secret
      `${randomUUID()}.${secret}`, // nobody
      `${other.id}.${secret}`, // the secret of another person's link
      'not-a-token',
      `${ina.id}.${secret}.extra`,
    ]) {
      expectError(await opened(token), 400, INVALID);
      expectError(await accept(token), 400, INVALID);
    }
    expect((await accept(`${ina.id}.${secret}`)).status).toBe(200);
  });

  it('Resend e-mails a new link; the old one stops working', async () => {
    const ina = await invite();
    const [first] = await invitations(ina.email);
    const resent = await org.admin.post(`/api/users/${ina.id}/invitation`);
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ success: true });
    const mails = await invitations(ina.email, 2);
    expect(mails).toHaveLength(2);
    const [oldToken, newToken] = mails.map(tokenOf);
    expect(newToken).not.toBe(oldToken);
    expect(tokenOf(first)).toBe(oldToken);
    expectError(await opened(oldToken), 400, INVALID);
    expectError(await accept(oldToken), 400, INVALID);
    expect((await opened(newToken)).status).toBe(200);
    expect((await accept(newToken)).status).toBe(200);
  });

  it("another organization's user is not found; only users.crud may invite", async () => {
    const other = await app.organization('Elsewhere');
    const theirs = await invite(other.admin, { email: uniqueEmail('theirs') });
    expectError(await org.admin.post(`/api/users/${theirs.id}/invitation`), 404);
    expectError(await org.admin.post(`/api/users/${randomUUID()}/invitation`), 404);
    expectError(await org.admin.post('/api/users/not-an-id/invitation'), 404);
    const mine = await invite();
    expectError(await org.associate.post(`/api/users/${mine.id}/invitation`), 403);
    expectError(await org.manager.post(`/api/users/${mine.id}/invitation`), 403);
  });

  it('asks for a password or an invitation, not both', async () => {
    expectError(
      await org.admin.post('/api/users', {
        firstName: 'Both',
        lastName: 'Ways',
        email: uniqueEmail(),
        roles: ['Associate'],
        invite: true,
        password: OWN_PASSWORD,
      }),
      400,
      'Set a password or send an invitation, not both',
    );
    expectError(
      await org.admin.post('/api/users', {
        firstName: 'No',
        lastName: 'Way',
        email: uniqueEmail(),
        roles: ['Associate'],
      }),
      400,
      'Password is required',
    );
  });

  describe('expiry (7 days)', () => {
    // Only the clock is faked (the app runs in this process): timers and I/O stay real.
    beforeEach(() =>
      jest.useFakeTimers({
        advanceTimers: true,
        doNotFake: [
          'nextTick',
          'setImmediate',
          'clearImmediate',
          'setInterval',
          'clearInterval',
          'setTimeout',
          'clearTimeout',
          'queueMicrotask',
          'hrtime',
          'performance',
        ],
      }),
    );
    afterEach(() => jest.useRealTimers());
    const later = (minutes: number) => jest.setSystemTime(Date.now() + minutes * 60_000);

    it('a link works until 7 days have passed, then says it expired; a resend gives a fresh week', async () => {
      const admin = await app.client().signIn(org.admin.email, TEST_PASSWORD);
      const ina = await invite(admin);
      const [mail] = await invitations(ina.email);
      const token = tokenOf(mail);
      const { invitationExpiresAt } = await listed(ina.id);
      const inAWeek = Date.now() + 7 * 24 * 3600_000;
      expect(Math.abs(new Date(invitationExpiresAt).getTime() - inAWeek)).toBeLessThan(60_000);

      later(7 * 24 * 60 + 1);
      expectError(await opened(token), 400, EXPIRED);
      expectError(await accept(token), 400, EXPIRED);
      const again = await app.client().signIn(org.admin.email, TEST_PASSWORD);
      expect((await again.post(`/api/users/${ina.id}/invitation`)).status).toBe(200);
      const fresh = tokenOf((await invitations(ina.email, 2))[1]);
      expect((await accept(fresh)).status).toBe(200);
    });
  });
});
