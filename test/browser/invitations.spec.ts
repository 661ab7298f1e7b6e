import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { demoAccount, DESKTOP, launchBrowser, newContext, PHONE, signIn } from '../support/browser';
import { mailsWhen } from '../support/outbox';
import { startBuiltApp, StartedApp } from '../support/started-app';
import { within } from '../support/time';

/** Screenshots of the screens #26's invitations changed, to look at (SHOTS_DIR, else test-results). */
const SHOTS = process.env.SHOTS_DIR ?? join(__dirname, '../../test-results/screenshots/invitations');
const shot = (name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  return join(SHOTS, `${name}.png`);
};

/** Invitations (#26): an admin adds a person without a password; the e-mailed link sets it and signs them in. */
describe('invitations in a browser', () => {
  let app: StartedApp;
  let browser: Browser;
  let admin: { email: string; password: string };

  beforeAll(async () => {
    app = await startBuiltApp();
    browser = await launchBrowser();
    admin = demoAccount(app.output, 'Company Admin');
  }, within(90_000));

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it(
    'New User e-mails an invitation; its link sets a password and signs the person in; the table shows Invited until then',
    async () => {
      const context = await newContext(browser, app.url, DESKTOP);
      const page = await context.newPage();
      await signIn(page, admin, '/admin/users');
      await page.getByRole('button', { name: 'New User' }).click();
      const modal = page.getByRole('dialog', { name: 'New User' });
      await modal.getByRole('textbox', { name: 'First name' }).fill('Nina');
      await modal.getByRole('textbox', { name: 'Last name' }).fill('Newcomer');
      await modal.getByRole('textbox', { name: 'Email' }).fill('nina.newcomer@example.test');
      // Inviting is the default: no password to invent.
      await expect(modal.getByRole('radio', { name: 'E-mail an invitation' }).isChecked()).resolves.toBe(true);
      await expect(modal.locator('input[type=password]').count()).resolves.toBe(0);
      await modal.getByText('Nina chooses their own password').waitFor();
      await page.screenshot({ path: shot('new-user-invite-1280') });
      await modal.getByRole('radio', { name: 'Set a password now' }).check();
      await modal.locator('input[type=password]').waitFor();
      await page.screenshot({ path: shot('new-user-password-1280') });
      await modal.getByRole('radio', { name: 'E-mail an invitation' }).check();
      await modal.getByRole('button', { name: 'Create user' }).click();
      await page.getByText('an invitation was e-mailed to nina.newcomer@example.test').waitFor();

      const row = page.getByRole('row', { name: /Nina Newcomer/ });
      await row.getByText('Invited', { exact: true }).waitFor();
      await row.getByRole('button', { name: 'Resend invitation to Nina Newcomer' }).waitFor();
      await page.screenshot({ path: shot('users-invited-1280'), fullPage: true });

      const phone = await newContext(browser, app.url, PHONE);
      const small = await phone.newPage();
      await signIn(small, admin, '/admin/users');
      await small.getByText('Nina Newcomer').waitFor();
      await small.getByText('Invited', { exact: true }).waitFor();
      await small.screenshot({ path: shot('users-invited-390'), fullPage: true });
      await small.getByRole('button', { name: 'New User' }).click();
      await small
        .getByRole('dialog', { name: 'New User' })
        .getByRole('radio', { name: 'E-mail an invitation' })
        .waitFor();
      await small.screenshot({ path: shot('new-user-invite-390'), fullPage: true });
      await phone.close();

      // The e-mail, as the embedded mailer wrote it to the outbox.
      const [mail] = await mailsWhen(
        app.dataDir,
        (m) => m.to === 'nina.newcomer@example.test' && / invited you to CrewClock$/.test(m.subject),
        1,
        within(10_000),
      );
      expect(mail).toBeDefined();
      const link = /https?:\/\/\S+\/account\/invitation\/\S+/.exec(mail.text)![0];
      const path = new URL(link).pathname;

      // The invited person opens it on their phone first (a look), then on a computer, in browsers of their own.
      const theirPhone = await newContext(browser, app.url, PHONE);
      const phonePage = await theirPhone.newPage();
      await phonePage.goto(path);
      // The organization's name, not the product's (issue #44).
      await phonePage.getByRole('heading', { name: 'Welcome to Brightside Field Services' }).waitFor();
      await phonePage.getByText('Hello Nina, choose your password').waitFor();
      await phonePage.screenshot({ path: shot('invitation-page-390'), fullPage: true });
      await theirPhone.close();

      const theirs = await newContext(browser, app.url, DESKTOP);
      const invitee = await theirs.newPage();
      await invitee.goto(path);
      await invitee.getByRole('heading', { name: 'Welcome to Brightside Field Services' }).waitFor();
      await invitee.getByLabel(/^Password/).fill('short');
      await invitee.getByRole('button', { name: 'Set password and sign in' }).click();
      await invitee.getByText('Password must be at least 8 characters long').waitFor();
      await invitee.screenshot({ path: shot('invitation-page-1280') });
      await invitee.getByLabel(/^Password/).fill('meadow-lantern-violet-42');
      await invitee.getByLabel(/^Confirm password/).fill('meadow-lantern-violet-42');
      await invitee.getByRole('button', { name: 'Set password and sign in' }).click();
      // Signed in: Home, with their own name in the top bar.
      await invitee.waitForURL((url) => url.pathname === '/');
      await invitee.getByText('Nina Newcomer').first().waitFor();
      await invitee.screenshot({ path: shot('invitation-signed-in-1280') });

      // The link worked once: opened again, it says so at once, with no form to fill in vain (issue #44).
      await invitee.goto(path);
      await invitee.getByRole('heading', { name: 'This invitation link cannot be used' }).waitFor();
      await invitee.getByText('This invitation link is not valid or has already been used').waitFor();
      expect(await invitee.getByLabel(/^Password/).count()).toBe(0);
      await invitee.screenshot({ path: shot('invitation-used-1280') });
      await invitee.setViewportSize(PHONE);
      await invitee.screenshot({ path: shot('invitation-used-390') });
      expect(await invitee.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/account/login');
      await theirs.close();

      // The admin's table no longer says Invited (it refreshes on its own).
      await row.getByText('Active', { exact: true }).waitFor();
      await expect(row.getByRole('button', { name: /Resend invitation/ }).count()).resolves.toBe(0);
      await context.close();
    },
    within(120_000),
  );
});
