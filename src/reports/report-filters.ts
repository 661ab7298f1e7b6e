import { DateTime } from 'luxon';
import { isUuid } from '../core/clock';
import { NotFoundError, ValidationError } from '../core/errors';

import type { ReadStore } from '../core/read-store/read-store.port';
import { organizationZone, UserDoc, userOf } from '../identity/identity.read-models';
import { REPORT_DATE_FORMAT, REPORT_DEFAULT_DAYS, ReportFilters } from '../shared/reports';
import { dayIn, startRange } from '../scheduling/calendar-range';
import { HiddenJobs, hiddenJobsFor, JobViewer, NO_HIDDEN_JOBS } from '../scheduling/job-visibility';

/** A report's filters, checked: the range as instants and as the days asked, and who it is narrowed to. */
export interface ResolvedFilters {
  organizationId: string;
  timeZone: string;
  /** [from, to) as UTC ISO instants with milliseconds (as `startsAt` and `jobStartsAt` are stored). */
  range: { from: string; to: string };
  fromDate: string;
  toDate: string;
  /** Named as the report's source names it (now, or at the report's position). */
  customer: ReportFilterCustomer | null;
  employee: UserDoc | null;
  /** The jobs hidden from the viewer: their timers and ratings are not the viewer's rows (job-visibility.ts). */
  hidden: HiddenJobs;
}

/** The customer a report is narrowed to. */
export interface ReportFilterCustomer {
  _id: string;
  label: string;
}

/**
 * The customer of an id in the organization as a report's source knows it (deleted ones too: their past jobs and
 * ratings are still reported); null when it knows none.
 */
export type CustomerLookup = (customerId: string) => Promise<ReportFilterCustomer | null>;

/**
 * fromDate and toDate (MM/DD/YYYY, whole days in the organization's zone, both included; the last 30 days
 * ending today by default, spec §9), and the customer or employee to narrow to: another organization's (or
 * no such) id is a 404, as their records are everywhere else.
 */
export async function resolveFilters(
  store: ReadStore,
  organizationId: string,
  filters: ReportFilters,
  now: Date,
  /** Whose rows: jobs hidden from them are left out; null for every job (the audit log's days: Company Admins only). */
  viewer: JobViewer | null,
  /** Where the customer filter is looked up: the report's source (null where a report has no customer filter). */
  customers: CustomerLookup | null,
): Promise<ResolvedFilters> {
  const timeZone = await organizationZone(store, organizationId);
  const today = DateTime.fromJSDate(now, { zone: timeZone }).startOf('day');
  const lastDay = filters.toDate ? dayIn(filters.toDate, timeZone) : today;
  if (!lastDay) throw new ValidationError('To date must be a date (MM/DD/YYYY)');
  const toDate = lastDay.toFormat(REPORT_DATE_FORMAT);
  const fromDate = filters.fromDate || lastDay.minus({ days: REPORT_DEFAULT_DAYS - 1 }).toFormat(REPORT_DATE_FORMAT);
  const { from, to } = startRange(fromDate, toDate, timeZone);
  const instant = (iso: string | null) => new Date(Date.parse(iso!)).toISOString();
  const [customer, employee, hidden] = await Promise.all([
    filters.customerId && customers ? customerOf(customers, filters.customerId) : null,
    filters.employeeId ? employeeOf(store, organizationId, filters.employeeId) : null,
    viewer ? hiddenJobsFor(store, organizationId, viewer) : NO_HIDDEN_JOBS,
  ]);
  return {
    organizationId,
    timeZone,
    range: { from: instant(from), to: instant(to) },
    fromDate,
    toDate,
    customer,
    employee,
    hidden,
  };
}

async function customerOf(customers: CustomerLookup, customerId: string) {
  const found = isUuid(customerId) ? await customers(customerId) : null;
  if (!found) throw new NotFoundError('The customer');
  return found;
}

async function employeeOf(store: ReadStore, organizationId: string, userId: string) {
  const found = isUuid(userId) ? await userOf(store, organizationId, userId) : null;
  if (!found) throw new NotFoundError('The employee');
  return found;
}

/** Hours between two instants, to 2 decimals (spec §9); null while the timer runs. */
export function hoursBetween(start: string, end: string | null): number | null {
  if (!end) return null;
  return Math.round(Math.max(0, Date.parse(end) - Date.parse(start)) / 36_000) / 100;
}

/** Miles of a mileage reading, to 2 decimals; null unless both ends are there. */
export function milesBetween(start: number | null, end: number | null): number | null {
  return start === null || end === null ? null : Math.round((end - start) * 100) / 100;
}

export const round2 = (value: number) => Math.round(value * 100) / 100;

/** The average of some stars to 2 decimals, null without any. */
export function averageOf(stars: number[]): number | null {
  return stars.length ? round2(stars.reduce((a, b) => a + b, 0) / stars.length) : null;
}
