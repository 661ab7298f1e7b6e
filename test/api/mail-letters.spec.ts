import { randomUUID } from 'node:crypto';
import { ApiClient, expectError, startTestApp, TestApp, TestOrganization, TINY_PNG } from '../support/app';
import { kitFor } from '../support/given';
import { mailsWhen, outboxMails, type OutboxMail } from '../support/outbox';

/**
 * Every e-mail as a letter (issue #31 item 5): text and HTML, the organization's name and logo (a public address a
 * mail reader can fetch without a session, and nothing else of the organization's files), and for the customer's
 * e-mails they may stop, an unsubscribe link and RFC 8058's one-click headers: the page records nothing, its POST
 * (a mail provider's too) stops visit reminders and feedback requests to that address, and a DELETE takes it back.
 */

const LINK_NOT_FOUND = 'This unsubscribe link does not work. Please contact the company that e-mailed you.';

describe('e-mails as letters, and the unsubscribe link', () => {
  let app: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  let guest: ApiClient;
  let logoFileId: string;
  /** The organization's name ('Letterhead Co' and a tag). */
  let NAME: string;

  beforeAll(async () => {
    app = await startTestApp();
    [org, other] = await Promise.all([app.organization('Letterhead Co'), app.organization('Other Co')]);
    guest = app.client();
    NAME = (await org.admin.get('/api/organization/settings')).body.name;
    const uploaded = await org.admin.upload('PUT', '/api/organization/settings/logo', TINY_PNG, 'logo.png');
    expect(uploaded.status).toBe(200);
    logoFileId = uploaded.body.data.logoUrl.split('/').pop();
  });
  afterAll(() => app.stop());

  const given = kitFor(() => org.manager);
  const address = () => `c-${randomUUID().slice(0, 8)}@example.test`;
  const finishedJob = async (customerId: string) =>
    (
      await given.job({
        name: 'Gutter cleaning',
        startDateTime: '2026-06-01T13:00:00Z',
        endDateTime: '2026-06-01T14:00:00Z',
        userIds: [org.associate.userId],
        customerId,
      })
    ).id;
  /** A rating request's e-mail to `email` (the `nth`, from 1). */
  const ratingMail = async (customerId: string, email: string, nth = 1): Promise<OutboxMail> => {
    await given.ratingRequest(await finishedJob(customerId));
    const mails = await mailsWhen(app.dataDir, (m) => m.to === email, nth);
    expect(mails).toHaveLength(nth);
    return mails[nth - 1];
  };
  const unsubscribeToken = (mail: OutboxMail) =>
    unsubscribeLink(mail).slice(unsubscribeLink(mail).lastIndexOf('/') + 1);
  /** The unsubscribe link in an e-mail's text. */
  const unsubscribeLink = (mail: OutboxMail) => mail.text.split(/\s+/).find((w) => w.includes('/unsubscribe/'))!;
  const logoPath = () => `/api/mail-logo/${org.organizationId}/${logoFileId}`;

  it("serves the organization's current logo to anyone with its address, and nothing else of its files", async () => {
    const logo = await fetch(app.url + logoPath());
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(logo.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await logo.arrayBuffer())).toEqual(TINY_PNG);
    // Another organization's id with this logo, a customer document's file with this organization's id: 404.
    expect((await fetch(`${app.url}/api/mail-logo/${other.organizationId}/${logoFileId}`)).status).toBe(404);
    const customer = await given.customer({ name: 'Docs', contactEmail: address() });
    const attached = await org.manager.upload('POST', '/api/attachments', Buffer.from('Hello\n'), 'a.txt', 'File', {
      CustomerId: customer.id,
      Name: 'Contract',
    });
    expect([200, 201]).toContain(attached.status);
    const [document] = await app.engines.readStore
      .collection<{ _id: string; fileId: string }>('customerDocuments')
      .find({ customerId: customer.id });
    expect((await fetch(`${app.url}/api/mail-logo/${org.organizationId}/${document.fileId}`)).status).toBe(404);
    expect((await fetch(`${app.url}/api/mail-logo/not-an-id/${logoFileId}`)).status).toBe(404);
    // A replaced logo's address stops working (old e-mails show the name, the image's alt); the new one works.
    const before = logoPath();
    const replaced = await org.admin.upload('PUT', '/api/organization/settings/logo', TINY_PNG, 'logo2.png');
    logoFileId = replaced.body.data.logoUrl.split('/').pop();
    expect((await fetch(app.url + before)).status).toBe(404);
    expect((await fetch(app.url + logoPath())).status).toBe(200);
  });

  it("writes a customer's e-mail as text and HTML under the logo, with an unsubscribe link and one-click headers", async () => {
    const email = address();
    const customer = await given.customer({ name: 'Acme <b>&</b> "Sons"', contactEmail: email });
    const mail = await ratingMail(customer.id, email);
    const token = unsubscribeToken(mail);
    // The app's public address (PUBLIC_URL), which the e-mails' links start with.
    const base = unsubscribeLink(mail).slice(0, unsubscribeLink(mail).indexOf('/unsubscribe/'));
    const link = `${base}/unsubscribe/${token}`;
    expect(mail.text).toContain(`-- \n${NAME}\n`);
    expect(mail.text).toContain(
      `You get this e-mail as a customer of ${NAME}. No more visit reminders or feedback requests?\nUnsubscribe: ${link}`,
    );
    expect(mail.html).toContain(`<img src="${base}${logoPath()}" alt="${NAME}"`);
    expect(mail.html).toContain(`<a href="${link}"`);
    expect(mail.html).toContain(`<a href="${base}/feedback/`);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${base}/api/unsubscribe/${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // The logo the e-mail names is there, without a session.
    const logo = mail.html!.match(/<img src="([^"]+)"/)![1];
    expect((await fetch(app.url + logo.slice(base.length))).status).toBe(200);
  });

  it('writes staff e-mails as letters too, without an unsubscribe link', async () => {
    const email = address();
    await kitFor(org.admin).user({ firstName: 'Ivy', lastName: 'Invited', email, roles: ['Associate'], invite: true });
    const [mail] = await mailsWhen(app.dataDir, (m) => m.to === email, 1);
    expect(mail.text).toMatch(/^Hello Ivy,/);
    expect(mail.text).toContain(`-- \n${NAME}`);
    expect(mail.html).toContain(`alt="${NAME}"`);
    expect(mail.html).not.toContain('/unsubscribe/');
    expect(mail.headers).toBeUndefined();
  });

  it('records nothing on opening the page; its POST (a provider one-click) and DELETE change the address', async () => {
    const email = address();
    const customer = await given.customer({ name: 'Opt Out Ltd', contactEmail: email });
    // Another customer with the address (an online booking makes one each time): the same address, covered too.
    const twin = await given.customer({ name: 'Opt Out twin', contactEmail: email });
    const token = unsubscribeToken(await ratingMail(customer.id, email));

    for (let i = 0; i < 2; i++)
      expect((await guest.get(`/api/unsubscribe/${token}`)).body).toEqual({
        organizationName: NAME,
        logoUrl: logoPath(),
        unsubscribed: false,
      });
    expect((await org.manager.get(`/api/customers/${customer.id}`)).body.unsubscribedAt).toBeNull();

    // A mail provider's one-click POST: form-encoded, no Origin, no session, no CSRF token.
    const oneClick = await fetch(`${app.url}/api/unsubscribe/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.json()).toEqual({
      success: true,
      message: 'You are unsubscribed',
      data: { organizationName: NAME, logoUrl: logoPath(), unsubscribed: true },
    });
    // The person's click afterwards: the same answer, no second fact.
    expect((await guest.post(`/api/unsubscribe/${token}`)).body.data.unsubscribed).toBe(true);
    const stream = (await app.engines.eventStore.readAll()).filter((e) => e.type === 'CustomerUnsubscribed');
    expect(stream.filter((e) => (e.data as { address: string }).address === email)).toHaveLength(1);

    for (const id of [customer.id, twin.id])
      expect((await org.manager.get(`/api/customers/${id}`)).body.unsubscribedAt).toEqual(expect.any(String));
    // No feedback request to the address any more, for either customer: the manager is told why.
    for (const id of [customer.id, twin.id])
      expectError(
        await org.manager.post('/api/ratings/request', { jobId: await finishedJob(id) }),
        400,
        "The customer's contact unsubscribed from visit reminders and feedback requests: no request was sent.",
      );
    // The customer's History says who did it.
    const history = await org.admin.get(`/api/customers/${customer.id}/history`);
    expect(JSON.stringify(history.body)).toContain(`${email} unsubscribed from visit reminders and feedback requests`);
    expect(JSON.stringify(history.body)).toContain('Customer via unsubscribe link');

    const back = await guest.delete(`/api/unsubscribe/${token}`);
    expect(back.body).toEqual({
      success: true,
      message: 'You will get these e-mails again',
      data: { organizationName: NAME, logoUrl: logoPath(), unsubscribed: false },
    });
    expect((await org.manager.get(`/api/customers/${customer.id}`)).body.unsubscribedAt).toBeNull();
    await ratingMail(twin.id, email, 2);
  });

  it('answers 404 for a token that is malformed, tampered with, or made for an address the customer no longer has', async () => {
    const email = address();
    const customer = await given.customer({ name: 'Moved Inc', contactEmail: email });
    const token = unsubscribeToken(await ratingMail(customer.id, email));
    const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const bad of ['nonsense', tampered, `${randomUUID()}.${token.slice(37)}`, 'x'.repeat(5000)]) {
      expectError(await guest.get(`/api/unsubscribe/${bad}`), 404, LINK_NOT_FOUND);
      expectError(await guest.post(`/api/unsubscribe/${bad}`), 404, LINK_NOT_FOUND);
    }
    expect((await org.manager.patch(`/api/customers/${customer.id}`, { contactEmail: address() })).status).toBe(200);
    expectError(await guest.post(`/api/unsubscribe/${token}`), 404, LINK_NOT_FOUND);
    expect(outboxMails(app.dataDir).filter((m) => m.to === email)).toHaveLength(1);
  });

  it('refuses a POST from another site (a form on a stranger page)', async () => {
    const email = address();
    const customer = await given.customer({ name: 'Cross Site', contactEmail: email });
    const token = unsubscribeToken(await ratingMail(customer.id, email));
    const forged = await fetch(`${app.url}/api/unsubscribe/${token}`, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.status).toBe(403);
    expect((await guest.get(`/api/unsubscribe/${token}`)).body.unsubscribed).toBe(false);
  });
});
