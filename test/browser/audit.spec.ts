import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { ApiClient, TEST_PASSWORD } from '../support/app';
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

/** The audit log, a record's History and the schedule as of a moment (issue #17), at 1280 and 390 px. */
describe('the audit log in a browser', () => {
  const env = appInBrowser();
  const account = (role: Parameters<typeof demoAccount>[1]) => demoAccount(env.app.output, role);
  const admin = () => {
    const { email, password } = account('Company Admin');
    return new ApiClient(env.app.url).signIn(email, password);
  };

  /** A job tomorrow at `hour`:00 (New York) named `before`, then renamed `after`: its id. */
  /** A job tomorrow at `hour` (or on the first day from tomorrow with the given weekday), renamed. */
  async function renamedJob(before: string, after: string, hour = 10, weekday?: number): Promise<string> {
    const client = await admin();
    let start = DateTime.now().setZone('America/New_York').plus({ days: 1 }).set({ hour, minute: 0 });
    while (weekday !== undefined && start.weekday !== weekday) start = start.plus({ days: 1 });
    const created = await client.post('/api/recurrence-jobs', {
      jobModel: {
        name: before,
        startDateTime: start.toUTC().toISO(),
        endDateTime: start.plus({ hours: 1 }).toUTC().toISO(),
      },
    });
    expect(created.status).toBe(201);
    const id: string = created.body.data.id;
    expect((await client.patch(`/api/jobs/${id}`, { name: after })).status).toBe(200);
    return id;
  }

  async function addCustomer(name: string): Promise<string> {
    const created = await (await admin()).post('/api/customers', { contactFirstName: 'Pat', name });
    expect(created.status).toBe(201);
    return created.body.data.id;
  }

  /** Polls `check` until it holds (the page's own script may not be evaluated: its CSP has no 'unsafe-eval'). */
  async function until(check: () => Promise<boolean>, timeout = LIVE_MS) {
    const end = Date.now() + timeout;
    while (!(await check())) {
      if (Date.now() > end) throw new Error(`not so after ${timeout} ms: ${check.toString()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Only changes to jobs, and the words typed in the search box: the log's first rows then. */
  async function filterJobs(page: Page, words: string) {
    await page.getByLabel('Record', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Job', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search the audit log' }).fill(words);
  }

  it(
    'filters the audit log by record type and search, and offers the entries written meanwhile',
    async () => {
      await renamedJob('Gutter check Oakridge', 'Gutter repair Oakridge');
      const context = await newContext(env.browser, env.app.url, DESKTOP);
      const page = await context.newPage();
      await signIn(page, account('Company Admin'), '/admin/audit');
      await page.getByRole('heading', { name: 'Audit Log' }).waitFor();
      const table = page.getByRole('table', { name: 'Audit log' });
      await table.getByRole('row').nth(1).waitFor();

      await filterJobs(page, 'Oakridge');
      // Every row left names Oakridge: the job's creation and its change, no other job's.
      const rows = table.locator('tbody tr');
      await until(async () => {
        const texts = await rows.allInnerTexts();
        return texts.length === 2 && texts.every((text) => text.includes('Oakridge'));
      });
      await table.getByRole('row', { name: /Job changed/ }).waitFor();
      await table.getByRole('row', { name: /Job created/ }).waitFor();
      await page.screenshot({ path: screenshotPath('audit-log-desktop'), fullPage: true });

      // Written while the log is open: the count only, then the rows on request.
      await renamedJob('Roof check Oakridge', 'Roof repair Oakridge');
      const banner = page.getByRole('status').filter({ hasText: /new entr(y|ies) — refresh/ });
      await banner.waitFor({ timeout: LIVE_MS });
      expect(await table.getByRole('row', { name: /Roof repair Oakridge/ }).count()).toBe(0);
      await banner.getByRole('button', { name: 'refresh' }).click();
      await table
        .getByRole('row', { name: /Roof repair Oakridge/ })
        .first()
        .waitFor({ timeout: LIVE_MS });

      // Customers only: none of the jobs' entries.
      const customer = `Oakridge Dental ${Date.now()}`;
      await addCustomer(customer);
      await page.getByLabel('Record', { exact: true }).first().click();
      await page.getByRole('option', { name: 'Customer', exact: true }).click();
      await table.getByRole('row').filter({ hasText: customer }).first().waitFor({ timeout: LIVE_MS });
      expect(await table.getByRole('row', { name: /Job changed/ }).count()).toBe(0);
      await context.close();
    },
    within(120_000),
  );

  it(
    'filters by a person who has since been deleted: the Person filter groups people, the deleted last',
    async () => {
      const client = await admin();
      const email = `della-${Date.now()}@example.test`;
      const added = await client.post('/api/users', {
        firstName: 'Della',
        lastName: 'Gone',
        email,
        role: 'Associate',
        password: TEST_PASSWORD,
      });
      expect(added.status).toBe(201);
      await new ApiClient(env.app.url).signIn(email, TEST_PASSWORD);
      expect((await client.delete(`/api/users/${added.body.data.id}`)).status).toBe(200);

      const context = await newContext(env.browser, env.app.url, DESKTOP);
      const page = await context.newPage();
      await signIn(page, account('Company Admin'), '/admin/audit');
      const table = page.getByRole('table', { name: 'Audit log' });
      await table.getByRole('row').nth(1).waitFor();
      await page.getByLabel('Person', { exact: true }).first().click();
      const listbox = page.getByRole('listbox');
      await listbox.getByText('Active', { exact: true }).waitFor();
      await listbox.getByText('Deleted', { exact: true }).waitFor();
      await page.screenshot({ path: screenshotPath('audit-person-filter-desktop') });
      await page.getByRole('option', { name: 'Della Gone', exact: true }).click();
      // Her sign-in is hers still; nobody else's change is left.
      await until(async () => {
        const texts = await table.locator('tbody tr').allInnerTexts();
        return texts.length === 1 && texts[0].includes('Signed in') && texts[0].includes('Della Gone');
      });
      await context.close();
    },
    within(120_000),
  );

  it(
    "shows the audit log as cards on a phone, a customer's History at both widths",
    async () => {
      const name = `Maplewood Clinic ${Date.now()}`;
      const id = await addCustomer(name);
      for (const [viewport, suffix] of [
        [PHONE, 'phone'],
        [DESKTOP, 'desktop'],
      ] as const) {
        const context = await newContext(env.browser, env.app.url, viewport);
        const page = await context.newPage();
        await signIn(page, account('Company Admin'), '/admin/audit');
        await page.getByRole('heading', { name: 'Audit Log' }).waitFor();
        if (viewport === PHONE) {
          const cards = page.getByRole('list', { name: 'Audit log' });
          await cards.getByText(name).first().waitFor();
          await page.screenshot({ path: screenshotPath('audit-log-phone') });
          expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
          // Filtered on the phone too: customers only, then the customer's name: its one entry is left.
          await page.getByLabel('Record', { exact: true }).first().click();
          await page.getByRole('option', { name: 'Customer', exact: true }).click();
          await page.getByRole('searchbox', { name: 'Search the audit log' }).fill(name);
          await until(async () => {
            // The cards are the list's own items (each card lists its changes in a list of its own).
            const texts = await cards.locator(':scope > li').allInnerTexts();
            return texts.length === 1 && texts[0].includes('Customer added') && texts[0].includes(name);
          });
          await page.screenshot({ path: screenshotPath('audit-log-filtered-phone') });
          expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
        }
        await page.goto(`/customers/${id}`);
        await page.getByRole('button', { name: 'History' }).click();
        const dialog = page.getByRole('dialog', { name: `History of ${name}` });
        await dialog.getByText('Customer added').waitFor();
        await page.screenshot({ path: screenshotPath(`audit-customer-history-${suffix}`) });
        await context.close();
      }
    },
    within(120_000),
  );

  it(
    "opens a person's History from the Users table and a tracked time's from its edit dialog",
    async () => {
      const { email, password } = account('Associate');
      const associate = await new ApiClient(env.app.url).signIn(email, password);
      const current = await associate.get('/api/time/current');
      if (current.body && current.body.id)
        await associate.patch(`/api/time/${current.body.id}`, { endDateTime: new Date().toISOString() });
      const started = await associate.post('/api/time', {
        type: 'Unassigned',
        label: 'Ladder check',
        startDateTime: new Date(Date.now() - 3_600_000).toISOString(),
      });
      expect(started.status).toBe(201);
      const stopped = await associate.patch(`/api/time/${started.body.data.id}`, {
        endDateTime: new Date().toISOString(),
      });
      expect(stopped.status).toBe(200);

      const context = await newContext(env.browser, env.app.url, DESKTOP);
      const page = await context.newPage();
      await signIn(page, account('Company Admin'), '/admin/users');
      await page.getByRole('button', { name: 'History of Alex Kim' }).click();
      const person = page.getByRole('dialog', { name: 'History of Alex Kim' });
      await person.locator('.mantine-Timeline-item').first().waitFor();
      await page.screenshot({ path: screenshotPath('audit-user-history-desktop') });
      await person.getByRole('button').first().click(); // the dialog's close button
      await person.waitFor({ state: 'detached' });

      await page.goto('/admin/timers');
      await page
        .getByRole('row', { name: /Ladder check/ })
        .first()
        .getByRole('button', { name: /^Edit time from/ })
        .click();
      const edit = page.getByRole('dialog', { name: 'Edit time' });
      await edit.getByRole('tab', { name: 'History' }).click();
      await edit.getByText('Ladder check').first().waitFor();
      await page.screenshot({ path: screenshotPath('audit-timer-history-desktop') });
      await context.close();
    },
    within(120_000),
  );

  it(
    "opens a job's History and the schedule as it stood before a change: the old name, read-only",
    async () => {
      // An hour of its own (its name whole), on a Saturday: the schedule's Work Week hides it, so the link must
      // open a view that shows its day.
      const id = await renamedJob('Pressure wash Elm St', 'Deep clean Elm St', 12, 6);
      for (const [viewport, suffix] of [
        [DESKTOP, 'desktop'],
        [PHONE, 'phone'],
      ] as const) {
        const context = await newContext(env.browser, env.app.url, viewport);
        const page = await context.newPage();
        // The audit log's link to a job: the schedule with the job open.
        await signIn(page, account('Company Admin'), '/scheduling');
        await page.goto(`/scheduling?job=${id}`);
        const modal = page.getByRole('dialog', { name: /Edit job/ });
        await modal.getByRole('tab', { name: 'History' }).click();
        const renamed = modal.locator('.mantine-Timeline-item').filter({ hasText: 'Job changed' }).last();
        await renamed.getByText('Deep clean Elm St').waitFor();
        await page.screenshot({ path: screenshotPath(`audit-job-history-${suffix}`) });
        await renamed.getByRole('link', { name: 'Schedule before' }).click();
        await page.waitForURL(/asOfPosition=[0-9a-f]{32}/);

        const banner = page.getByRole('status').filter({ hasText: 'Viewing the schedule as it stood on' });
        await banner.getByText(/Read-only\.$/).waitFor({ timeout: LIVE_MS });
        await expect(page.getByRole('button', { name: 'New Job' }).count()).resolves.toBe(0);
        await page.screenshot({ path: screenshotPath(`audit-schedule-as-of-banner-${suffix}`) });
        // The link opens the schedule on the job's day, however far ahead it is.
        const old = page.locator('.fc-event').filter({ hasText: 'Pressure wash Elm St' }).first();
        await old.waitFor({ timeout: LIVE_MS });
        expect(await page.locator('.fc-event').filter({ hasText: 'Deep clean Elm St' }).count()).toBe(0);
        await page.screenshot({ path: screenshotPath(`audit-schedule-as-of-${suffix}`), fullPage: viewport === PHONE });
        await old.click();
        const readOnly = page.getByRole('dialog', { name: 'Job as it stood' });
        await readOnly.getByRole('textbox', { name: 'Name' }).waitFor();
        expect(await readOnly.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Pressure wash Elm St');
        expect(await readOnly.getByRole('textbox', { name: 'Name' }).isDisabled()).toBe(true);
        expect(await readOnly.getByRole('button', { name: /Save changes|Delete/ }).count()).toBe(0);
        await page.screenshot({ path: screenshotPath(`audit-job-as-of-${suffix}`) });
        await readOnly.getByRole('button', { name: 'Close' }).last().click();
        const moment = new URL(page.url()).search;

        await banner.getByRole('button', { name: 'Back to now' }).click();
        await page.waitForURL((url) => !url.search.includes('asOf'));
        await page.getByRole('button', { name: 'New Job' }).waitFor();

        // Home at the same moment: the banner, and nothing of today's panel.
        await page.goto(`/${moment}`);
        await page.getByRole('heading', { name: 'Home', exact: true }).waitFor();
        await banner.getByText(/Read-only\.$/).waitFor({ timeout: LIVE_MS });
        expect(await page.getByRole('heading', { name: 'Today', exact: true }).count()).toBe(0);
        await page.screenshot({ path: screenshotPath(`audit-home-as-of-${suffix}`) });
        await context.close();
      }
    },
    within(180_000),
  );
});
