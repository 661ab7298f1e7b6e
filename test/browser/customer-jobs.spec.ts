import { DateTime } from 'luxon';
import type { Locator, Page, Route } from 'playwright-core';
import { ApiClient } from '../support/app';
import { appInBrowser, demoAccount, DESKTOP, newContext, PHONE, screenshotPath, signIn } from '../support/browser';
import { mailsWhen } from '../support/outbox';
import { within } from '../support/time';

/** A request held until `release()`: the network is as slow as the test wants. */
function heldRequests() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const hold = async (route: Route) => {
    await released;
    await route.continue().catch(() => undefined);
  };
  return { hold, release };
}

/** Nothing in `scope` is cut: no element is wider inside than it is shown. */
const cutText = (scope: Locator) =>
  scope.evaluate((el) => (el.scrollWidth > el.clientWidth + 1 ? `${el.scrollWidth} > ${el.clientWidth}` : null));

/** Jobs & Ratings opening on today, the status badge and Jobs Report at 1280 px, and the loading cues (issue #26). */
describe("a customer's Jobs & Ratings, whole badges and loading cues in a browser", () => {
  const env = appInBrowser();
  const zone = 'America/New_York';
  const account = (role: Parameters<typeof demoAccount>[1]) => demoAccount(env.app.output, role);
  const api = (role: Parameters<typeof demoAccount>[1]) =>
    new ApiClient(env.app.url).signIn(account(role).email, account(role).password);

  it(
    "opens a customer's detail on today: a weekly series running for a year, and today's rated job on the first page",
    async () => {
      const admin = await api('Company Admin');
      const created = await admin.post('/api/customers', {
        name: 'Maple Court Condos',
        contactFirstName: 'Rita',
        contactEmail: 'rita@maplecourt.example.test',
      });
      expect(created.status).toBe(201);
      const customerId: string = created.body.data.id;
      const staff: { id: string; fullName: string }[] = (await admin.get('/api/users/lookup')).body;
      const alex = staff.find((s) => s.fullName === 'Alex Kim')!;
      // Weekly since 52 weeks ago, endless: the old table opened a year ahead and put today on page 15.
      const first = DateTime.now().setZone(zone).minus({ weeks: 52 }).set({ hour: 7, minute: 0, second: 0 });
      const series = await admin.post('/api/recurrence-jobs', {
        jobModel: {
          name: 'Lobby cleaning',
          customerId,
          leadUserId: alex.id,
          userIds: [alex.id],
          startDateTime: first.toUTC().toISO(),
          endDateTime: first.plus({ hours: 1 }).toUTC().toISO(),
        },
        recurrenceModel: {
          recurringFrequency: 'Weekly',
          recurrenceDays: first.setLocale('en-US').weekdayLong!.toLowerCase(),
          weeklyRecurrence: 1,
        },
      });
      expect(series.status).toBe(201);
      // A visit of today that is over, rated by the customer from the e-mailed link.
      const now = DateTime.now().setZone(zone);
      const start = DateTime.max(now.startOf('day'), now.minus({ hours: 2 }));
      const visit = await admin.post('/api/recurrence-jobs', {
        jobModel: {
          name: 'Window cleaning',
          customerId,
          leadUserId: alex.id,
          userIds: [alex.id],
          startDateTime: start.toUTC().toISO(),
          endDateTime: DateTime.min(start.plus({ hours: 1 }), now.minus({ seconds: 30 }))
            .toUTC()
            .toISO(),
        },
      });
      expect(visit.status).toBe(201);
      const requested = await admin.post('/api/ratings/request', { jobId: visit.body.data.id });
      expect(requested.body).toEqual({ success: true, message: 'The rating request was sent' });
      const [mail] = await mailsWhen(env.app.dataDir, (m) => m.to === 'rita@maplecourt.example.test', 1);
      const token = /\/feedback\/([\w-]+)/.exec(mail.text)![1];
      const answered = await new ApiClient(env.app.url).post(`/api/feedback/${token}`, {
        rating: 4,
        comments: 'Streak-free, but the lobby mat was left outside.',
      });
      expect(answered.status).toBe(200);

      const context = await newContext(env.browser, env.app.url, DESKTOP);
      const page = await context.newPage();
      await signIn(page, account('Customer Manager'), `/customers/${customerId}`);
      const jobs = page.getByRole('table', { name: 'Jobs & Ratings' });
      // The first page, as it opens: today's part first, today's rated visit in it with its stars and review.
      await jobs.getByText('Today and upcoming').waitFor();
      await jobs.getByText('Window cleaning').waitFor();
      await page.getByRole('button', { name: 'Show the review of Window cleaning' }).click();
      await jobs.getByText('Streak-free, but the lobby mat was left outside.').waitFor();
      expect(await jobs.getByText('Past', { exact: true }).count()).toBe(0);
      await page.getByRole('button', { name: /^Dates/ }).waitFor();
      // The status badge is whole at 1280 px.
      const details = page.getByRole('region', { name: 'Customer details' });
      const status = details.getByText('Current', { exact: true });
      await status.waitFor();
      expect(await cutText(status)).toBeNull();
      await page.screenshot({ path: screenshotPath('custjobs-customer-detail-1280'), fullPage: true });
      // Paging on from there: the rest of the upcoming weeks, then the past, latest first.
      await page.getByRole('button', { name: 'Next page' }).click();
      await jobs.getByText('Past', { exact: true }).waitFor();
      await page.screenshot({ path: screenshotPath('custjobs-customer-detail-page2-1280'), fullPage: true });

      const phoneContext = await newContext(env.browser, env.app.url, PHONE);
      const phone = await phoneContext.newPage();
      await signIn(phone, account('Customer Manager'), `/customers/${customerId}`);
      const list = phone.getByRole('list', { name: 'Jobs' });
      await list.getByText('Window cleaning').waitFor();
      await list.getByText('Streak-free, but the lobby mat was left outside.').waitFor();
      await phone.screenshot({ path: screenshotPath('custjobs-customer-detail-390'), fullPage: true });
      await context.close();
      await phoneContext.close();
    },
    within(120_000),
  );

  it(
    'shows the Jobs Report table inside its card at 1280 px, and status badges whole in the Customer List',
    async () => {
      // A row with long words: the associate tracks time with a long label, then stops.
      const associate = await api('Associate');
      const current = await associate.get('/api/time/current');
      if (current.body && current.body.id)
        await associate.patch(`/api/time/${current.body.id}`, { endDateTime: new Date().toISOString() });
      const started = await associate.post('/api/time', {
        type: 'Unassigned',
        label: 'Loading the van and checking the extension ladders',
        startDateTime: new Date(Date.now() - 2 * 3_600_000).toISOString(),
      });
      expect(started.status).toBe(201);
      const end = new Date(Date.now() + 1000).toISOString();
      expect((await associate.patch(`/api/time/${started.body.data.id}`, { endDateTime: end })).status).toBe(200);
      const context = await newContext(env.browser, env.app.url, DESKTOP);
      const page = await context.newPage();
      await signIn(page, account('Company Admin'), '/reports/jobs');
      const table = page.getByRole('table', { name: 'Jobs report' });
      await table.getByRole('row', { name: /checking the extension ladders/ }).waitFor();
      // Its card hides nothing: the table fits, or scrolls inside the card.
      const overflow = await table.evaluate((el) => {
        const card = el.closest('.mantine-Paper-root')!;
        return { card: card.clientWidth, content: card.scrollWidth, table: el.getBoundingClientRect().width };
      });
      await page.screenshot({ path: screenshotPath('custjobs-jobs-report-1280'), fullPage: true });
      expect(overflow.content).toBeLessThanOrEqual(overflow.card + 1);
      expect(overflow.table).toBeLessThanOrEqual(overflow.card + 1);
      await page.goto('/customers');
      const badges = page.getByRole('table').getByText('Current', { exact: true });
      await badges.first().waitFor();
      for (const badge of await badges.all()) expect(await cutText(badge)).toBeNull();
      await page.screenshot({ path: screenshotPath('custjobs-customer-list-1280'), fullPage: true });
      await context.close();

      const phoneContext = await newContext(env.browser, env.app.url, PHONE);
      const phone = await phoneContext.newPage();
      await signIn(phone, account('Company Admin'), '/reports/jobs');
      await phone.getByText('Hours per employee').waitFor();
      await phone.screenshot({ path: screenshotPath('custjobs-jobs-report-390'), fullPage: true });
      await phoneContext.close();
    },
    within(90_000),
  );

  async function whileHeld(page: Page, url: string, path: string, shown: (page: Page) => Locator, name: string) {
    const held = heldRequests();
    await page.route(url, held.hold);
    await signIn(page, account('Company Admin'), path);
    const cue = shown(page);
    await cue.waitFor();
    await page.screenshot({ path: screenshotPath(name) });
    held.release();
    await cue.waitFor({ state: 'hidden' });
    await page.unroute(url);
  }

  it(
    'shows a loading cue while the Job Schedule and Tracked Times wait for their first page (a slow network)',
    async () => {
      for (const [viewport, width] of [
        [DESKTOP, 1280],
        [PHONE, 390],
      ] as const) {
        const context = await newContext(env.browser, env.app.url, viewport);
        const page = await context.newPage();
        await whileHeld(
          page,
          '**/api/jobs/syncfusion/fetch**',
          '/scheduling',
          (p) => p.getByRole('status', { name: 'Loading jobs' }),
          `custjobs-schedule-loading-${width}`,
        );
        await whileHeld(
          page,
          '**/api/time/paged**',
          '/admin/timers',
          (p) =>
            width === 1280
              ? p.locator('table[aria-busy="true"] .mantine-Skeleton-root').first()
              : p.locator('ul[aria-busy="true"] .mantine-Skeleton-root').first(),
          `custjobs-tracked-times-loading-${width}`,
        );
        await page.screenshot({ path: screenshotPath(`custjobs-tracked-times-${width}`) });
        await context.close();
      }
    },
    within(120_000),
  );
});
