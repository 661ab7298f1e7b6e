import { AS_OF_POSITION_MESSAGE } from '../../src/as-of/moment';
import ExcelJS from 'exceljs';
import { DateTime } from 'luxon';
import { ApiClient, ApiResponse, expectError, startTestApp, TestApp, TestOrganization } from '../support/app';
import { kitFor } from '../support/given';
import { mailsWhen } from '../support/outbox';
import { within } from '../support/time';

/**
 * The Jobs and Ratings reports as of a moment (#17 item 4): asOf or asOfPosition on the pages, the summaries and
 * the spreadsheets; every spreadsheet records the position it was read at, and exporting again at it gives the
 * same rows whatever changed since.
 */

const ZONE = 'America/New_York';

type Row = Record<string, unknown>;

describe('reports as of a moment', () => {
  let app: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  const today = DateTime.now().setZone(ZONE).startOf('day');
  const at = (daysAgo: number, hour: number, minute = 0) =>
    today.minus({ days: daysAgo }).set({ hour, minute }).toUTC().toISO()!;
  let lawnCustomer: string;
  let lawnJob: string;
  let lawnTimer: string;
  let tripTimer: string;

  /** The query as the wire takes it: a numeric asOfPosition as the client's organization's token (issue #24). */
  const search = (query: Record<string, string | number>, client: ApiClient) =>
    new URLSearchParams(
      Object.entries(query).map(
        ([k, v]) =>
          [
            k,
            k === 'asOfPosition' && typeof v === 'number'
              ? app.positionToken(client === other.manager ? other.organizationId : org.organizationId, v)
              : String(v),
          ] as [string, string],
      ),
    );
  const get = (path: string, query: Record<string, string | number> = {}, client = org.manager) =>
    client.get(`${path}?${search(query, client)}`);

  /** The spreadsheet's report sheet as rows of values, and its 'About this export' as name → value. */
  const exported = async (path: string, query: Record<string, string | number> = {}, client = org.manager) => {
    const response = await fetch(`${app.url}${path}?${search(query, client)}`, { headers: { cookie: client.cookie } });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await response.arrayBuffer()) as ArrayBuffer);
    const [sheet, about] = workbook.worksheets;
    const rows = sheet.getSheetValues().slice(1) as unknown[];
    const info = Object.fromEntries(
      about
        .getSheetValues()
        .slice(2)
        .map((row) => [(row as unknown[])[1], (row as unknown[])[2]]),
    ) as Row;
    // The position is the organization's token; the harness reads the number it stands for.
    const token = info['Event position'] as string;
    const organizationId = client === other.manager ? other.organizationId : org.organizationId;
    return { rows, about: info, token, position: app.positionOf(organizationId, token)! };
  };

  beforeAll(async () => {
    app = await startTestApp();
    [org, other] = await Promise.all([app.organization('As of'), app.organization('Elsewhere')]);
    expect((await org.admin.patch('/api/organization/settings', { timeZone: ZONE })).status).toBe(200);
    const given = kitFor(org.manager);
    ({ id: lawnCustomer } = await given.customer({
      name: 'Maple Lawns',
      contactEmail: `maple-${Date.now()}@example.test`,
      billingFrequency: 'Monthly',
    }));
    ({ id: lawnJob } = await given.job({
      name: 'Lawn care',
      number: 'J-1',
      startDateTime: at(2, 9),
      endDateTime: at(2, 11),
      userIds: [org.associate.userId],
      customerId: lawnCustomer,
    }));
    const associate = kitFor(org.associate);
    ({ id: lawnTimer } = await associate.timer({ jobId: lawnJob, startDateTime: at(2, 9), endDateTime: at(2, 10) }));
    ({ id: tripTimer } = await associate.timer({
      mileageStart: 100,
      startDateTime: at(3, 8),
      endDateTime: at(3, 9),
      mileageEnd: 112.5,
    }));
    await given.ratingRequest(lawnJob);
    const [mail] = await mailsWhen(app.dataDir, (m) => m.text.includes('"Lawn care"'), 1);
    const token = /\/feedback\/([\w-]+)/.exec(mail.text)![1];
    expect((await app.client().post(`/api/feedback/${token}`, { rating: 4, comments: 'Edges missed' })).status).toBe(
      200,
    );
    // The other organization's timer in the same days: never in this organization's reports, at any moment.
    await kitFor(other.associate).timer({ label: 'Theirs', startDateTime: at(2, 8), endDateTime: at(2, 12) });
  }, within(60_000));
  afterAll(() => app.stop());

  it('shows the earlier values as of an export’s position, the new ones now, and exports the same rows again', async () => {
    const jobsThen = await exported('/api/jobs-report');
    const ratingsThen = await exported('/api/ratings-report');
    const moment = jobsThen.position;
    expect(moment).toBeGreaterThan(0);
    expect(jobsThen.about['As of']).toBeUndefined();
    expect(jobsThen.about.Rows).toBe(2);
    // A date and time between the export and the changes below: the log as it stood then.
    await new Promise((resolve) => setTimeout(resolve, 10));
    const instant = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 10));

    // After the moment: the lawn timer runs an hour longer, the trip has more miles, a manager edits the rating,
    // and the customer is renamed and billed weekly.
    expect((await org.associate.patch(`/api/time/${lawnTimer}`, { endDateTime: at(2, 11) })).status).toBe(200);
    expect((await org.associate.patch(`/api/time/${tripTimer}`, { mileageEnd: 130 })).status).toBe(200);
    expect((await org.manager.patch(`/api/ratings/${lawnJob}`, { rating: 2, notes: 'Redone' })).status).toBe(200);
    expect(
      (await org.manager.patch(`/api/customers/${lawnCustomer}`, { name: 'Maple Gardens', billingFrequency: 'Weekly' }))
        .status,
    ).toBe(200);

    const lawnRow = (page: ApiResponse) => page.body.resultItems.find((r: Row) => r.id === lawnTimer);
    const tripRow = (page: ApiResponse) => page.body.resultItems.find((r: Row) => r.id === tripTimer);
    const now = await get('/api/jobs-report/paged');
    expect(now.body.totalRecords).toBe(2);
    expect(lawnRow(now)).toMatchObject({
      hours: 2,
      rating: 2,
      customerName: 'Maple Gardens',
      customerBillingFrequency: 'Weekly',
    });
    expect(tripRow(now)).toMatchObject({ mileageStart: 100, mileageEnd: 130 });
    const then = await get('/api/jobs-report/paged', { asOfPosition: moment });
    expect(then.body.totalRecords).toBe(2);
    expect(lawnRow(then)).toMatchObject({
      endDateTime: new Date(at(2, 10)).toISOString(),
      hours: 1,
      rating: 4,
      jobName: 'Lawn care',
      customerName: 'Maple Lawns',
      customerBillingFrequency: 'Monthly',
    });
    expect(tripRow(then)).toMatchObject({ mileageStart: 100, mileageEnd: 112.5 });
    const atInstant = await get('/api/jobs-report/paged', { asOf: instant });
    expect(lawnRow(atInstant)).toMatchObject({ hours: 1, rating: 4, customerName: 'Maple Lawns' });
    expect(tripRow(atInstant)).toMatchObject({ mileageEnd: 112.5 });

    const summaryNow = await get('/api/jobs-report/summary');
    expect(summaryNow.body.totals).toEqual({ rows: 2, hours: 3, mileage: 30, averageRating: 2 });
    const summaryThen = await get('/api/jobs-report/summary', { asOfPosition: moment });
    expect(summaryThen.body.totals).toEqual({ rows: 2, hours: 2, mileage: 12.5, averageRating: 4 });
    expect(summaryThen.body.hoursByCustomer).toEqual(
      expect.arrayContaining([
        { name: 'Maple Lawns', hours: 1 },
        { name: 'No customer', hours: 1 },
      ]),
    );

    expect((await get('/api/ratings-report/paged')).body.resultItems).toEqual([
      expect.objectContaining({ id: lawnJob, rating: 2, comments: 'Redone', customerName: 'Maple Gardens' }),
    ]);
    expect((await get('/api/ratings-report/paged', { asOfPosition: moment })).body.resultItems).toEqual([
      expect.objectContaining({
        id: lawnJob,
        rating: 4,
        comments: 'Edges missed',
        customerName: 'Maple Lawns',
        jobNumber: 'J-1',
        associateName: expect.stringContaining('Abe'),
      }),
    ]);
    const ratingsSummaryThen = await get('/api/ratings-report/summary', { asOfPosition: moment });
    expect(ratingsSummaryThen.body.totals).toEqual({ ratings: 1, averageRating: 4 });

    // Exported again at the moment: the same rows, and the moment in words; now: the new values at a later position.
    const jobsAgain = await exported('/api/jobs-report', { asOfPosition: moment });
    expect(jobsAgain.rows).toEqual(jobsThen.rows);
    expect(jobsAgain.position).toBe(moment);
    expect(typeof jobsAgain.about['As of']).toBe('string');
    const ratingsAgain = await exported('/api/ratings-report', { asOfPosition: ratingsThen.position });
    expect(ratingsAgain.rows).toEqual(ratingsThen.rows);
    const jobsNow = await exported('/api/jobs-report');
    expect(jobsNow.position).toBeGreaterThan(moment);
    expect(jobsNow.rows).not.toEqual(jobsThen.rows);

    // More changes (a timer deleted, one added, a name changed): the moment still exports the same rows.
    expect((await org.associate.delete(`/api/time/${tripTimer}`)).status).toBe(200);
    await kitFor(org.associate).timer({ label: 'Later', startDateTime: at(1, 9), endDateTime: at(1, 10) });
    expect((await org.manager.patch(`/api/customers/${lawnCustomer}`, { name: 'Maple Woods' })).status).toBe(200);
    expect((await exported('/api/jobs-report', { asOfPosition: moment })).rows).toEqual(jobsThen.rows);
    expect((await exported('/api/ratings-report', { asOfPosition: moment })).rows).toEqual(ratingsThen.rows);
    expect((await get('/api/jobs-report/paged', { asOfPosition: moment })).body.totalRecords).toBe(2);
    expect((await get('/api/jobs-report/paged')).body.totalRecords).toBe(2);

    // Another organization's rows never appear, now or at any moment; theirs are theirs at that moment too.
    const queries: Record<string, number>[] = [{}, { asOfPosition: moment }, { asOfPosition: Number.MAX_SAFE_INTEGER }];
    for (const query of queries) {
      const ours = await get('/api/jobs-report/paged', query);
      expect(ours.body.resultItems.map((r: Row) => r.label)).not.toContain('Theirs');
      const theirs = await get('/api/jobs-report/paged', query, other.manager);
      expect(theirs.body.resultItems.map((r: Row) => r.label)).toEqual(['Theirs']);
    }
    const theirExport = await exported('/api/jobs-report', { asOfPosition: moment }, other.manager);
    expect(theirExport.about.Rows).toBe(1);

    // A position past the read models' is recorded as theirs: exported again there, the rows are the same.
    const beyond = await exported('/api/jobs-report', { asOfPosition: Number.MAX_SAFE_INTEGER });
    expect(beyond.position).toBeLessThan(Number.MAX_SAFE_INTEGER);
    expect(beyond.rows).toEqual((await exported('/api/jobs-report')).rows);
    expect((await exported('/api/jobs-report', { asOfPosition: beyond.position })).rows).toEqual(beyond.rows);
  });

  it('takes asOf as a date and time, and names the moment on the second sheet', async () => {
    const asOf = DateTime.now().setZone(ZONE).toISO()!;
    expect((await get('/api/jobs-report/paged', { asOf })).status).toBe(200);
    expect((await get('/api/ratings-report/summary', { asOf })).status).toBe(200);
    const { about } = await exported('/api/jobs-report', { asOf });
    expect(about['As of']).toEqual(expect.any(String));
    expect(about['Event position']).toEqual(expect.stringMatching(/^[0-9a-f]{32}$/));
  });

  it('names the customer a report is narrowed to as it was at the position, or as it is now if added since', async () => {
    const before = await exported('/api/jobs-report');
    const { id: renamed } = await kitFor(org.manager).customer({ name: 'Birch Yards' });
    const { id: added } = await kitFor(org.manager).customer({ name: 'Cedar Courts' });
    const middle = await exported('/api/jobs-report');
    expect((await org.manager.patch(`/api/customers/${renamed}`, { name: 'Birch Gardens' })).status).toBe(200);

    const customerAt = async (customerId: string, position?: number) =>
      (await exported('/api/jobs-report', position ? { customerId, asOfPosition: position } : { customerId })).about;
    expect((await customerAt(renamed, middle.position)).Customer).toBe('Birch Yards');
    expect((await customerAt(renamed)).Customer).toBe('Birch Gardens');
    // Not yet a customer at the position: named as now, with no rows then.
    const notYet = await customerAt(added, before.position);
    expect(notYet).toMatchObject({ Customer: 'Cedar Courts', Rows: 0 });
    // The pages narrow the same way, now and as of a moment.
    expect((await get('/api/jobs-report/paged', { customerId: added, asOfPosition: before.position })).status).toBe(
      200,
    );
    // Another organization's customer is not one of this organization's, at any position.
    const { id: theirs } = await kitFor(other.manager).customer({ name: 'Theirs Inc' });
    const queries: Record<string, string | number>[] = [
      { customerId: theirs },
      { customerId: theirs, asOfPosition: middle.position },
    ];
    for (const query of queries) {
      expectError(await get('/api/jobs-report', query), 404, 'The customer was not found.');
      expectError(await get('/api/jobs-report/paged', query), 404, 'The customer was not found.');
    }
  });

  it('refuses a bad moment with a message', async () => {
    for (const path of ['/api/jobs-report/paged', '/api/jobs-report/summary', '/api/ratings-report']) {
      expectError(
        await get(path, { asOf: 'yesterday' }),
        400,
        'asOf must be a date and time (ISO 8601), got "yesterday"',
      );
      expectError(await get(path, { asOfPosition: 'ten' }), 400, AS_OF_POSITION_MESSAGE);
      expectError(await get(path, { asOfPosition: '-1' }), 400, AS_OF_POSITION_MESSAGE);
      // A bare log position, and another organization's token, are not moments of this organization.
      expectError(await get(path, { asOfPosition: '12' }), 400, AS_OF_POSITION_MESSAGE);
      expectError(
        await get(path, { asOfPosition: app.positionToken(other.organizationId, 1) }),
        400,
        AS_OF_POSITION_MESSAGE,
      );
      expectError(
        await get(path, { asOf: new Date().toISOString(), asOfPosition: 1 }),
        400,
        'Give either asOf or asOfPosition, not both',
      );
    }
    expectError(
      await get('/api/jobs-report/paged', { asOf: 'x'.repeat(100) }),
      400,
      'asOf must be at most 40 characters',
    );
  });

  it('needs reports.read as of a moment too', async () => {
    for (const path of [
      '/api/jobs-report/paged',
      '/api/jobs-report/summary',
      '/api/jobs-report',
      '/api/ratings-report',
    ])
      expect((await get(path, { asOfPosition: 1 }, org.associate)).status).toBe(403);
    expect((await app.client().get('/api/ratings-report/paged?asOfPosition=1')).status).toBe(401);
  });
});
