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
  signIn,
} from '../support/browser';
import { mailsWhen } from '../support/outbox';

/** Clicks the n-th star of the feedback form (its radio is hidden; its label is the star). */
async function stars(page: Page, n: number) {
  const id = await page.locator(`input[aria-label="${n} stars"]`).getAttribute('id');
  await page.locator(`label[for="${id}"]`).click();
}

/** A customer rates a finished job from the e-mailed link; the associate and the managers see it live. */
describe('ratings in a browser', () => {
  const env = appInBrowser();
  const account = (role: Parameters<typeof demoAccount>[1]) => demoAccount(env.app.output, role);
  const api = (role: Parameters<typeof demoAccount>[1]) =>
    new ApiClient(env.app.url).signIn(account(role).email, account(role).password);

  /** A job of Alex's for Harbor View that ended yesterday, and the link its rating request e-mailed. */
  async function ratedJob(name: string) {
    const admin = await api('Company Admin');
    const staff: { id: string; fullName: string }[] = (await admin.get('/api/users/lookup')).body;
    const alex = staff.find((s) => s.fullName === 'Alex Kim')!;
    const customers: { id: string; name: string }[] = (await admin.get('/api/customers/lookup')).body;
    const harbor = customers.find((c) => c.name === 'Harbor View Apartments')!;
    const start = DateTime.now().setZone('America/New_York').minus({ days: 1 }).set({ hour: 9, minute: 0 });
    const created = await admin.post('/api/recurrence-jobs', {
      jobModel: {
        name,
        customerId: harbor.id,
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

  it('takes the customer from the e-mailed link to the thank-you once, and shows the rating live to the associate and the manager', async () => {
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
  }, 120_000);

  it('shows My Job Ratings on a phone, and the feedback form at desktop width', async () => {
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
  }, 90_000);
});
