import { DateTime } from 'luxon';
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

/** An associate requests an open job on Home while a manager's Job Schedule is open; the manager approves. */
describe('job requests in a browser', () => {
  const env = appInBrowser();

  it(
    "a request appears live in the manager's table and badge; the approval reaches the associate",
    async () => {
      const admin = await new ApiClient(env.app.url).signIn(
        demoAccount(env.app.output, 'Company Admin').email,
        demoAccount(env.app.output, 'Company Admin').password,
      );
      // 19:00-21:00, when the demo organization has no job: at 10:00 the associate's own 'Lawn and hedges'
      // lay over it on the days they lead it, and took the click.
      const start = DateTime.now()
        .setZone('America/New_York')
        .plus({ days: 1 })
        .set({ hour: 19, minute: 0, second: 0, millisecond: 0 });
      const created = await admin.post('/api/recurrence-jobs', {
        jobModel: {
          name: 'Skylight cleaning',
          startDateTime: start.toUTC().toISO(),
          endDateTime: start.plus({ hours: 2 }).toUTC().toISO(),
        },
      });
      expect(created.status).toBe(201);

      const managerContext = await newContext(env.browser, env.app.url, DESKTOP);
      const manager = await managerContext.newPage();
      await signIn(manager, demoAccount(env.app.output, 'Customer Manager'), '/scheduling');
      const table = manager.getByRole('table', { name: 'Job requests' });
      await manager.getByText('There are no job requests at this time').waitFor();

      const associateContext = await newContext(env.browser, env.app.url, PHONE);
      const associate = await associateContext.newPage();
      await signIn(associate, demoAccount(env.app.output, 'Associate'), '/');
      // Tomorrow, which may be in next week's view.
      await (
        await stepUntilShown(associate, associate.locator('.fc-event', { hasText: 'Skylight cleaning' }).first(), 3)
      ).click();
      const drawer = associate.getByRole('dialog');
      await drawer.getByText('This job is available for requests.').waitFor();
      await associate.screenshot({ path: screenshotPath('home-request-job-phone') });
      await drawer.getByRole('button', { name: 'Request job' }).click();
      await associate.getByText('Your request has been processed and a customer manager has been notified').waitFor();
      await drawer.getByText('You requested this job.').waitFor();

      // The manager's screen gains the row and the badge without reload.
      await table.getByRole('row', { name: /Skylight cleaning/ }).waitFor({ timeout: LIVE_MS });
      await manager
        .getByRole('navigation', { name: 'Main' })
        .getByLabel('1 pending job request')
        .waitFor({ timeout: LIVE_MS });
      await table.scrollIntoViewIfNeeded();
      await manager.screenshot({ path: screenshotPath('schedule-job-requests-desktop') });

      // The same table on a phone.
      const phoneContext = await newContext(env.browser, env.app.url, PHONE);
      const phone = await phoneContext.newPage();
      await signIn(phone, demoAccount(env.app.output, 'Customer Manager'), '/scheduling');
      // A card per request rather than a table wider than the screen.
      await phone
        .getByRole('list', { name: 'Job requests' })
        .getByRole('listitem', { name: 'Alex Kim: Skylight cleaning' })
        .waitFor();
      await phone.getByRole('heading', { name: 'Job Requests' }).scrollIntoViewIfNeeded();
      await phone.screenshot({ path: screenshotPath('schedule-job-requests-phone') });
      await phoneContext.close();

      await table.getByRole('button', { name: /^Approve Alex Kim's request for Skylight cleaning/ }).click();
      await manager.getByText('The request was approved').waitFor();
      await manager.getByText('There are no job requests at this time').waitFor({ timeout: LIVE_MS });
      // The associate's open screen hears the outcome, and the job is theirs.
      await associate
        .getByText('Your request for Skylight cleaning was approved. It is on your calendar.')
        .waitFor({ timeout: LIVE_MS });
      await drawer.getByText('Alex Kim').waitFor(); // the open drawer follows: assigned now, no request button
      expect(await drawer.getByRole('button', { name: 'Request job' }).count()).toBe(0);
      await associate.screenshot({ path: screenshotPath('home-request-approved-phone') });
      const job = await admin.get(`/api/jobs/${created.body.data.id}`);
      expect(job.body.users.map((u: { fullName: string }) => u.fullName)).toEqual(['Alex Kim']);
      await managerContext.close();
      await associateContext.close();
    },
    within(120_000),
  );
});
