import { describe, expect, it } from 'vitest';
import {
  apiDate,
  defaultRange,
  JOBS_REPORT_URL,
  newRowsCount,
  newRowsLabel,
  OTHERS,
  pagedReportUrl,
  periodLabel,
  pickerDate,
  RATINGS_REPORT_URL,
  reportCountUrl,
  reportDateTime,
  reportTimeRange,
  reportExportUrl,
  reportSummaryUrl,
  shortLabel,
  topWithOthers,
  twoDecimals,
} from './reports';

describe('reports', () => {
  it("defaults to the last 30 days, today included, in the organization's zone", () => {
    // 02:30 UTC on Nov 25 is still Nov 24 in New York.
    const now = new Date('2026-11-25T02:30:00Z');
    expect(defaultRange('America/New_York', now)).toEqual({ fromDate: '10/26/2026', toDate: '11/24/2026' });
    expect(defaultRange('UTC', now)).toEqual({ fromDate: '10/27/2026', toDate: '11/25/2026' });
  });

  it('builds the query strings in a stable order, leaving out empty filters', () => {
    const filters = { fromDate: '10/26/2026', toDate: '11/24/2026', customerId: '', employeeId: 'u 1' };
    expect(pagedReportUrl(JOBS_REPORT_URL, filters, { currentPage: 2, pageSize: 50, sortDir: 'asc' })).toBe(
      '/api/jobs-report/paged?fromDate=10%2F26%2F2026&toDate=11%2F24%2F2026&employeeId=u+1&currentPage=2&pageSize=50&sortDir=asc',
    );
    expect(reportCountUrl(RATINGS_REPORT_URL, { customerId: 'c1' })).toBe(
      '/api/ratings-report/paged?customerId=c1&currentPage=1&pageSize=1&sortDir=asc',
    );
    expect(reportSummaryUrl(JOBS_REPORT_URL, { fromDate: '10/26/2026' })).toBe(
      '/api/jobs-report/summary?fromDate=10%2F26%2F2026',
    );
    expect(reportExportUrl(RATINGS_REPORT_URL, {})).toBe('/api/ratings-report');
  });

  it('reads the report as of a moment in the paged rows, the summary and the download alike', () => {
    const filters = { customerId: 'c1', asOf: '2026-11-20T14:30:00Z' };
    const asOf = 'asOf=2026-11-20T14%3A30%3A00Z';
    expect(pagedReportUrl(JOBS_REPORT_URL, filters, { currentPage: 1, pageSize: 50, sortDir: 'asc' })).toContain(asOf);
    expect(reportSummaryUrl(JOBS_REPORT_URL, filters)).toBe(`/api/jobs-report/summary?customerId=c1&${asOf}`);
    expect(reportExportUrl(RATINGS_REPORT_URL, filters)).toBe(`/api/ratings-report?customerId=c1&${asOf}`);
    expect(reportExportUrl(RATINGS_REPORT_URL, { asOf: '' })).toBe('/api/ratings-report');
  });

  it('writes hours, mileage and ratings to 2 decimals', () => {
    expect(twoDecimals(1234.5)).toBe('1,234.50');
    expect(twoDecimals(0)).toBe('0.00');
    expect(twoDecimals(4.666)).toBe('4.67');
    expect(twoDecimals(null)).toBe('—');
    expect(twoDecimals(Number.NaN)).toBe('—');
  });

  it("writes date-times in the organization's zone", () => {
    expect(reportDateTime('2026-11-24T14:00:00Z', 'America/New_York')).toBe('Nov 24, 2026, 9:00 AM');
    expect(reportTimeRange('2026-11-24T14:00:00Z', '2026-11-24T16:30:00Z', 'America/New_York')).toBe(
      'Nov 24, 2026, 9:00 AM – 11:30 AM',
    );
    expect(reportTimeRange('2026-11-24T14:00:00Z', '2026-11-25T16:30:00Z', 'America/New_York')).toBe(
      'Nov 24, 2026, 9:00 AM – Nov 25, 2026, 11:30 AM',
    );
    expect(reportTimeRange('2026-11-24T14:00:00Z', null, 'UTC')).toBe('Nov 24, 2026, 2:00 PM – Running');
  });

  it('counts and words the new rows', () => {
    expect(newRowsLabel(1)).toBe('1 new row');
    expect(newRowsLabel(3)).toBe('3 new rows');
    expect(newRowsCount(10, 13)).toBe(3);
    expect(newRowsCount(10, 9)).toBe(0);
    expect(newRowsCount(undefined, 9)).toBe(0);
  });

  it("keeps a chart's ten largest and adds up the rest as Others", () => {
    const items = Array.from({ length: 13 }, (_, i) => ({ name: `E${i}`, hours: i + 0.5 }));
    const top = topWithOthers(items);
    expect(top).toHaveLength(11);
    expect(top[0]).toEqual({ name: 'E12', hours: 12.5 });
    expect(top[10]).toEqual({ name: OTHERS, hours: 0.5 + 1.5 + 2.5 });
    expect(topWithOthers(items.slice(0, 11))).toHaveLength(11);
  });

  it('shortens labels and names periods', () => {
    expect(shortLabel('Christopher Montgomery')).toBe('Christopher Mon…');
    expect(shortLabel('Harbor View Apartments', 13)).toBe('Harbor View…');
    expect(shortLabel('Alex Kim')).toBe('Alex Kim');
    expect(periodLabel('2026-11-23', 'week')).toBe('Nov 23');
    expect(periodLabel('2026-11-01', 'month')).toBe('Nov 2026');
  });

  it("converts between the API's and the picker's dates", () => {
    expect(pickerDate('11/24/2026')).toBe('2026-11-24');
    expect(pickerDate('')).toBeNull();
    expect(apiDate('2026-11-24')).toBe('11/24/2026');
    expect(apiDate(null)).toBe('');
  });
});
