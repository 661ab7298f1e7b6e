import { statSync } from 'node:fs';
import { DateTime } from 'luxon';
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
import { mailsWhen } from '../support/outbox';
import { within } from '../support/time';

/** The Jobs and Ratings reports (issue #15): filters, rows, totals and charts, the spreadsheet, the live banner. */
describe('reports in a browser', () => {
  const env = appInBrowser();
  const account = (role: Parameters<typeof demoAccount>[1]) => demoAccount(env.app.output, role);
  const api = (role: Parameters<typeof demoAccount>[1]) =>
    new ApiClient(env.app.url).signIn(account(role).email, account(role).password);

  /** The associate tracks `hours` up to now: one stopped timer, one new row of the Jobs report. */
  async function trackTime(label: string, hours = 0) {
    const associate = await api('Associate');
    const current = await associate.get('/api/time/current');
    if (current.body && current.body.id)
      await associate.patch(`/api/time/${current.body.id}`, { endDateTime: new Date().toISOString() });
    const startDateTime = new Date(Date.now() - hours * 3_600_000).toISOString();
    const started = await associate.post('/api/time', { type: 'Unassigned', label, startDateTime });
    expect(started.status).toBe(201);
    const end = new Date(Date.now() + 1000).toISOString();
    expect((await associate.patch(`/api/time/${started.body.data.id}`, { endDateTime: end })).status).toBe(200);
  }

  /** A job of Alex's for Harbor View that ended yesterday, rated by its customer from the e-mailed link. */
  async function ratedJob(name: string, rating: number, comments: string) {
    const admin = await api('Company Admin');
    const staff: { id: string; fullName: string }[] = (await admin.get('/api/users/lookup')).body;
    const alex = staff.find((s) => s.fullName === 'Alex Kim')!;
    const customers: { id: string; name: string }[] = (await admin.get('/api/customers/lookup')).body;
    const harbor = customers.find((c) => c.name === 'Harbor View Apartments')!;
    const start = DateTime.now().setZone('America/New_York').minus({ days: 1 }).set({ hour: 9, minute: 0 });
    const created = await admin.post('/api/recurrence-jobs', {
      jobModel: {
        name,
        customerId: harbor.id,
        leadUserId: alex.id,
        userIds: [alex.id],
        startDateTime: start.toUTC().toISO(),
        endDateTime: start.plus({ hours: 1 }).toUTC().toISO(),
      },
    });
    expect(created.status).toBe(201);
    await admin.post('/api/ratings/request', { jobId: created.body.data.id });
    const [mail] = await mailsWhen(env.app.dataDir, (m) => m.text.includes(`"${name}"`), 1);
    const link = /\/feedback\/([\w-]+)/.exec(mail.text)!;
    const answered = await new ApiClient(env.app.url).post(`/api/feedback/${link[1]}`, { rating, comments });
    expect(answered.status).toBeLessThan(300);
  }

  const chart = (page: Page, name: string | RegExp) => page.getByRole('region', { name });

  it(
    'filters the Jobs report, shows its rows and charts, downloads export.xlsx, and offers the rows a timer adds',
    async () => {
      await trackTime('Loading the van', 2.5);
      const context = await newContext(env.browser, env.app.url, DESKTOP);
      const page = await context.newPage();
      await signIn(page, account('Company Admin'), '/reports/jobs');
      await page.getByRole('heading', { name: 'Jobs Report' }).waitFor();
      const table = page.getByRole('table', { name: 'Jobs report' });
      await table
        .getByRole('row', { name: /Loading the van/ })
        .first()
        .waitFor();
      await chart(page, 'Hours per employee').getByRole('figure').waitFor();
      await chart(page, 'Hours per customer').getByRole('figure').waitFor();

      // One employee: every row is theirs.
      const who = (
        await table
          .getByRole('row', { name: /Loading the van/ })
          .first()
          .getByRole('cell')
          .first()
          .innerText()
      ).trim();
      await page.getByLabel('Employee', { exact: true }).first().click();
      await page.getByRole('option', { name: who }).click();
      // (A string: this runs in the page, whose DOM types the suite's tsconfig leaves out.)
      await page.waitForFunction(
        `[...document.querySelectorAll('table[aria-label="Jobs report"] tbody tr')].every((r) => r.querySelector('td')?.textContent.trim() === ${JSON.stringify(who)})`,
        undefined,
        { timeout: LIVE_MS },
      );
      await page.screenshot({ path: screenshotPath('reports-jobs-desktop'), fullPage: true });

      // The spreadsheet, for the same filters.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download Report' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('export.xlsx');
      expect(statSync(await download.path()).size).toBeGreaterThan(0);

      // A timer stopped while the report is open: the count only, then the table on request.
      await page.getByRole('button', { name: 'Download Report' }).waitFor();
      await trackTime('Fuel run');
      const banner = page.getByRole('status').filter({ hasText: '1 new row — refresh' });
      await banner.waitFor({ timeout: LIVE_MS });
      expect(await table.getByRole('row', { name: /Fuel run/ }).count()).toBe(0);
      await page.screenshot({ path: screenshotPath('reports-jobs-new-row-desktop') });
      await banner.getByRole('button', { name: 'refresh' }).click();
      await table.getByRole('row', { name: /Fuel run/ }).waitFor({ timeout: LIVE_MS });
      await banner.waitFor({ state: 'detached' });
      await context.close();
    },
    within(120_000),
  );

  it(
    'shows the Jobs report on a phone, and the Ratings report with its charts at both widths',
    async () => {
      await trackTime('Sweeping the yard', 1.25);
      await ratedJob('Gutter cleaning', 4, 'Tidy work, a little late.');
      for (const [viewport, suffix] of [
        [PHONE, 'phone'],
        [DESKTOP, 'desktop'],
      ] as const) {
        const context = await newContext(env.browser, env.app.url, viewport);
        const page = await context.newPage();
        if (viewport === PHONE) {
          await signIn(page, account('Company Admin'), '/reports/jobs');
          await page.getByRole('heading', { name: 'Jobs Report' }).waitFor();
          await page.getByRole('list', { name: 'Jobs report' }).getByText('Sweeping the yard').first().waitFor();
          await chart(page, 'Hours per employee').getByRole('figure').waitFor();
          await page.screenshot({ path: screenshotPath('reports-jobs-phone'), fullPage: true });
          await page.goto('/reports/ratings');
        } else {
          await signIn(page, account('Company Admin'), '/reports/ratings');
        }
        await page.getByRole('heading', { name: 'Ratings Report' }).waitFor();
        await page.getByText('Tidy work, a little late.').first().waitFor();
        await chart(page, 'Ratings by stars').getByRole('figure').waitFor();
        await chart(page, /^Average rating by (?:week|month)$/)
          .getByRole('figure')
          .waitFor();
        await page.screenshot({ path: screenshotPath(`reports-ratings-${suffix}`), fullPage: true });
        await context.close();
      }
    },
    within(120_000),
  );
});
