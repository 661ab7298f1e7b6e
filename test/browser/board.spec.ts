import { DateTime } from 'luxon';
import type { Locator, Page } from 'playwright-core';
import { ApiClient, TEST_PASSWORD } from '../support/app';
import { appInBrowser, demoAccount, DESKTOP, newContext, PHONE, screenshotPath, signIn } from '../support/browser';
import { within } from '../support/time';

const ZONE = 'America/New_York';

/**
 * A board readable at a glance (#26 item 2): colours picked in one click with the taken ones marked,
 * people left on the default pointed out, names that fit their blocks, and a hover card on every event.
 */
describe('a board readable at a glance', () => {
  const env = appInBrowser();
  let admin: ApiClient;

  beforeAll(async () => {
    const { email, password } = demoAccount(env.app.output, 'Company Admin');
    admin = await new ApiClient(env.app.url).signIn(email, password);
  });

  /** The users of the demo organization by name, with their colours. */
  async function usersByName(): Promise<Map<string, { id: string; colorCode: string }>> {
    const page = await admin.get('/api/users/paged?pageSize=1000');
    return new Map(
      page.body.resultItems.map((u: { id: string; fullName: string; colorCode: string }) => [
        u.fullName,
        { id: u.id, colorCode: u.colorCode },
      ]),
    );
  }

  /** Fills New User; `swatch` is clicked once if given, else the colour stays the one preselected. */
  async function newUser(page: Page, first: string, last: string, swatch?: string) {
    await page.getByRole('button', { name: 'New User' }).click();
    const modal = page.getByRole('dialog', { name: 'New User' });
    await modal.getByRole('textbox', { name: 'First name' }).fill(first);
    await modal.getByRole('textbox', { name: 'Last name' }).fill(last);
    await modal.getByRole('textbox', { name: 'Email' }).fill(`${first}.${last}@example.test`.toLowerCase());
    // A password set now rather than an invitation (the default; test/browser/invitations.spec.ts has that).
    await modal.getByRole('radio', { name: /Set a password now/ }).click();
    await modal.locator('input[type="password"]').fill(TEST_PASSWORD);
    if (swatch) await modal.getByRole('radiogroup', { name: 'Colour' }).getByRole('radio', { name: swatch }).click();
    return modal;
  }

  it(
    'preselects a colour nobody has for a new person, gives two others theirs in one click each, and points out a person on the default',
    async () => {
      const context = await newContext(env.browser, env.app.url, DESKTOP);
      const page = await context.newPage();
      await signIn(page, demoAccount(env.app.output, 'Company Admin'), '/admin/users');
      await page.getByRole('row', { name: /Morgan Reyes/ }).waitFor();

      // The demo's Morgan Reyes has Green: it is marked as hers; Maria takes Cyan.
      let modal = await newUser(page, 'Maria', 'Lopez');
      const swatches = modal.getByRole('radiogroup', { name: 'Colour' });
      expect(await swatches.getByRole('radio').count()).toBe(12);
      await swatches.getByRole('radio', { name: 'Green, used by Morgan Reyes' }).waitFor();
      expect(await swatches.getByRole('radio', { name: 'Navy' }).count()).toBe(0);
      // Preselected: a swatch nobody has (issue #44 item 11), not the navy of Available for Requests.
      const preselected = swatches.locator('[aria-checked="true"]');
      expect(await preselected.count()).toBe(1);
      expect(await preselected.getAttribute('aria-label')).not.toMatch(/used by/);
      expect(await modal.getByText(/Default colour: the same navy as Available for Requests/).count()).toBe(0);
      await swatches.getByRole('radio', { name: 'Cyan', exact: true }).click();
      expect(await swatches.getByRole('radio', { name: 'Cyan', exact: true }).getAttribute('aria-checked')).toBe(
        'true',
      );
      await page.screenshot({ path: screenshotPath('board-new-user-desktop') });
      await modal.getByRole('button', { name: 'Create user' }).click();
      await modal.waitFor({ state: 'hidden' });

      // Jamal sees Cyan taken by Maria now, and takes Orange.
      modal = await newUser(page, 'Jamal', 'Reed');
      await modal.getByRole('radio', { name: 'Cyan, used by Maria Lopez' }).waitFor();
      await modal.getByRole('radio', { name: 'Cyan, used by Maria Lopez' }).hover();
      await page.getByRole('tooltip', { name: 'Used by Maria Lopez' }).waitFor();
      await page.screenshot({ path: screenshotPath('board-new-user-taken-desktop') });
      await modal.getByRole('radio', { name: 'Orange', exact: true }).click();
      await modal.getByRole('button', { name: 'Create user' }).click();
      await modal.waitFor({ state: 'hidden' });

      // Nia keeps the colour New User chose for her: one that none of the others has.
      modal = await newUser(page, 'Nia', 'Preset');
      await modal.getByRole('radio', { name: 'Orange, used by Jamal Reed' }).waitFor();
      await modal.getByRole('button', { name: 'Create user' }).click();
      await modal.waitFor({ state: 'hidden' });
      // Leo is created without a colour (as the API allows): the default navy.
      const leoCreated = await admin.post('/api/users', {
        firstName: 'Leo',
        lastName: 'Default',
        email: 'leo.default@example.test',
        role: 'Associate',
        password: TEST_PASSWORD,
      });
      expect(leoCreated.status).toBe(201);

      const users = await usersByName();
      expect(users.get('Maria Lopez')!.colorCode).toBe('#1098AD');
      expect(users.get('Jamal Reed')!.colorCode).toBe('#F76707');
      expect(users.get('Leo Default')!.colorCode).toBe('#0D1B41');
      const nia = users.get('Nia Preset')!.colorCode;
      expect(nia).not.toBe('#0D1B41');
      const others = [...users].filter(([name]) => name !== 'Nia Preset').map(([, user]) => user.colorCode);
      expect(others).not.toContain(nia);

      // The Users table points Leo out (and the demo's admin, also on the default), not Maria.
      const leo = page.getByRole('row', { name: /Leo Default/ });
      await leo.getByText('Default colour').waitFor();
      expect(
        await page
          .getByRole('row', { name: /Maria Lopez/ })
          .getByText('Default colour')
          .count(),
      ).toBe(0);
      await leo.getByText('Default colour').hover();
      await page.getByRole('tooltip', { name: "Pick a colour so this person's jobs stand out" }).waitFor();
      await page.screenshot({ path: screenshotPath('board-users-desktop') });

      // Edit Jamal: his Orange is checked, Maria's Cyan marked as hers, his own not marked as taken.
      await page.getByRole('button', { name: 'Edit Jamal Reed' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Jamal Reed' });
      expect(await edit.getByRole('radio', { name: 'Orange', exact: true }).getAttribute('aria-checked')).toBe('true');
      await edit.getByRole('radio', { name: 'Cyan, used by Maria Lopez' }).waitFor();
      await page.screenshot({ path: screenshotPath('board-edit-user-desktop') });
      await edit.getByRole('button', { name: 'Cancel' }).click();

      // The schedule's legend: Maria by her colour, Leo among those still on the default, with the hint.
      await page.goto('/scheduling');
      const legend = page.getByRole('list', { name: 'Colour legend' });
      await legend.getByRole('listitem').filter({ hasText: 'Maria Lopez' }).waitFor();
      const flagged = legend.locator('[data-flagged]');
      await flagged.filter({ hasText: 'Leo Default' }).filter({ hasText: 'default colour' }).waitFor();
      await flagged.getByLabel(/Pick a colour/).hover();
      await page
        .getByRole('tooltip', { name: /Leo Default.*Pick a colour so these people's jobs stand out/ })
        .waitFor();
      await page.screenshot({ path: screenshotPath('board-legend-desktop') });
      await context.close();

      // On a phone: the cards point Leo out too, and New User's swatches wrap onto the screen.
      const phone = await newContext(env.browser, env.app.url, PHONE);
      const small = await phone.newPage();
      await signIn(small, demoAccount(env.app.output, 'Company Admin'), '/admin/users');
      await small.getByText('Leo Default').waitFor();
      await small.screenshot({ path: screenshotPath('board-users-phone'), fullPage: true });
      await small.getByRole('button', { name: 'New User' }).click();
      const phoneModal = small.getByRole('dialog', { name: 'New User' });
      const last = (await phoneModal.getByRole('radio', { name: 'Steel blue' }).boundingBox())!;
      expect(last.x + last.width).toBeLessThanOrEqual(PHONE.width);
      await phoneModal.getByRole('radio', { name: 'Violet' }).scrollIntoViewIfNeeded();
      await small.screenshot({ path: screenshotPath('board-new-user-phone') });
      await phoneModal.getByRole('button', { name: 'Cancel' }).click();
      await small.getByRole('button', { name: 'Edit Maria Lopez' }).click();
      await small
        .getByRole('dialog', { name: 'Edit Maria Lopez' })
        .getByRole('radio', { name: 'Violet' })
        .scrollIntoViewIfNeeded();
      await small.screenshot({ path: screenshotPath('board-edit-user-phone') });
      await small.keyboard.press('Escape');
      await small.goto('/scheduling');
      // On a phone the legend is folded under the calendar's options (#44 item 10).
      await small.getByRole('button', { name: /^Filters and legend/ }).click();
      await small.getByRole('list', { name: 'Colour legend' }).locator('[data-flagged]').waitFor();
      await small
        .getByRole('list', { name: 'Colour legend' })
        .screenshot({ path: screenshotPath('board-legend-phone') });
      await phone.close();
    },
    within(120_000),
  );

  /** Today in the organization's zone at `hour`. */
  const todayAt = (hour: number, minute = 0) => DateTime.now().setZone(ZONE).startOf('day').set({ hour, minute });
  const utc = (at: DateTime) => at.toUTC().toISO({ suppressMilliseconds: true });

  /** A person of their own, so that nothing else shares their Timeline row. */
  async function crewOfOne(first: string, last: string, colorCode: string): Promise<string> {
    const created = await admin.post('/api/users', {
      firstName: first,
      lastName: last,
      email: `${first}.${last}.${Date.now()}@example.test`.toLowerCase(),
      role: 'Associate',
      password: TEST_PASSWORD,
      colorCode,
    });
    expect(created.status).toBe(201);
    return created.body.data.id;
  }

  async function createJob(jobModel: Record<string, unknown>) {
    const created = await admin.post('/api/recurrence-jobs', { jobModel });
    expect(created.status).toBe(201);
    return created.body.data as { id: string };
  }

  /** The text of `element` is not cut: it fits its box across and down. */
  const whole = (element: Locator) =>
    element.evaluate((el: any) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1);

  /** The view picker is a row of buttons at desktop width and a select on a phone. */
  async function chooseView(page: Page, label: string) {
    const buttons = page.getByRole('radiogroup', { name: 'Calendar view' });
    await page.getByRole('button', { name: 'Today' }).waitFor();
    if (await buttons.isVisible()) {
      await buttons.getByText(label, { exact: true }).click();
    } else {
      await page.locator('input[aria-label="Calendar view"]').click();
      await page.getByRole('option', { name: label, exact: true }).click();
    }
  }

  it(
    "shows a 30-minute job's name and a hover card in Timeline Day, and wraps long names in Week view",
    async () => {
      const [customer] = (await admin.get('/api/customers/lookup')).body as { id: string; name: string }[];
      const tess = await crewOfOne('Tess', 'Timeline', '#7048E8');
      const rio = await crewOfOne('Rio', 'Rows', '#8C5E3C');
      await createJob({
        name: 'Sprinkler check',
        startDateTime: utc(todayAt(10)),
        endDateTime: utc(todayAt(10, 30)),
        userIds: [tess, rio],
        leadUserId: tess,
        customerId: customer.id,
      });
      // Long names in long blocks, to be read whole in Week view.
      await createJob({
        name: 'Lakeview Apartments – weekly common areas and stairwells',
        startDateTime: utc(todayAt(12)),
        endDateTime: utc(todayAt(16)),
        userIds: [tess],
        customerId: customer.id,
      });
      await createJob({
        name: 'Maple Court – window check',
        startDateTime: utc(todayAt(16, 15)),
        endDateTime: utc(todayAt(17)),
        userIds: [tess],
      });

      const context = await newContext(env.browser, env.app.url, DESKTOP);
      const page = await context.newPage();
      await signIn(page, demoAccount(env.app.output, 'Customer Manager'), '/scheduling');
      await chooseView(page, 'Timeline Day');
      await page.getByRole('button', { name: 'Today' }).click();

      const bar = page.getByRole('button', { name: /^Sprinkler check, .*Tess Timeline$/ });
      await bar.scrollIntoViewIfNeeded();
      const name = bar.getByText('Sprinkler check', { exact: true });
      await name.waitFor();
      expect(await whole(name)).toBe(true);
      await bar.hover();
      const card = page.getByRole('tooltip', { name: /^Sprinkler check, / });
      await card.waitFor();
      await card.getByText('10:00 AM – 10:30 AM', { exact: false }).waitFor();
      await card.getByText(customer.name).waitFor();
      await card.getByText('Tess Timeline (lead), Rio Rows').waitFor();
      await page.screenshot({ path: screenshotPath('board-timeline-hover-desktop') });
      await page.mouse.move(5, 5);
      await card.waitFor({ state: 'hidden' });

      // Week view: the 4-hour block's name on several whole lines, the 45-minute one's name before anything.
      await chooseView(page, 'Week');
      await page.getByRole('button', { name: 'Today' }).click();
      const long = page.locator('.fc-event', { hasText: 'Lakeview Apartments' });
      await long.scrollIntoViewIfNeeded();
      const title = long.locator('.app-event-title');
      expect(await title.textContent()).toBe('Lakeview Apartments – weekly common areas and stairwells');
      expect(await whole(title)).toBe(true);
      expect((await title.boundingBox())!.height).toBeGreaterThan(30); // more than one line
      const short = page.locator('.fc-event', { hasText: 'Maple Court' });
      const shortName = short.locator('.app-event-name');
      expect((await shortName.boundingBox())!.height).toBeGreaterThan(10);
      await long.hover({ position: { x: 8, y: 8 } }); // its top-left corner: a demo job may overlap the rest
      await page
        .getByRole('tooltip', { name: /^Lakeview Apartments/ })
        .getByText('Tess Timeline', { exact: true })
        .waitFor();
      await page.screenshot({ path: screenshotPath('board-week-wrapped-desktop') });
      await context.close();

      // A phone: Day view wraps the name; Timeline Day's short bar keeps its name.
      const phone = await newContext(env.browser, env.app.url, PHONE);
      const small = await phone.newPage();
      await signIn(small, demoAccount(env.app.output, 'Customer Manager'), '/scheduling');
      const dayEvent = small.locator('.fc-event', { hasText: 'Lakeview Apartments' });
      await dayEvent.scrollIntoViewIfNeeded();
      expect(await whole(dayEvent.locator('.app-event-title'))).toBe(true);
      await small.screenshot({ path: screenshotPath('board-day-wrapped-phone') });
      await chooseView(small, 'Timeline Day');
      const phoneBar = small.getByRole('button', { name: /^Sprinkler check, .*Tess Timeline$/ });
      await phoneBar.scrollIntoViewIfNeeded();
      await phoneBar.getByText('Sprinkler check', { exact: true }).waitFor();
      await phoneBar.hover();
      await small.getByRole('tooltip', { name: /^Sprinkler check, / }).waitFor();
      await small.screenshot({ path: screenshotPath('board-timeline-hover-phone') });
      await phone.close();
    },
    within(120_000),
  );
});
