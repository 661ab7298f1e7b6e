import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { DateTime } from 'luxon';
import { ReportExportHandler } from '../../src/reports/reports.queries';
import { REPORT_EXPORT_MAX_ROWS } from '../../src/shared/reports';
import { expectError, startTestApp, TestApp, TestOrganization } from '../support/app';
import { kitFor } from '../support/given';
import { mailsWhen } from '../support/outbox';
import { within } from '../support/time';

/**
 * The Jobs and Ratings reports over HTTP (#15): GET /api/jobs-report/paged, /summary and the spreadsheet, and
 * the same for /api/ratings-report; filters, the default range, paging, sorting, claims, other organizations'
 * ids, and the .xlsx read back with exceljs.
 */

const ZONE = 'America/New_York';

describe('reports', () => {
  let app: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  /** Today in New York, and instants of its days. */
  const today = DateTime.now().setZone(ZONE).startOf('day');
  const at = (daysAgo: number, hour: number, minute = 0) =>
    today.minus({ days: daysAgo }).set({ hour, minute }).toUTC().toISO()!;
  const mmddyyyy = (daysAgo: number) => today.minus({ days: daysAgo }).toFormat('MM/dd/yyyy');
  let lawnCustomer: string;
  let officeCustomer: string;
  let ratedJob: string;

  const paged = (path: string, query: Record<string, string | number> = {}, client = org.manager) =>
    client.get(
      `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]))}`,
    );

  beforeAll(async () => {
    app = await startTestApp();
    [org, other] = await Promise.all([app.organization('Reported'), app.organization('Other')]);
    expect((await org.admin.patch('/api/organization/settings', { timeZone: ZONE })).status).toBe(200);
    const given = kitFor(org.manager);
    const customer = async (name: string, billingFrequency: string, contactEmail: string | null = null) =>
      (await given.customer({ name, contactEmail, billingFrequency })).id;
    lawnCustomer = await customer('Maple Lawns', 'Monthly', `maple-${randomUUID().slice(0, 6)}@example.test`);
    officeCustomer = await customer('Office Park', 'Weekly');
    const crew = [org.associate.userId];
    const { id: lawnJob } = await given.job({
      name: 'Lawn care',
      number: 'J-100',
      startDateTime: at(2, 9),
      endDateTime: at(2, 11),
      userIds: crew,
      customerId: lawnCustomer,
    });
    const { id: officeJob } = await given.job({
      name: 'Office clean',
      number: 'J-200',
      startDateTime: at(5, 18),
      endDateTime: at(5, 20),
      userIds: crew,
      customerId: officeCustomer,
    });
    ratedJob = lawnJob;
    // Associate: 1 h 20 min on the lawn job two days ago; a mileage trip of 12.5 miles; a late-evening
    // timer on the day 10 days ago (after midnight UTC); one 40 days ago, outside the default range.
    const associate = kitFor(org.associate);
    await associate.timer({ jobId: lawnJob, startDateTime: at(2, 9), endDateTime: at(2, 10, 20) });
    await associate.timer({ mileageStart: 100, startDateTime: at(3, 8), endDateTime: at(3, 8, 45), mileageEnd: 112.5 });
    await associate.timer({ label: 'Late paperwork', startDateTime: at(10, 23, 30), endDateTime: at(10, 23, 45) });
    await associate.timer({ label: 'Long ago', startDateTime: at(40, 9), endDateTime: at(40, 10) });
    // Manager: 2 h on the office job.
    await kitFor(org.manager).timer({ jobId: officeJob, startDateTime: at(5, 18), endDateTime: at(5, 20) });
    // The lawn job is rated 4 stars by its customer.
    await given.ratingRequest(lawnJob);
    const [mail] = await mailsWhen(app.dataDir, (m) => m.text.includes('"Lawn care"'), 1);
    const token = /\/feedback\/([\w-]+)/.exec(mail.text)![1];
    const submitted = await app.client().post(`/api/feedback/${token}`, { rating: 4, comments: 'Edges missed' });
    expect(submitted.status).toBe(200);
  }, within(60_000));
  afterAll(() => app.stop());

  describe('the Jobs report', () => {
    it('defaults to the last 30 days in the time zone, start ascending, with each row as the spec lists it', async () => {
      const page = await paged('/api/jobs-report/paged');
      expect(page.status).toBe(200);
      expect(page.body.totalRecords).toBe(4);
      // A job timer started without a label of its own is labelled with its job's name (#26 item 8).
      expect(page.body.resultItems.map((r: { label: string | null }) => r.label)).toEqual([
        'Late paperwork',
        'Office clean',
        null,
        'Lawn care',
      ]);
      const lawn = page.body.resultItems[3];
      expect(lawn).toEqual({
        id: expect.any(String),
        associateName: expect.stringContaining('Abe'),
        label: 'Lawn care',
        timerType: 'Job',
        startDateTime: new Date(at(2, 9)).toISOString(),
        endDateTime: new Date(at(2, 10, 20)).toISOString(),
        hours: 1.33,
        mileageStart: null,
        mileageEnd: null,
        rating: 4,
        jobName: 'Lawn care',
        customerName: 'Maple Lawns',
        customerBillingFrequency: 'Monthly',
      });
      expect(page.body.resultItems[2]).toMatchObject({
        timerType: 'Mileage',
        mileageStart: 100,
        mileageEnd: 112.5,
        hours: 0.75,
      });
    });

    it('takes whole days in the time zone, an employee or a customer, pages and sorts', async () => {
      // 10 days ago at 23:30 in New York is already the next day in UTC: still that day here.
      const day = await paged('/api/jobs-report/paged', { fromDate: mmddyyyy(10), toDate: mmddyyyy(10) });
      expect(day.body.resultItems.map((r: { label: string }) => r.label)).toEqual(['Late paperwork']);
      const long = await paged('/api/jobs-report/paged', { fromDate: mmddyyyy(45), toDate: mmddyyyy(0) });
      expect(long.body.totalRecords).toBe(5);
      const manager = await paged('/api/jobs-report/paged', { employeeId: org.manager.userId });
      expect(manager.body.resultItems.map((r: { jobName: string }) => r.jobName)).toEqual(['Office clean']);
      const lawn = await paged('/api/jobs-report/paged', { customerId: lawnCustomer });
      expect(lawn.body.resultItems.map((r: { jobName: string }) => r.jobName)).toEqual(['Lawn care']);
      const second = await paged('/api/jobs-report/paged', { pageSize: 3, currentPage: 2 });
      expect(second.body).toEqual({
        resultItems: [expect.objectContaining({ jobName: 'Lawn care' })],
        totalRecords: 4,
      });
      const newest = await paged('/api/jobs-report/paged', { sortDir: 'desc', pageSize: 1 });
      expect(newest.body.resultItems[0].jobName).toBe('Lawn care');
    });

    it('adds up the range: hours, miles, the jobs’ average rating, hours by employee and by customer', async () => {
      const summary = await paged('/api/jobs-report/summary');
      expect(summary.body).toEqual({
        timeZone: ZONE,
        fromDate: mmddyyyy(29),
        toDate: mmddyyyy(0),
        totals: { rows: 4, hours: 4.33, mileage: 12.5, averageRating: 4 },
        hoursByEmployee: [
          { name: expect.stringContaining('Abe'), hours: 2.33 },
          { name: expect.stringContaining('Mona'), hours: 2 },
        ],
        // The mileage trip and the late paperwork have no customer: 0.75 + 0.25 hours.
        hoursByCustomer: [
          { name: 'Office Park', hours: 2 },
          { name: 'Maple Lawns', hours: 1.33 },
          { name: 'No customer', hours: 1 },
        ],
      });
    });

    it('refuses bad filters with a message, and other organizations’ customers and employees with a 404', async () => {
      expectError(
        await paged('/api/jobs-report/paged', { fromDate: '2026-11-01' }),
        400,
        'From date must be a date (MM/DD/YYYY)',
      );
      expectError(
        await paged('/api/jobs-report/paged', { toDate: '13/45/2026' }),
        400,
        'To date must be a date (MM/DD/YYYY)',
      );
      expectError(
        await paged('/api/jobs-report/paged', { fromDate: mmddyyyy(1), toDate: mmddyyyy(3) }),
        400,
        'To date cannot be before From date',
      );
      expectError(await paged('/api/jobs-report/paged', { sortDir: 'up' }), 400, 'sortDir must be asc or desc');
      expectError(
        await paged('/api/jobs-report/paged', { fromDate: 'x'.repeat(500) }),
        400,
        'From date must be at most 20 characters',
      );
      const theirs = await kitFor(other.manager).customer({ name: 'Theirs', contactFirstName: 'Tao' });
      expectError(await paged('/api/jobs-report/paged', { customerId: theirs.id }), 404, 'The customer was not found.');
      expectError(await paged('/api/jobs-report', { customerId: theirs.id }), 404, 'The customer was not found.');
      expectError(
        await paged('/api/jobs-report/paged', { employeeId: other.associate.userId }),
        404,
        'The employee was not found.',
      );
      expectError(
        await paged('/api/jobs-report/paged', { employeeId: 'not-an-id' }),
        404,
        'The employee was not found.',
      );
      // The other organization's report has none of these rows.
      expect((await paged('/api/jobs-report/paged', {}, other.manager)).body).toEqual({
        resultItems: [],
        totalRecords: 0,
      });
    });

    it('refuses a range over a year on every report, summary, export, the audit log and tracked times (#24)', async () => {
      const message =
        'A date range can cover at most 366 days (a year). Choose a later From date or an earlier To date.';
      const huge = { fromDate: '01/01/0001', toDate: '12/30/9999' };
      for (const path of [
        '/api/jobs-report/paged',
        '/api/jobs-report/summary',
        '/api/jobs-report',
        '/api/ratings-report/paged',
        '/api/ratings-report/summary',
        '/api/ratings-report',
        '/api/time/paged',
        '/api/time/user/paged',
      ])
        expectError(await paged(path, huge, org.admin), 400, message);
      expectError(await paged('/api/audit', huge, org.admin), 400, message);
      expectError(await paged('/api/audit/export', huge, org.admin), 400, message);
      // A year and a day is over; a leap year's 366 days are not.
      expectError(
        await paged('/api/ratings-report/summary', { fromDate: '01/01/2023', toDate: '01/02/2024' }),
        400,
        message,
      );
      expect(
        (await paged('/api/ratings-report/summary', { fromDate: '01/01/2024', toDate: '12/31/2024' })).status,
      ).toBe(200);
    });

    it('needs reports.read', async () => {
      for (const path of [
        '/api/jobs-report/paged',
        '/api/jobs-report/summary',
        '/api/jobs-report',
        '/api/ratings-report/paged',
      ])
        expect((await paged(path, {}, org.associate)).status).toBe(403);
      expect((await app.client().get('/api/jobs-report/paged')).status).toBe(401);
    });
  });

  describe('the Ratings report', () => {
    it('lists answered ratings by job date with the job, its number and staff, and adds them up', async () => {
      const page = await paged('/api/ratings-report/paged');
      expect(page.body).toEqual({
        resultItems: [
          {
            id: ratedJob,
            customerName: 'Maple Lawns',
            jobDate: new Date(at(2, 9)).toISOString(),
            jobName: 'Lawn care',
            jobNumber: 'J-100',
            associateName: expect.stringContaining('Abe'),
            rating: 4,
            comments: 'Edges missed',
          },
        ],
        totalRecords: 1,
      });
      expect((await paged('/api/ratings-report/paged', { customerId: officeCustomer })).body.totalRecords).toBe(0);
      const summary = await paged('/api/ratings-report/summary');
      expect(summary.body.totals).toEqual({ ratings: 1, averageRating: 4 });
      expect(summary.body.distribution).toEqual(
        [1, 2, 3, 4, 5].map((rating) => ({ rating, count: rating === 4 ? 1 : 0 })),
      );
      expect(summary.body.periodUnit).toBe('week');
      const weeks = summary.body.averageOverTime as { period: string; averageRating: number | null; ratings: number }[];
      // Built from the ratings read, not from the calendar: one rated week, one entry.
      expect(weeks).toEqual([
        { period: today.minus({ days: 2 }).startOf('week').toISODate(), averageRating: 4, ratings: 1 },
      ]);
      const year = await paged('/api/ratings-report/summary', { fromDate: mmddyyyy(364), toDate: mmddyyyy(0) });
      expect(year.body.periodUnit).toBe('month');
    });
  });

  describe('the spreadsheets', () => {
    const download = async (path: string, query: Record<string, string> = {}) => {
      const response = await fetch(`${app.url}${path}?${new URLSearchParams(query)}`, {
        headers: { cookie: org.manager.cookie },
      });
      return { response, bytes: Buffer.from(await response.arrayBuffer()) };
    };
    const read = async (bytes: Buffer) => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
      return workbook;
    };

    it('writes the Jobs report with typed cells in the time zone, a frozen bold header, a filter and totals that follow it', async () => {
      const { response, bytes } = await download('/api/jobs-report');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="export.xlsx"');
      const workbook = await read(bytes);
      const sheet = workbook.getWorksheet('Jobs Report')!;
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
        'Employee',
        'Label',
        'Type',
        `Start (${ZONE})`,
        `End (${ZONE})`,
        'Hours',
        'Mileage start',
        'Mileage end',
        'Miles',
        'Rating',
        'Job',
        'Customer',
        'Billing frequency',
      ]);
      expect(sheet.getRow(1).font?.bold).toBe(true);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.autoFilter).toBeTruthy();
      expect(sheet.rowCount).toBe(6); // header, 4 rows, totals

      const lawn = sheet.getRow(5);
      // 9:00 in New York is written as 9:00 (Excel dates have no zone).
      expect(lawn.getCell(4).value).toEqual(
        new Date(
          Date.UTC(
            today.minus({ days: 2 }).year,
            today.minus({ days: 2 }).month - 1,
            today.minus({ days: 2 }).day,
            9,
            0,
          ),
        ),
      );
      expect(lawn.getCell(4).numFmt).toBe('mm/dd/yyyy h:mm AM/PM');
      expect(lawn.getCell(6).value).toBe(1.33);
      expect(lawn.getCell(6).numFmt).toBe('0.00');
      expect(lawn.getCell(2).value).toBe('Lawn care');
      expect(lawn.getCell(10).value).toBe(4);
      expect(lawn.getCell(10).numFmt).toBe('0.00');
      expect(lawn.getCell(12).value).toBe('Maple Lawns');
      expect(lawn.getCell(13).value).toBe('Monthly');
      const trip = sheet.getRow(4);
      expect([trip.getCell(7).value, trip.getCell(8).value, trip.getCell(9).value]).toEqual([100, 112.5, 12.5]);

      const totals = sheet.getRow(6);
      expect(totals.font?.bold).toBe(true);
      expect(totals.getCell(1).value).toEqual({
        formula: '"Total ("&SUBTOTAL(103,A2:A5)&" rows)"',
        result: 'Total (4 rows)',
      });
      expect(totals.getCell(6).value).toEqual({ formula: 'SUBTOTAL(109,F2:F5)', result: 4.33 });
      expect(totals.getCell(9).value).toEqual({ formula: 'SUBTOTAL(109,I2:I5)', result: 12.5 });

      const about = workbook.getWorksheet('About this export')!;
      const pairs = Object.fromEntries(
        about
          .getSheetValues()
          .slice(2)
          .map((row) => [(row as unknown[])[1], (row as unknown[])[2]]),
      );
      expect(pairs).toMatchObject({
        Report: 'Jobs Report',
        'From date': mmddyyyy(29),
        'To date': mmddyyyy(0),
        'Time zone': ZONE,
        Customer: 'All customers',
        Employee: 'All employees',
        Rows: 4,
      });
      expect(pairs[`Exported at (${ZONE})`]).toBeInstanceOf(Date);
      // Read at one position of the log (test/api/reports-as-of.spec.ts exports it again there).
      expect(pairs['Event position']).toEqual(expect.stringMatching(/^[0-9a-f]{32}$/));
      expect(pairs['As of']).toBeUndefined();
    });

    it('writes the Ratings report, and an empty range as a header and a zero total', async () => {
      const workbook = await read((await download('/api/ratings-report')).bytes);
      const sheet = workbook.getWorksheet('Ratings Report')!;
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
        'Customer',
        `Job date (${ZONE})`,
        'Job',
        'Job #',
        'Associates',
        'Rating',
        'Comments',
      ]);
      expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([
        'Maple Lawns',
        new Date(
          Date.UTC(today.minus({ days: 2 }).year, today.minus({ days: 2 }).month - 1, today.minus({ days: 2 }).day, 9),
        ),
        'Lawn care',
        'J-100',
        expect.stringContaining('Abe'),
        4,
        'Edges missed',
      ]);
      const empty = await read(
        (await download('/api/jobs-report', { fromDate: mmddyyyy(200), toDate: mmddyyyy(199) })).bytes,
      );
      const emptySheet = empty.getWorksheet('Jobs Report')!;
      expect(emptySheet.rowCount).toBe(2);
      expect(emptySheet.getRow(2).getCell(1).value).toBe('Total (0 rows)');
    });

    it('refuses an export over the rows a sheet holds before writing anything', async () => {
      const handler = app.app.get(ReportExportHandler);
      handler.maxRows = 3;
      try {
        const { response, bytes } = await download('/api/jobs-report');
        expect(response.status).toBe(400);
        expect(JSON.parse(bytes.toString()).errors[0]).toBe(
          'This report has 4 rows, more than a spreadsheet holds (3). Choose a shorter date range or a customer.',
        );
      } finally {
        handler.maxRows = REPORT_EXPORT_MAX_ROWS;
      }
    });
  });
});
