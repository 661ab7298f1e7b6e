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

  it('creates a recurring job in the modal: weekly, adding Monday and Thursday', async () => {
    const context = await newContext(browser, app.url, DESKTOP);
    const page = await context.newPage();
    await signIn(page, 'Customer Manager', '/scheduling');
    await page.getByRole('button', { name: 'New Job' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('textbox', { name: 'Name' }).fill('Pool service');
    await modal.getByLabel('Repeat', { exact: true }).click();
    await page.getByRole('option', { name: 'Weekly' }).click();
    // The start's own weekday comes pre-chosen; add Monday and Thursday.
    for (const [day, chip] of [['Monday', 'Mon'], ['Thursday', 'Thu']]) {
      if (!(await modal.getByRole('checkbox', { name: day }).isChecked())) await modal.getByText(chip, { exact: true }).click();
    }
    const chosen: string[] = [];
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
      if (await modal.getByRole('checkbox', { name: day }).isChecked()) chosen.push(day);
    }
    expect(chosen).toEqual(expect.arrayContaining(['Monday', 'Thursday']));
    await page.screenshot({ path: screenshotPath('job-modal-weekly-desktop') });
    await modal.getByRole('button', { name: 'Create job' }).click();
    await page.getByText('Job has been created').waitFor();

    const { email, password } = account('Customer Manager');
    const manager = await new ApiClient(app.url).signIn(email, password);
    const from = DateTime.now().setZone('America/New_York').startOf('week');
    const fetched = await manager.get(`/api/jobs/syncfusion/fetch?StartDate=${from.toFormat('MM/dd/yyyy')}&EndDate=${from.plus({ days: 20 }).toFormat('MM/dd/yyyy')}`);
    const pool = fetched.body.filter((j: { name: string }) => j.name === 'Pool service');
    expect(pool.length).toBeGreaterThanOrEqual(4);
    expect(pool[0].jobRecurrenceModel).toMatchObject({ recurringFrequency: 'Weekly', recurrenceDays: chosen.map((d) => d.toLowerCase()).join(','), weeklyRecurrence: 1 });
    const days = new Set(pool.map((j: { startDateTime: string }) => DateTime.fromISO(j.startDateTime).setZone('America/New_York').weekdayLong));
    expect([...days].every((d) => chosen.includes(d as string))).toBe(true);
    expect(days.has('Monday') && days.has('Thursday')).toBe(true);
    await context.close();
  }, 60_000);
});
