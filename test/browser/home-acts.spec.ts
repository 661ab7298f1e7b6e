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
import { within } from '../support/time';

const ZONE = 'America/New_York'; // the demo organization's

/** Home that acts (issue #26 item 5 and the associates' part of item 9): what a manager fixes from the today panel. */
describe('Home acts, in a browser', () => {
  const env = appInBrowser();
  const account = (role: Parameters<typeof demoAccount>[1]) => demoAccount(env.app.output, role);
  const api = (role: Parameters<typeof demoAccount>[1]) =>
    new ApiClient(env.app.url).signIn(account(role).email, account(role).password);
  const alexOf = async (admin: ApiClient) =>
    ((await admin.get('/api/users/lookup')).body as { id: string; fullName: string }[]).find(
      (s) => s.fullName === 'Alex Kim',
    )!;
  const job = (admin: ApiClient, name: string, start: DateTime, end: DateTime, userId?: string) =>
    admin.post('/api/recurrence-jobs', {
      jobModel: {
        name,
        startDateTime: start.toUTC().toISO(),
        endDateTime: end.toUTC().toISO(),
        ...(userId ? { leadUserId: userId, userIds: [userId] } : {}),
      },
    });
  /** A save that clashes with someone's hours asks first: say yes when it does. */
  async function saveAnyway(page: Page, done: string) {
    const anyway = page.getByRole('button', { name: 'Save anyway' });
    await Promise.race([anyway.waitFor(), page.getByText(done).first().waitFor()]);
    if (await anyway.isVisible()) await anyway.click();
    await page.getByText(done).first().waitFor();
  }

  it(
    'adds the missing time of a job that ended and assigns an unassigned job, from the today panel',
    async () => {
      const admin = await api('Company Admin');
      const alex = await alexOf(admin);
      const now = DateTime.now().setZone(ZONE);
      const dayStart = now.startOf('day');
      // Ended a minute ago with Alex on it and no time (earlier today whatever the hour, unless the day is 2 minutes old).
      const endedStart = DateTime.max(now.minus({ minutes: 30 }), dayStart);
      const ended = now.diff(dayStart, 'minutes').minutes >= 2;
      if (ended)
        expect((await job(admin, 'Fence painting', endedStart, now.minus({ minutes: 1 }), alex.id)).status).toBe(201);
      const soon = now.plus({ minutes: 5 }).startOf('minute');
      const unassigned = await job(
        admin,
        'Roof inspection',
        soon,
        DateTime.min(soon.plus({ minutes: 30 }), now.endOf('day')),
      );
      expect(unassigned.status).toBe(201);

      const context = await newContext(env.browser, env.app.url, DESKTOP);
      const page = await context.newPage();
      await signIn(page, account('Customer Manager'), '/');
      const today = page.getByRole('region', { name: 'Today', exact: true });
      const jobs = today.getByRole('list', { name: "Today's jobs" });
      const untracked = today.getByRole('list', { name: 'Ended without tracked time' });
      await jobs.getByRole('button', { name: /Roof inspection\s*Unassigned/ }).waitFor();
      if (ended) await untracked.getByText('Fence painting').waitFor();
      await page.screenshot({ path: screenshotPath('home-acts-manager-desktop'), fullPage: true });

      // Assign: Alex leads the roof inspection (the clash check asks first if it clashes with Alex's week).
      await jobs.getByRole('button', { name: 'Assign Roof inspection' }).click();
      const crew = page.getByRole('dialog').filter({ hasText: 'Crew for Roof inspection' });
      await crew.getByLabel('Lead employee').click();
      await page.getByRole('option', { name: 'Alex Kim' }).click();
      await page.screenshot({ path: screenshotPath('home-acts-assign-desktop') });
      await crew.getByRole('button', { name: 'Save crew' }).click();
      await saveAnyway(page, 'Job changes were updated');
      await jobs.getByRole('button', { name: /Roof inspection\s*Alex Kim/ }).waitFor({ timeout: LIVE_MS });
      expect(await jobs.getByRole('button', { name: 'Assign Roof inspection' }).count()).toBe(0);
      const assigned = await admin.get(`/api/jobs/${unassigned.body.data.id}`);
      expect(assigned.body.leadUserId).toBe(alex.id);

      // Add time: the job's times prefilled, Alex the only one on it; the row goes once the time exists.
      if (ended) {
        await untracked.getByRole('button', { name: 'Add time for Fence painting' }).click();
        const add = page.getByRole('dialog').filter({ hasText: 'Add time: Fence painting' });
        await add.getByLabel('Employee').waitFor();
        expect(await add.getByLabel('Employee').inputValue()).toBe('Alex Kim');
        await page.screenshot({ path: screenshotPath('home-acts-add-time-desktop') });
        await add.getByRole('button', { name: 'Add time' }).click();
        await page.getByText('Time was added for Alex Kim').waitFor();
        await untracked.getByText('Fence painting').waitFor({ state: 'detached', timeout: LIVE_MS });
        const mine = await (await api('Associate')).get('/api/time/user/paged?filter=Fence');
        expect(mine.body.resultItems).toEqual([
          expect.objectContaining({ jobName: 'Fence painting', userId: alex.id }),
        ]);
      }

      // Open in schedule: the Job Schedule on the job's day with the job open.
      await jobs.getByRole('button', { name: 'Actions for Roof inspection' }).click();
      await page.getByRole('menuitem', { name: 'Open in schedule' }).click();
      await page.waitForURL(/\/scheduling/);
      await page.getByRole('dialog', { name: /Edit job/ }).waitFor();
      expect(
        await page
          .getByRole('dialog')
          .getByRole('textbox', { name: /Job name|Name/ })
          .first()
          .inputValue(),
      ).toBe('Roof inspection');

      // The phone's today panel has the same actions.
      const phoneContext = await newContext(env.browser, env.app.url, PHONE);
      const phone = await phoneContext.newPage();
      await signIn(phone, account('Customer Manager'), '/');
      await phone
        .getByRole('region', { name: 'Today', exact: true })
        .getByRole('button', { name: 'Actions for Roof inspection' })
        .waitFor();
      await phone.screenshot({ path: screenshotPath('home-acts-manager-phone'), fullPage: true });
      await phoneContext.close();
      await context.close();
    },
    within(120_000),
  );

  it(
    'flags a job under way with nobody of its crew on the clock as late, and not once one of them clocks in',
    async () => {
      const admin = await api('Company Admin');
      const associate = await api('Associate');
      const alex = await alexOf(admin);
      const now = DateTime.now().setZone(ZONE);
      const start = DateTime.max(now.minus({ minutes: 12 }), now.startOf('day'));
      // Past the default grace of 10 minutes; early in the day there is no room for it, so no grace.
      if (now.diff(start, 'minutes').minutes < 10)
        expect((await admin.patch('/api/organization/settings', { lateGraceMinutes: 0 })).status).toBe(200);
      const created = await job(admin, 'Boiler service', start, now.plus({ hours: 2 }), alex.id);
      expect(created.status).toBe(201);

      const context = await newContext(env.browser, env.app.url, DESKTOP);
      const page = await context.newPage();
      await signIn(page, account('Customer Manager'), '/');
      const today = page.getByRole('region', { name: 'Today', exact: true });
      const row = today
        .getByRole('list', { name: "Today's jobs" })
        .getByRole('button', { name: /Boiler service/ })
        .first();
      await row.getByText('Late', { exact: true }).waitFor();
      await row.getByText('Nobody of its crew is on the clock').waitFor();
      await today
        .getByLabel('Today in numbers')
        .getByText(/ late$/)
        .waitFor();
      await page.screenshot({ path: screenshotPath('home-acts-late-desktop'), fullPage: true });

      // Alex clocks in on the job: no longer late, live.
      const timer = await associate.post('/api/time', { type: 'Job', jobId: created.body.data.id });
      expect(timer.status).toBe(201);
      await row.getByText('Late', { exact: true }).waitFor({ state: 'detached', timeout: LIVE_MS });
      await row.getByText('Now', { exact: true }).waitFor();
      await associate.patch(`/api/time/${timer.body.data.id}`, { endDateTime: new Date().toISOString() });
      await admin.patch('/api/organization/settings', { lateGraceMinutes: 10 });
      // Alex's next job in the next test is its own.
      expect((await admin.delete(`/api/jobs/${created.body.data.id}`)).status).toBe(200);
      await context.close();
    },
    within(90_000),
  );

  it(
    'lets an associate start the next job from its card, stop it in the job drawer, and see open jobs to request',
    async () => {
      const admin = await api('Company Admin');
      const alex = await alexOf(admin);
      const now = DateTime.now().setZone(ZONE);
      // Under way since midnight, so it starts before any of the demo week's jobs Alex may have today: the card
      // shows the earliest job not yet ended (at 08:20 on a Thursday that was Alex's office cleaning).
      expect((await job(admin, 'Gutter repair', now.startOf('day'), now.plus({ hours: 1 }), alex.id)).status).toBe(201);
      const tomorrow = now.plus({ days: 1 }).set({ hour: 10, minute: 0, second: 0, millisecond: 0 });
      expect((await job(admin, 'Attic insulation', tomorrow, tomorrow.plus({ hours: 2 }))).status).toBe(201);

      for (const [size, name] of [
        [DESKTOP, 'desktop'],
        [PHONE, 'phone'],
      ] as const) {
        const context = await newContext(env.browser, env.app.url, size);
        const page = await context.newPage();
        await signIn(page, account('Associate'), '/');
        const card = page.getByRole('region', { name: 'Your job now' });
        await card.getByText('Gutter repair').waitFor();
        const open = page.getByRole('region', { name: 'Open jobs' });
        await open.getByRole('button', { name: /Attic insulation/ }).waitFor();
        await page.screenshot({ path: screenshotPath(`home-acts-associate-${name}`), fullPage: true });

        await card.getByRole('button', { name: 'Start timer' }).click();
        await page.getByText('The timer has started for Gutter repair').waitFor();
        await card.getByRole('button', { name: 'Stop timer' }).waitFor();
        await page.screenshot({ path: screenshotPath(`home-acts-associate-running-${name}`), fullPage: true });

        // The job drawer stops it.
        await card.getByRole('button', { name: 'Job details' }).click();
        const drawer = page.getByRole('dialog');
        await drawer.getByRole('button', { name: 'Stop timer' }).click();
        await drawer.getByRole('button', { name: 'Start timer' }).waitFor();
        await drawer.getByRole('button', { name: 'Close' }).click();
        await card.getByRole('button', { name: 'Start timer' }).waitFor();

        // An open job's drawer has the request button.
        await open.getByRole('button', { name: /Attic insulation/ }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Request job' }).waitFor();
        await context.close();
      }
    },
    within(120_000),
  );
});
