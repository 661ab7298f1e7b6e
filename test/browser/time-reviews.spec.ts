import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { COMMAND_ID_HEADER, DEVICE_TIME_HEADER } from '../../src/shared/offline';
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

const HOUR = 3_600_000;
/** axe-core, evaluated in the page as test/browser/accessibility.spec.ts does (that suite sees Home without reviews). */
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The serious and critical WCAG 2 A/AA violations axe finds in the Time to review section. */
async function panelViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const found = (await page.evaluate(
    "axe.run({ include: [['section[aria-labelledby=\"time-reviews-title\"]']] }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) })))",
  )) as { id: string; impact: string | null; targets: string[] }[];
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.targets.join(', ')}`);
}

/**
 * Home's Time to review (issue #29 item 5): what a phone sent later with its clock off waits for a manager, who sees
 * who, what, when on the phone and when received, and why, and approves (the tracked time appears) or declines it.
 */
describe('Time to review, in a browser', () => {
  const env = appInBrowser();
  const account = (role: Parameters<typeof demoAccount>[1]) => demoAccount(env.app.output, role);
  const api = (role: Parameters<typeof demoAccount>[1]) =>
    new ApiClient(env.app.url).signIn(account(role).email, account(role).password);
  /** A start from the phone's outbox, made at `deviceTime` on the phone's clock. */
  const startSentLater = (client: ApiClient, label: string, deviceTime: string) =>
    client.request(
      'POST',
      '/api/time',
      { type: 'Unassigned', label },
      { [COMMAND_ID_HEADER]: randomUUID(), [DEVICE_TIME_HEADER]: deviceTime },
    );
  const panelOf = (page: Page) => page.getByRole('region', { name: 'Time to review' });

  it(
    'lists a start sent 14 hours late for the manager, live; approving starts the timer, declining applies nothing',
    async () => {
      const associate = await api('Associate');
      const person: string = (await associate.get('/api/session')).body.user.fullName;
      const lateStart = new Date(Date.now() - 14 * HOUR).toISOString();
      const late = await startSentLater(associate, 'Night shift', lateStart);
      expect(late.status).toBe(202);

      const context = await newContext(env.browser, env.app.url, DESKTOP);
      const page = await context.newPage();
      await signIn(page, account('Customer Manager'), '/');
      const panel = panelOf(page);
      const nightShift = panel.getByRole('listitem', { name: `${person}: Started a timer: Night shift` });
      await nightShift.waitFor();
      await nightShift
        .getByText(
          'The start was 14 hours before it reached us, more than the limit of 12 hours: the phone was offline that long, or its clock is behind.',
        )
        .waitFor();
      await nightShift.getByText(/^On the phone: .+ · Reached us: .+$/).waitFor();
      await nightShift.getByText(/, still running$/).waitFor();

      // Another arrives while Home is open: it shows without a reload.
      const ahead = await startSentLater(associate, 'Van check', new Date(Date.now() + 2 * HOUR).toISOString());
      expect(ahead.status).toBe(202);
      const vanCheck = panel.getByRole('listitem', { name: `${person}: Started a timer: Van check` });
      await vanCheck
        .getByText("The phone's clock was 2 hours ahead: its start was later than when it reached us.")
        .waitFor({
          timeout: LIVE_MS,
        });
      await panel.getByText('2 pending').waitFor();
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath('time-reviews-desktop'), fullPage: true });
      await page.screenshot({ path: '/tmp/time-reviews-1280.png', fullPage: false });
      expect(await panelViolations(page)).toEqual([]);

      const phone = await newContext(env.browser, env.app.url, PHONE, await context.storageState());
      const phonePage = await phone.newPage();
      await phonePage.goto('/');
      await panelOf(phonePage)
        .getByRole('listitem', { name: `${person}: Started a timer: Van check` })
        .waitFor();
      await panelOf(phonePage).scrollIntoViewIfNeeded();
      await phonePage.screenshot({ path: screenshotPath('time-reviews-phone'), fullPage: true });
      await phonePage.screenshot({ path: '/tmp/time-reviews-390.png', fullPage: false });
      expect(await panelViolations(phonePage)).toEqual([]);
      await phone.close();

      // Approve: the timer runs from the phone's start, and shows among who is on the clock.
      await nightShift.getByRole('button', { name: `Approve ${person}'s time: Started a timer: Night shift` }).click();
      await page.getByText('The time was approved').waitFor();
      await nightShift.waitFor({ state: 'detached' });
      const onTheClock = page.getByRole('list', { name: 'On the clock' });
      await onTheClock.getByText(person).waitFor({ timeout: LIVE_MS });
      await onTheClock.getByText(/Night shift/).waitFor();
      expect((await associate.get('/api/time/current')).body).toMatchObject({
        label: 'Night shift',
        startDateTime: lateStart,
      });

      // Decline: nothing is applied, and with none left the section goes.
      await vanCheck.getByRole('button', { name: `Decline ${person}'s time: Started a timer: Van check` }).click();
      await page.getByText('The time was declined').waitFor();
      await panel.waitFor({ state: 'detached' });
      expect((await associate.get('/api/time/current')).body.label).toBe('Night shift');
      expect(
        (await associate.get('/api/time/user/paged')).body.resultItems.map((t: { label: string }) => t.label),
      ).not.toContain('Van check');
      await context.close();
    },
    within(120_000),
  );

  it(
    "lists by person: one person's many show their oldest five and how many more, and no one else's is pushed out",
    async () => {
      const associate = await api('Associate');
      const person: string = (await associate.get('/api/session')).body.user.fullName;
      const late = () => new Date(Date.now() - 14 * HOUR).toISOString();
      for (let i = 1; i <= 7; i++) expect((await startSentLater(associate, `Batch ${i}`, late())).status).toBe(202);
      const admin = await api('Company Admin');
      const adminName: string = (await admin.get('/api/session')).body.user.fullName;
      expect((await startSentLater(admin, 'Genuine', late())).status).toBe(202);

      const context = await newContext(env.browser, env.app.url, DESKTOP);
      const page = await context.newPage();
      await signIn(page, account('Customer Manager'), '/');
      const panel = panelOf(page);
      await panel.getByRole('listitem', { name: `${person}: Started a timer: Batch 5` }).waitFor();
      expect(await panel.getByRole('listitem', { name: `${person}: Started a timer: Batch 6` }).count()).toBe(0);
      await panel.getByText(`and 2 more from ${person}, shown as these are answered`).waitFor();
      await panel.getByRole('listitem', { name: `${adminName}: Started a timer: Genuine` }).waitFor();
      await panel.getByText('8 pending').waitFor();
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath('time-reviews-by-person-desktop'), fullPage: true });
      expect(await panelViolations(page)).toEqual([]);
      const phone = await newContext(env.browser, env.app.url, PHONE, await context.storageState());
      const phonePage = await phone.newPage();
      await phonePage.goto('/');
      await panelOf(phonePage).getByText(`and 2 more from ${person}, shown as these are answered`).waitFor();
      await panelOf(phonePage).scrollIntoViewIfNeeded();
      await phonePage.screenshot({ path: screenshotPath('time-reviews-by-person-phone'), fullPage: true });
      await phone.close();

      // Answering the oldest brings the next one up, live.
      await panel.getByRole('button', { name: `Decline ${person}'s time: Started a timer: Batch 1` }).click();
      await panel.getByRole('listitem', { name: `${person}: Started a timer: Batch 6` }).waitFor({ timeout: LIVE_MS });
      await panel.getByText(`and 1 more from ${person}, shown as these are answered`).waitFor();
      for (;;) {
        const left = (await admin.get('/api/time/reviews')).body as { people: { reviews: { id: string }[] }[] };
        const ids = left.people.flatMap((p) => p.reviews.map((r) => r.id));
        if (!ids.length) break;
        for (const id of ids) await admin.post(`/api/time/reviews/${id}/decline`);
      }
      await context.close();
    },
    within(120_000),
  );

  it(
    'lets the Company Admin set the offline clock limit in the organization settings, with the rule in words',
    async () => {
      const context = await newContext(env.browser, env.app.url, DESKTOP);
      const page = await context.newPage();
      await signIn(page, account('Company Admin'), '/admin/settings');
      const limit = page.getByRole('textbox', { name: 'Offline clock limit (hours)' });
      await limit.waitFor();
      await page
        .getByText(
          "A time sent from a phone that was offline, starting more than this many hours before it reached us or in the future, goes to a manager's review.",
        )
        .waitFor();
      expect(await limit.inputValue()).toBe('12');
      await limit.fill('24');
      await limit.scrollIntoViewIfNeeded();
      await page.screenshot({ path: '/tmp/settings-offline-limit-1280.png' });
      await page.getByRole('button', { name: 'Save' }).first().click();
      await page.getByText('Organization settings have been updated').waitFor();
      const admin = await api('Company Admin');
      expect((await admin.get('/api/organization/settings')).body.offlineClockLimitHours).toBe(24);
      await admin.patch('/api/organization/settings', { offlineClockLimitHours: 12 });
      await context.close();
    },
    within(60_000),
  );
});
