import type { BrowserContext } from 'playwright-core';
import { DEFAULT_CREW_DAY_SETTINGS } from '../../src/shared/notices';
import { ApiClient } from '../support/app';
import { seriousViolations } from '../support/axe';
import {
  appInBrowser,
  demoAccount,
  DESKTOP,
  pageSignedIn,
  PHONE,
  screenshotPath,
  screenshotWithoutToasts,
} from '../support/browser';
import { within } from '../support/time';

const DESCRIPTION =
  "Every evening, the next day's jobs in order, with times, customers, addresses, map links and notes. Nothing is sent when the next day is empty.";
const SWITCH = "E-mail me tomorrow's jobs";

const shot = screenshotWithoutToasts;

/**
 * My Profile's "Tomorrow's jobs by e-mail" (issue #31 item 3): an Associate turns it on at 7 PM, saves, and sees it
 * again after a reload; a refusal shows above the card's fields. At a phone's width and a desktop's.
 */
describe("Tomorrow's jobs by e-mail on My Profile, in a browser", () => {
  const env = appInBrowser();
  const account = () => demoAccount(env.app.output, 'Associate');

  describe.each([
    { width: 'phone', viewport: PHONE },
    { width: 'desktop', viewport: DESKTOP },
  ])('at $viewport.width px', ({ width, viewport }) => {
    let context: BrowserContext | undefined;
    afterEach(async () => {
      await context?.close();
      context = undefined;
    });

    it(
      'an Associate turns it on at 7 PM, saves, reloads and sees it',
      async () => {
        const associate = await new ApiClient(env.app.url).signIn(account().email, account().password);
        expect((await associate.patch('/api/profile', DEFAULT_CREW_DAY_SETTINGS)).status).toBe(200);
        const signedIn = await pageSignedIn(env.browser, env.app.url, account(), '/profile', viewport);
        ({ context } = signedIn);
        const { page } = signedIn;
        const card = page.locator('form').filter({ has: page.getByRole('switch', { name: SWITCH }) });
        const hour = card.getByRole('combobox', { name: 'At' });
        const toggle = card.getByRole('switch', { name: SWITCH });

        // Off, at the default hour, in the organization's zone as the other screens name it.
        await page.getByText(DESCRIPTION).waitFor();
        await expect(toggle.isChecked()).resolves.toBe(false);
        await expect(hour.inputValue()).resolves.toBe('6:00 PM');
        await expect(hour.isDisabled()).resolves.toBe(true);
        await card.getByText(/^In the organization's time zone, America\/New York \((EST|EDT)\)\.$/).waitFor();
        await expect(card.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);
        await shot(page, `crew-day-setting-${width}-1-off`);

        // On, at 7:00 PM: the 24 hours offered.
        await toggle.check();
        await expect(toggle.isChecked()).resolves.toBe(true);
        await hour.click();
        await expect(page.getByRole('option').count()).resolves.toBe(24);
        await page.getByRole('option', { name: '7:00 PM', exact: true }).click();
        await expect(hour.inputValue()).resolves.toBe('7:00 PM');
        expect(await seriousViolations(page)).toEqual([]);
        await card.scrollIntoViewIfNeeded();
        await page.screenshot({ path: screenshotPath(`crew-day-setting-${width}-2-on-7pm`) });

        // A refusal shows as the client shows the server's messages: above the card's fields (the server is asked
        // for a value the select cannot make, so the page sends it once through the route).
        await page.route('**/api/profile', (route) =>
          route.request().method() === 'PATCH'
            ? route.continue({ postData: JSON.stringify({ crewDayEmail: true, crewDayEmailHour: 24 }) })
            : route.continue(),
        );
        await card.getByRole('button', { name: 'Save' }).click();
        await card.getByRole('alert').getByText('Choose an hour from 0 to 23 for the e-mail').waitFor();
        await page.unroute('**/api/profile');
        await card.scrollIntoViewIfNeeded();
        await page.screenshot({ path: screenshotPath(`crew-day-setting-${width}-3-server-message`) });
        expect((await associate.get('/api/profile')).body).toMatchObject(DEFAULT_CREW_DAY_SETTINGS);

        await card.getByRole('button', { name: 'Save' }).click();
        await page.getByText("Tomorrow's jobs will be e-mailed to you every day at 7:00 PM").waitFor();
        await expect(card.getByRole('alert').count()).resolves.toBe(0);
        await expect(card.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);
        expect((await associate.get('/api/profile')).body).toMatchObject({ crewDayEmail: true, crewDayEmailHour: 19 });

        await page.reload();
        await page.getByText(DESCRIPTION).waitFor();
        await expect(toggle.isChecked()).resolves.toBe(true);
        await expect(hour.inputValue()).resolves.toBe('7:00 PM');
        await expect(hour.isDisabled()).resolves.toBe(false);
        // Nothing wider than the screen.
        expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(viewport.width);
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, `crew-day-setting-${width}-4-reloaded`);
      },
      within(120_000),
    );
  });
});
