import { DateTime } from 'luxon';
import type { Locator, Page } from 'playwright-core';
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

/** In the page: the elements on screen that scroll inside it (the page's own scroll is the document's). */
const NESTED_SCROLLS = `[...document.body.querySelectorAll('*')]
  .filter((e) => /(auto|scroll)/.test(getComputedStyle(e).overflowY) && e.scrollHeight > e.clientHeight + 1)
  .filter((e) => { const box = e.getBoundingClientRect(); return box.right > 0 && box.left < innerWidth; })
  .map((e) => e.className)`;

/** Home as the first screen of the day: the crew's today panel for managers, the next job for associates. */
describe('Home in a browser', () => {
  const env = appInBrowser();
  const account = (role: Parameters<typeof demoAccount>[1]) => demoAccount(env.app.output, role);
  const api = (role: Parameters<typeof demoAccount>[1]) =>
    new ApiClient(env.app.url).signIn(account(role).email, account(role).password);
  const top = async (locator: Locator) => (await locator.boundingBox())!.y;

  it(
    "shows a manager today's crew, the requests and who is on the clock, each updating live",
    async () => {
      const admin = await api('Company Admin');
      const associate = await api('Associate');
      const staff: { id: string; fullName: string }[] = (await admin.get('/api/users/lookup')).body;
      const alex = staff.find((s) => s.fullName === 'Alex Kim')!;
      const now = DateTime.now().setZone(ZONE);
      const job = (name: string, start: DateTime, minutes: number, userId?: string) =>
        admin.post('/api/recurrence-jobs', {
          jobModel: {
            name,
            startDateTime: start.toUTC().toISO(),
            endDateTime: start.plus({ minutes }).toUTC().toISO(),
            ...(userId ? { leadUserId: userId, userIds: [userId] } : {}),
          },
        });
      // Within this hour: today whatever the time of day.
      expect((await job('Gutter check', now.startOf('hour'), 30)).status).toBe(201);
      // Ended ten minutes ago with Alex on it and no time: possible once the day is 40 minutes old.
      const endedToday = now.hour * 60 + now.minute >= 40;
      if (endedToday) expect((await job('Deck staining', now.minus({ minutes: 40 }), 30, alex.id)).status).toBe(201);

      const context = await newContext(env.browser, env.app.url, DESKTOP);
      const page = await context.newPage();
      await signIn(page, account('Customer Manager'), '/');
      const today = page.getByRole('region', { name: 'Today', exact: true });
      const jobs = today.getByRole('list', { name: "Today's jobs" });
      const clock = today.getByRole('list', { name: 'On the clock' });
      await jobs.getByRole('button', { name: /Gutter check\s*Unassigned/ }).waitFor();
      await today.getByText('No one is on the clock right now.').waitFor();
      if (endedToday)
        await today.getByRole('list', { name: 'Ended without tracked time' }).getByText('Deck staining').waitFor();
      // The panel comes first. This manager is on no job: their own empty week gives way to a note (issue #44 item 15).
      const ownJobs = page.getByRole('region', { name: 'My jobs' });
      await ownJobs.getByText(/You are on no job in the next 30 days/).waitFor();
      expect(await top(today)).toBeLessThan(await top(ownJobs));
      expect(await page.locator('.fc').count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'Upcoming jobs' }).count()).toBe(0);

      // Alex starts a timer on their phone: the manager sees them on the clock, counting.
      const timer = await associate.post('/api/time', { type: 'Mileage', mileageStart: 1200, label: 'To the depot' });
      expect(timer.status).toBe(201);
      await clock.getByText('Alex Kim').waitFor({ timeout: LIVE_MS });
      await clock.getByText(/To the depot/).waitFor();
      await clock.getByRole('timer', { name: 'Elapsed time' }).waitFor();

      // A job scheduled elsewhere for later today joins the list.
      const later = now.endOf('day').minus({ minutes: 59 }).startOf('minute');
      expect((await job('Window washing', later, 30)).status).toBe(201);
      await jobs
        .getByRole('button', { name: /Window washing/ })
        .first()
        .waitFor({ timeout: LIVE_MS });

      // Alex asks for tomorrow evening's open job; the manager approves it from Home.
      const tomorrow = now.plus({ days: 1 }).set({ hour: 19, minute: 0, second: 0, millisecond: 0 });
      const open = await job('Skylight cleaning', tomorrow, 120);
      expect((await associate.post(`/api/jobs/${open.body.data.id}/request`, {})).status).toBe(200);
      const requests = page.getByRole('table', { name: 'Job requests' });
      await requests.getByRole('row', { name: /Skylight cleaning/ }).waitFor({ timeout: LIVE_MS });
      await page.screenshot({ path: screenshotPath('home-manager-today-desktop'), fullPage: true });
      await requests.getByRole('button', { name: /^Approve Alex Kim's request for Skylight cleaning/ }).click();
      await page.getByText('The request was approved').waitFor();
      await today.getByText('There are no job requests at this time').waitFor({ timeout: LIVE_MS });

      // The timer stops: nobody is on the clock any more.
      const stopped = await associate.patch(`/api/time/${timer.body.data.id}`, {
        endDateTime: new Date().toISOString(),
        mileageEnd: 1212,
      });
      expect(stopped.status).toBe(200);
      await today.getByText('No one is on the clock right now.').waitFor({ timeout: LIVE_MS });

      // The same panel on a phone, above the calendar of a manager who is on a job too: one scroll, the page's.
      const casey = staff.find((s) => s.fullName === 'Casey Morgan')!;
      expect((await job('Site survey', now.plus({ days: 1 }).set({ hour: 10 }), 60, casey.id)).status).toBe(201);
      const phoneContext = await newContext(env.browser, env.app.url, PHONE);
      const phone = await phoneContext.newPage();
      await signIn(phone, account('Company Admin'), '/');
      const phoneToday = phone.getByRole('region', { name: 'Today', exact: true });
      await phoneToday
        .getByRole('button', { name: /Gutter check/ })
        .first()
        .waitFor();
      await phone.locator('.fc').waitFor();
      expect(await top(phoneToday)).toBeLessThan(await top(phone.locator('.fc')));
      expect(await phone.evaluate(NESTED_SCROLLS)).toEqual([]);
      await phone.screenshot({ path: screenshotPath('home-manager-today-phone'), fullPage: true });
      await phoneContext.close();
      await context.close();
    },
    within(120_000),
  );

  it(
    'shows an associate on a phone the timer and their next job first, the calendar below',
    async () => {
      const admin = await api('Company Admin');
      const staff: { id: string; fullName: string }[] = (await admin.get('/api/users/lookup')).body;
      const alex = staff.find((s) => s.fullName === 'Alex Kim')!;
      // A job of Alex's in two hours, so that there is a next job at any time of day.
      const start = DateTime.now().setZone(ZONE).plus({ hours: 2 }).startOf('hour');
      const created = await admin.post('/api/recurrence-jobs', {
        jobModel: {
          name: 'Porch repair',
          leadUserId: alex.id,
          userIds: [alex.id],
          startDateTime: start.toUTC().toISO(),
          endDateTime: start.plus({ hours: 1 }).toUTC().toISO(),
        },
      });
      expect(created.status).toBe(201);

      const context = await newContext(env.browser, env.app.url, PHONE);
      const page: Page = await context.newPage();
      await signIn(page, account('Associate'), '/');
      const timer = page.getByRole('button', { name: 'Start Timer' }).first();
      const next = page.getByRole('region', { name: /^Your (next job|job now)$/ });
      await next.waitFor();
      await page.locator('.fc').waitFor();
      const [timerTop, nextTop, calendarTop] = [await top(timer), await top(next), await top(page.locator('.fc'))];
      expect(timerTop).toBeLessThan(nextTop);
      expect(nextTop).toBeLessThan(calendarTop);
      // Its details open from the card.
      await next.getByRole('button', { name: 'Job details' }).click();
      await page.getByRole('dialog').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await page.screenshot({ path: screenshotPath('home-associate-next-job-phone'), fullPage: true });
      // A manager's today panel is not an associate's.
      expect(await page.getByRole('region', { name: 'Today', exact: true }).count()).toBe(0);
      await context.close();
    },
    within(90_000),
  );
});
