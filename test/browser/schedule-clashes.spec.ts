import { DateTime } from 'luxon';
import type { BrowserContext, Page } from 'playwright-core';
import { ApiClient } from '../support/app';
import { appInBrowser, demoAccount, DESKTOP, newContext, screenshotPath, signIn } from '../support/browser';
import { within } from '../support/time';

const ZONE = 'America/New_York';
/** Tall enough that the evening hours of the time grid are on screen without scrolling while dragging. */
const TALL_DESKTOP = { width: DESKTOP.width, height: 1500 };

/**
 * Issue #26 on the Job Schedule: clashes decided by the server whatever week is on screen, and Undo after a drag.
 */
describe('clashes and undo on the Job Schedule', () => {
  const env = appInBrowser();
  let admin: ApiClient;
  let people: Map<string, string>;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const { email, password } = demoAccount(env.app.output, 'Company Admin');
    admin = await new ApiClient(env.app.url).signIn(email, password);
    const lookup = await admin.get('/api/users/lookup');
    people = new Map(lookup.body.map((u: { id: string; fullName: string }) => [u.fullName, u.id]));
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });

  const utc = (at: DateTime) => at.toUTC().toISO({ suppressMilliseconds: true });

  async function createJob(jobModel: Record<string, unknown>) {
    const created = await admin.post('/api/recurrence-jobs', { jobModel });
    expect(created.status).toBe(201);
    return created.body.data as { id: string };
  }

  /** The jobs of that name on the day, as the Job Schedule reads them. */
  async function jobsNamed(name: string, day: DateTime) {
    const [from, to] = [day, day.plus({ days: 1 })].map((d) => d.toFormat('MM/dd/yyyy'));
    const read = await admin.get(`/api/jobs/syncfusion/fetch?StartDate=${from}&EndDate=${to}`);
    expect(read.status).toBe(200);
    return (read.body as { name: string }[]).filter((job) => job.name === name);
  }

  async function schedule(view: string, viewport = TALL_DESKTOP): Promise<Page> {
    const context = await newContext(env.browser, env.app.url, viewport);
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, demoAccount(env.app.output, 'Company Admin'), '/scheduling');
    await page.getByRole('radiogroup', { name: 'Calendar view' }).getByText(view, { exact: true }).click();
    await page.getByRole('button', { name: 'Today' }).click();
    return page;
  }

  it(
    'warns about a clash next Tuesday while this week is on screen, and asks at Create job: Cancel saves nothing, Save anyway saves',
    async () => {
      // The Week view starts on Sunday: next week's Tuesday is never on screen this week.
      const today = DateTime.now().setZone(ZONE).startOf('day');
      const nextTuesday = today.minus({ days: today.weekday % 7 }).plus({ days: 9 });
      // Alex Kim is on a job all of next Tuesday: whatever time the new job gets that day, it clashes.
      await createJob({
        name: 'Warehouse inventory',
        startDateTime: utc(nextTuesday),
        endDateTime: utc(nextTuesday.plus({ days: 1 })),
        userIds: [people.get('Alex Kim')],
      });
      const page = await schedule('Week');
      await page.getByRole('button', { name: 'New Job' }).click();
      const modal = page.getByRole('dialog', { name: 'New Job' });
      await modal.getByRole('textbox', { name: 'Name' }).fill('Carpet cleaning');
      // Next Tuesday from the Start picker: this week stays on screen behind the modal.
      await modal.getByRole('button', { name: /^Start/ }).click();
      const day = page.getByRole('button', { name: nextTuesday.toFormat('d LLLL yyyy'), exact: true });
      // The picker first, then which month it shows: asked before it opened, it went a month too far.
      const nextMonth = page.locator('button[data-direction="next"]').first();
      await nextMonth.waitFor();
      if (!(await day.first().isVisible())) await nextMonth.click();
      await day.first().click();
      // Closed by a click elsewhere in the form (Escape would close the modal too).
      await modal.getByRole('textbox', { name: 'Name' }).click();
      expect(await modal.getByRole('button', { name: /^Start/ }).textContent()).toContain(
        nextTuesday.toFormat('d MMM yyyy'),
      );
      await modal.getByLabel('Lead employee', { exact: true }).click();
      await page.getByRole('option', { name: 'Alex Kim' }).click();

      const warning = modal.getByRole('status').filter({ hasText: 'Check before saving' });
      await warning
        .getByText(`Alex Kim: Already booked on Warehouse inventory (${nextTuesday.toFormat('ccc, LLL d')}, all day)`)
        .waitFor();
      await page.screenshot({ path: screenshotPath('job-modal-clash-next-week-desktop') });

      // Create job asks as a drag does, though the form lists the clash: Cancel goes back to the form, nothing saved.
      const ask = page.getByRole('dialog', { name: 'Create this job?' });
      await modal.getByRole('button', { name: 'Create job' }).click();
      await ask.getByText('Already booked on Warehouse inventory').waitFor();
      await page.waitForTimeout(400); // the dialog's fade-in, for the screenshot
      await page.screenshot({ path: screenshotPath('job-modal-clash-ask-desktop') });
      await ask.getByRole('button', { name: 'Cancel' }).click();
      await ask.waitFor({ state: 'detached' });
      expect(await modal.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Carpet cleaning');
      expect(await jobsNamed('Carpet cleaning', nextTuesday)).toHaveLength(0);
      // Create anyway saves it.
      await modal.getByRole('button', { name: 'Create job' }).click();
      await ask.getByRole('button', { name: 'Create anyway' }).click();
      await page.getByText('Job has been created').waitFor();
      expect(await jobsNamed('Carpet cleaning', nextTuesday)).toHaveLength(1);
    },
    within(90_000),
  );

  it(
    'undoes a drag from its toast: the job is back, and its History shows the move and the undo',
    async () => {
      const start = DateTime.now().setZone(ZONE).startOf('day').set({ hour: 18 });
      const { id } = await createJob({
        name: 'Chimney sweep',
        startDateTime: utc(start),
        endDateTime: utc(start.plus({ hours: 1 })),
        userIds: [people.get('Casey Morgan')],
      });
      const page = await schedule('Day');
      const event = page.locator('.fc-event', { hasText: 'Chimney sweep' });
      await event.waitFor();
      const box = (await event.boundingBox())!;
      const slot = async (time: string) =>
        (await page.locator(`.fc-timegrid-slot-lane[data-time="${time}"]`).boundingBox())!.y;
      const hour = (await slot('20:00:00')) - (await slot('19:00:00'));
      const from = { x: box.x + box.width / 2, y: box.y + box.height / 3 };
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(from.x, from.y + hour / 2, { steps: 6 });
      await page.mouse.move(from.x, from.y + hour, { steps: 6 });
      await page.mouse.up();

      const toast = page.locator('.mantine-Notification-root', { hasText: 'Job changes were updated' });
      await toast.waitFor();
      await page.waitForTimeout(400); // the toast's slide-in, for the screenshot
      await page.screenshot({ path: screenshotPath('schedule-undo-toast-desktop') });
      const moved = (await admin.get(`/api/jobs/${id}`)).body;
      expect(moved.startDateTime).not.toBe(utc(start));
      await toast.getByRole('button', { name: 'Undo' }).click();
      await page.getByText('The change was undone').waitFor();
      expect((await admin.get(`/api/jobs/${id}`)).body).toMatchObject({
        startDateTime: utc(start),
        endDateTime: utc(start.plus({ hours: 1 })),
      });

      const history = (await admin.get(`/api/jobs/${id}/history`)).body as {
        type: string;
        changes: { field: string }[];
      }[];
      const moves = history.filter((e) => e.type === 'JobChanged' && e.changes.some((c) => c.field === 'Start'));
      expect(moves).toHaveLength(2);
      await event.click();
      await page.getByRole('dialog').getByRole('tab', { name: 'History' }).click();
      await page.getByRole('dialog').getByText('Start').nth(1).waitFor();
      await page.screenshot({ path: screenshotPath('job-history-undo-desktop') });
    },
    within(90_000),
  );

  it(
    'asks before Escape throws a half-typed job away, and keeps it through an ended session',
    async () => {
      const page = await schedule('Week');
      await page.getByRole('button', { name: 'New Job' }).click();
      const modal = page.getByRole('dialog', { name: 'New Job' });
      await modal.getByRole('textbox', { name: 'Name' }).fill('Half-typed visit');
      await modal.getByRole('textbox', { name: 'Notes' }).fill('Gate code 4411');
      await page.keyboard.press('Escape');
      const ask = page.getByRole('dialog', { name: 'Discard this job?' });
      await ask.waitFor();
      await page.screenshot({ path: screenshotPath('job-modal-discard-ask-desktop') });
      await ask.getByRole('button', { name: 'Keep editing' }).click();
      await ask.waitFor({ state: 'detached' });
      expect(await modal.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Half-typed visit');

      // The session ends (signed out elsewhere, or expired) before Create job: the next call is a 401.
      await page.waitForTimeout(600); // the draft is kept once typing settles
      await page.context().clearCookies();
      await modal.getByRole('button', { name: 'Create job' }).click();
      await page.waitForURL((url) => url.pathname === '/account/login');
      await page.getByRole('textbox', { name: 'Email' }).fill(demoAccount(env.app.output, 'Company Admin').email);
      await page.getByRole('textbox', { name: 'Password' }).fill(demoAccount(env.app.output, 'Company Admin').password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === '/scheduling');

      const kept = page.getByRole('status').filter({ hasText: 'A job you started is not created yet' });
      await kept.getByText('“Half-typed visit” was kept as you left it.').waitFor();
      await page.screenshot({ path: screenshotPath('schedule-job-draft-desktop') });
      await kept.getByRole('button', { name: 'Continue editing' }).click();
      const again = page.getByRole('dialog', { name: 'New Job' });
      expect(await again.getByRole('textbox', { name: 'Notes' }).inputValue()).toBe('Gate code 4411');
      await again.getByRole('button', { name: 'Create job' }).click();
      await page.getByText('Job has been created').waitFor();
      await kept.waitFor({ state: 'detached' });
    },
    within(90_000),
  );
});
