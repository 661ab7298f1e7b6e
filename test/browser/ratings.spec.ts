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
import { mailsWhen } from '../support/outbox';
import { within } from '../support/time';

/** Clicks the n-th star of a rating input (its radio is hidden; its label is the star), on the page or in a dialog. */
async function stars(scope: Page | Locator, n: number) {
  const id = await scope.locator(`input[aria-label="${n} stars"]`).getAttribute('id');
  await scope.locator(`label[for="${id}"]`).click();
}

/** A logo to upload: a navy tile with the company's initials, drawn by the browser. */
async function logoPng(page: Page): Promise<Buffer> {
  await page.setContent(
    '<div id="logo" style="display:inline-flex;align-items:center;gap:8px;padding:8px 14px;background:#fff;font:700 28px sans-serif;color:#0D1B41"><span style="background:#12b886;color:#fff;border-radius:6px;padding:2px 8px">CC</span>Demo Co</div>',
  );
  return page.locator('#logo').screenshot();
}

/** A customer rates a finished job from the e-mailed link; the associate and the managers see it live. */
describe('ratings in a browser', () => {
  const env = appInBrowser();
  const account = (role: Parameters<typeof demoAccount>[1]) => demoAccount(env.app.output, role);
  const api = (role: Parameters<typeof demoAccount>[1]) =>
    new ApiClient(env.app.url).signIn(account(role).email, account(role).password);

  /** A job of Alex's for Harbor View (or the customer given) that ended yesterday, and the link its rating request e-mailed. */
  async function ratedJob(name: string, customerId?: string) {
    const admin = await api('Company Admin');
    const staff: { id: string; fullName: string }[] = (await admin.get('/api/users/lookup')).body;
    const alex = staff.find((s) => s.fullName === 'Alex Kim')!;
    const customers: { id: string; name: string }[] = (await admin.get('/api/customers/lookup')).body;
    const harbor = customers.find((c) => c.name === 'Harbor View Apartments')!;
    const start = DateTime.now().setZone('America/New_York').minus({ days: 1 }).set({ hour: 9, minute: 0 });
    const created = await admin.post('/api/recurrence-jobs', {
      jobModel: {
        name,
        customerId: customerId ?? harbor.id,
        leadUserId: alex.id,
        userIds: [alex.id],
        startDateTime: start.toUTC().toISO(),
        endDateTime: start.plus({ hours: 1 }).toUTC().toISO(),
      },
    });
    expect(created.status).toBe(201);
    const requested = await admin.post('/api/ratings/request', { jobId: created.body.data.id });
    expect(requested.body).toEqual({ success: true, message: 'The rating request was sent' });
    const [mail] = await mailsWhen(env.app.dataDir, (m) => m.text.includes(`"${name}"`), 1);
    const link = /\/feedback\/[\w-]+/.exec(mail.text)![0];
    return { admin, harbor, link };
  }

  it(
    'takes the customer from the e-mailed link to the thank-you once, and shows the rating live to the associate and the manager',
    async () => {
      const { admin, harbor, link } = await ratedJob('Pressure washing');

      const associateContext = await newContext(env.browser, env.app.url, DESKTOP);
      const associate = await associateContext.newPage();
      await signIn(associate, account('Associate'), '/jobs');
      await associate.getByText('No results found').waitFor();
      const managerContext = await newContext(env.browser, env.app.url, DESKTOP);
      const manager = await managerContext.newPage();
      await signIn(manager, account('Customer Manager'), `/customers/${harbor.id}`);
      await manager.getByText('No ratings yet').waitFor();

      // The customer, on a phone: three stars without a comment are refused (spec §5), then sent with one.
      const customerContext = await newContext(env.browser, env.app.url, PHONE);
      const customer = await customerContext.newPage();
      await customer.goto(link);
      await customer.getByRole('heading', { name: 'How did we do?' }).waitFor();
      await customer.getByText(/Pressure washing · .* · with Alex Kim/).waitFor();
      await stars(customer, 3);
      await customer.getByRole('button', { name: 'Submit feedback' }).click();
      await customer.getByRole('alert').getByText('Please tell us what could have been better.').waitFor();
      await customer.screenshot({ path: screenshotPath('feedback-refused-phone') });
      await customer.getByRole('textbox', { name: 'Comments' }).fill('Good work, but the gate was left open.');
      await customer.getByRole('button', { name: 'Submit feedback' }).click();
      await customer.getByRole('heading', { name: 'Thank you for your feedback!' }).waitFor();
      await customer.screenshot({ path: screenshotPath('feedback-thanks-phone') });
      await customer.goto(link);
      await customer.getByRole('heading', { name: 'Feedback already submitted' }).waitFor();
      await customer.screenshot({ path: screenshotPath('feedback-already-phone') });

      // Alex's open My Job Ratings shows it without reload; a row opens to the comment.
      const row = associate.getByRole('row', { name: /Pressure washing/ });
      await row.waitFor({ timeout: LIVE_MS });
      await row.click();
      await associate.getByText('Good work, but the gate was left open.').waitFor();
      await associate.screenshot({ path: screenshotPath('my-job-ratings-desktop') });

      // The manager's open customer detail: the average and the job's stars.
      const details = manager.getByRole('region', { name: 'Customer details' });
      await details.getByText('3.00', { exact: true }).waitFor({ timeout: LIVE_MS });
      await details.getByText('(1 review)').waitFor();
      // A manager's edit (the API) moves the average, live.
      const ratings = (await admin.get(`/api/ratings/customer/${harbor.id}/paged`)).body.resultItems;
      const edited = await admin.patch(`/api/ratings/${ratings[0].id}`, { rating: 4, notes: ratings[0].comments });
      expect(edited.body).toEqual({ success: true, message: 'Job review has been updated' });
      await details.getByText('4.00', { exact: true }).waitFor({ timeout: LIVE_MS });
      await manager.screenshot({ path: screenshotPath('customer-rated-desktop'), fullPage: true });
      await customerContext.close();
      await associateContext.close();
      await managerContext.close();
    },
    within(120_000),
  );

  it(
    'shows My Job Ratings on a phone, and the feedback form at desktop width',
    async () => {
      const { link } = await ratedJob('Window cleaning');
      const customerContext = await newContext(env.browser, env.app.url, DESKTOP);
      const customer = await customerContext.newPage();
      await customer.goto(link);
      await stars(customer, 5);
      await customer.getByRole('textbox', { name: 'Comments' }).fill('Spotless.');
      await customer.screenshot({ path: screenshotPath('feedback-form-desktop') });
      await customer.getByRole('button', { name: 'Submit feedback' }).click();
      await customer.getByRole('heading', { name: 'Thank you for your feedback!' }).waitFor();

      const context = await newContext(env.browser, env.app.url, PHONE);
      const page = await context.newPage();
      await signIn(page, account('Associate'), '/jobs');
      const list = page.getByRole('list', { name: 'My job ratings' });
      await list.getByText('Window cleaning').click();
      await page.getByText('Spotless.').waitFor();
      await page.screenshot({ path: screenshotPath('my-job-ratings-phone'), fullPage: true });
      await customerContext.close();
      await context.close();
    },
    within(90_000),
  );

  it(
    "shows the organization's logo on the feedback page, and lets a manager edit the rating on the customer's detail",
    async () => {
      const admin = await api('Company Admin');
      // A customer of its own, so that its one job is on the first page of Jobs & Ratings and sets its average.
      const created = await admin.post('/api/customers', {
        name: 'Lakeside Dental',
        contactFirstName: 'Dana',
        contactEmail: 'dana@lakeside.example.test',
      });
      expect(created.status).toBe(201);
      const lakeside: string = created.body.data.id;
      const drawing = await newContext(env.browser, env.app.url, DESKTOP);
      const logo = await admin.upload('PUT', '/api/organization/settings/logo', await logoPng(await drawing.newPage()));
      expect(logo.status).toBe(200);
      await drawing.close();
      const { link } = await ratedJob('Gutter cleaning', lakeside);

      // The customer sees the organization's logo above its name, on a phone and at desktop width.
      const phoneContext = await newContext(env.browser, env.app.url, PHONE);
      const phone = await phoneContext.newPage();
      await phone.goto(link);
      const phoneLogo = phone.getByRole('img', { name: /logo$/ });
      await phoneLogo.waitFor();
      // Loaded (a logo that fails to load is left out) and at most 48 px high.
      const box = await phoneLogo.boundingBox();
      expect(box!.height).toBeGreaterThan(0);
      expect(box!.height).toBeLessThanOrEqual(48);
      await phone.screenshot({ path: screenshotPath('feedback-logo-phone') });
      const customerContext = await newContext(env.browser, env.app.url, DESKTOP);
      const customer = await customerContext.newPage();
      await customer.goto(link);
      await customer.getByRole('img', { name: /logo$/ }).waitFor();
      await stars(customer, 2);
      await customer.getByRole('textbox', { name: 'Comments' }).fill('The gutters still overflow.');
      await customer.screenshot({ path: screenshotPath('feedback-logo-desktop') });
      await customer.getByRole('button', { name: 'Submit feedback' }).click();
      await customer.getByRole('heading', { name: 'Thank you for your feedback!' }).waitFor();

      // The manager corrects it from the customer's detail: the row is marked, the original kept, the average follows.
      const managerContext = await newContext(env.browser, env.app.url, DESKTOP);
      const manager = await managerContext.newPage();
      await signIn(manager, account('Customer Manager'), `/customers/${lakeside}`);
      const details = manager.getByRole('region', { name: 'Customer details' });
      await details.getByText('2.00', { exact: true }).waitFor();
      await manager.getByRole('button', { name: 'Edit the rating of Gutter cleaning' }).click();
      const dialog = manager.getByRole('dialog', { name: 'Edit the rating of Gutter cleaning' });
      await dialog.getByRole('textbox', { name: 'Notes' }).fill('Fixed on a second visit; the customer agreed.');
      await stars(dialog, 5);
      await manager.screenshot({ path: screenshotPath('customer-rating-edit-desktop') });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await manager.getByText('Job review has been updated').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      const jobs = manager.getByRole('table', { name: 'Jobs & Ratings' });
      await jobs.getByText('Edited', { exact: true }).waitFor();
      await details.getByText('5.00', { exact: true }).waitFor({ timeout: LIVE_MS });
      await details.getByText('(1 review)').waitFor();
      await manager.getByRole('button', { name: 'Show the review of Gutter cleaning' }).click();
      await jobs.getByText('Fixed on a second visit; the customer agreed.').waitFor();
      await jobs.getByText('The gutters still overflow.').waitFor();
      await manager.screenshot({ path: screenshotPath('customer-rating-edited-desktop'), fullPage: true });

      // On a phone: the mark and the customer's words in the list, the edit dialog full screen.
      await signIn(phone, account('Customer Manager'), `/customers/${lakeside}`);
      const list = phone.getByRole('list', { name: 'Jobs' });
      await list.getByText('Edited', { exact: true }).waitFor();
      await phone.screenshot({ path: screenshotPath('customer-rated-phone'), fullPage: true });
      await list.getByRole('button', { name: 'Edit the rating of Gutter cleaning' }).click();
      await phone.getByRole('dialog', { name: 'Edit the rating of Gutter cleaning' }).waitFor();
      await phone.screenshot({ path: screenshotPath('customer-rating-edit-phone') });

      expect((await admin.delete('/api/organization/settings/logo')).status).toBe(200);
      await phoneContext.close();
      await customerContext.close();
      await managerContext.close();
    },
    within(120_000),
  );
});
