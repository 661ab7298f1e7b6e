import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { DEFAULT_VISIT_REMINDER_SETTINGS } from '../../src/shared/notices';
import { ApiClient } from '../support/app';
import { appInBrowser, demoAccount, DESKTOP, pageSignedIn, PHONE, screenshotPath } from '../support/browser';
import { within } from '../support/time';

/** axe-core, evaluated in the page as test/browser/accessibility.spec.ts does. */
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The serious and critical WCAG 2 A/AA violations axe finds in the part of the page `selector` names. */
async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  if (!(await page.evaluate("typeof axe !== 'undefined'"))) await page.evaluate(AXE);
  const found = (await page.evaluate(
    `axe.run(${JSON.stringify(selector)}, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) })))`,
  )) as { id: string; impact: string | null; targets: string[] }[];
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.targets.join(', ')}`);
}

/**
 * Organization Settings' "Visit reminders" card (issue #31 item 2): a Company Admin turns reminders on the day before
 * at 9:00, sees them again after a reload, is told by the server when the time is outside the sending window, then
 * switches to hours before with a window of their own. At a desktop's width and a phone's.
 */
describe('visit reminder settings in a browser', () => {
  const env = appInBrowser();
  const account = () => demoAccount(env.app.output, 'Company Admin');

  /** Picks `option` in the select named `name` (a searchable Mantine select: its list opens on a click). */
  async function choose(page: Page, name: string, option: string) {
    await page.getByRole('combobox', { name }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  async function remindersAt(viewport: typeof DESKTOP) {
    const admin = await new ApiClient(env.app.url).signIn(account().email, account().password);
    expect((await admin.patch('/api/organization/settings', DEFAULT_VISIT_REMINDER_SETTINGS)).status).toBe(200);
    const width = viewport.width;
    const { context, page } = await pageSignedIn(env.browser, env.app.url, account(), '/admin/settings', viewport);
    const card = page.locator('form').filter({ has: page.getByRole('radiogroup', { name: 'Send a reminder' }) });
    const save = async (toast: string | null = 'Visit reminders have been updated') => {
      await card.getByRole('button', { name: 'Save' }).click();
      if (toast) await page.getByText(toast).first().waitFor();
    };
    const shoot = async (name: string) => {
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath(`visit-reminders-${width}-${name}`) });
    };

    await card.getByRole('radio', { name: 'Off' }).waitFor();
    expect(await card.getByRole('radio', { name: 'Off' }).isChecked()).toBe(true);
    await page
      .getByText(
        "Customers with an e-mail address get one reminder per visit, with its time, the crew lead's name and, for visits they booked online, the link to change or cancel.",
      )
      .waitFor();
    expect(await card.getByRole('combobox', { name: 'At' }).count()).toBe(0);
    await shoot('1-off');

    // Days before: 1 day, at 9:00, inside the default window of 8:00 to 20:00.
    await card.getByRole('radio', { name: 'Days before the visit' }).check();
    await card.getByRole('textbox', { name: 'Days before the visit' }).fill('1');
    await choose(page, 'At', '9:00 AM');
    expect(await card.getByRole('combobox', { name: 'Sending window start' }).inputValue()).toBe('8:00 AM');
    expect(await card.getByRole('combobox', { name: 'Sending window end' }).inputValue()).toBe('8:00 PM');
    await shoot('2-days-before');
    expect(await seriousViolations(page, 'main')).toEqual([]);
    await save();
    expect((await admin.get('/api/organization/settings')).body).toMatchObject({
      visitReminders: 'daysBefore',
      visitReminderDays: 1,
      visitReminderTime: '09:00',
      visitReminderWindowStart: '08:00',
      visitReminderWindowEnd: '20:00',
    });

    await page.reload();
    await card.getByRole('radio', { name: 'Days before the visit' }).waitFor();
    expect(await card.getByRole('radio', { name: 'Days before the visit' }).isChecked()).toBe(true);
    expect(await card.getByRole('textbox', { name: 'Days before the visit' }).inputValue()).toBe('1');
    expect(await card.getByRole('combobox', { name: 'At' }).inputValue()).toBe('9:00 AM');

    // A time before the window opens: the server says so, and nothing changes.
    await choose(page, 'At', '7:00 AM');
    await save(null);
    await card.getByRole('alert').getByText('The reminder time must be inside the sending window').waitFor();
    await shoot('3-server-message');
    expect((await admin.get('/api/organization/settings')).body.visitReminderTime).toBe('09:00');

    // Hours before: 3 hours, sent between 7:00 and midnight.
    await card.getByRole('radio', { name: 'Hours before the visit' }).check();
    expect(await card.getByRole('combobox', { name: 'At' }).count()).toBe(0);
    // The refusal was about the days' time, no longer shown.
    expect(await card.getByRole('alert').count()).toBe(0);
    const hours = card.getByRole('textbox', { name: 'Hours before the visit' });
    await hours.fill('73');
    await save(null);
    await card.getByText('Enter a whole number of hours from 1 to 72').waitFor();
    await hours.fill('3');
    await choose(page, 'Sending window start', '7:00 AM');
    await choose(page, 'Sending window end', 'Midnight');
    await shoot('4-hours-before');
    expect(await seriousViolations(page, 'main')).toEqual([]);
    await save();
    expect((await admin.get('/api/organization/settings')).body).toMatchObject({
      visitReminders: 'hoursBefore',
      visitReminderHours: 3,
      visitReminderWindowStart: '07:00',
      visitReminderWindowEnd: '24:00',
      // Hidden, the days' settings stay as they were.
      visitReminderDays: 1,
      visitReminderTime: '09:00',
    });

    await page.reload();
    await card.getByRole('radio', { name: 'Hours before the visit' }).waitFor();
    expect(await card.getByRole('radio', { name: 'Hours before the visit' }).isChecked()).toBe(true);
    expect(await card.getByRole('textbox', { name: 'Hours before the visit' }).inputValue()).toBe('3');
    expect(await card.getByRole('combobox', { name: 'Sending window start' }).inputValue()).toBe('7:00 AM');
    expect(await card.getByRole('combobox', { name: 'Sending window end' }).inputValue()).toBe('Midnight');
    expect(await card.getByRole('group', { name: 'Send between' }).count()).toBe(1);
    // Nothing wider than the screen.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
    await shoot('5-hours-reloaded');
    // A whole page from its top: scrolled, the sticky top bar would show in the middle of it.
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: screenshotPath(`visit-reminders-${width}-page`), fullPage: true });
    await context.close();
  }

  it(
    'turns reminders on days before, then hours before, at a desktop width',
    () => remindersAt(DESKTOP),
    within(120_000),
  );

  it('does the same at a phone width', () => remindersAt(PHONE), within(120_000));
});
