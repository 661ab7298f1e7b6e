import { TOO_DEEP_MESSAGE } from '../../src/core/http/body-depth';
import { ApiClient, startTestApp, TestApp, TEST_PASSWORD } from '../support/app';
import { mailsWhen } from '../support/outbox';

describe('identity over HTTP', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  it('signs in with JSON and returns the initial page data in one call', async () => {
    const org = await app.organization('Acme');
    const session = await org.admin.get('/api/session');
    expect(session.status).toBe(200);
    expect(session.body.user.email).toBe(org.admin.email);
    expect(session.body.roles).toEqual(['Company Admin']);
    expect(session.body.claims).toEqual([
      'jobs.crud',
      'customers.crud',
      'reports.read',
      'users.crud',
      'settings.crud',
      'audit.read',
    ]);
    expect(session.body.company.timeZone).toBe('America/New_York');
    expect(session.body.csrfToken).toEqual(expect.any(String));
    expect(session.body.user.password).toBeUndefined();
  });

  it('gives each role its claims', async () => {
    const org = await app.organization();
    expect((await org.manager.get('/api/session')).body.claims).toEqual([
      'jobs.crud',
      'customers.crud',
      'reports.read',
    ]);
    expect((await org.associate.get('/api/session')).body.claims).toEqual([]);
  });

  it('tells only a Company Admin where support is', async () => {
    const org = await app.organization();
    expect((await org.admin.get('/api/session')).body.support).toEqual({ email: null });
    expect((await org.manager.get('/api/session')).body.support).toBeUndefined();
  });

  it('sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const org = await app.organization();
    const response = await app
      .client()
      .request('POST', '/account/login', { username: org.admin.email, password: TEST_PASSWORD });
    const cookie = response.headers.getSetCookie()[0];
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Expires/); // a browser-session cookie without RememberMe
  });

  it('keeps a RememberMe session for 30 days', async () => {
    const org = await app.organization();
    const response = await app
      .client()
      .request('POST', '/account/login', { username: org.admin.email, password: TEST_PASSWORD, RememberMe: true });
    const expires = new Date(/Expires=([^;]+)/.exec(response.headers.getSetCookie()[0])![1]).getTime();
    expect(expires - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
  });

  it('refuses a wrong password with a message for a person', async () => {
    const org = await app.organization();
    const response = await app
      .client()
      .request('POST', '/account/login', { username: org.manager.email, password: 'nope-nope' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ success: false, errors: ['The email or password is incorrect.'] });
  });

  it('says which field is missing', async () => {
    const response = await app.client().request('POST', '/account/login', { username: '', password: '' });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toBe('Email is required');
  });

  it('refuses a sign-in body nested 3,000 levels deep with a 400 that says so', async () => {
    for (const body of [
      `{"username":${'['.repeat(3000)}${']'.repeat(3000)}}`,
      `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
    ]) {
      const response = await fetch(`${app.url}/account/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ success: false, errors: [TOO_DEEP_MESSAGE] });
    }
    // 32 levels are still read (and refused for what they say, not for their depth).
    const shallow = await app.client().request('POST', '/account/login', {
      username: 'someone@example.test',
      password: 'x',
      RedirectUrl: JSON.parse(`${'['.repeat(31)}${']'.repeat(31)}`),
    });
    expect(shallow.body).toEqual({ success: false, errors: ['The return URL must be text'] });
  });

  it('asks for a JSON object when the sign-in body is a list', async () => {
    const response = await app
      .client()
      .request('POST', '/account/login', [{ username: 'someone@example.test', password: 'x' }]);
    expect({ status: response.status, body: response.body }).toEqual({
      status: 400,
      body: { success: false, errors: ['Send the fields as one JSON object, as the API documents them.'] },
    });
  });

  it('accepts the HTML form post and redirects to the return URL, never off-site', async () => {
    const org = await app.organization();
    const form = new URLSearchParams({
      username: org.admin.email,
      password: TEST_PASSWORD,
      RememberMe: 'true',
      RedirectUrl: '/admin/users',
    });
    const ok = await fetch(`${app.url}/account/login`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
      headers: { accept: 'text/html' },
    });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/admin/users');
    const offsite = new URLSearchParams({
      username: org.admin.email,
      password: TEST_PASSWORD,
      RedirectUrl: '//evil.example/x',
    });
    const redirected = await fetch(`${app.url}/account/login`, {
      method: 'POST',
      body: offsite,
      redirect: 'manual',
      headers: { accept: 'text/html' },
    });
    expect(redirected.headers.get('location')).toBe('/');
    const wrong = new URLSearchParams({ username: org.admin.email, password: 'bad-password' });
    const failed = await fetch(`${app.url}/account/login`, {
      method: 'POST',
      body: wrong,
      redirect: 'manual',
      headers: { accept: 'text/html' },
    });
    expect(failed.status).toBe(303);
    expect(new URL(failed.headers.get('location')!, app.url).searchParams.get('error')).toBe('credentials');
  });

  it('locks an account after 5 failed sign-ins, whatever the password then', async () => {
    const org = await app.organization();
    const client = app.client();
    for (let i = 0; i < 5; i++)
      expect(
        (await client.post('/account/login', { username: org.associate.email, password: `wrong-${i}` })).status,
      ).toBe(401);
    const locked = await client.post('/account/login', { username: org.associate.email, password: TEST_PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.body.errors[0]).toMatch(/^Too many failed sign-in attempts\. Try again in 1[45] minutes\.$/);
    expect(locked.headers.get('retry-after')).toEqual(expect.any(String));
  });

  it('refuses a state change without the CSRF token', async () => {
    const org = await app.organization();
    const response = await org.admin.request(
      'PATCH',
      '/api/profile',
      { firstName: 'A', lastName: 'B' },
      { 'x-csrf-token': 'forged' },
    );
    expect(response.status).toBe(403);
    expect(response.body.errors[0]).toMatch(/security token/);
  });

  it('refuses a cross-site sign-in post', async () => {
    const org = await app.organization();
    const response = await app
      .client()
      .request(
        'POST',
        '/account/login',
        { username: org.admin.email, password: TEST_PASSWORD },
        { origin: 'https://evil.example' },
      );
    expect(response.status).toBe(403);
  });

  it('ends the session on logout, on the server', async () => {
    const org = await app.organization();
    const stolenCookie = org.associate.cookie;
    expect((await org.associate.post('/account/logout')).status).toBe(200);
    const replay = new ApiClient(app.url);
    replay.cookie = stolenCookie;
    expect((await replay.get('/api/session')).status).toBe(401);
  });

  it('changes a password, ending the other sessions but not this one', async () => {
    const org = await app.organization();
    const other = await app.client().signIn(org.manager.email, TEST_PASSWORD);
    const mismatch = await org.manager.post('/ManageAccount/ChangePassword', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-typo',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors[0]).toBe('The new password and its confirmation do not match');
    const wrong = await org.manager.post('/ManageAccount/ChangePassword', {
      currentPassword: 'not-it-at-all',
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(wrong.body.errors[0]).toBe('The current password is incorrect');
    const ok = await org.manager.post('/ManageAccount/ChangePassword', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(ok.status).toBe(200);
    expect((await org.manager.get('/api/session')).status).toBe(200);
    expect((await other.get('/api/session')).status).toBe(401);
    await app.client().signIn(org.manager.email, 'brand-new-pass');
  });

  it('resets a forgotten password with a single-use e-mailed link', async () => {
    const org = await app.organization();
    expect((await app.client().post('/forgotpassword/index', { email: 'nobody@example.test' })).status).toBe(200);
    expect(
      (await app.client().post('/forgotpassword/index', { email: org.associate.email.toUpperCase() })).status,
    ).toBe(200);
    const mails = await mailsWhen(
      app.dataDir,
      (m) => m.subject === 'Reset your password' && [org.associate.email, 'nobody@example.test'].includes(m.to),
      2,
      500,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe(org.associate.email);
    const token = new URL(/https?:\/\/\S+/.exec(mails[0].text)![0]).searchParams.get('token')!;
    // One organization's link: the letter is that organization's (its name signs it), the link its own part.
    expect(mails[0].text).toMatch(/\n\n-- \nOrg [0-9a-f]{8}\n$/);
    expect(mails[0].html).toMatch(/<strong[^>]*>Org [0-9a-f]{8}<\/strong>/);
    expect(mails[0].html).toMatch(
      /<a href="http[^"]+\/forgotpassword\/reset\?token=[^"]+"[^>]*>Reset your password<\/a>/,
    );
    const reset = await app
      .client()
      .post('/forgotpassword/reset', { token, password: 'reset-password-1', confirmPassword: 'reset-password-1' });
    expect(reset.status).toBe(200);
    expect((await org.associate.get('/api/session')).status).toBe(401); // every session ended
    await app.client().signIn(org.associate.email, 'reset-password-1');
    const again = await app
      .client()
      .post('/forgotpassword/reset', { token, password: 'reset-password-2', confirmPassword: 'reset-password-2' });
    expect(again.status).toBe(400);
    expect(again.body.errors[0]).toBe('This reset link is not valid or has already been used. Request a new one.');
  });

  it('sends security headers', async () => {
    const response = await fetch(`${app.url}/healthz`);
    expect(response.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('reports health with the projection lag', async () => {
    const response = await fetch(`${app.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 'ok',
      engines: { events: 'SQLite', readModels: 'SQLite', files: 'folder', pushFanOut: 'in-process' },
      eventStore: 'ok',
      readStore: 'ok',
      projections: { caughtUp: true, lag: 0 },
    });
  });

  it('describes every route in OpenAPI', async () => {
    const doc = (await (await fetch(`${app.url}/api/docs/openapi.json`)).json()) as {
      paths: object;
      info: { description: string };
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/account/login',
        '/api/session',
        '/api/users/paged',
        '/api/organization/settings/logo',
        '/api/profile/image',
      ]),
    );
    expect(doc.info.description).toMatch(/X-CSRF-Token/);
  });
});
