import { mkdirSync, readFileSync } from 'node:fs';
import { DateTime } from 'luxon';
import type { BrowserContext, Page } from 'playwright-core';
import { ApiClient } from '../support/app';
import { appInBrowser, demoAccount, DESKTOP, LIVE_MS, newContext, PHONE, signIn } from '../support/browser';
import { within } from '../support/time';

/** Screenshots to look at, outside the repository. */
const SHOTS = '/tmp/payroll-shots';
async function shot(page: Page, name: string, fullPage = true) {
  mkdirSync(SHOTS, { recursive: true });
  // A whole page from its top: scrolled, the sticky top bar would show in the middle of it.
  if (fullPage) await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

/** axe-core, evaluated in the page as test/browser/accessibility.spec.ts does. */
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The serious and critical WCAG 2 A/AA violations axe finds on the page as it is. */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate("typeof axe !== 'undefined'"))) await page.evaluate(AXE);
  const found = (await page.evaluate(
    "axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ') + ' ' + n.html.slice(0, 120)) })))",
  )) as { id: string; impact: string | null; targets: string[] }[];
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.targets.join(', ')}`);
}

/** The demo organization's zone (src/demo-seed.ts). */
const ZONE = 'America/New_York';
const at = (date: string, time: string) => DateTime.fromISO(`${date}T${time}`, { zone: ZONE }).toUTC().toISO()!;
const plusDays = (date: string, days: number) => DateTime.fromISO(date).plus({ days }).toISODate()!;

/**
 * Issue #30's screens: a manager (Company Admin, users.crud) approves a person's week on Timesheets and exports it to
 * payroll; the associate's later edit of a time in it is refused; the manager's own edit, with the reason the form asks
 * for at once ("Edit approved time"), saved in one Save, shows on the period as "Changed since export", with what changed.
 */
describe('Timesheets and payroll export, in a browser', () => {
  const env = appInBrowser();
  const account = (role: Parameters<typeof demoAccount>[1]) => demoAccount(env.app.output, role);
  const api = (role: Parameters<typeof demoAccount>[1]) =>
    new ApiClient(env.app.url).signIn(account(role).email, account(role).password);
  /** The signed-in browsers of the first test, reused by the second at the phone's width. */
  const sessions: Partial<Record<'admin' | 'associate', Awaited<ReturnType<BrowserContext['storageState']>>>> = {};

  /** Two days of `person`'s tracked time in the period starting `start` (a Sunday): 8 h on Monday, 9.5 h on Tuesday. */
  async function trackWeek(associate: ApiClient, start: string, tag: string) {
    const current = await associate.get('/api/time/current');
    if (current.body?.id)
      await associate.patch(`/api/time/${current.body.id}`, { endDateTime: new Date().toISOString() });
    const days = [
      { date: plusDays(start, 1), from: '09:00', to: '17:00', label: `Gutters ${tag}` },
      { date: plusDays(start, 2), from: '08:00', to: '17:30', label: `Fence repair ${tag}` },
    ];
    for (const day of days) {
      const started = await associate.post('/api/time', {
        type: 'Unassigned',
        label: day.label,
        startDateTime: at(day.date, day.from),
      });
      expect(started.status).toBe(201);
      const stopped = await associate.patch(`/api/time/${started.body.data.id}`, {
        endDateTime: at(day.date, day.to),
      });
      expect(stopped.status).toBe(200);
    }
    return days;
  }

  /**
   * The whole flow at one width, on the period `back` periods before the current one (each width its own week).
   */
  async function approveExportAndChange(viewport: typeof DESKTOP, back: number, tag: string) {
    const wide = viewport.width > 600;
    const admin = await api('Company Admin');
    const associate = await api('Associate');
    const person: string = (await associate.get('/api/session')).body.user.fullName;
    let screen = (await admin.get('/api/pay-periods')).body;
    expect(screen.period).toBeDefined();
    const labels: string[] = [];
    for (let i = 0; i < back; i++) {
      screen = (await admin.get(`/api/pay-periods?date=${screen.previous}`)).body;
      labels.push(screen.period.label);
    }
    const start: string = screen.period.start;
    const label: string = screen.period.label;
    const days = await trackWeek(associate, start, tag);

    // The manager opens Timesheets and steps back to the week.
    const managerContext = await newContext(env.browser, env.app.url, viewport, sessions.admin);
    const manager = await managerContext.newPage();
    if (sessions.admin) await manager.goto('/timesheets');
    else {
      await signIn(manager, account('Company Admin'), '/timesheets');
      sessions.admin = await managerContext.storageState();
    }
    await manager.getByRole('heading', { name: 'Timesheets' }).waitFor();
    for (const step of labels) {
      await manager.getByRole('button', { name: 'Previous period' }).click();
      await manager.getByText(step, { exact: true }).waitFor();
    }
    const people = wide
      ? manager.getByRole('table', { name: 'Timesheets' })
      : manager.getByRole('list', { name: 'Timesheets' });
    const row = people.getByRole(wide ? 'row' : 'listitem').filter({ hasText: person });
    await row.getByText('Open', { exact: true }).waitFor();
    await row.getByText('17.50').first().waitFor();
    await shot(manager, `${viewport.width}-1-period-open`);
    expect(await seriousViolations(manager)).toEqual([]);

    // Their sheet: each day with its times; Approve.
    await row.getByRole('link', { name: person }).click();
    await manager.getByRole('heading', { name: `${person}'s Timesheet` }).waitFor();
    await manager.getByText(`Gutters ${tag}`).waitFor();
    await manager.getByText(/^9:00 AM – 5:00 PM$/).waitFor();
    await manager.getByText('8:00 AM – 5:30 PM').waitFor();
    await shot(manager, `${viewport.width}-2-sheet-open`);
    expect(await seriousViolations(manager)).toEqual([]);
    await manager.getByRole('button', { name: 'Approve' }).click();
    await manager.getByText('Timesheet approved').first().waitFor();
    await manager.getByRole('button', { name: 'Unapprove' }).waitFor();
    await manager.getByText(/^Approved by .+ on /).waitFor();
    await shot(manager, `${viewport.width}-3-sheet-approved`);

    // Back on the period: export it as Gusto's CSV; the file downloads and the export is listed.
    await manager.getByRole('link', { name: 'All timesheets' }).click();
    await row.getByText('Approved', { exact: true }).waitFor();
    const exports = manager.getByRole('region', { name: 'Payroll export' });
    await exports.getByText('This period has not been exported yet.').waitFor();
    const download = manager.waitForEvent('download');
    await exports.getByRole('button', { name: 'Export' }).click();
    await manager.getByText('Payroll exported').first().waitFor();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const bytes = readFileSync(await file.path());
    const listed = exports.getByRole('list', { name: 'Exports' }).getByRole('listitem').first();
    await listed.getByText('Gusto (CSV) · 1 person').waitFor();
    const screenAfter = (await admin.get(`/api/pay-periods?date=${start}`)).body;
    const made = screenAfter.exports[0];
    const again = await fetch(`${env.app.url}/api/payroll-exports/${made.id}/file`, {
      headers: { cookie: admin.cookie },
    });
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    await listed.evaluate((item) => item.scrollIntoView({ block: 'center' }));
    await shot(manager, `${viewport.width}-4-exported`, false);

    // The associate's edit of a time in the approved week is refused, in the server's words.
    const associateContext = await newContext(env.browser, env.app.url, viewport, sessions.associate);
    const mine = await associateContext.newPage();
    if (sessions.associate) await mine.goto('/timers');
    else {
      await signIn(mine, account('Associate'), '/timers');
      sessions.associate = await associateContext.storageState();
    }
    await mine.getByRole('heading', { name: 'My Tracked Times' }).waitFor();
    await mine.getByRole('textbox', { name: 'Search times' }).fill(`Gutters ${tag}`);
    await mine.getByRole('button', { name: 'Clear dates' }).click();
    const myTimes = wide
      ? mine
          .getByRole('table', { name: 'My Tracked Times' })
          .getByRole('row')
          .filter({ hasText: `Gutters ${tag}` })
      : mine
          .getByRole('list', { name: 'My Tracked Times' })
          .getByRole('listitem')
          .filter({ hasText: `Gutters ${tag}` });
    await myTimes.getByText('Approved', { exact: true }).waitFor();
    await myTimes.getByRole('button', { name: /^Edit time from/ }).click();
    const myEdit = mine.getByRole('dialog', { name: 'Edit time' });
    await myEdit.getByText(`This time is in your approved timesheet for ${label}: it is locked.`).waitFor();
    await myEdit.getByRole('textbox', { name: 'Label' }).fill(`Gutters ${tag} and downpipes`);
    await myEdit.getByRole('button', { name: 'Save' }).click();
    await myEdit
      .getByRole('alert')
      .getByText(/approved timesheet .*locked/)
      .waitFor();
    await shot(mine, `${viewport.width}-5-associate-refused`, false);
    await myEdit.getByRole('button', { name: 'Cancel' }).click();

    // The manager's edit: the reason asked at once, the end moved from 5:00 to 6:00 PM, one Save (issue #44 item 12).
    await manager.goto('/admin/timers');
    await manager.getByRole('textbox', { name: 'Search times' }).fill(`Gutters ${tag}`);
    await manager.getByRole('button', { name: 'Clear dates' }).click();
    const theirTimes = wide
      ? manager
          .getByRole('table', { name: 'Organization Tracked Times' })
          .getByRole('row')
          .filter({ hasText: `Gutters ${tag}` })
      : manager
          .getByRole('list', { name: 'Organization Tracked Times' })
          .getByRole('listitem')
          .filter({ hasText: `Gutters ${tag}` });
    await theirTimes.getByText('Approved', { exact: true }).waitFor();
    await shot(manager, `${viewport.width}-6a-locked-row`, false);
    await theirTimes.getByRole('button', { name: /^Edit time from/ }).click();
    const edit = manager.getByRole('dialog', { name: 'Edit time' });
    await edit.getByText(`This time is in ${person}'s approved timesheet for ${label}.`, { exact: false }).waitFor();
    await edit
      .getByRole('textbox', { name: 'Reason (Edit approved time)' })
      .fill('Stayed an hour to finish the downpipes');
    await edit.getByRole('button', { name: 'End' }).click();
    const hours = manager.getByRole('spinbutton', { name: 'Hours' });
    await hours.fill('6');
    await manager.locator('.mantine-DateTimePicker-submitButton').click();
    await manager.locator('.mantine-DateTimePicker-submitButton').waitFor({ state: 'detached' });
    await edit.getByRole('button', { name: 'End' }).filter({ hasText: '6:00 PM' }).waitFor();
    await shot(manager, `${viewport.width}-6-manager-edit`, false);
    await edit.getByRole('button', { name: 'Save' }).click();
    await manager.getByText('Timer has been updated').first().waitFor();

    // The period says its export changed since, and shows what: the day's hours then and now, who, when and why.
    await manager.goto(`/timesheets?date=${start}`);
    await manager.getByText(/times changed after this period was exported/).waitFor();
    await row.getByText('Changed since export').waitFor();
    await row.getByText('18.50').first().waitFor();
    await exports.getByText('Changed since export').waitFor();
    await shot(manager, `${viewport.width}-7-changed-since-export`);
    expect(await seriousViolations(manager)).toEqual([]);
    await exports.getByRole('button', { name: 'See what changed' }).click();
    const changes = manager.getByRole('dialog', { name: 'Changes since export' });
    await changes
      .getByText(`${DateTime.fromISO(days[0].date).toFormat('ccc, LLL d')}: 8.00 h then → 9.00 h now`)
      .waitFor();
    await changes.getByText(/Stayed an hour to finish the downpipes/).waitFor();
    await changes.getByText('Edited', { exact: true }).waitFor();
    await shot(manager, `${viewport.width}-8-changes`, false);
    expect(await seriousViolations(manager)).toEqual([]);
    await changes.getByRole('button', { name: 'Close' }).click();

    // The sheet warns too; the associate's own sheet shows the week approved.
    await row.getByRole('link', { name: person }).click();
    await manager.getByText('Changed since export').first().waitFor();
    await shot(manager, `${viewport.width}-9-sheet-changed`);
    await mine.goto(`/my-timesheet?date=${start}`);
    await mine.getByRole('heading', { name: 'My Timesheet' }).waitFor();
    await mine.getByText(label, { exact: true }).waitFor();
    await mine.getByText('Approved: its times are locked. Ask a manager if one needs to change.').waitFor();
    await shot(mine, `${viewport.width}-10-my-timesheet`);
    expect(await seriousViolations(mine)).toEqual([]);

    await managerContext.close();
    await associateContext.close();
  }

  it(
    'at 1280 px: a manager approves a week and exports it; the associate is refused; the manager edits with a reason',
    () => approveExportAndChange(DESKTOP, 2, 'wide'),
    within(180_000),
  );

  it('at 390 px: the same on a phone', () => approveExportAndChange(PHONE, 3, 'phone'), within(180_000));

  it(
    'sets the pay settings; an associate submits their timesheet and sees it sent back live, with the reason',
    async () => {
      const admin = await api('Company Admin');
      const managerContext = await newContext(env.browser, env.app.url, DESKTOP, sessions.admin);
      const manager = await managerContext.newPage();
      if (sessions.admin) await manager.goto('/admin/settings');
      else await signIn(manager, account('Company Admin'), '/admin/settings');
      await manager.getByText('Pay periods and overtime').waitFor();
      // Every two weeks asks for a first day; back to weekly, California's overtime, associates submitting.
      await manager.getByRole('combobox', { name: 'Pay period' }).click();
      await manager.getByRole('option', { name: 'Every two weeks' }).click();
      await manager.getByLabel('Two-week pay period starts').waitFor();
      await manager.getByRole('combobox', { name: 'Pay period' }).click();
      await manager.getByRole('option', { name: 'Weekly' }).click();
      await manager.getByRole('combobox', { name: 'Overtime' }).click();
      await manager.getByRole('option', { name: /^California/ }).click();
      await manager.getByText('Over 8 hours a day or 40 a week is overtime', { exact: false }).waitFor();
      await manager.getByRole('switch', { name: 'Associates submit timesheets' }).check();
      await manager.getByText('Pay periods and overtime').scrollIntoViewIfNeeded();
      await shot(manager, '1280-11-pay-settings', false);
      // Before the toast: its close button has no name (the app's notifications, not this screen's).
      expect(await seriousViolations(manager)).toEqual([]);
      await manager.getByRole('button', { name: 'Save' }).nth(1).click();
      await manager.getByText('Pay settings have been updated').waitFor();
      const saved = (await admin.get('/api/organization/settings')).body;
      expect(saved).toMatchObject({
        payPeriodFrequency: 'weekly',
        overtimeRule: 'california',
        timesheetSubmission: true,
      });
      const phoneSettings = await newContext(env.browser, env.app.url, PHONE, await managerContext.storageState());
      const settingsOnPhone = await phoneSettings.newPage();
      await settingsOnPhone.goto('/admin/settings');
      await settingsOnPhone.getByText('Pay periods and overtime').scrollIntoViewIfNeeded();
      await shot(settingsOnPhone, '390-11-pay-settings');
      await phoneSettings.close();

      // The associate submits this period's timesheet.
      const associateContext = await newContext(env.browser, env.app.url, PHONE, sessions.associate);
      const mine = await associateContext.newPage();
      if (sessions.associate) await mine.goto('/my-timesheet');
      else await signIn(mine, account('Associate'), '/my-timesheet');
      await mine.getByRole('button', { name: 'Submit timesheet' }).click();
      await mine.getByText('Timesheet submitted').first().waitFor();
      await mine.getByText('Submitted: a manager will approve it or send it back.').waitFor();
      await mine.getByText(/^Submitted by .+ on /).waitFor();
      const person: string = (await (await api('Associate')).get('/api/session')).body.user.fullName;

      // The manager sends it back with a reason; the associate's open sheet shows it without a reload.
      await manager.goto('/timesheets');
      const row = manager.getByRole('table', { name: 'Timesheets' }).getByRole('row').filter({ hasText: person });
      await row.getByText('Submitted', { exact: true }).waitFor();
      await manager.getByRole('columnheader', { name: 'Double time' }).waitFor();
      await row.getByRole('link', { name: person }).click();
      await manager.getByRole('button', { name: 'Send back' }).click();
      const sendBack = manager.getByRole('dialog', { name: 'Send back timesheet' });
      await sendBack.getByRole('button', { name: 'Send back' }).click();
      await sendBack.getByText('Give a reason').waitFor();
      await sendBack.getByRole('textbox', { name: 'Reason' }).fill('Friday is missing');
      await shot(manager, '1280-12-send-back', false);
      await sendBack.getByRole('button', { name: 'Send back' }).click();
      await manager.getByText('Timesheet sent back').first().waitFor();
      await manager.getByText(/^Sent back by .+ on .+: Friday is missing$/).waitFor();
      await mine.getByText(/^Sent back by .+ on .+: Friday is missing$/).waitFor({ timeout: LIVE_MS });
      await mine.getByRole('button', { name: 'Submit timesheet' }).waitFor();
      await shot(mine, '390-12-sent-back');
      await mine.getByText('Timesheet submitted').waitFor({ state: 'detached' });
      expect(await seriousViolations(mine)).toEqual([]);

      await admin.patch('/api/organization/settings', { overtimeRule: 'weekly40', timesheetSubmission: false });
      await managerContext.close();
      await associateContext.close();
    },
    within(120_000),
  );
});
