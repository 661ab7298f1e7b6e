import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { BrowserContext, Page } from 'playwright-core';
import type { AuditEntry } from '../../src/shared/audit';
import { ApiClient } from '../support/app';
import {
  appInBrowser,
  demoAccount,
  DESKTOP,
  LIVE_MS,
  newContext,
  pageSignedIn,
  PHONE,
  screenshotPath,
  signIn,
} from '../support/browser';
import { within } from '../support/time';

/**
 * The day without signal (issue #29 items 2-4): a phone whose network the browser cuts reads its local copy, keeps
 * what is done in an outbox that survives closing the page, and sends it exactly once when the network is back.
 */
describe('the phone without signal', () => {
  const env = appInBrowser();
  const account = (role: Parameters<typeof demoAccount>[1]) => demoAccount(env.app.output, role);
  const api = (role: Parameters<typeof demoAccount>[1]) =>
    new ApiClient(env.app.url).signIn(account(role).email, account(role).password);

  /**
   * A name no other job has, the demo's among them (its 'Gutter cleaning' and this spec's, tomorrow, were both open on
   * a Tuesday): a test's job is then found by its name exactly, whatever the day.
   */
  const unique = (name: string) => `${name} ${randomUUID().slice(0, 6)}`;

  /** A job of the test's own (named `name`, made unique) for the Associate, on now; returns its name and id. */
  async function jobNow(name: string): Promise<{ name: string; id: string }> {
    const admin = await api('Company Admin');
    const me = (await (await api('Associate')).get('/api/session')).body as { user: { id: string } };
    const now = DateTime.now();
    const job = { name: unique(name), id: '' };
    const answer = await admin.post('/api/recurrence-jobs', {
      jobModel: {
        name: job.name,
        startDateTime: now.minus({ minutes: 5 }).toUTC().toISO(),
        endDateTime: now.plus({ hours: 2 }).toUTC().toISO(),
        leadUserId: me.user.id,
        userIds: [me.user.id],
      },
    });
    expect(answer.status).toBe(201);
    job.id = (answer.body as { data: { id: string } }).data.id;
    return job;
  }

  /** An open job of the test's own (no one on it), `days` from now at 7 PM in the organization's zone. */
  async function openJob(name: string, days: number): Promise<{ name: string; id: string }> {
    const admin = await api('Company Admin');
    const start = DateTime.now()
      .setZone('America/New_York')
      .plus({ days })
      .set({ hour: 19, minute: 0, second: 0, millisecond: 0 });
    const job = { name: unique(name), id: '' };
    const created = await admin.post('/api/recurrence-jobs', {
      jobModel: {
        name: job.name,
        startDateTime: start.toUTC().toISO(),
        endDateTime: start.plus({ hours: 2 }).toUTC().toISO(),
      },
    });
    expect(created.status).toBe(201);
    job.id = (created.body as { data: { id: string } }).data.id;
    return job;
  }

  /** The phone starts a job's timer from the job's own details (Home's next-job card shows the earliest under way). */
  async function startFromDetails(page: Page, jobName: string) {
    await page.getByRole('button', { name: jobName }).first().click();
    const details = page.getByRole('dialog');
    await details.getByRole('button', { name: 'Start timer', exact: true }).click();
    await details.getByRole('button', { name: 'Stop timer' }).waitFor();
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
  }

  /** The Associate's phone, signed in on Home, its service worker installed (the app opens from it offline). */
  async function phone(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newContext(env.browser, env.app.url, PHONE, undefined, 'allow');
    const page = await context.newPage();
    await signIn(page, account('Associate'), '/');
    await page.getByRole('heading', { name: 'Home', exact: true }).waitFor();
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    return { context, page };
  }

  // A test that fails part-way may leave the Associate's timer running: the next one starts from none.
  afterEach(async () => {
    const associateApi = await api('Associate');
    const current = (await associateApi.get('/api/time/current')).body as { id?: string } | undefined;
    if (current?.id) await associateApi.patch(`/api/time/${current.id}`, { endDateTime: new Date().toISOString() });
  });

  const timerEvents = async (jobName: string) => {
    const admin = await api('Company Admin');
    const page = (await admin.get('/api/audit?recordType=timer')).body as { resultItems: AuditEntry[] };
    return page.resultItems.filter((e) => e.record.label.includes(jobName)).reverse();
  };

  it(
    "starts a job timer offline, survives closing the page, stops it, and syncs once: the manager's table shows it live",
    async () => {
      const { name: job } = await jobNow('Basement wiring');
      const manager = await pageSignedIn(env.browser, env.app.url, account('Company Admin'), '/admin/timers', DESKTOP);
      await manager.page.getByRole('heading', { name: 'Organization Tracked Times' }).waitFor();

      const { context, page } = await phone();
      await page.getByText(job, { exact: true }).first().waitFor();
      await context.setOffline(true);
      await page.getByText(/^Offline — last updated \d{1,2}:\d{2} [AP]M$/).waitFor({ timeout: LIVE_MS });

      // From the job's own details: Home's next-job card shows the earliest job under way, which from 1 PM on a
      // weekday is one of the demo's (its 'Pest inspection'), not this one.
      await startFromDetails(page, job);
      await page.getByText(`The timer has started for ${job}. Waiting to sync.`).waitFor();
      // The phone's running timer (the top bar's is hidden on a phone).
      await page.locator('[aria-label="Running timer"] >> visible=true').getByText('Waiting to sync').waitFor();
      await page.screenshot({ path: screenshotPath('offline-timer-started-phone') });

      // The page closed and opened again, still without network: the timer still runs, from the phone's copy.
      await page.close();
      const reopened = await context.newPage();
      await reopened.goto('/');
      await reopened.getByRole('heading', { name: 'Home', exact: true }).waitFor({ timeout: LIVE_MS });
      await reopened.getByText('1 action waiting to sync. They are sent when you are back online.').waitFor();
      const running = reopened.locator('[aria-label="Running timer"] >> visible=true');
      await running.getByText(job).waitFor();
      // The copy on the phone holds the session, but not its CSRF token (read again once online).
      const storedToken = await reopened.evaluate(`new Promise((resolve) => {
        const open = indexedDB.open('crewclock');
        open.onsuccess = () => {
          const read = open.result.transaction('copy').objectStore('copy').get('/api/session');
          read.onsuccess = () => resolve(read.result ? read.result.data.csrfToken : null);
        };
      })`);
      expect(storedToken).toBe('');
      await running.getByText('Waiting to sync').waitFor();

      // The job's details too, from the copy: its customer and notes.
      await reopened.getByRole('button', { name: 'Job details' }).click();
      const details = reopened.getByRole('dialog');
      await details.getByText('Customer', { exact: true }).waitFor();
      await details.getByText('Notes', { exact: true }).waitFor();
      await reopened.keyboard.press('Escape');
      await details.waitFor({ state: 'detached' });

      await running.getByRole('button', { name: 'Stop timer' }).click();
      await reopened.getByText(`Your time for ${job} has been saved. Waiting to sync.`).waitFor();
      await reopened.getByText('2 actions waiting to sync. They are sent when you are back online.').waitFor();
      await reopened.getByRole('button', { name: 'Show' }).click();
      await reopened
        .getByText(/^Stop timer · .+ · \d{1,2}:\d{2} [AP]M · Waiting to sync$/)
        .filter({ hasText: job })
        .waitFor();
      await reopened.screenshot({ path: screenshotPath('offline-waiting-phone') });
      expect(await timerEvents(job)).toEqual([]);

      await context.setOffline(false);
      await reopened.getByRole('status', { name: 'Connection' }).waitFor({ state: 'detached', timeout: LIVE_MS });
      // The manager's open table, without a reload.
      await manager.page.getByRole('row').filter({ hasText: job }).first().waitFor({ timeout: LIVE_MS });

      // Exactly one start and one stop (the running slot's claim and release are the timer's bookkeeping).
      const events = (await timerEvents(job)).filter((e) => e.type.match(/^Timer(Started|Stopped)$/));
      expect(events.map((e) => e.type)).toEqual(['TimerStarted', 'TimerStopped']);
      for (const e of events) expect(e.deviceAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      // The audit log shows both times: when it happened on the phone, and when it reached the server.
      await manager.page.goto('/admin/audit');
      await manager.page
        .getByText(/^On the device .+ · received .+$/)
        .first()
        .waitFor();
      await manager.context.close();
      await context.close();
    },
    within(150_000),
  );

  it(
    "keeps time worked offline on a job deleted meanwhile: the phone is told who deleted it and when, the manager's Home reviews it",
    async () => {
      const { name: job, id: jobId } = await jobNow('Fence repair');
      const person = ((await (await api('Associate')).get('/api/session')).body as { user: { fullName: string } }).user
        .fullName;
      const manager = await pageSignedIn(env.browser, env.app.url, account('Customer Manager'), '/', DESKTOP);
      await manager.page.getByRole('heading', { name: 'Home', exact: true }).waitFor();

      const { context, page } = await phone();
      await page.getByText(job, { exact: true }).first().waitFor();
      await context.setOffline(true);
      await page.getByText(/^Offline — last updated \d{1,2}:\d{2} [AP]M$/).waitFor({ timeout: LIVE_MS });
      await startFromDetails(page, job);
      await page.getByText(`The timer has started for ${job}. Waiting to sync.`).waitFor();

      // Meanwhile, the office deletes the job.
      const admin = await api('Company Admin');
      const adminName = ((await admin.get('/api/session')).body as { user: { fullName: string } }).user.fullName;
      expect((await admin.delete(`/api/jobs/${jobId}`)).status).toBe(200);

      const running = page.locator('[aria-label="Running timer"] >> visible=true');
      await running.getByRole('button', { name: 'Stop timer' }).click();
      await page.getByText(`Your time for ${job} has been saved. Waiting to sync.`).waitFor();
      await context.setOffline(false);

      // The phone, in one notice (#44 item 14): who deleted the job and when, and that the start, then the stop, went
      // to a manager.
      const told = page
        .getByRole('alert')
        .filter({ hasText: `Start timer · ${job}` })
        .filter({ hasText: `${adminName} deleted the job ${job} at ` })
        .filter({ hasText: / at \d{1,2}:\d{2} [AP]M while your phone was offline, so this time was sent to a manager/ })
        .filter({ hasText: /Your stop \(\d{1,2}:\d{2} [AP]M\) was added to the time sent to a manager for review\./ });
      await told.waitFor({ timeout: LIVE_MS });
      await page.getByRole('status', { name: 'Connection' }).waitFor({ state: 'detached', timeout: LIVE_MS });
      await page.waitForTimeout(600); // the toasts' entrance
      await page.screenshot({ path: screenshotPath('offline-deleted-job-phone') });
      await page.setViewportSize(DESKTOP);
      await page.waitForTimeout(300);
      await page.screenshot({ path: screenshotPath('offline-deleted-job-desktop') });

      // The manager's open Home, live: the whole span, and why, in words.
      const review = manager.page
        .getByRole('region', { name: 'Time to review' })
        .getByRole('listitem', { name: `${person}: Started and stopped a timer on ${job}` });
      await review.waitFor({ timeout: LIVE_MS });
      const reason = review.getByText(`${adminName} deleted the job ${job} at `);
      await reason.waitFor();
      expect(await reason.innerText()).toMatch(
        / at \d{1,2}:\d{2} [AP]M while the phone was offline\. Approving keeps it /,
      );
      expect(await reason.innerText()).toContain(`Approving keeps it as an Unassigned time labelled ${job}.`);
      await review.getByText(/^\d{1,2}:\d{2} [AP]M – \d{1,2}:\d{2} [AP]M$/).waitFor();
      await review.scrollIntoViewIfNeeded();
      await manager.page.screenshot({ path: screenshotPath('offline-deleted-job-review-desktop') });
      const narrow = await newContext(env.browser, env.app.url, PHONE, await manager.context.storageState());
      const narrowPage = await narrow.newPage();
      await narrowPage.goto('/');
      const narrowReview = narrowPage
        .getByRole('region', { name: 'Time to review' })
        .getByRole('listitem', { name: `${person}: Started and stopped a timer on ${job}` });
      await narrowReview.waitFor();
      await narrowReview.scrollIntoViewIfNeeded();
      await narrowPage.screenshot({ path: screenshotPath('offline-deleted-job-review-phone') });
      await narrow.close();

      // Approved: an Unassigned time labelled with the job's name, from the phone's start to its stop.
      await review.getByRole('button', { name: /^Approve / }).click();
      await manager.page.getByText('The time was approved').waitFor();
      const mine = (
        await (await api('Associate')).get('/api/time/user/paged?filter=&sortDir=desc&currentPage=1&pageSize=50')
      ).body as { resultItems: { type: string; label: string; endDateTime: string | null }[] };
      expect(mine.resultItems.filter((t) => t.label === job)).toEqual([
        expect.objectContaining({ type: 'Unassigned', endDateTime: expect.any(String) }),
      ]);
      await manager.context.close();
      await context.close();
    },
    within(150_000),
  );

  it(
    'sends again what the server took but whose answer was lost on the way back: one start, answered as the first',
    async () => {
      const { name: job } = await jobNow('Attic insulation');
      const starts = async () => (await timerEvents('')).filter((e) => e.type === 'TimerStarted').length;
      const before = await starts();
      const { context, page } = await phone();
      const deliveries: { commandId: string | undefined; replayed: string | undefined }[] = [];
      await page.route('**/api/time', async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        const response = await route.fetch(); // the server decides and answers…
        deliveries.push({
          commandId: route.request().headers()['x-command-id'],
          replayed: response.headers()['x-command-replayed'],
        });
        // …but the first answer never reaches the phone, as if it crashed before taking it off its outbox.
        if (deliveries.length === 1) return route.abort('connectionreset');
        return route.fulfill({ response });
      });
      await startFromDetails(page, job);
      await page
        .getByText(/Waiting to sync\.$/)
        .first()
        .waitFor();
      await page.getByText('1 action waiting to sync', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Sync now' }).click();
      await page.getByRole('status', { name: 'Connection' }).waitFor({ state: 'detached', timeout: LIVE_MS });

      expect(deliveries).toHaveLength(2);
      expect(deliveries[0].commandId).toMatch(/^[0-9a-f-]{36}$/);
      expect(deliveries[1]).toEqual({ commandId: deliveries[0].commandId, replayed: '1' });
      expect((await starts()) - before).toBe(1);
      // The phone shows the server's timer, named by the server.
      const running = page.locator('[aria-label="Running timer"] >> visible=true');
      await running.waitFor();
      expect(await running.getByText('Waiting to sync').count()).toBe(0);
      await running.getByRole('button', { name: 'Stop timer' }).click();
      await page.getByText(/^Your time for .+ has been saved$/).waitFor();
      await context.close();
    },
    within(150_000),
  );

  it(
    'tells in words that a job requested offline went to someone else meanwhile',
    async () => {
      const admin = await api('Company Admin');
      const { name: job, id: jobId } = await openJob('Gutter cleaning', 1);
      const { context, page } = await phone();
      await page.getByRole('region', { name: 'Open jobs' }).getByText(job, { exact: true }).click();
      const drawer = page.getByRole('dialog');
      await drawer.getByText('This job is available for requests.').waitFor();

      await context.setOffline(true);
      await drawer.getByRole('button', { name: 'Request job' }).click();
      await page.getByText('You requested this job. Waiting to sync.').waitFor();
      await drawer.getByText('You requested this job on this device. Waiting to sync.').waitFor();
      await page.screenshot({ path: screenshotPath('offline-request-waiting-phone') });

      // Meanwhile the manager gives it to someone else.
      const people = (await admin.get('/api/users/lookup')).body as { id: string; fullName: string }[];
      const jordan = people.find((p) => p.fullName.startsWith('Jordan'))!;
      expect((await admin.post(`/api/jobs/${jobId}/assign/${jordan.id}`, {})).status).toBe(200);

      await context.setOffline(false);
      const told = page.getByRole('alert').filter({ hasText: `Not applied: Request · ${job}` });
      await told.waitFor({ timeout: LIVE_MS });
      expect((await told.innerText()).length).toBeGreaterThan(`Not applied: Request · ${job}`.length + 10);
      await page.waitForTimeout(600); // the toast's entrance
      await page.screenshot({ path: screenshotPath('offline-request-not-applied-phone') });
      await context.close();
    },
    within(150_000),
  );

  it(
    'two devices: a start offline on the phone, another online on the laptop: one timer runs on both, the phone is told',
    async () => {
      const { context, page } = await phone();
      const laptop = await pageSignedIn(env.browser, env.app.url, account('Associate'), '/timers', DESKTOP);
      // The laptop too says when it is offline, under its top bar.
      await laptop.page.getByRole('heading', { name: 'My Tracked Times' }).waitFor();
      await laptop.context.setOffline(true);
      await laptop.page.getByText(/^Offline — last updated \d{1,2}:\d{2} [AP]M$/).waitFor({ timeout: LIVE_MS });
      await laptop.page.screenshot({ path: screenshotPath('offline-desktop') });
      await laptop.context.setOffline(false);
      await laptop.page.getByRole('status', { name: 'Connection' }).waitFor({ state: 'detached', timeout: LIVE_MS });
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Start Timer', exact: true }).click();
      const form = page.getByRole('dialog');
      await form.getByText('Unassigned', { exact: true }).click();
      await form.getByRole('textbox', { name: 'Label' }).fill('Phone start');
      await form.getByRole('button', { name: 'Start', exact: true }).click();
      await page.getByText('The timer has started. Waiting to sync.').waitFor();

      // Later, on the laptop, online: its start reaches the server first.
      const associateApi = await api('Associate');
      expect((await associateApi.post('/api/time', { type: 'Unassigned', label: 'Laptop start' })).status).toBe(201);
      await laptop.page
        .getByRole('group', { name: 'Running timer' })
        .getByText('Laptop start')
        .waitFor({ timeout: LIVE_MS });

      await context.setOffline(false);
      const told = page.getByRole('alert').filter({ hasText: 'Not applied: Start timer · Phone start' });
      await told
        .getByText(/on another device is already running\. This phone's start \(.+\) was not applied\.$/)
        .waitFor({
          timeout: LIVE_MS,
        });
      // Both screens end with the one timer the server holds.
      const running = page.locator('[aria-label="Running timer"] >> visible=true');
      await running.getByText('Laptop start').waitFor({ timeout: LIVE_MS });
      await page.waitForTimeout(600); // the toast's entrance
      await page.screenshot({ path: screenshotPath('offline-two-devices-phone') });
      await laptop.page.getByRole('group', { name: 'Running timer' }).getByText('Laptop start').waitFor();
      const current = (await associateApi.get('/api/time/current')).body as { id: string; label: string };
      expect(current.label).toBe('Laptop start');
      await associateApi.patch(`/api/time/${current.id}`, { endDateTime: new Date().toISOString() });
      await laptop.context.close();
      await context.close();
    },
    within(150_000),
  );

  it(
    "edits one's own tracked time offline from My Tracked Times, read ahead while online: synced once back online",
    async () => {
      const associateApi = await api('Associate');
      const started = await associateApi.post('/api/time', { type: 'Unassigned', label: 'Sorting receipts' });
      expect(started.status).toBe(201);
      const id = (started.body as { data: { id: string } }).data.id;
      expect((await associateApi.patch(`/api/time/${id}`, { endDateTime: new Date().toISOString() })).status).toBe(200);

      // Home only: this week's tracked times are read ahead, not opened.
      const { context, page } = await phone();
      await page.waitForTimeout(500); // the read ahead's answers reach the phone's copy
      await context.setOffline(true);
      await page.goto('/timers');
      await page.getByRole('heading', { name: 'My Tracked Times' }).waitFor({ timeout: LIVE_MS });
      const row = page.getByRole('listitem').filter({ hasText: 'Sorting receipts' });
      await row.getByRole('button', { name: /^Edit time from/ }).click();
      const form = page.getByRole('dialog');
      await form.getByRole('textbox', { name: 'Label' }).fill('Sorting receipts and invoices');
      await form.getByRole('button', { name: 'Save' }).click();
      await page
        .getByText(/Waiting to sync\.$/)
        .first()
        .waitFor();
      const edited = page.getByRole('listitem').filter({ hasText: 'Sorting receipts and invoices' });
      await edited.getByText('Waiting to sync').waitFor();
      await page.screenshot({ path: screenshotPath('offline-time-edited-phone') });

      await context.setOffline(false);
      await page.getByRole('status', { name: 'Connection' }).waitFor({ state: 'detached', timeout: LIVE_MS });
      const mine = (await associateApi.get('/api/time/user/paged?filter=&sortDir=desc&currentPage=1&pageSize=50'))
        .body as { resultItems: { id: string; label: string }[] };
      expect(mine.resultItems.find((t) => t.id === id)?.label).toBe('Sorting receipts and invoices');
      const changes = (await timerEvents('Sorting receipts')).filter((e) => e.type === 'TimerChanged');
      expect(changes.map((e) => [e.record.id, e.deviceAt !== null])).toEqual([[id, true]]);
      await context.close();
    },
    within(150_000),
  );

  it(
    'drives with odometer readings and cancels a request offline: both synced once, in order',
    async () => {
      const admin = await api('Company Admin');
      const { name: job, id: jobId } = await openJob('Pressure washing', 2);
      const associateApi = await api('Associate');
      expect([200, 201]).toContain((await associateApi.post(`/api/jobs/${jobId}/request`, {})).status);
      const { context, page } = await phone();
      await context.setOffline(true);

      // A drive: the starting odometer, then the ending one.
      await page.getByRole('button', { name: 'Start Timer', exact: true }).click();
      const form = page.getByRole('dialog');
      await form.getByText('Mileage', { exact: true }).click();
      await form.getByRole('textbox', { name: 'Starting mileage' }).fill('20,100');
      await form.getByRole('textbox', { name: 'Label' }).fill('Drive to the depot');
      await form.getByRole('button', { name: 'Start', exact: true }).click();
      await page.getByText('The timer has started. Waiting to sync.').waitFor();
      const running = page.locator('[aria-label="Running timer"] >> visible=true');
      await running.getByRole('button', { name: 'Stop timer' }).click();
      const stop = page.getByRole('dialog');
      await stop.getByRole('textbox', { name: 'Ending mileage' }).fill('20,142.5');
      await stop.getByRole('button', { name: 'Stop Timer' }).click();
      await page.getByText('Your time for Drive to the depot has been saved. Waiting to sync.').waitFor();

      // The request, cancelled from its drawer.
      await page.getByRole('region', { name: 'Open jobs' }).getByText(job, { exact: true }).click();
      const drawer = page.getByRole('dialog');
      await drawer.getByRole('button', { name: 'Cancel request' }).click();
      await page.getByText('Your request was cancelled. Waiting to sync.').waitFor();
      await drawer.getByText('This job is available for requests.').waitFor();
      await page.getByText('3 actions waiting to sync. They are sent when you are back online.').waitFor();

      await context.setOffline(false);
      await page.getByRole('status', { name: 'Connection' }).waitFor({ state: 'detached', timeout: LIVE_MS });
      const mine = (await associateApi.get('/api/time/user/paged?filter=&sortDir=desc&currentPage=1&pageSize=50'))
        .body as { resultItems: { label: string; mileageStart: number; mileageEnd: number; endDateTime: string }[] };
      expect(mine.resultItems.filter((t) => t.label === 'Drive to the depot')).toEqual([
        expect.objectContaining({ mileageStart: 20100, mileageEnd: 20142.5, endDateTime: expect.any(String) }),
      ]);
      const requests = (await admin.get('/api/jobs/requests')).body as { jobId: string }[];
      expect(requests.filter((r) => r.jobId === jobId)).toEqual([]);
      await context.close();
    },
    within(150_000),
  );

  it(
    'signed out, keeps nothing of the person: opened offline, the app says it cannot reach the server',
    async () => {
      const { context, page } = await phone();
      await page.goto('/account/logout');
      await page.waitForURL((url) => url.pathname === '/account/login');
      const kept = await page.evaluate(`new Promise((resolve) => {
        const open = indexedDB.open('crewclock');
        open.onsuccess = () => {
          const read = open.result.transaction('copy').objectStore('copy').count();
          read.onsuccess = () => resolve(read.result);
        };
      })`);
      expect(kept).toBe(0);
      await context.setOffline(true);
      await page.goto('/');
      await page.getByText('The server cannot be reached. Check your connection and try again.').waitFor({
        timeout: LIVE_MS,
      });
      await context.close();
    },
    within(150_000),
  );
});
