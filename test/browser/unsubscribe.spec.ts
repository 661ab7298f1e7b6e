import { randomBytes } from 'node:crypto';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { unsubscribeToken } from '../../src/customers/mail-opt-out';
import { ApiClient } from '../support/app';
import { seriousViolations } from '../support/axe';
import {
  appInBrowser,
  demoAccount,
  DESKTOP,
  newContext,
  pageSignedIn,
  PHONE,
  screenshotWithoutToasts,
} from '../support/browser';
import { within } from '../support/time';

/** The app's secret, given so that the test can make the link an e-mail would carry (src/customers/mail-opt-out.ts). */
const SECRET = randomBytes(32).toString('hex');
const ZONE = 'America/New_York'; // the demo organization's
const NOTE = /^Unsubscribed from visit reminders and feedback requests on /;

/** A logo to upload: a navy tile with the company's initials, drawn by the browser. */
async function logoPng(page: Page): Promise<Buffer> {
  await page.setContent(
    '<div id="logo" style="display:inline-flex;align-items:center;gap:8px;padding:8px 14px;background:#fff;font:700 28px sans-serif;color:#0D1B41"><span style="background:#12b886;color:#fff;border-radius:6px;padding:2px 8px">CC</span>Demo Co</div>',
  );
  return page.locator('#logo').screenshot();
}

/** The e-mails' unsubscribe link, and its page: a customer stops visit reminders and feedback requests, and a manager sees it. */
describe('unsubscribing from a customer’s e-mails in a browser', () => {
  const env = appInBrowser({ SESSION_SECRET: SECRET });
  const account = (role: Parameters<typeof demoAccount>[1]) => demoAccount(env.app.output, role);
  const api = (role: Parameters<typeof demoAccount>[1]) =>
    new ApiClient(env.app.url).signIn(account(role).email, account(role).password);
  /** What the page's API says now, as a mail provider or a second tab would ask (no session). */
  const shown = async (token: string) => (await new ApiClient(env.app.url).get(`/api/unsubscribe/${token}`)).body;

  it(
    'asks before it unsubscribes, shows the manager when, and subscribes again',
    async () => {
      const admin = await api('Company Admin');
      const organization = (await admin.get('/api/session')).body.company as { id: string; name: string };
      const address = 'robin@birchwood.example.test';
      const created = await admin.post('/api/customers', {
        name: 'Birchwood Bakery',
        contactFirstName: 'Robin',
        contactEmail: address,
      });
      expect(created.status).toBe(201);
      const customerId: string = created.body.data.id;
      const token = unsubscribeToken(SECRET, organization.id, customerId, address);
      const org = organization.name;

      // On a phone: the organization's name, what unsubscribing stops and what it does not; opening changed nothing.
      const phoneContext = await newContext(env.browser, env.app.url, PHONE);
      const phone = await phoneContext.newPage();
      const changes: string[] = [];
      phone.on('request', (r) => {
        if (r.url().includes('/api/unsubscribe/') && r.method() !== 'GET') changes.push(r.method());
      });
      await phone.goto(`/unsubscribe/${token}`);
      await phone.getByRole('heading', { level: 1, name: `Unsubscribe from ${org}'s e-mails` }).waitFor();
      await phone.getByText(org, { exact: true }).waitFor();
      await phone
        .getByText(
          `You will no longer get visit reminders or feedback requests from ${org}. E-mails about visits you book, and their changes, still reach you.`,
        )
        .waitFor();
      expect(await phone.title()).toBe(`Unsubscribe · ${org}`);
      expect(await shown(token)).toEqual({ organizationName: org, logoUrl: null, unsubscribed: false });
      expect(changes).toEqual([]);
      await expect(seriousViolations(phone)).resolves.toEqual([]);
      await screenshotWithoutToasts(phone, 'unsubscribe-390');

      // The button unsubscribes, once; the new state's heading takes the focus.
      await phone.getByRole('button', { name: 'Unsubscribe' }).click();
      const done = phone.getByRole('heading', { level: 1, name: 'You are unsubscribed' });
      await done.waitFor();
      await phone.getByText(`${org} will send you no more visit reminders or feedback requests.`).waitFor();
      await expect(phone.evaluate('document.activeElement.textContent')).resolves.toBe('You are unsubscribed');
      expect(changes).toEqual(['POST']);
      expect((await shown(token)).unsubscribed).toBe(true);
      await expect(seriousViolations(phone)).resolves.toEqual([]);
      await screenshotWithoutToasts(phone, 'unsubscribe-done-390');

      // The manager's customer detail says when, beside the contact's e-mail, in the organization's day.
      const unsubscribedAt: string = (await admin.get(`/api/customers/${customerId}`)).body.unsubscribedAt;
      expect(unsubscribedAt).toEqual(expect.any(String));
      const day = DateTime.fromISO(unsubscribedAt).setZone(ZONE).toFormat('ccc d LLL yyyy');
      const { context: managerContext, page: manager } = await pageSignedIn(
        env.browser,
        env.app.url,
        account('Customer Manager'),
        `/customers/${customerId}`,
      );
      const details = manager.getByRole('region', { name: 'Customer details' });
      await details.getByRole('link', { name: address }).waitFor();
      await details.getByText(`Unsubscribed from visit reminders and feedback requests on ${day}`).waitFor();
      await screenshotWithoutToasts(manager, 'customer-unsubscribed');

      // At desktop width, with the organization's logo: opened again, the page says so; "Subscribe again" undoes it.
      const drawing = await newContext(env.browser, env.app.url, DESKTOP);
      const logo = await admin.upload('PUT', '/api/organization/settings/logo', await logoPng(await drawing.newPage()));
      expect(logo.status).toBe(200);
      await drawing.close();
      const desktopContext = await newContext(env.browser, env.app.url, DESKTOP);
      const desktop = await desktopContext.newPage();
      await desktop.goto(`/unsubscribe/${token}`);
      await desktop.getByRole('heading', { level: 1, name: 'You are unsubscribed' }).waitFor();
      const img = desktop.getByRole('img', { name: `${org} logo` });
      await img.waitFor();
      expect((await img.boundingBox())!.height).toBeGreaterThan(0);
      await expect(seriousViolations(desktop)).resolves.toEqual([]);
      await screenshotWithoutToasts(desktop, 'unsubscribe-done-1280');
      await desktop.getByRole('button', { name: 'Subscribe again' }).click();
      await desktop.getByRole('heading', { level: 1, name: `Unsubscribe from ${org}'s e-mails` }).waitFor();
      await desktop.getByRole('status').getByText('You will get these e-mails again').waitFor();
      expect((await shown(token)).unsubscribed).toBe(false);
      await expect(seriousViolations(desktop)).resolves.toEqual([]);
      await screenshotWithoutToasts(desktop, 'unsubscribe-1280');

      // Subscribed again: the manager's detail has no note.
      await manager.reload();
      await details.getByRole('link', { name: address }).waitFor();
      await expect(details.getByText(NOTE).count()).resolves.toBe(0);
      await phoneContext.close();
      await desktopContext.close();
      await managerContext.close();
    },
    within(120_000),
  );

  it(
    'shows the server’s message for a link that does not work',
    async () => {
      const context = await newContext(env.browser, env.app.url, PHONE);
      const page = await context.newPage();
      const customers: { id: string }[] = (await (await api('Company Admin')).get('/api/customers/lookup')).body;
      // A link of the right shape whose key is wrong, and one that is not a link at all.
      for (const token of [`${customers[0].id}.${'A'.repeat(32)}`, 'not-a-link']) {
        await page.goto(`/unsubscribe/${token}`);
        await page.getByRole('heading', { level: 1, name: 'This link cannot be used' }).waitFor();
        await page
          .getByText('This unsubscribe link does not work. Please contact the company that e-mailed you.')
          .waitFor();
        await expect(page.getByRole('button').count()).resolves.toBe(0);
      }
      await expect(seriousViolations(page)).resolves.toEqual([]);
      await screenshotWithoutToasts(page, 'unsubscribe-invalid-390');
      await context.close();
    },
    within(60_000),
  );
});
