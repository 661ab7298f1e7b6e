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
  stepUntilShown,
} from '../support/browser';
import { within } from '../support/time';

const ALL_WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Picks the first free time the page offers, and returns its label. */
async function pickFirstSlot(page: Page): Promise<string> {
  const slot = page.locator('button[aria-pressed]').first();
  await slot.waitFor();
  const label = (await slot.textContent()) ?? '';
  await slot.click();
  return label;
}

/** Self-booking (#16): a manager hands out a link, a visitor books on a phone, the schedule shows it live. */
describe('self-booking in a browser', () => {
  const env = appInBrowser();
  const account = (role: Parameters<typeof demoAccount>[1]) => demoAccount(env.app.output, role);
  const api = (role: Parameters<typeof demoAccount>[1]) =>
    new ApiClient(env.app.url).signIn(account(role).email, account(role).password);

  it(
    'creates a link on the Job Schedule, books it on a phone, shows the visit live, and moves it',
    async () => {
      // Alex Kim works 9 to 5 every day.
      const admin = await api('Company Admin');
      const staff: { id: string; fullName: string }[] = (await admin.get('/api/users/lookup')).body;
      const alex = staff.find((s) => s.fullName === 'Alex Kim')!;
      const week = ALL_WEEK.map((weekDay) => ({ weekDay, startTime: '09:00', endTime: '17:00' }));
      expect((await admin.patch(`/api/employee-availability/${alex.id}`, week)).status).toBe(200);

      // The manager, at desktop width, creates a link from the Job Schedule and copies its address.
      const managerContext = await newContext(env.browser, env.app.url, DESKTOP);
      await managerContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.app.url });
      const manager = await managerContext.newPage();
      await signIn(manager, account('Customer Manager'), '/scheduling');
      await manager.getByRole('heading', { name: 'Job Schedule' }).waitFor();
      await manager.getByRole('button', { name: 'Booking links' }).click();
      const drawer = manager.getByRole('dialog', { name: 'Booking links' });
      await drawer.getByText('No booking links yet.').waitFor();
      await drawer.getByRole('button', { name: 'New booking link' }).click();
      const form = drawer.getByRole('form', { name: 'New booking link' });
      await form.getByRole('button', { name: 'Create link' }).click();
      await form.getByRole('alert').getByText('Service name is required').waitFor();
      await form.getByRole('textbox', { name: 'Service name' }).fill('Gutter cleaning');
      await form.getByLabel('Staff').click();
      await manager.getByRole('option', { name: 'Alex Kim' }).click();
      await form.getByRole('textbox', { name: 'Minimum notice (hours)' }).fill('1');
      await form.getByRole('textbox', { name: 'Service name' }).click(); // closes the staff list
      await manager.screenshot({ path: screenshotPath('booking-links-new-desktop') });
      await form.getByRole('button', { name: 'Create link' }).click();
      await manager.getByText('Booking link has been created').waitFor();
      const card = drawer.getByRole('article', { name: 'Booking link Gutter cleaning' });
      await card.getByText('Alex Kim').waitFor();
      await card.getByText('0 bookings').waitFor();
      await card.getByRole('button', { name: 'Copy' }).click();
      await card.getByRole('button', { name: 'Copied' }).waitFor();
      const url = (await manager.evaluate('navigator.clipboard.readText()')) as string;
      expect(url.startsWith(`${env.app.url}/book/`)).toBe(true);
      expect(url.slice(`${env.app.url}/book/`.length)).toMatch(/^[\w-]{22}$/);
      await manager.screenshot({ path: screenshotPath('booking-links-desktop') });

      // A visitor on a phone opens it, picks the first free time and books it.
      const visitorContext = await newContext(env.browser, env.app.url, PHONE);
      const visitor = await visitorContext.newPage();
      await visitor.goto(new URL(url).pathname);
      await visitor.getByRole('heading', { name: 'Gutter cleaning' }).waitFor();
      await visitor.getByRole('button', { name: 'Next 2 weeks' }).waitFor();
      await visitor.locator('button[aria-pressed]').first().waitFor();
      await visitor.screenshot({ path: screenshotPath('booking-page-phone') });
      await pickFirstSlot(visitor);
      await visitor.getByRole('button', { name: 'Book this time' }).click();
      await visitor.getByRole('alert').getByText('Name is required').waitFor();
      await visitor.getByRole('textbox', { name: 'Name' }).fill('Robin Visitor');
      await visitor.getByRole('textbox', { name: 'Email' }).fill('robin@example.com');
      await visitor.getByRole('textbox', { name: 'Phone' }).fill('5551234567');
      expect(await visitor.getByRole('textbox', { name: 'Phone' }).inputValue()).toBe('(555) 123-4567');
      await visitor.getByRole('textbox', { name: 'Address' }).fill('12 Elm Street');
      await visitor.screenshot({ path: screenshotPath('booking-form-phone'), fullPage: true });
      await visitor.getByRole('button', { name: 'Book this time' }).click();
      await visitor.waitForURL(/\/share\/booking\/[\w-]+$/);
      await visitor.getByRole('heading', { name: 'Your visit is booked' }).waitFor();
      await visitor.getByText('With Alex Kim').waitFor();
      await visitor.screenshot({ path: screenshotPath('shared-booking-phone'), fullPage: true });
      const sharedPath = new URL(visitor.url()).pathname;

      // The manager's open schedule shows the visit without reload, marked as booked online; the link counts it.
      await card.getByText('1 booking').waitFor({ timeout: LIVE_MS });
      // And a notice says so.
      await manager.getByText(/^New online booking: .* for Robin Visitor, /).waitFor({ timeout: LIVE_MS });
      await drawer.getByRole('button', { name: 'Pause' }).click();
      await card.getByText('Paused').waitFor();
      await drawer.getByRole('button', { name: 'Resume' }).click();
      await card.getByText('Active').waitFor();
      await manager.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      const booked = manager.locator('.fc-event', { hasText: 'Booked online' }).first();
      await stepUntilShown(manager, booked);
      await booked.getByText('Gutter cleaning').waitFor();
      await manager.screenshot({ path: screenshotPath('booked-online-schedule-desktop') });
      // By its top left corner: a demo job that starts within the visit is drawn inset over the visit's lower half
      // (at 11:20 in New York the first free time is 12:30, and the 13:00 pest inspection covered the visit's middle).
      await booked.click({ position: { x: 8, y: 6 } });
      await manager.getByRole('dialog').getByText('Booked online by Robin Visitor').waitFor();
      await manager.keyboard.press('Escape');

      // The visitor's page at desktop width; and, where the server moves visits, a move to another time.
      const desktopVisitorContext = await newContext(env.browser, env.app.url, DESKTOP);
      const desktopVisitor = await desktopVisitorContext.newPage();
      await desktopVisitor.goto(sharedPath);
      await desktopVisitor.getByRole('heading', { name: 'Your visit is booked' }).waitFor();
      await desktopVisitor.screenshot({ path: screenshotPath('shared-booking-desktop') });
      await desktopVisitor.goto(new URL(url).pathname);
      await desktopVisitor.locator('button[aria-pressed]').first().waitFor();
      await desktopVisitor.screenshot({ path: screenshotPath('booking-page-desktop') });

      const before = await visitor.locator('text=/at \\d/').first().textContent();
      await visitor.getByRole('button', { name: 'Reschedule' }).click();
      await visitor.locator('button[aria-pressed]').first().waitFor();
      await visitor.screenshot({ path: screenshotPath('shared-booking-reschedule-phone'), fullPage: true });
      // A tap asks first, naming the time and who the visit is with; "Keep current time" changes nothing.
      const moveTo = visitor.locator('button[aria-pressed]').nth(1);
      await moveTo.click();
      const confirm = visitor.getByRole('dialog', { name: 'Move your visit?' });
      await confirm.getByText(/^Move your visit to \w+day, \w{3} \d+ at \d+:\d\d [AP]M\?$/).waitFor();
      await confirm.getByText('With Alex', { exact: true }).waitFor();
      await visitor.screenshot({ path: screenshotPath('shared-booking-move-confirm-phone') });
      await confirm.getByRole('button', { name: 'Keep current time' }).click();
      await confirm.waitFor({ state: 'hidden' });
      expect(await visitor.getByRole('status').count()).toBe(0);
      await moveTo.click();
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      const answered = visitor.getByRole('status').or(visitor.getByRole('alert'));
      await answered.first().waitFor();
      if (await visitor.getByRole('status').count()) {
        await visitor.getByRole('heading', { name: 'Your visit is booked' }).waitFor();
        const deadline = Date.now() + LIVE_MS;
        while ((await visitor.locator('text=/at \\d/').first().textContent()) === before && Date.now() < deadline)
          await visitor.waitForTimeout(200);
        expect(await visitor.locator('text=/at \\d/').first().textContent()).not.toBe(before);
        await visitor.screenshot({ path: screenshotPath('shared-booking-moved-phone'), fullPage: true });
      }

      // Cancelled: the page says so, and offers nothing more.
      await visitor.getByRole('button', { name: 'Cancel visit' }).click();
      await visitor.getByRole('dialog').getByRole('button', { name: 'Cancel visit' }).click();
      await visitor.getByText('This visit has been cancelled.').waitFor({ timeout: LIVE_MS });
      await visitor.screenshot({ path: screenshotPath('shared-booking-cancelled-phone') });

      await desktopVisitorContext.close();
      await visitorContext.close();
      await managerContext.close();
    },
    within(180_000),
  );

  /** A 30-minute link of Alex's (who works 9 to 5 every day), made by the manager, and its first free time. */
  async function alexsLink(serviceName: string) {
    const manager = await api('Customer Manager');
    const staff: { id: string; fullName: string }[] = (await manager.get('/api/users/lookup')).body;
    const alex = staff.find((s) => s.fullName === 'Alex Kim')!;
    const week = ALL_WEEK.map((weekDay) => ({ weekDay, startTime: '09:00', endTime: '17:00' }));
    expect((await (await api('Company Admin')).patch(`/api/employee-availability/${alex.id}`, week)).status).toBe(200);
    const created = await manager.post('/api/booking-links', {
      serviceName,
      durationMinutes: 30,
      staffIds: [alex.id],
      minimumNoticeMinutes: 60,
      horizonDays: 14,
    });
    const linkId = created.body.data.id as string;
    const visitorApi = new ApiClient(env.app.url);
    const [slot] = (await visitorApi.get(`/api/booking-links/${linkId}/slots`)).body.slots as { start: string }[];
    return { manager, linkId, visitorApi, slot };
  }

  it(
    "says on the visit's page when its link is closed for moves, and when the company cancelled it",
    async () => {
      const { manager, linkId, visitorApi, slot } = await alexsLink('Window check');
      const booked = await visitorApi.post(`/api/booking-links/${linkId}/bookings`, {
        start: slot.start,
        name: 'Casey Closed',
        email: 'casey@example.com',
      });
      expect(booked.status).toBe(201);
      expect((await manager.patch(`/api/booking-links/${linkId}`, { status: 'paused' })).status).toBe(200);

      const context = await newContext(env.browser, env.app.url, PHONE);
      const visitor = await context.newPage();
      await visitor.goto(`/share/booking/${booked.body.data.id}`);
      await visitor.getByRole('heading', { name: 'Your visit is booked' }).waitFor();
      await visitor.getByText('This booking link is closed, so the visit can no longer be moved online.').waitFor();
      expect(await visitor.getByRole('button', { name: 'Reschedule' }).count()).toBe(0);
      await visitor.getByRole('button', { name: 'Cancel visit' }).waitFor();
      await visitor.screenshot({ path: screenshotPath('shared-booking-link-closed-phone'), fullPage: true });

      // A manager deletes the visit's job from the schedule: the page says the company cancelled it.
      const day = new Date(slot.start);
      const date = `${String(day.getUTCMonth() + 1).padStart(2, '0')}/${String(day.getUTCDate()).padStart(2, '0')}/${day.getUTCFullYear()}`;
      const jobs = (
        await manager.get(
          `/api/jobs/syncfusion/fetch?StartDate=${encodeURIComponent(date)}&EndDate=${encodeURIComponent(date)}`,
        )
      ).body as { id: string; scheduledOnBehalfOf: string | null }[];
      const job = jobs.find((j) => j.scheduledOnBehalfOf === 'Casey Closed')!;
      expect((await manager.delete(`/api/jobs/${job.id}`)).status).toBe(200);
      await visitor.reload();
      await visitor.getByText(/^This visit was cancelled by .+\. Please contact them\.$/).waitFor();
      await visitor.screenshot({ path: screenshotPath('shared-booking-cancelled-by-company-phone') });
      await context.close();
    },
    within(120_000),
  );

  it(
    'merges a customer a booking created into the one it is, from the customer page',
    async () => {
      const { manager, linkId, visitorApi, slot } = await alexsLink('Lawn check');
      expect(
        (
          await visitorApi.post(`/api/booking-links/${linkId}/bookings`, {
            start: slot.start,
            name: 'Morgan Merge',
            email: 'morgan@example.com',
          })
        ).status,
      ).toBe(201);
      const found = (await manager.get('/api/customers/paged?filter=morgan@example.com')).body.resultItems as {
        id: string;
      }[];
      const [target] = (await manager.get('/api/customers/lookup')).body as { id: string; name: string }[];

      const phoneContext = await newContext(env.browser, env.app.url, PHONE);
      const phone = await phoneContext.newPage();
      await signIn(phone, account('Customer Manager'), `/customers/${found[0].id}`);
      await phone.getByRole('button', { name: 'Merge into…' }).waitFor();
      await phone.screenshot({ path: screenshotPath('customer-booked-online-phone') });
      await phoneContext.close();

      const context = await newContext(env.browser, env.app.url, DESKTOP);
      const page = await context.newPage();
      await signIn(page, account('Customer Manager'), `/customers/${found[0].id}`);
      await page.getByRole('button', { name: 'Merge into…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Merge Morgan Merge into…' });
      await dialog.getByLabel('Merge into', { exact: true }).click();
      await page.getByRole('option', { name: target.name, exact: true }).first().click();
      await page.screenshot({ path: screenshotPath('customer-merge-desktop') });
      await dialog.getByRole('button', { name: 'Merge' }).click();
      await page.getByText('Merged: 1 job moved').waitFor();
      await page.waitForURL((url) => url.pathname === `/customers/${target.id}`);
      await context.close();
    },
    within(120_000),
  );
});
