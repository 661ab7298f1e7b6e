import type { Page } from 'playwright-core';
import { ApiClient } from '../support/app';
import {
  appInBrowser,
  demoAccount,
  DESKTOP,
  LIVE_MS,
  newContext,
  PHONE,
  screenshotPath,
  signIn,
} from '../support/browser';
import { within } from '../support/time';

/** The crash page's title (client/src/shared/CrashPage.tsx), and the words of React Router's own developer page. */
const CRASHED = /Something went wrong|Unexpected Application Error/;

/** Whether the page shows the crash page or the router's developer page. */
const crashed = (page: Page) => page.getByText(CRASHED).count();

/**
 * Issue #44 item 6: switching job pick-up on re-rendered every signed-in screen with one hook more (the side
 * navigation's request count), and React threw. Now both the admin's screen and a manager's on another browser take
 * the change live; and a screen that does fail shows a page of ours that offers Reload, not the router's developer page.
 */
describe('the app keeps working when pick-up is switched on, and a crash offers Reload', () => {
  const env = appInBrowser();
  const admin = () => demoAccount(env.app.output, 'Company Admin');

  it(
    "switching 'Allow associates to pick up jobs' on keeps the admin's and a signed-in manager's screens working",
    async () => {
      const api = await new ApiClient(env.app.url).signIn(admin().email, admin().password);
      expect((await api.patch('/api/organization/settings', { pickUpJobsEnabled: false })).status).toBe(200);

      const managerContext = await newContext(env.browser, env.app.url, PHONE);
      const manager = await managerContext.newPage();
      await signIn(manager, demoAccount(env.app.output, 'Customer Manager'), '/scheduling');
      await manager.getByRole('heading', { name: 'Job Schedule' }).waitFor();
      expect(await manager.getByRole('heading', { name: 'Job Requests' }).count()).toBe(0);

      const adminContext = await newContext(env.browser, env.app.url, DESKTOP);
      const page = await adminContext.newPage();
      await signIn(page, admin(), '/admin/settings');
      const pickUp = page.getByRole('switch', { name: 'Allow associates to pick up jobs' });
      expect(await pickUp.isChecked()).toBe(false);
      await pickUp.check({ force: true }); // Mantine's switch input sits under its drawn track
      await page.getByRole('button', { name: 'Save' }).first().click();
      await page.getByText('Organization settings have been updated').waitFor();

      // The admin's page, re-rendered with pick-up on, still shows the form, the switch on.
      await page.getByRole('heading', { name: 'Company details' }).waitFor();
      expect(await pickUp.isChecked()).toBe(true);
      // The manager's Job Schedule hears the change and gains the requests table, without a reload.
      await manager.getByRole('heading', { name: 'Job Requests' }).waitFor({ timeout: LIVE_MS });
      await manager.getByText('There are no job requests at this time').waitFor();
      expect(await crashed(page)).toBe(0);
      expect(await crashed(manager)).toBe(0);
      // And both still move about: the admin opens the Job Schedule, which has the table too.
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: /^Job Schedule/ })
        .click();
      await page.getByRole('heading', { name: 'Job Requests' }).waitFor();
      expect(await crashed(page)).toBe(0);
      await adminContext.close();
      await managerContext.close();
    },
    within(120_000),
  );

  for (const viewport of [DESKTOP, PHONE])
    it(
      `a screen whose code fails to load shows the crash page, and its Reload brings the screen back (${viewport.width} px)`,
      async () => {
        const context = await newContext(env.browser, env.app.url, viewport);
        const page = await context.newPage();
        await signIn(page, admin(), '/');
        // As after a new version replaced the screen's file: My Profile's code cannot be had.
        const profileCode = /\/assets\/ProfilePage-[^/]+\.js$/;
        await page.route(profileCode, (route) => route.abort());
        await page.goto('/profile');
        await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
        expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
        await page.screenshot({ path: screenshotPath(`crash-page-${viewport.width}`) });

        await page.unroute(profileCode);
        await page.getByRole('button', { name: 'Reload' }).click();
        await page.getByRole('heading', { name: 'My Profile' }).waitFor();
        expect(await crashed(page)).toBe(0);
        await context.close();
      },
      within(60_000),
    );
});
