import type { Page } from 'playwright-core';
import { ApiClient } from '../support/app';
import {
  appInBrowser,
  demoAccount,
  DESKTOP,
  newContext,
  pageSignedIn,
  PHONE,
  screenshotPath,
  signIn,
} from '../support/browser';
import { within } from '../support/time';
import { seriousViolations } from '../support/axe';

describe('accessibility', () => {
  const env = appInBrowser();

  const SCREENS = [
    { role: null, path: '/account/login', ready: 'Sign in' },
    { role: 'Company Admin', path: '/', ready: 'Home' },
    { role: 'Company Admin', path: '/scheduling', ready: 'Job Schedule' },
    { role: 'Company Admin', path: '/timers', ready: 'My Tracked Times' },
    { role: 'Company Admin', path: '/admin/timers', ready: 'Organization Tracked Times' },
    { role: 'Company Admin', path: '/admin/users', ready: 'Users' },
    { role: 'Company Admin', path: '/admin/settings', ready: 'Organization Settings' },
    { role: 'Company Admin', path: '/admin/audit', ready: 'Audit Log' },
    { role: 'Company Admin', path: '/timesheets', ready: 'Timesheets' },
    { role: 'Company Admin', path: '/my-timesheet', ready: 'My Timesheet' },
    { role: 'Company Admin', path: '/profile', ready: 'My Profile' },
    { role: 'Company Admin', path: '/customers', ready: 'Customers' },
    { role: 'Company Admin', path: '/reports/jobs', ready: 'Hours per employee' },
    { role: 'Company Admin', path: '/reports/ratings', ready: 'Ratings by stars' },
    // A customer's detail, opened from the list.
    {
      role: 'Company Admin',
      path: '/customers',
      ready: 'Customers',
      open: 'Harbor View Apartments',
      then: 'Jobs & Ratings',
    },
    { role: 'Associate', path: '/', ready: 'Home' },
    { role: 'Associate', path: '/jobs', ready: 'My Job Ratings' },
  ] as { role: Parameters<typeof demoAccount>[1] | null; path: string; ready: string; open?: string; then?: string }[];

  /**
   * One page per width and role, loaded once: each later screen of the role is reached as a link reaches it (the
   * router's own navigation), so a screen's test pays for its screen and axe's run, not for loading the app again.
   * Closing the suite's browser closes them.
   */
  const pages = new Map<string, Page>();

  async function pageOn(role: Parameters<typeof demoAccount>[1] | null, path: string, viewport: typeof DESKTOP) {
    const key = `${viewport.width} ${role ?? 'anonymous'}`;
    const open = pages.get(key);
    if (open) {
      await open.evaluate(
        `history.pushState(null, '', ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent('popstate'))`,
      );
      return open;
    }
    const { page } = role
      ? await pageSignedIn(env.browser, env.app.url, demoAccount(env.app.output, role), path, viewport)
      : await anonymousPage(path, viewport);
    pages.set(key, page);
    return page;
  }

  // One test per screen and width, each under its own deadline (30 screens under one bound timed out alone).
  describe.each([DESKTOP, PHONE])('at $width px', (viewport) => {
    it.each(
      SCREENS.map((screen) => ({
        ...screen,
        who: screen.role ?? 'anonymous',
        where: screen.open ? `${screen.path} → ${screen.open}` : screen.path,
      })),
    )('finds no serious or critical violations on $where as $who', async (screen) => {
      const page = await pageOn(screen.role, screen.path, viewport);
      await page.getByRole('heading', { name: screen.ready }).first().waitFor();
      if (screen.open) {
        await page.getByText(screen.open, { exact: true }).first().click();
        await page.getByRole('heading', { name: screen.then }).waitFor();
      }
      // The screen as its data left it, not as it loads.
      await page.locator('.mantine-Skeleton-root[data-visible]').first().waitFor({ state: 'detached' });
      expect(await seriousViolations(page)).toEqual([]);
    });
  });

  async function anonymousPage(path: string, viewport: typeof DESKTOP) {
    const context = await newContext(env.browser, env.app.url, viewport);
    const page = await context.newPage();
    await page.goto(path);
    return { context, page };
  }

  it(
    "finds none on self-booking's screens: the managers' links, a link's public page and a booked visit's",
    async () => {
      const account = demoAccount(env.app.output, 'Company Admin');
      const admin = await new ApiClient(env.app.url).signIn(account.email, account.password);
      const staff: { id: string; fullName: string }[] = (await admin.get('/api/users/lookup')).body;
      const alex = staff.find((s) => s.fullName === 'Alex Kim')!;
      const week = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((weekDay) => ({
        weekDay,
        startTime: '09:00',
        endTime: '17:00',
      }));
      expect((await admin.patch(`/api/employee-availability/${alex.id}`, week)).status).toBe(200);
      const created = await admin.post('/api/booking-links', {
        serviceName: 'Window cleaning',
        durationMinutes: 60,
        staffIds: [alex.id],
        minimumNoticeMinutes: 60,
        horizonDays: 30,
        bufferMinutes: 0,
      });
      const linkId = created.body.data.id as string;
      const visitor = new ApiClient(env.app.url);
      const { slots } = (await visitor.get(`/api/booking-links/${linkId}/slots`)).body as {
        slots: { start: string }[];
      };
      const booked = await visitor.post(`/api/booking-links/${linkId}/bookings`, {
        start: slots[0].start,
        name: 'Ana Visitor',
        email: 'ana@example.com',
      });
      expect(booked.status).toBe(201);
      const screens = [
        { path: `/book/${linkId}`, ready: 'Window cleaning', signedIn: false },
        { path: `/share/booking/${booked.body.data.id as string}`, ready: 'Your visit is booked', signedIn: false },
        { path: '/scheduling', ready: 'Job Schedule', signedIn: true },
      ];
      const found: string[] = [];
      for (const viewport of [DESKTOP, PHONE]) {
        for (const screen of screens) {
          const context = await newContext(env.browser, env.app.url, viewport);
          const page = await context.newPage();
          if (screen.signedIn) await signIn(page, account, screen.path);
          else await page.goto(screen.path);
          await page.getByRole('heading', { name: screen.ready }).first().waitFor();
          if (screen.signedIn) {
            await page.getByRole('button', { name: 'Booking links' }).click();
            await page.getByRole('article', { name: 'Booking link Window cleaning' }).waitFor();
          } else if (screen.path.startsWith('/book/')) await page.locator('button[aria-pressed]').first().waitFor();
          const where = screen.signedIn ? 'Booking links' : screen.path;
          const name = screen.signedIn ? 'booking-links' : screen.path.split('/')[1];
          await page.screenshot({ path: screenshotPath(`a11y-${name}-${viewport.width}`) });
          for (const v of await seriousViolations(page)) found.push(`${where} at ${viewport.width}px: ${v}`);
          await context.close();
        }
      }
      expect(found).toEqual([]);
    },
    within(120_000),
  );
});
