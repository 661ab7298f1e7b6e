import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { ApiClient } from '../support/app';
import { appInBrowser, demoAccount, DESKTOP, newContext, PHONE, screenshotPath, signIn } from '../support/browser';
import { within } from '../support/time';

const ALL_WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Opens a date picker by its label and picks days of next month (two for a range). */
async function pickNextMonthDays(page: Page, label: string, days: number[]) {
  await page.getByRole('button', { name: label }).click();
  await page.getByRole('button', { name: 'Next month' }).click();
  const month = DateTime.now().plus({ months: 1 });
  for (const day of days) await page.getByRole('button', { name: month.set({ day }).toFormat('d LLLL yyyy') }).click();
}

/** Holidays and time off (#24 item 15): set on their screens, they close the booking page's times. */
describe('days off in a browser', () => {
  const env = appInBrowser();

  it(
    'adds a holiday on Organization Settings and time off in the availability dialog; booking offers neither',
    async () => {
      const account = demoAccount(env.app.output, 'Company Admin');
      const admin = await new ApiClient(env.app.url).signIn(account.email, account.password);
      const staff: { id: string; fullName: string }[] = (await admin.get('/api/users/lookup')).body;
      const alex = staff.find((s) => s.fullName === 'Alex Kim')!;
      const week = ALL_WEEK.map((weekDay) => ({ weekDay, startTime: '09:00', endTime: '17:00' }));
      expect((await admin.patch(`/api/employee-availability/${alex.id}`, week)).status).toBe(200);
      const next = DateTime.now().plus({ months: 1 });
      const date = (day: number) => next.set({ day }).toISODate()!;

      const context = await newContext(env.browser, env.app.url, DESKTOP);
      const page = await context.newPage();
      await signIn(page, account, '/admin/settings');
      await page.getByText('No holidays yet.').waitFor();
      await pickNextMonthDays(page, 'Date', [10]);
      await page.getByRole('textbox', { name: 'Name (optional)' }).fill('Founders day');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByText('Holiday has been added').waitFor();
      const holiday = `${next.set({ day: 10 }).toFormat('ccc, LLL d, yyyy')}`;
      await page.getByText(holiday).waitFor();
      await page.getByText('· Founders day').waitFor();
      await page.screenshot({ path: screenshotPath('organization-holidays-desktop'), fullPage: true });

      await page.goto('/admin/users');
      await page.getByRole('button', { name: 'Availability of Alex Kim' }).click();
      const dialog = page.getByRole('dialog', { name: 'Availability of Alex Kim' });
      const timeOff = dialog.getByRole('region', { name: 'Time off' });
      await timeOff.getByText('No time off.').waitFor();
      await pickNextMonthDays(page, 'From – to', [14, 16]);
      await timeOff.getByRole('textbox', { name: 'Note (optional)' }).fill('Family trip');
      await timeOff.getByRole('button', { name: 'Add time off' }).click();
      await page.getByText('Time off has been added').waitFor();
      await timeOff.getByText('· Family trip').waitFor();
      await page.screenshot({ path: screenshotPath('availability-time-off-desktop'), fullPage: true });

      // A link with Alex alone: no times on the holiday nor on his days off; the day between has some.
      const link = await admin.post('/api/booking-links', {
        serviceName: 'Days off check',
        durationMinutes: 60,
        staffIds: [alex.id],
        minimumNoticeMinutes: 60,
        horizonDays: 90,
      });
      const slots = async (day: number) =>
        (await admin.get(`/api/booking-links/${link.body.data.id}/slots?from=${date(day)}&to=${date(day)}`)).body.slots;
      expect(await slots(10)).toEqual([]);
      expect(await slots(15)).toEqual([]);
      expect(await slots(12)).not.toEqual([]);

      // Removed, the days are open again.
      await timeOff.getByRole('button', { name: /^Remove time off / }).click();
      await page.getByText('Time off has been removed').waitFor();
      await timeOff.getByText('No time off.').waitFor();
      expect(await slots(15)).not.toEqual([]);
      await context.close();
    },
    within(120_000),
  );

  it(
    'adds part of a day off in the availability dialog; booking keeps the rest of that day (#26)',
    async () => {
      const account = demoAccount(env.app.output, 'Company Admin');
      const admin = await new ApiClient(env.app.url).signIn(account.email, account.password);
      const staff: { id: string; fullName: string }[] = (await admin.get('/api/users/lookup')).body;
      const sam = staff.find((s) => s.fullName === 'Sam Okafor')!;
      const week = ALL_WEEK.map((weekDay) => ({ weekDay, startTime: '09:00', endTime: '17:00' }));
      expect((await admin.patch(`/api/employee-availability/${sam.id}`, week)).status).toBe(200);
      const day = DateTime.now().plus({ months: 1 }).set({ day: 20 });

      for (const [viewport, name] of [
        [DESKTOP, 'desktop'],
        [PHONE, 'phone'],
      ] as const) {
        const context = await newContext(env.browser, env.app.url, viewport);
        const page = await context.newPage();
        await signIn(page, account, '/admin/users');
        await page.getByRole('button', { name: 'Availability of Sam Okafor' }).first().click();
        const dialog = page.getByRole('dialog', { name: 'Availability of Sam Okafor' });
        const timeOff = dialog.getByRole('region', { name: 'Time off' });
        if (name === 'desktop') {
          await timeOff.getByText('No time off.').waitFor();
          await pickNextMonthDays(page, 'From – to', [20, 20]);
          await timeOff.getByLabel('Time off starts', { exact: true }).click();
          await page.getByRole('option', { name: '1:00 PM', exact: true }).click();
          await timeOff.getByLabel('Time off ends', { exact: true }).click();
          await page.getByRole('option', { name: '4:00 PM', exact: true }).click();
          await timeOff.getByRole('textbox', { name: 'Note (optional)' }).fill('Dentist');
          await timeOff.getByRole('button', { name: 'Add time off' }).click();
          await page.getByText('Time off has been added').waitFor();
        }
        await timeOff.getByText(`${day.toFormat('ccc, LLL d, yyyy')}, 1:00 PM – 4:00 PM`).waitFor();
        await timeOff.scrollIntoViewIfNeeded();
        await page.screenshot({ path: screenshotPath(`availability-time-off-hours-${name}`) });
        await context.close();
      }

      const link = await admin.post('/api/booking-links', {
        serviceName: 'Part day check',
        durationMinutes: 60,
        staffIds: [sam.id],
        minimumNoticeMinutes: 60,
        horizonDays: 90,
      });
      const date = day.toISODate()!;
      const starts: string[] = (
        await admin.get(`/api/booking-links/${link.body.data.id}/slots?from=${date}&to=${date}`)
      ).body.slots.map((slot: { start: string }) =>
        DateTime.fromISO(slot.start).setZone('America/New_York').toFormat('HH:mm'),
      );
      // Slots of an hour: none overlapping 1–4 PM, the morning and the last hour kept.
      expect(starts).toContain('09:00');
      expect(starts).toContain('16:00');
      expect(starts.filter((s) => s > '12:00' && s < '16:00')).toEqual([]);
    },
    within(120_000),
  );
});
