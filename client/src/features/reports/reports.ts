import { DateTime } from 'luxon';
import type { SortDir } from '../../shared/pagedQuery';
import { REPORT_DATE_FORMAT, REPORT_DEFAULT_DAYS, type ReportFilters } from '../../../../src/shared/reports';

export const JOBS_REPORT_URL = '/api/jobs-report';
export const RATINGS_REPORT_URL = '/api/ratings-report';
export type ReportBase = typeof JOBS_REPORT_URL | typeof RATINGS_REPORT_URL;

/** The spreadsheet's name on disk (spec §7). */
export const EXPORT_FILE_NAME = 'export.xlsx';

/** Spec §9: the last 30 days, today included, as whole days in the organization's zone (MM/DD/YYYY). */
export function defaultRange(zone: string, now: Date = new Date()): { fromDate: string; toDate: string } {
  const today = DateTime.fromJSDate(now).setZone(zone).startOf('day');
  return {
    fromDate: today.minus({ days: REPORT_DEFAULT_DAYS - 1 }).toFormat(REPORT_DATE_FORMAT),
    toDate: today.toFormat(REPORT_DATE_FORMAT),
  };
}

/** A report's filters on screen: the API's, the moment it is read as of among them (issue #17). */
export type ReportScreenFilters = ReportFilters;

/** The filters as query parameters, in a stable order; empty ones are left out. */
function filterParams(filters: ReportScreenFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['fromDate', 'toDate', 'customerId', 'employeeId', 'asOf', 'asOfPosition'] as const) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  return params;
}

const withQuery = (url: string, params: URLSearchParams) => {
  const query = params.toString();
  return query ? `${url}?${query}` : url;
};

/** GET …/paged: one page of rows by start (job date), `sortDir` ascending by default. */
export function pagedReportUrl(
  base: ReportBase,
  filters: ReportScreenFilters,
  page: { currentPage: number; pageSize: number; sortDir: SortDir },
): string {
  const params = filterParams(filters);
  params.set('currentPage', String(page.currentPage));
  params.set('pageSize', String(page.pageSize));
  params.set('sortDir', page.sortDir);
  return withQuery(`${base}/paged`, params);
}

/** The count alone (a page of one row): what a push notice checks before offering a refresh. */
export const reportCountUrl = (base: ReportBase, filters: ReportScreenFilters) =>
  pagedReportUrl(base, filters, { currentPage: 1, pageSize: 1, sortDir: 'asc' });

/** GET …/summary: the totals and the charts over every page. */
export const reportSummaryUrl = (base: ReportBase, filters: ReportScreenFilters) =>
  withQuery(`${base}/summary`, filterParams(filters));

/** GET /api/jobs-report (or /api/ratings-report): the spreadsheet. */
export const reportExportUrl = (base: ReportBase, filters: ReportScreenFilters) =>
  withQuery(base, filterParams(filters));

/** Spec §9: hours, mileage and ratings to 2 decimals ('1,234.50'); nothing as '—'. */
export function twoDecimals(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** A mileage reading as typed on the odometer ('12,034.5'), or '—'. */
export function mileageReading(value: number | null): string {
  return value === null ? '—' : value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/** 'Nov 24, 2026, 9:00 AM' in the organization's zone. */
export const reportDateTime = (iso: string, zone: string) =>
  DateTime.fromISO(iso, { setZone: true }).setZone(zone).toFormat('LLL d, yyyy, h:mm a');

/** A card's 'Nov 24, 2026, 9:00 AM – 11:30 AM' (the end's date too when it ends another day; 'Running' without one). */
export function reportTimeRange(startIso: string, endIso: string | null, zone: string): string {
  const start = reportDateTime(startIso, zone);
  if (endIso === null) return `${start} – Running`;
  const from = DateTime.fromISO(startIso, { setZone: true }).setZone(zone);
  const to = DateTime.fromISO(endIso, { setZone: true }).setZone(zone);
  return `${start} – ${from.hasSame(to, 'day') ? to.toFormat('h:mm a') : reportDateTime(endIso, zone)}`;
}

/** 'Nov 24, 2026' in the organization's zone. */
export const reportDate = (iso: string, zone: string) =>
  DateTime.fromISO(iso, { setZone: true }).setZone(zone).toFormat('LLL d, yyyy');

/** '1 new row', '3 new rows'. */
export const newRowsLabel = (count: number) => `${count} new ${count === 1 ? 'row' : 'rows'}`;

export { newRowsCount } from '../../shared/pagedQuery';

export const OTHERS = 'Others';

/**
 * A bar chart's categories readable on a phone: the `limit` largest (the input comes largest first), the
 * rest added up as 'Others'.
 */
export function topWithOthers(items: readonly { name: string; hours: number }[], limit = 10) {
  const sorted = [...items].sort((a, b) => b.hours - a.hours);
  if (sorted.length <= limit + 1) return sorted;
  const rest = sorted.slice(limit).reduce((sum, item) => sum + item.hours, 0);
  return [...sorted.slice(0, limit), { name: OTHERS, hours: Math.round(rest * 100) / 100 }];
}

/** A chart's axis label cut to fit: 'Christopher Montgo…'. */
export const shortLabel = (text: string, max = 16) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

/** The average-over-time chart's period: 'Nov 24' (the week's Monday) or 'Nov 2026' (a month). */
export function periodLabel(period: string, unit: 'week' | 'month'): string {
  const date = DateTime.fromISO(period, { zone: 'UTC' });
  if (!date.isValid) return period;
  return date.toFormat(unit === 'week' ? 'LLL d' : 'LLL yyyy');
}

/** The API's MM/DD/YYYY and the date picker's YYYY-MM-DD, each way ('' stays ''). */
export const pickerDate = (api: string) => (api ? `${api.slice(6, 10)}-${api.slice(0, 2)}-${api.slice(3, 5)}` : null);
export const apiDate = (picker: string | null) =>
  picker ? `${picker.slice(5, 7)}/${picker.slice(8, 10)}/${picker.slice(0, 4)}` : '';
