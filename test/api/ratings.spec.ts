import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { RequestRating } from '../../src/ratings/ratings.commands';
import { ApiClient, ApiResponse, expectError, startTestApp, TestApp, TestOrganization, TINY_PNG } from '../support/app';
import { kitFor } from '../support/given';
import { mailsWhen } from '../support/outbox';
import { nextPush, openSocket, TestSocket } from '../support/sockets';

/**
 * Ratings over HTTP: POST /api/ratings/request, the public GET and POST /api/feedback/{token},
 * GET /api/ratings/customer/{customerId}/paged, GET /api/ratings/current-user/paged, PATCH /api/ratings/{id},
 * and the ratings.changed push.
 */

const NOT_FOUND_LINK = 'This feedback link was not found.';
const ALREADY = 'This feedback has already been submitted.';

describe('ratings', () => {
  let app: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  let guest: ApiClient;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    app = await startTestApp();
    [org, other] = await Promise.all([app.organization('Rated'), app.organization('Other')]);
    guest = app.client();
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await app.stop();
  });

  const given = kitFor(() => org.manager);
  /** Acme, with an e-mail of its own unless `contactEmail` says otherwise. */
  const acme = (contactEmail: string | null = `c-${randomUUID().slice(0, 8)}@example.test`) =>
    given.customer({ name: 'Acme', contactEmail });
  /** A finished lawn-care job of the associate's for `customerId`, changed by `over`. */
  const lawnCare = async (customerId: string | null, over: Record<string, unknown> = {}) =>
    (
      await given.job({
        name: 'Lawn care',
        startDateTime: '2026-06-01T13:00:00Z',
        endDateTime: '2026-06-01T14:00:00Z',
        userIds: [org.associate.userId],
        customerId,
        ...over,
      })
    ).id;

  /** Requests a rating and returns the token from the e-mail's link. */
  const request = async (jobId: string, email: string, previous = 0) => {
    await given.ratingRequest(jobId);
    return tokenOf(email, previous);
  };
  const tokenOf = async (email: string, previous = 0) => {
    const mails = await mailsWhen(app.dataDir, (m) => m.to === email, previous + 1);
    const link = mails[mails.length - 1].text.split(/\s+/).find((w) => w.includes('/feedback/'))!;
    return link.slice(link.lastIndexOf('/') + 1);
  };

  it('sends a link that opens the job (twice, recording nothing) and takes one answer; a second is refused', async () => {
    const customer = await acme();
    const jobId = await lawnCare(customer.id);
    const token = await request(jobId, customer.contactEmail!);
    expect(token.length).toBeGreaterThanOrEqual(43);
    for (let i = 0; i < 2; i++) {
      const page = await guest.get(`/api/feedback/${token}`);
      expect(page.status).toBe(200);
      expect(page.body).toEqual({
        organizationName: expect.stringContaining('Rated'),
        logoUrl: null,
        jobName: 'Lawn care',
        jobDate: '2026-06-01',
        associateNames: ['Abe Associate'],
        submitted: false,
      });
    }
    expectError(
      await guest.post(`/api/feedback/${token}`, { rating: 3 }),
      400,
      'Please tell us what could have been better.',
    );
    expectError(
      await guest.post(`/api/feedback/${token}`, { rating: 3.5, comments: 'x' }),
      400,
      'The rating must be a whole number from 1 to 5.',
    );
    const both = await Promise.all([
      guest.post(`/api/feedback/${token}`, { rating: 3, comments: 'Missed a corner' }),
      app.client().post(`/api/feedback/${token}`, { rating: 5 }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 200)!.body).toEqual({ success: true });
    expectError(
      both.find((r) => r.status === 409)!,
      409,
      ALREADY,
    );
    expect((await guest.get(`/api/feedback/${token}`)).body.submitted).toBe(true);
    expectError(await guest.post(`/api/feedback/${token}`, { rating: 5 }), 409, ALREADY);
    expectError(await org.manager.post('/api/ratings/request', { jobId }), 409, 'This job has already been rated.');
  });

  it('answers 404 for an unknown or malformed token', async () => {
    expectError(await guest.get(`/api/feedback/${'A'.repeat(43)}`), 404, NOT_FOUND_LINK);
    expectError(await guest.get('/api/feedback/nonsense'), 404, NOT_FOUND_LINK);
    expectError(await guest.post(`/api/feedback/${'B'.repeat(43)}`, { rating: 5 }), 404, NOT_FOUND_LINK);
  });

  it('refuses a link after 30 days, and an older link once sent again', async () => {
    const customer = await acme();
    const jobId = await lawnCare(customer.id, {
      startDateTime: '2026-01-05T13:00:00Z',
      endDateTime: '2026-01-05T14:00:00Z',
    });
    const at = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await app.app.get(CommandBus).execute(
      new RequestRating(jobId, {
        organizationId: org.organizationId,
        actorUserId: org.manager.userId,
        correlationId: randomUUID(),
        causationId: null,
        at,
      }),
    );
    const old = await tokenOf(customer.contactEmail!);
    expectError(await guest.get(`/api/feedback/${old}`), 410, 'This feedback link has expired.');
    expectError(await guest.post(`/api/feedback/${old}`, { rating: 5 }), 410, 'This feedback link has expired.');
    const fresh = await request(jobId, customer.contactEmail!, 1);
    expect(fresh).not.toBe(old);
    expectError(await guest.post(`/api/feedback/${old}`, { rating: 5 }), 410, 'This feedback link has expired.');
    expect((await guest.post(`/api/feedback/${fresh}`, { rating: 5 })).status).toBe(200);
  });

  it('refuses a request for a job that has not ended, has no customer, or a customer without e-mail', async () => {
    const customer = await acme();
    const future = await lawnCare(customer.id, {
      startDateTime: '2030-01-01T13:00:00Z',
      endDateTime: '2030-01-01T14:00:00Z',
    });
    expectError(
      await org.manager.post('/api/ratings/request', { jobId: future }),
      400,
      'A rating can be requested once the job has ended.',
    );
    expectError(
      await org.manager.post('/api/ratings/request', { jobId: await lawnCare(null) }),
      400,
      'This job has no customer to rate it.',
    );
    const silent = await acme(null);
    expect((await org.manager.post('/api/ratings/request', { jobId: await lawnCare(silent.id) })).status).toBe(400);
    expect((await org.manager.post('/api/ratings/request', { jobId: randomUUID() })).status).toBe(404);
    expect((await other.manager.post('/api/ratings/request', { jobId: future })).status).toBe(404);
  });

  it('lists, pushes, edits with the original kept, and keeps the customer average; other organizations and associates are refused', async () => {
    const customer = await acme();
    const [first, second] = [await lawnCare(customer.id), await lawnCare(customer.id, { name: 'Hedges' })];
    const managerSocket = await openSocket(app.url, org.manager.cookie, sockets);
    const associateSocket = await openSocket(app.url, org.associate.cookie, sockets);
    const t1 = await request(first, customer.contactEmail!);
    const t2 = await request(second, customer.contactEmail!, 1);
    const pushes = [nextPush(managerSocket, 'ratings.changed'), nextPush(associateSocket, 'ratings.changed')];
    expect((await guest.post(`/api/feedback/${t1}`, { rating: 4, comments: 'Good' })).status).toBe(200);
    expect(await Promise.all(pushes)).toEqual([
      { organizationId: org.organizationId, ratingId: first, customerId: customer.id },
      { organizationId: org.organizationId, ratingId: first, customerId: customer.id },
    ]);
    expect((await guest.post(`/api/feedback/${t2}`, { rating: 5 })).status).toBe(200);

    const detail = async () => (await org.manager.get(`/api/customers/${customer.id}`)).body;
    expect(await detail()).toMatchObject({ averageRating: 4.5, totalReviews: 2 });
    const list = await org.manager.get(`/api/ratings/customer/${customer.id}/paged`);
    expect(list.body.totalRecords).toBe(2);
    expect(list.body.resultItems[0]).toMatchObject({
      id: second,
      rating: 5,
      notes: null,
      jobName: 'Hedges',
      customerName: 'Acme',
      associateNames: ['Abe Associate'],
      edited: false,
    });
    const mine = await org.associate.get('/api/ratings/current-user/paged');
    expect(mine.body.resultItems.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([first, second]));
    expect((await other.associate.get('/api/ratings/current-user/paged')).body).toEqual({
      resultItems: [],
      totalRecords: 0,
    });
    // Jobs & Ratings opens on today: the days of these jobs are asked for.
    const jobs = await org.manager.get(
      `/api/customers/${customer.id}/jobs/paged?fromDate=06/01/2026&toDate=06/01/2026`,
    );
    expect(jobs.body.resultItems.map((j: { rating: number }) => j.rating).sort()).toEqual([4, 5]);

    // Claims and organizations.
    expect((await org.associate.patch(`/api/ratings/${first}`, { rating: 1, notes: 'x' })).status).toBe(403);
    expect((await org.associate.get(`/api/ratings/customer/${customer.id}/paged`)).status).toBe(403);
    expect((await org.associate.post('/api/ratings/request', { jobId: first })).status).toBe(403);
    expect((await other.manager.patch(`/api/ratings/${first}`, { rating: 1, notes: 'x' })).status).toBe(404);
    expect((await other.manager.get(`/api/ratings/customer/${customer.id}/paged`)).status).toBe(404);

    const edited = nextPush(associateSocket, 'ratings.changed');
    const patch = await org.manager.patch(`/api/ratings/${first}`, { rating: 2, notes: 'Corrected' });
    expect(patch.body).toEqual({ success: true, message: 'Job review has been updated' });
    await edited;
    const after = (await org.manager.get(`/api/ratings/customer/${customer.id}/paged`)).body.resultItems.find(
      (r: { id: string }) => r.id === first,
    );
    expect(after).toMatchObject({
      rating: 2,
      notes: 'Corrected',
      edited: true,
      original: { rating: 4, comments: 'Good' },
      history: [
        { rating: 4, comments: 'Good', by: 'customer' },
        { rating: 2, comments: 'Corrected', by: org.manager.userId },
      ],
    });
    expect(await detail()).toMatchObject({ averageRating: 3.5, totalReviews: 2 });
  });

  it("serves the organization's logo to the feedback page by its token, and names no logo when there is none", async () => {
    const customer = await acme();
    const jobId = await lawnCare(customer.id, { name: 'Roof check' });
    const token = await request(jobId, customer.contactEmail!);
    expect((await guest.get(`/api/feedback/${token}`)).body.logoUrl).toBeNull();
    expectError(await guest.get(`/api/feedback/${token}/logo`), 404, 'The logo was not found.');

    const uploaded = await org.admin.upload('PUT', '/api/organization/settings/logo', TINY_PNG, 'logo.png');
    expect(uploaded.status).toBe(200);
    const page = await guest.get(`/api/feedback/${token}`);
    expect(page.body.logoUrl).toBe(`/api/feedback/${token}/logo`);
    const logo = await fetch(app.url + page.body.logoUrl);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(logo.headers.get('x-content-type-options')).toBe('nosniff');
    expect(logo.headers.get('content-security-policy')).toMatch(/sandbox/);
    expect(Buffer.from(await logo.arrayBuffer()).equals(TINY_PNG)).toBe(true);

    expectError(await guest.get(`/api/feedback/${'C'.repeat(43)}/logo`), 404, NOT_FOUND_LINK);
    expectError(await guest.get('/api/feedback/nonsense/logo'), 404, NOT_FOUND_LINK);
    // Another organization's logo is its own: this link still shows this organization's.
    await other.admin.upload('PUT', '/api/organization/settings/logo', TINY_PNG, 'other.png');
    expect((await fetch(app.url + page.body.logoUrl)).status).toBe(200);
    expect((await org.admin.delete('/api/organization/settings/logo')).status).toBe(200);
    expect((await guest.get(`/api/feedback/${token}`)).body.logoUrl).toBeNull();
    expect((await fetch(app.url + page.body.logoUrl)).status).toBe(404);
  });

  // Last: it uses up this address's allowance.
  it('limits the public calls per address: opening pages, then submitting', async () => {
    const unknown = 'A'.repeat(43);
    let opened = 0;
    let refused: ApiResponse | null = null;
    while (!refused && opened < 200) {
      const response = await guest.get(`/api/feedback/${unknown}`);
      if (response.status === 429) refused = response;
      else opened++;
    }
    expectError(refused!, 429, 'Too many feedback pages opened from this network. Try again in 60 minutes.');
    expect(opened).toBeLessThanOrEqual(120);
    let sent = 0;
    refused = null;
    while (!refused && sent < 100) {
      const response = await guest.post(`/api/feedback/${unknown}`, { rating: 5 });
      if (response.status === 429) refused = response;
      else sent++;
    }
    expectError(refused!, 429, 'Too many feedback submissions from this network. Try again in 60 minutes.');
    expect(sent).toBeLessThanOrEqual(30);
  });
});
