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
  showDemoWeek,
  signIn as signInAs,
} from '../support/browser';
import { within } from '../support/time';

/** The Job Schedule and Home in Debian's Chromium, on the demo organization of a fresh start. */
describe('scheduling in a browser', () => {
  const env = appInBrowser();
  const account = (role: Parameters<typeof demoAccount>[1]) => demoAccount(env.app.output, role);
  const signIn = (page: Page, role: Parameters<typeof demoAccount>[1], path: string) =>
    signInAs(page, account(role), path);

  /** The seeded week: this working week, or the coming one at the weekend. */
  const seededMonday = () => {
    const today = DateTime.now().setZone('America/New_York');
    return today.startOf('week').plus({ weeks: today.weekday >= 6 ? 1 : 0 });
  };

  it(
    "shows the week's jobs, and a job created elsewhere appears on an open schedule without reload",
    async () => {
      const manager = await newContext(env.browser, env.app.url, DESKTOP);
      const page = await manager.newPage();
      await signIn(page, 'Customer Manager', '/scheduling');
      await showDemoWeek(page);
      await page.getByText('Office cleaning').first().waitFor();
      await page.screenshot({ path: screenshotPath('schedule-workweek-desktop'), fullPage: true });

      const { email, password } = account('Company Admin');
      const admin = await new ApiClient(env.app.url).signIn(email, password);
      const start = seededMonday().plus({ days: 1 }).set({ hour: 11, minute: 0 });
      const created = await admin.post('/api/recurrence-jobs', {
        jobModel: {
          name: 'Window washing',
          startDateTime: start.toUTC().toISO(),
          endDateTime: start.plus({ hours: 1 }).toUTC().toISO(),
        },
      });
      expect(created.status).toBe(201);
      await page.getByText('Window washing').waitFor({ timeout: LIVE_MS });
      await manager.close();
    },
    within(60_000),
  );

  it(
    "opens a job's History from the schedule",
    async () => {
      const context = await newContext(env.browser, env.app.url, DESKTOP);
      const page = await context.newPage();
      await signIn(page, 'Company Admin', '/scheduling');
      await showDemoWeek(page);
      await page.getByText('Team safety meeting').first().click();
      await page.getByRole('dialog').waitFor();
      await page.getByRole('tab', { name: 'History' }).click();
      await page.getByText('Job created').waitFor();
      await page.screenshot({ path: screenshotPath('job-history-desktop') }); // the viewport: a modal locks the page's scroll
      await context.close();
    },
    within(60_000),
  );

  it(
    'shows an associate their own calendar and upcoming jobs on Home, on a phone',
    async () => {
      const context = await newContext(env.browser, env.app.url, PHONE);
      const page = await context.newPage();
      await signIn(page, 'Associate', '/');
      await page.getByText('Upcoming jobs').waitFor();
      await page.getByText('Lobby floor care').first().waitFor();
      await page.screenshot({ path: screenshotPath('home-phone'), fullPage: true });
      await context.close();
    },
    within(60_000),
  );

  it(
    "shows a 30-minute job's name at 60-minute blocks, all its details on hover, and marks open jobs 'Open'",
    async () => {
      const { email, password } = account('Company Admin');
      const admin = await new ApiClient(env.app.url).signIn(email, password);
      const start = seededMonday().plus({ days: 1 }).set({ hour: 18, minute: 0 });
      const people = (await admin.get('/api/users/lookup')).body as { id: string; fullName: string }[];
      const created = await admin.post('/api/recurrence-jobs', {
        jobModel: {
          name: 'Key handover',
          startDateTime: start.toUTC().toISO(),
          endDateTime: start.plus({ minutes: 30 }).toUTC().toISO(),
          userIds: [people.find((p) => p.fullName === 'Jordan Patel')!.id],
        },
      });
      expect(created.status).toBe(201);
      const context = await newContext(env.browser, env.app.url, DESKTOP);
      const page = await context.newPage();
      await signIn(page, 'Customer Manager', '/scheduling');
      await showDemoWeek(page);
      const short = page.locator('.fc-event', { hasText: 'Key handover' });
      await short.scrollIntoViewIfNeeded();
      const event = (await short.boundingBox())!;
      const name = (await short.locator('.app-event-title').boundingBox())!;
      expect(name.height).toBeGreaterThan(10);
      expect(name.y + name.height).toBeLessThanOrEqual(event.y + event.height + 1);
      // All of it on hover: a card with its time, Internal (no customer) and its crew.
      await short.hover({ position: { x: 6, y: 6 } });
      const card = page.getByRole('tooltip', { name: /^Key handover, / });
      await card.getByText('Internal', { exact: true }).waitFor();
      await card.getByText('Jordan Patel', { exact: false }).waitFor();
      await page.mouse.move(0, 0);
      // The demo's open job: its mark, besides the dashed outline.
      const open = page.locator('.fc-event', { hasText: 'Gutter cleaning' });
      await open.locator('.app-event-open', { hasText: 'Open' }).waitFor();
      await short.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath('schedule-short-and-open-jobs-desktop') });
      await context.close();
    },
    within(60_000),
  );

  it(
    'agrees about a person with no availability saved: the editor says any time, and the schedule shades every day',
    async () => {
      const context = await newContext(env.browser, env.app.url, DESKTOP);
      const page = await context.newPage();
      await signIn(page, 'Company Admin', '/admin/users');
      await page.getByRole('button', { name: 'Availability of Sam Okafor' }).click();
      const editor = page.getByRole('dialog', { name: 'Availability of Sam Okafor' });
      await editor.getByText('No availability has been saved for Sam yet').waitFor();
      for (const day of ['Monday', 'Sunday']) {
        await expect(editor.getByRole('region', { name: day }).textContent()).resolves.toContain('Any time');
      }
      await page.screenshot({ path: screenshotPath('availability-never-saved-desktop') });
      // Hours on Monday: once saved, the days left empty are not available, and the editor says so.
      await editor.getByRole('button', { name: 'Add availability on Monday' }).click();
      await expect(editor.getByRole('region', { name: 'Sunday' }).textContent()).resolves.toContain('Not available');
      await editor.getByRole('button', { name: 'Cancel' }).click();

      await page.goto('/scheduling');
      await page.getByRole('radiogroup', { name: 'Calendar view' }).getByText('Week', { exact: true }).click();
      await page.getByLabel('Show availability', { exact: true }).first().click();
      await page.getByRole('option', { name: 'Sam Okafor' }).click();
      // Every day of the week, midnight to midnight.
      const shades = page.locator('.fc-bg-event.availability-shade');
      await shades.nth(6).waitFor({ state: 'attached' });
      expect(await shades.count()).toBe(7);
      await context.close();
    },
    within(60_000),
  );

  /** In the page: the time (minutes after midnight) at the top of the time grid, and the latest that can be there. */
  const GRID_TOP = `(() => {
    const slots = document.querySelector('.fc-timegrid-slots');
    const scroller = slots && slots.closest('.fc-scroller');
    if (!slots || !scroller || !slots.offsetHeight) return null;
    const perPixel = (24 * 60) / slots.offsetHeight;
    return { minutes: scroller.scrollTop * perPixel, latest: (scroller.scrollHeight - scroller.clientHeight) * perPixel };
  })()`;

  it(
    'opens the time grid at working hours (an hour before now on today), keeps its place across block durations, and remembers view and block',
    async () => {
      const context = await newContext(env.browser, env.app.url, DESKTOP);
      const page = await context.newPage();
      await signIn(page, 'Customer Manager', '/scheduling');
      // Work Week, which opens as Week on a weekend (it would hide today).
      const weekend = DateTime.now().setZone('America/New_York').weekday > 5;
      await page.locator(weekend ? '.fc-timeGridWeek-view' : '.fc-timeGridWorkWeek-view').waitFor();
      const top = () => page.evaluate(GRID_TOP) as Promise<{ minutes: number; latest: number } | null>;
      // Within a quarter of an hour of `minutes` (or the latest time the grid can show at its top): it stops on
      // whole pixels. Polled from here: the page's CSP refuses the eval waitForFunction would poll with.
      const opensAt = async (minutes: number) => {
        const deadline = Date.now() + within(5_000);
        for (;;) {
          const shown = await top();
          if (shown && Math.abs(shown.minutes - Math.min(minutes, shown.latest)) < 15) return;
          if (Date.now() > deadline) throw new Error(`The grid opens at ${shown?.minutes} minutes, not ${minutes}`);
          await page.waitForTimeout(50);
        }
      };
      const block = async (label: string) => {
        await page.getByLabel('Block duration', { exact: true }).first().click();
        await page.getByRole('option', { name: label }).click();
      };
      const scrollTo = (hour: number) =>
        page.evaluate(
          `(() => { const slots = document.querySelector('.fc-timegrid-slots'); slots.closest('.fc-scroller').scrollTop = (slots.offsetHeight * ${hour}) / 24; })()`,
        );
      // 15-minute blocks: the grid is far taller than the window and scrolls inside itself.
      await block('15 minutes');
      await page.locator('.fc-timegrid-slot[data-time="00:15:00"]').first().waitFor();
      expect((await top())!.latest).toBeGreaterThan(12 * 60);
      // Another week: the working day's start at the top.
      await page.getByRole('button', { name: 'Next' }).click();
      await opensAt(7 * 60);
      await page.screenshot({ path: screenshotPath('schedule-opens-at-working-hours-desktop') });

      // Scrolled to 10:00, then 30-minute blocks: 10:00 stays at the top.
      await scrollTo(10);
      await opensAt(10 * 60);
      await block('30 minutes');
      await page.locator('.fc-timegrid-slot[data-time="00:30:00"]').first().waitFor();
      await opensAt(10 * 60);

      // Week and 30 minutes are this person's choice next time; the week of today opens an hour before now.
      await page.getByRole('radiogroup', { name: 'Calendar view' }).getByText('Week', { exact: true }).click();
      await page.locator('.fc-timeGridWeek-view').waitFor();
      await page.reload();
      await page.locator('.fc-timeGridWeek-view').waitFor();
      expect(await page.getByLabel('Block duration', { exact: true }).first().inputValue()).toBe('30 minutes');
      // An hour before now, at night too (issue #44 item 10): the current time in view.
      const hourNow = DateTime.now().setZone('America/New_York').hour;
      await opensAt(Math.max(0, hourNow - 1) * 60);

      // The working day comes from the staff's hours: once someone's begin at 6:00, other weeks open there,
      // the open screen included (the availability push).
      await page.getByRole('button', { name: 'Next' }).click();
      await opensAt(7 * 60);
      const { email, password } = account('Company Admin');
      const admin = await new ApiClient(env.app.url).signIn(email, password);
      const staff: { id: string; fullName: string }[] = (await admin.get('/api/users/lookup')).body;
      const sam = staff.find((s) => s.fullName === 'Sam Okafor')!;
      const early = [{ weekDay: 'Monday', startTime: '06:00', endTime: '14:00' }];
      expect((await admin.patch(`/api/employee-availability/${sam.id}`, early)).status).toBe(200);
      await opensAt(6 * 60);
      await page.getByRole('button', { name: 'Next' }).click();
      await opensAt(6 * 60);
      await context.close();
    },
    within(60_000),
  );

  /** In the page: the now line and the time grid's scroller as far as it is on screen (px from the window's top). */
  const NOW_ON_SCREEN = `(() => {
    const line = document.querySelector('.fc-timegrid-now-indicator-line');
    const slots = document.querySelector('.fc-timegrid-slots');
    const scroller = slots && slots.closest('.fc-scroller');
    if (!line || !scroller || !slots.offsetHeight) return null;
    const box = scroller.getBoundingClientRect();
    const hour = slots.offsetHeight / 24;
    return { line: line.getBoundingClientRect().top, top: box.top, bottom: Math.min(box.bottom, innerHeight), hour };
  })()`;

  it.each([
    ['at 1280 px', DESKTOP, 'desktop'],
    ['on a phone', PHONE, 'phone'],
  ])(
    'opens on the current time in the evening, the grid on the first screen (%s)',
    async (_, viewport, suffix) => {
      const context = await newContext(env.browser, env.app.url, viewport);
      const page = await context.newPage();
      // The browser's clock at 9:10 PM today in the organization's zone, running on from there.
      const evening = DateTime.now().setZone('America/New_York').set({ hour: 21, minute: 10 });
      await page.clock.install({ time: evening.toJSDate() });
      await page.clock.resume();
      await signIn(page, 'Customer Manager', '/scheduling');
      type Shown = { line: number; top: number; bottom: number; hour: number } | null;
      const shown = () => page.evaluate(NOW_ON_SCREEN) as Promise<Shown>;
      // The now line inside the grid's part of the window, without scrolling the page. Polled: the CSP refuses the
      // eval waitForFunction would poll with.
      const deadline = Date.now() + within(10_000);
      let last: Shown = null;
      for (;;) {
        last = await shown();
        if (last && last.line >= last.top && last.line <= last.bottom) break;
        if (Date.now() > deadline) throw new Error(`the now line is not on screen: ${JSON.stringify(last)}`);
        await page.waitForTimeout(100);
      }
      // At least an hour of the grid below its header on the first screen (a phone's Day grid started below it).
      expect(last.top + last.hour).toBeLessThanOrEqual(viewport.height);
      await page.screenshot({ path: screenshotPath(`schedule-opens-evening-${suffix}`) });
      await context.close();
    },
    within(60_000),
  );

  it(
    'brings the first error of an empty New Job form into view on a phone',
    async () => {
      const context = await newContext(env.browser, env.app.url, PHONE);
      const page = await context.newPage();
      await signIn(page, 'Customer Manager', '/scheduling');
      await page.getByRole('button', { name: 'New Job' }).click();
      const modal = page.getByRole('dialog');
      await modal.getByRole('button', { name: 'Create job' }).click();
      const name = modal.getByRole('textbox', { name: 'Name' });
      await modal.getByText('Job name is required').waitFor();
      // Focused and in view, though the button that was pressed is at the bottom of the form.
      const focused = () => name.evaluate((el: any) => el === el.ownerDocument.activeElement) as Promise<boolean>;
      for (let tries = 0; !(await focused()) && tries < 40; tries++) await page.waitForTimeout(50);
      const box = (await name.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
      expect(await focused()).toBe(true);
      await page.screenshot({ path: screenshotPath('new-job-first-error-phone') });
      await context.close();
    },
    within(60_000),
  );

  it(
    'puts Job Requests above the calendar on a phone, and shows Timeline Day with names whole and about six hours across',
    async () => {
      const context = await newContext(env.browser, env.app.url, PHONE);
      const page = await context.newPage();
      await signIn(page, 'Customer Manager', '/scheduling');
      const requests = (await page.locator('[aria-labelledby="job-requests-title"]').boundingBox())!;
      const calendar = (await page.locator('.app-calendar').boundingBox())!;
      expect(requests.y + requests.height).toBeLessThanOrEqual(calendar.y);
      await chooseView(page, 'Timeline Day');
      const name = page
        .locator('[data-row-id]', { hasText: 'Casey Morgan' })
        .getByText('Casey Morgan', { exact: true });
      expect(await name.evaluate((el: any) => el.scrollWidth <= el.clientWidth)).toBe(true);
      // 'Unassigned' on one line, not cut in the middle of the word.
      const unassigned = page.locator('[data-row-id]').first().getByText('Unassigned', { exact: true });
      expect(await unassigned.evaluate((el: any) => el.getClientRects().length)).toBe(1);
      // Hours across the phone's screen beside the names: about six, not three.
      const hoursAcross = await page
        .locator('[data-row-id]')
        .first()
        .evaluate((row: any) => {
          const scroller = row.parentElement.parentElement;
          return (scroller.clientWidth - row.children[0].offsetWidth) / (row.children[1].offsetWidth / 24);
        });
      expect(hoursAcross).toBeGreaterThanOrEqual(5);
      await page.screenshot({ path: screenshotPath('schedule-timeline-names-phone'), fullPage: true });
      await context.close();
    },
    within(60_000),
  );

  it(
    'creates a recurring job in the modal: weekly, adding Monday and Thursday',
    async () => {
      const context = await newContext(env.browser, env.app.url, DESKTOP);
      const page = await context.newPage();
      await signIn(page, 'Customer Manager', '/scheduling');
      await page.getByRole('button', { name: 'New Job' }).click();
      const modal = page.getByRole('dialog');
      await modal.getByRole('textbox', { name: 'Name' }).fill('Pool service');
      await modal.getByLabel('Repeat', { exact: true }).click();
      await page.getByRole('option', { name: 'Weekly' }).click();
      // The start's own weekday comes pre-chosen; add Monday and Thursday.
      for (const [day, chip] of [
        ['Monday', 'Mon'],
        ['Thursday', 'Thu'],
      ]) {
        if (!(await modal.getByRole('checkbox', { name: day }).isChecked()))
          await modal.getByText(chip, { exact: true }).click();
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
      const manager = await new ApiClient(env.app.url).signIn(email, password);
      const from = DateTime.now().setZone('America/New_York').startOf('week');
      const fetched = await manager.get(
        `/api/jobs/syncfusion/fetch?StartDate=${from.toFormat('MM/dd/yyyy')}&EndDate=${from.plus({ days: 20 }).toFormat('MM/dd/yyyy')}`,
      );
      const pool = fetched.body.filter((j: { name: string }) => j.name === 'Pool service');
      expect(pool.length).toBeGreaterThanOrEqual(4);
      expect(pool[0].jobRecurrenceModel).toMatchObject({
        recurringFrequency: 'Weekly',
        recurrenceDays: chosen.map((d) => d.toLowerCase()).join(','),
        weeklyRecurrence: 1,
      });
      const days = new Set(
        pool.map(
          (j: { startDateTime: string }) => DateTime.fromISO(j.startDateTime).setZone('America/New_York').weekdayLong,
        ),
      );
      expect([...days].every((d) => chosen.includes(d as string))).toBe(true);
      expect(days.has('Monday') && days.has('Thursday')).toBe(true);
      await context.close();
    },
    within(60_000),
  );

  /** FullCalendar's class for each view's root; Timeline Day is our own component. */
  const VIEW_ROOT: Record<string, string> = {
    Day: '.fc-timeGridDay-view',
    Week: '.fc-timeGridWeek-view',
    '3-Day': '.fc-timeGridThreeDay-view',
    'Work Week': '.fc-timeGridWorkWeek-view',
    Month: '.fc-dayGridMonth-view',
    Agenda: '.fc-listWeek-view',
    'Timeline Day': '[data-row-id]',
  };

  /** The view picker is a row of buttons at desktop width and a select on a phone; waits until the view is shown. */
  async function chooseView(page: Page, label: string) {
    const buttons = page.getByRole('radiogroup', { name: 'Calendar view' });
    await page.getByRole('button', { name: 'Today' }).waitFor();
    if (await buttons.isVisible()) {
      await buttons.getByText(label, { exact: true }).click();
    } else {
      await page.locator('input[aria-label="Calendar view"]').click();
      await page.getByRole('option', { name: label, exact: true }).click();
    }
    await page.locator(VIEW_ROOT[label]).first().waitFor();
  }

  it(
    'shows every view of the Job Schedule and of Home with the demo jobs, at desktop width and on a phone',
    async () => {
      const screens = [
        {
          role: 'Customer Manager',
          path: '/scheduling',
          name: 'schedule',
          views: ['Day', 'Week', '3-Day', 'Work Week', 'Month', 'Agenda', 'Timeline Day'],
        },
        { role: 'Associate', path: '/', name: 'home', views: ['Day', 'Week', '3-Day', 'Month', 'Agenda'] },
      ] as const;
      for (const screen of screens) {
        for (const [width, viewport] of [
          ['desktop', DESKTOP],
          ['phone', PHONE],
        ] as const) {
          const context = await newContext(env.browser, env.app.url, viewport);
          const page = await context.newPage();
          await signIn(page, screen.role, screen.path);
          for (const view of screen.views) {
            await chooseView(page, view);
            await page.getByRole('button', { name: 'Today' }).click();
            await showDemoWeek(page);
            await page.mouse.move(0, 0); // no tooltip left over from the last click
            await page.screenshot({
              path: screenshotPath(`${screen.name}-${view.toLowerCase().replace(/\W+/g, '-')}-${width}`),
              fullPage: true,
            });
          }
          await context.close();
        }
      }
    },
    within(240_000),
  );
});
