import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator } from 'playwright-core';
import { demoAccount, DESKTOP, launchBrowser, newContext, PHONE, signIn } from '../support/browser';
import { startBuiltApp, StartedApp } from '../support/started-app';
import { within } from '../support/time';

const SHOTS = process.env.SHOTS_DIR ?? join(__dirname, '../../test-results/screenshots/availability-copy');
const shot = (name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  return join(SHOTS, `${name}.png`);
};

/** "Copy to weekdays" (#26): one person's week in a few clicks instead of 27. */
describe('copying a day to the weekdays in a browser', () => {
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

  /** The start–end of each entry of `day`, as the editor shows them. */
  const hoursOf = async (editor: Locator, day: string) => {
    const starts = editor.locator(`input[aria-label="${day} start time"]`);
    const ends = editor.locator(`input[aria-label="${day} end time"]`);
    const out: string[] = [];
    for (let i = 0; i < (await starts.count()); i++)
      out.push(`${await starts.nth(i).inputValue()}–${await ends.nth(i).inputValue()}`);
    return out;
  };

  it(
    "copies Monday's two shifts to Tuesday–Friday in one click, replacing theirs, and saves them",
    async () => {
      const context = await newContext(browser, app.url, DESKTOP);
      const page = await context.newPage();
      await signIn(page, admin, '/admin/users');
      await page.getByRole('button', { name: 'Availability of Sam Okafor' }).click();
      const editor = page.getByRole('dialog', { name: 'Availability of Sam Okafor' });
      // A morning and an afternoon on Monday, something else on Wednesday, a Saturday.
      await editor.getByRole('button', { name: 'Add availability on Monday' }).click();
      await editor.getByRole('button', { name: 'Add availability on Monday' }).click();
      await editor.getByRole('button', { name: 'Add availability on Wednesday' }).click();
      await editor.getByRole('button', { name: 'Add availability on Saturday' }).click();
      await expect(hoursOf(editor, 'Monday')).resolves.toEqual(['8:00 AM–5:00 PM', '5:00 PM–6:00 PM']);
      // An empty day offers no copy.
      await expect(editor.getByRole('button', { name: 'Copy Tuesday to weekdays' }).count()).resolves.toBe(0);

      await editor.getByRole('button', { name: 'Copy Monday to weekdays' }).click();
      for (const day of ['Tuesday', 'Wednesday', 'Thursday', 'Friday'])
        await expect(hoursOf(editor, day)).resolves.toEqual(['8:00 AM–5:00 PM', '5:00 PM–6:00 PM']);
      await expect(hoursOf(editor, 'Saturday')).resolves.toEqual(['8:00 AM–5:00 PM']);
      await expect(hoursOf(editor, 'Sunday')).resolves.toEqual([]);
      await page.screenshot({ path: shot('availability-copied-1280'), fullPage: true });

      await editor.getByRole('button', { name: 'Save availability' }).click();
      await page.getByText('Availability has been updated').waitFor();
      await page.getByRole('button', { name: 'Availability of Sam Okafor' }).click();
      const reopened = page.getByRole('dialog', { name: 'Availability of Sam Okafor' });
      await reopened.locator(`input[aria-label="Friday start time"]`).first().waitFor();
      await expect(hoursOf(reopened, 'Friday')).resolves.toEqual(['8:00 AM–5:00 PM', '5:00 PM–6:00 PM']);
      await context.close();

      const phone = await newContext(browser, app.url, PHONE);
      const small = await phone.newPage();
      await signIn(small, admin, '/admin/users');
      await small.getByRole('button', { name: 'Availability of Sam Okafor' }).click();
      const onPhone = small.getByRole('dialog', { name: 'Availability of Sam Okafor' });
      await onPhone.getByRole('button', { name: 'Copy Monday to weekdays' }).waitFor();
      await small.screenshot({ path: shot('availability-copy-390') });
      await phone.close();
    },
    within(120_000),
  );
});
