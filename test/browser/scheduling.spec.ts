import { DateTime } from 'luxon';
import type { Browser, Page } from 'playwright-core';
import { ApiClient } from '../support/app';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshotPath } from '../support/browser';
import { startBuiltApp, StartedApp } from '../support/started-app';

/** The Job Schedule and Home in Debian's Chromium, on the demo organization of a fresh start. */
describe('scheduling in a browser', () => {
  let app: StartedApp;
  let browser: Browser;
  const account = (role: string) => {
    const [, email, password] = new RegExp(`${role}\\s+(\\S+) \\/ (\\S+)`).exec(app.output)!;
    return { email, password };
  };

  beforeAll(async () => {
    app = await startBuiltApp();
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function signIn(page: Page, role: string, path: string) {
    const { email, password } = account(role);
    await page.goto(`/account/login?ReturnUrl=${encodeURIComponent(path)}`);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === path);
  }

  /** The seeded week: this working week, or the coming one at the weekend. */
  const seededMonday = () => {
    const today = DateTime.now().setZone('America/New_York');
    return today.startOf('week').plus({ weeks: today.weekday >= 6 ? 1 : 0 });
  };

  it('shows the week\'s jobs, and a job created elsewhere appears on an open schedule without reload', async () => {
    const manager = await newContext(browser, app.url, DESKTOP);
    const page = await manager.newPage();
    await signIn(page, 'Customer Manager', '/scheduling');
    if (DateTime.now().setZone('America/New_York').weekday >= 6) await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Office cleaning').first().waitFor();
    await page.screenshot({ path: screenshotPath('schedule-workweek-desktop'), fullPage: true });

    const { email, password } = account('Company Admin');
    const admin = await new ApiClient(app.url).signIn(email, password);
    const start = seededMonday().plus({ days: 1 }).set({ hour: 11, minute: 0 });
    const created = await admin.post('/api/recurrence-jobs', { jobModel: { name: 'Window washing', startDateTime: start.toUTC().toISO(), endDateTime: start.plus({ hours: 1 }).toUTC().toISO() } });
    expect(created.status).toBe(201);
    await page.getByText('Window washing').waitFor({ timeout: 2000 });
    await manager.close();
  }, 60_000);

  it('opens a job\'s History from the schedule', async () => {
    const context = await newContext(browser, app.url, DESKTOP);
    const page = await context.newPage();
    await signIn(page, 'Company Admin', '/scheduling');
    if (DateTime.now().setZone('America/New_York').weekday >= 6) await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Team safety meeting').first().click();
    await page.getByRole('dialog').waitFor();
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByText('Job created').waitFor();
    await page.screenshot({ path: screenshotPath('job-history-desktop') }); // the viewport: a modal locks the page's scroll
    await context.close();
  }, 60_000);

  it('shows an associate their own calendar and upcoming jobs on Home, on a phone', async () => {
    const context = await newContext(browser, app.url, PHONE);
    const page = await context.newPage();
    await signIn(page, 'Associate', '/');
    await page.getByText('Upcoming jobs').waitFor();
    await page.getByText('Lobby floor care').first().waitFor();
    await page.screenshot({ path: screenshotPath('home-phone'), fullPage: true });
    await context.close();
  }, 60_000);
});
