import { SESSION_ACTIVITY } from '../../src/identity/sessions.service';
import { ApiClient, memoryLog, startTestApp, TestApp, TEST_PASSWORD } from '../support/app';
import { mailsWhen } from '../support/outbox';
import { startSmtpServer } from '../support/smtp-server';
import { within } from '../support/time';

/**
 * Sign-in, password and session defences (issue #9's findings 2, 4, 5, 8 and 9), each over HTTP
 * against the real app. Every case here failed on the code before the fix.
 */

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timed<T>(call: () => Promise<T>): Promise<[T, number]> {
  const started = process.hrtime.bigint();
  const result = await call();
  return [result, Number(process.hrtime.bigint() - started) / 1e6];
}

describe('sign-in throttle under parallel attempts', () => {
  const log = memoryLog();
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({}, { logger: log.logger });
  });
  afterAll(() => app.stop());

  it('checks at most 5 of 25 wrong passwords sent at once; the rest are refused with 429', async () => {
    const org = await app.organization();
    const responses = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        app.client().post('/account/login', { username: org.associate.email, password: `wrong-guess-${i}` }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    expect(responses.find((r) => r.status === 429)!.body).toEqual({
      success: false,
      errors: [expect.stringMatching(/^Too many failed sign-in attempts\. Try again in 1[45] minutes\.$/)],
    });
    // The right password is refused too until the window passes.
    expect(
      (await app.client().post('/account/login', { username: org.associate.email, password: TEST_PASSWORD })).status,
    ).toBe(429);
  });

  it('a right password among wrong ones sent at once does not wipe their count', async () => {
    const org = await app.organization();
    const attempts = [TEST_PASSWORD, 'wrong-1', 'wrong-2', 'wrong-3', 'wrong-4'];
    const statuses = (
      await Promise.all(
        attempts.map((password) => app.client().post('/account/login', { username: org.manager.email, password })),
      )
    ).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 401, 401, 401, 401]);
    expect(
      (await app.client().post('/account/login', { username: org.manager.email, password: 'wrong-5' })).status,
    ).toBe(401);
    expect(
      (await app.client().post('/account/login', { username: org.manager.email, password: 'wrong-6' })).status,
    ).toBe(429);
  });

  it('logs each failed sign-in as a security event with the account and the address, never the password', async () => {
    const org = await app.organization();
    await app.client().post('/account/login', { username: org.admin.email, password: 'my-secret-guess-42' });
    const events = log.lines.filter((l) => l.securityEvent === 'sign-in failed' && l.account === org.admin.email);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ level: 40, address: expect.stringMatching(/127\.0\.0\.1/) });
    expect(log.text()).not.toContain('my-secret-guess-42');
  });
});

describe('the client address', () => {
  /** The address a sign-in with this X-Forwarded-For header records (SessionStarted, the per-address throttle). */
  async function recordedAddress(app: TestApp, forwardedFor: string): Promise<string> {
    const org = await app.organization();
    const signedIn = await app
      .client()
      .request(
        'POST',
        '/account/login',
        { username: org.associate.email, password: TEST_PASSWORD },
        { 'x-forwarded-for': forwardedFor },
      );
    expect(signedIn.status).toBe(200);
    const started = (await app.engines.eventStore.readAll()).filter(
      (e) => e.type === 'SessionStarted' && (e.data as { userId: string }).userId === org.associate.userId,
    );
    return (started.at(-1)!.data as { ipAddress: string }).ipAddress;
  }

  it("is the connection's by default: a client cannot choose it with X-Forwarded-For", async () => {
    const app = await startTestApp();
    try {
      expect(await recordedAddress(app, '203.0.113.9')).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
      // Nor can it escape the per-address limit by changing the header on every guess.
      const org = await app.organization();
      const statuses: number[] = [];
      for (let i = 0; i < 52; i++) {
        statuses.push(
          (
            await app
              .client()
              .request(
                'POST',
                '/account/login',
                { username: `guess-${i}-${org.organizationId}@example.test`, password: 'wrong-password' },
                { 'x-forwarded-for': `198.51.100.${i}` },
              )
          ).status,
        );
      }
      expect(statuses.slice(-2)).toEqual([429, 429]);
    } finally {
      await app.stop();
    }
  });

  it('comes from the proxies TRUST_PROXY names', async () => {
    const app = await startTestApp({ TRUST_PROXY: '1' });
    try {
      expect(await recordedAddress(app, '203.0.113.9')).toBe('203.0.113.9');
    } finally {
      await app.stop();
    }
  });
});

describe('secrets in logged URLs', () => {
  const log = memoryLog();
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({}, { logger: log.logger });
  });
  afterAll(() => app.stop());

  it('never writes a reset link, invitation, feedback, booking, calendar feed or unsubscribe token to the request log', async () => {
    const secret = 'd3adb33f-reset-secret-VALUE';
    for (const path of [
      `/forgotpassword/reset?token=${secret}`,
      `/forgotpassword/reset?lang=en&Token=${secret}#x`,
      `/feedback/${secret}`,
      `/api/feedback/${secret}`,
      `/api/feedback/${secret}/logo`,
      `/share/booking/${secret}`,
      `/api/booking-links/${secret}/slots?from=2026-06-01`,
      `/account/invitation/${secret}`,
      `/api/account/invitation/${secret}`,
      `/calendar/${secret}.ics`,
      `/unsubscribe/${secret}`,
      `/api/unsubscribe/${secret}`,
    ])
      await fetch(app.url + path, { headers: { accept: 'text/html' } });
    // A page opened from the link sends it as the Referer of everything it loads and calls.
    await fetch(`${app.url}/api/session`, { headers: { referer: `${app.url}/forgotpassword/reset?token=${secret}` } });
    await fetch(`${app.url}/assets/app.js`, { headers: { referer: `${app.url}/feedback/${secret}?from=mail` } });
    const requests = log.lines.filter((l) => l.req?.url);
    expect(requests.length).toBeGreaterThanOrEqual(9);
    expect(log.text()).not.toContain(secret);
    expect(requests.map((l) => l.req.url)).toEqual(
      expect.arrayContaining([
        '/forgotpassword/reset?token=[redacted]',
        '/forgotpassword/reset?lang=en&Token=[redacted]',
        '/feedback/[redacted]',
        '/api/feedback/[redacted]/logo',
        '/api/booking-links/[redacted]/slots?from=2026-06-01',
        '/account/invitation/[redacted]',
        '/api/account/invitation/[redacted]',
        '/calendar/[redacted]',
        '/unsubscribe/[redacted]',
        '/api/unsubscribe/[redacted]',
      ]),
    );
    expect(requests.map((l) => l.req.headers?.referer).filter(Boolean)).toEqual([
      `${app.url}/forgotpassword/reset?token=[redacted]`,
      `${app.url}/feedback/[redacted]?from=mail`,
    ]);
  });
});

describe('common and guessable passwords', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  const refusal =
    /^This is a (heavily|commonly|frequently) used password\. Choose one that is harder to guess: a phrase of three or four unrelated words works well\.$/;

  it.each(['password', '12345678', 'Password1'])('refuses %p when a user is created', async (password) => {
    const org = await app.organization();
    const created = await org.admin.post('/api/users', {
      firstName: 'Nia',
      lastName: 'Okafor',
      email: `nia-${Date.now()}@example.test`,
      roles: ['Associate'],
      password,
    });
    expect(created.status).toBe(400);
    expect(created.body).toEqual({ success: false, errors: [expect.stringMatching(refusal)] });
  });

  it("refuses a change to a common password or one made of the person's own e-mail", async () => {
    const org = await app.organization();
    const common = await org.manager.post('/ManageAccount/ChangePassword', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Password1',
      confirmPassword: 'Password1',
    });
    expect(common.status).toBe(400);
    expect(common.body.errors[0]).toMatch(refusal);
    const own = org.manager.email.split('@')[0]; // long and random-looking, but the person's own address
    const mine = await org.manager.post('/ManageAccount/ChangePassword', {
      currentPassword: TEST_PASSWORD,
      newPassword: own,
      confirmPassword: own,
    });
    expect(mine.status).toBe(400);
    expect(mine.body.errors[0]).toMatch(/Choose one that is harder to guess/);
    await app.client().signIn(org.manager.email, TEST_PASSWORD); // nothing changed
  });

  it('refuses a common password on reset, and the link still works for a good one', async () => {
    const org = await app.organization();
    await app.client().post('/forgotpassword/index', { email: org.associate.email });
    const [mail] = await mailsWhen(
      app.dataDir,
      (m) => m.to === org.associate.email && m.subject === 'Reset your password',
      1,
    );
    const token = new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get('token')!;
    const weak = await app
      .client()
      .post('/forgotpassword/reset', { token, password: '12345678', confirmPassword: '12345678' });
    expect(weak.status).toBe(400);
    expect(weak.body.errors[0]).toMatch(refusal);
    expect(
      (
        await app.client().post('/forgotpassword/reset', {
          token,
          password: 'quiet-harbor-lantern',
          confirmPassword: 'quiet-harbor-lantern',
        })
      ).status,
    ).toBe(200);
  });
});

describe('forgot password', () => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer(2000); // a mail server that takes 2 s to greet
    app = await startTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await app.stop();
    await smtp.close();
  });

  it('answers known and unknown addresses alike, without waiting for the mail; e-mails an account at most 3 times an hour; an address may ask 10 times', async () => {
    const org = await app.organization();
    const answers: { known: boolean; ms: number; body: unknown }[] = [];
    for (let i = 0; i < 5; i++) {
      for (const [email, known] of [
        [org.associate.email, true],
        [`nobody-${i}@example.test`, false],
      ] as const) {
        const [response, ms] = await timed(() => app.client().post('/forgotpassword/index', { email }));
        expect(response.status).toBe(200);
        answers.push({ known, ms, body: response.body });
      }
    }
    expect(new Set(answers.map((a) => JSON.stringify(a.body)))).toEqual(new Set([JSON.stringify({ success: true })]));
    // Before the fix a known address was answered after its e-mail went out: here, 2 s or more. The bounds
    // leave room for a loaded machine (a known address's work, done after its answer, competes with the next).
    expect(Math.max(...answers.filter((a) => a.known).map((a) => a.ms))).toBeLessThan(1000);
    expect(median(answers.filter((a) => a.known).map((a) => a.ms))).toBeLessThan(
      median(answers.filter((a) => !a.known).map((a) => a.ms)) + 150,
    );

    // The associate was also told, once, that the organization added them.
    const toAssociate = () =>
      smtp.received.filter(
        (m) => m.to.includes(org.associate.email) && m.data.includes('Subject: Reset your password'),
      );
    for (const until = Date.now() + within(15_000); toAssociate().length < 3 && Date.now() < until;)
      await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 500));
    expect(toAssociate()).toHaveLength(3);

    const refused = await app.client().post('/forgotpassword/index', { email: org.manager.email });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      success: false,
      errors: ['Too many password reset requests from this network. Try again in 60 minutes.'],
    });
    await new Promise((r) => setTimeout(r, 600));
    expect(
      smtp.received.filter((m) => m.to.includes(org.manager.email) && m.data.includes('Subject: Reset your password')),
    ).toHaveLength(0);
  });
});

describe('sessions', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  it('signing in again rotates the session: the token held before stops working', async () => {
    const org = await app.organization();
    const browser = await app.client().signIn(org.associate.email, TEST_PASSWORD);
    const before = browser.cookie;
    await browser.signIn(org.associate.email, TEST_PASSWORD); // sends the old cookie, gets a new one
    expect(browser.cookie).not.toBe(before);
    expect((await browser.get('/api/session')).status).toBe(200);
    const old = new ApiClient(app.url);
    old.cookie = before;
    expect((await old.get('/api/session')).status).toBe(401);
  });

  describe('idle timeout (30 minutes by default)', () => {
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

    it('ends a session left unused for 30 minutes; use keeps it alive', async () => {
      const org = await app.organization();
      const user = await app.client().signIn(org.associate.email, TEST_PASSWORD);
      later(25);
      expect((await user.get('/api/session')).status).toBe(200);
      later(25); // 50 minutes since sign-in, 25 since the last request
      expect((await user.get('/api/session')).status).toBe(200);
      later(31);
      expect((await user.get('/api/session')).status).toBe(401);
      later(-31); // even were the clock to go back, the session stays ended
      expect((await user.get('/api/session')).status).toBe(401);
    });

    it('records the idle end in the log, and writes each last use down for every instance', async () => {
      const org = await app.organization();
      const user = await app.client().signIn(org.manager.email, TEST_PASSWORD);
      const uses = await app.engines.readStore.collection(SESSION_ACTIVITY).find({});
      expect(uses.length).toBeGreaterThan(0);
      later(45);
      expect((await user.get('/api/session')).status).toBe(401);
      const ended = (await app.engines.eventStore.readAll()).filter(
        (e) => e.type === 'SessionEnded' && (e.data as { userId: string }).userId === org.manager.userId,
      );
      expect(ended.map((e) => (e.data as { reason: string }).reason)).toEqual(['idle']);
    });

    it('keeps a Remember me session however long it is unused, within its 30 days', async () => {
      const org = await app.organization();
      const user = await app.client().signIn(org.admin.email, TEST_PASSWORD, { RememberMe: true });
      later(6 * 60);
      expect((await user.get('/api/session')).status).toBe(200);
    });
  });
});

describe('sessions over https', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ PUBLIC_URL: 'https://crew.example.com' });
  });
  afterAll(() => app.stop());

  it('names the cookie __Host-cc_session: Secure, for path /, without a Domain', async () => {
    const org = await app.organization();
    const response = await app
      .client()
      .request('POST', '/account/login', { username: org.admin.email, password: TEST_PASSWORD });
    const cookie = response.headers.getSetCookie()[0];
    expect(cookie).toMatch(/^__Host-cc_session=/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
    expect((await org.admin.get('/api/session')).status).toBe(200); // the app reads it back under that name
    const plain = new ApiClient(app.url);
    plain.cookie = `cc_session=${/^__Host-cc_session=([^;]+)/.exec(cookie)![1]}`;
    expect((await plain.get('/api/session')).status).toBe(401); // and only under that name
  });
});

describe('production', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      NODE_ENV: 'production',
      SESSION_SECRET: 'p'.repeat(48),
      SCRYPT_LOG_N: '17',
      LOG_LEVEL: 'silent',
    });
  });
  afterAll(() => app.stop());

  it('shows the API description to signed-in people only', async () => {
    for (const path of ['/api/docs', '/api/docs/openapi.json']) {
      const anonymous = await app.client().get(path);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ success: false, errors: ['Please sign in to read the API description.'] });
    }
    const org = await app.organization();
    const doc = await org.associate.get('/api/docs/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.paths['/account/login']).toBeDefined();
  });

  it('tells anonymous health checks that an engine is down, without its error text', async () => {
    await app.engines.eventStore.close(); // a real failure: the event store is gone
    const response = await fetch(`${app.url}/healthz`);
    expect(response.status).toBe(503);
    const body = await response.json();
    expect(body).toMatchObject({ status: 'unavailable', eventStore: 'unavailable', readStore: 'ok' });
    // The engines' names (this is a loopback caller) are words of ours; nothing else may carry the failure's text.
    const { engines, ...checks } = body as { engines: Record<string, string> };
    expect(engines).toEqual({
      events: 'SQLite',
      readModels: 'SQLite',
      files: 'folder',
      mail: 'outbox folder',
      pushFanOut: 'in-process',
    });
    expect(JSON.stringify(checks)).not.toMatch(/database|sqlite|open|Error/i);
  });
});
