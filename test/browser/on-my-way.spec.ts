import { DateTime } from 'luxon';
import { ApiClient } from '../support/app';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { appInBrowser, demoAccount, DESKTOP, newContext, PHONE, signIn } from '../support/browser';
import { kitFor } from '../support/given';
import { mailsWhen, outboxMails } from '../support/outbox';
import { within } from '../support/time';

const ZONE = 'America/New_York'; // the demo organization's
const ORGANIZATION = 'Brightside Field Services';
const SHOTS = '/tmp/onmyway-shots';

/** A screenshot of what the page shows, for a person to look at, once an open menu has faded in. */
async function shot(page: Page, name: string) {
  // A string, as the browser runs it (no DOM types here); polled, as the page's CSP refuses waitForFunction's eval.
  const settled = `[...document.querySelectorAll('[role="menu"]')].every((m) => getComputedStyle(m).opacity === '1')`;
  for (let tries = 0; tries < 50 && !(await page.evaluate(settled)); tries++) await page.waitForTimeout(20);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** "On my way" (issue #31 item 4): from a job on the phone, an Associate tells its customer the crew is on the way. */
describe('On my way, in a browser', () => {
  const env = appInBrowser();
  const account = (role: Parameters<typeof demoAccount>[1]) => demoAccount(env.app.output, role);
  const api = (role: Parameters<typeof demoAccount>[1]) =>
    new ApiClient(env.app.url).signIn(account(role).email, account(role).password);

  it(
    'e-mails the customer the arrival chosen, once a day, and the job’s History says so',
    async () => {
      const manager = await api('Customer Manager');
      const given = kitFor(manager);
      const alex = ((await manager.get('/api/users/lookup')).body as { id: string; fullName: string }[]).find(
        (s) => s.fullName === 'Alex Kim',
      )!;
      const email = 'nora@cedarlane.example.test';
      const customer = await given.customer({
        name: 'Cedar Lane Clinic',
        contactFirstName: 'Nora',
        contactEmail: email,
      });
      // Under way since midnight, so it starts before any demo job Alex has today: the job card shows it.
      const now = DateTime.now().setZone(ZONE);
      const job = await given.job({
        name: 'Clinic deep clean',
        customerId: customer.id,
        leadUserId: alex.id,
        userIds: [alex.id],
        startDateTime: now.startOf('day').toUTC().toISO(),
        endDateTime: now.plus({ hours: 2 }).toUTC().toISO(),
      });

      // At 1280 px: the drawer with the control, its choices open.
      const desktop = await newContext(env.browser, env.app.url, DESKTOP);
      const wide = await desktop.newPage();
      await signIn(wide, account('Associate'), '/');
      const wideCard = wide.getByRole('region', { name: 'Your job now' });
      await wideCard.getByText('Clinic deep clean').waitFor();
      await wideCard.getByRole('button', { name: 'Job details' }).click();
      await wide.getByRole('dialog').getByRole('button', { name: 'On my way' }).click();
      await wide.getByRole('menuitem', { name: 'In about 30 minutes' }).waitFor();
      await shot(wide, 'on-my-way-drawer-1280');
      await desktop.close();

      // On the phone: the job's details, On my way, in about 30 minutes.
      const context = await newContext(env.browser, env.app.url, PHONE);
      const page = await context.newPage();
      await signIn(page, account('Associate'), '/');
      const card = page.getByRole('region', { name: 'Your job now' });
      await card.getByText('Clinic deep clean').waitFor();
      await card.getByRole('button', { name: 'Job details' }).click();
      const drawer = page.getByRole('dialog');
      await drawer.getByRole('button', { name: 'On my way' }).waitFor();
      await shot(page, 'on-my-way-drawer-390');
      await drawer.getByRole('button', { name: 'On my way' }).click();
      await page.getByRole('menuitem', { name: 'In about 30 minutes' }).waitFor();
      // What it does, in words: it tells the customer now, not when the crew arrives (issue #44).
      await page.getByText('E-mail Cedar Lane Clinic that you are on your way, arriving').waitFor();
      await shot(page, 'on-my-way-choices-390');
      await page.getByRole('menuitem', { name: 'In about 30 minutes' }).click();
      await page
        .getByText('Cedar Lane Clinic was told you are on your way, arriving in about 30 minutes', { exact: true })
        .waitFor();
      await shot(page, 'on-my-way-told-390');

      // The customer's e-mail: to the contact, from the organization, with the arrival in it.
      const [mail] = await mailsWhen(env.app.dataDir, (m) => m.to === email, 1);
      expect(mail).toEqual(expect.objectContaining({ to: email, subject: `${ORGANIZATION}: Alex is on the way` }));
      expect(mail.text).toContain('30 minutes');

      // Sent: the button says when, and offers no second try (issue #44); so after the drawer is opened again.
      const sentButton = drawer.getByRole('button', { name: /^Sent at \d{1,2}:\d{2} [AP]M$/ });
      await sentButton.waitFor();
      expect(await sentButton.isDisabled()).toBe(true);
      await drawer.getByText('You told Cedar Lane Clinic you are on the way (about 30 minutes).').waitFor();
      expect(await drawer.getByRole('button', { name: 'On my way' }).count()).toBe(0);
      await shot(page, 'on-my-way-sent-390');
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      await card.getByRole('button', { name: 'Job details' }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /^Sent at / })
        .waitFor();
      expect(outboxMails(env.app.dataDir).filter((m) => m.to === email)).toHaveLength(1);
      await context.close();

      // At 1280 px too, from a fresh page.
      const again = await newContext(env.browser, env.app.url, DESKTOP);
      const later = await again.newPage();
      await signIn(later, account('Associate'), '/');
      await later.getByRole('region', { name: 'Your job now' }).getByRole('button', { name: 'Job details' }).click();
      await later
        .getByRole('dialog')
        .getByRole('button', { name: /^Sent at / })
        .waitFor();
      await shot(later, 'on-my-way-sent-1280');
      await again.close();

      // The job's History (a manager's Edit job, from the today panel) has the entry.
      const managerContext = await newContext(env.browser, env.app.url, DESKTOP);
      const managerPage = await managerContext.newPage();
      await signIn(managerPage, account('Customer Manager'), '/');
      const today = managerPage.getByRole('region', { name: 'Today', exact: true });
      await today.getByRole('button', { name: 'Actions for Clinic deep clean' }).click();
      await managerPage.getByRole('menuitem', { name: 'Edit' }).click();
      const modal = managerPage.getByRole('dialog', { name: /Edit job/ });
      await modal.getByRole('tab', { name: 'History' }).click();
      await modal
        .getByText(/told the customer they are on the way/)
        .first()
        .waitFor();
      await shot(managerPage, 'on-my-way-history-1280');
      await managerContext.close();
      const history = (await manager.get(`/api/jobs/${job.id}/history`)).body as { what: string }[];
      expect(history.filter((e) => e.what.includes('told the customer they are on the way'))).toEqual([
        expect.objectContaining({ what: 'Alex Kim told the customer they are on the way (about 30 minutes)' }),
      ]);
    },
    within(150_000),
  );
});
