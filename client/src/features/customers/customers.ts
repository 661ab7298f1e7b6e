import { DateTime } from 'luxon';
import { ATTACHMENTS_PAGE_SIZE, CUSTOMER_JOBS_PAGE_SIZE, CUSTOMERS_PAGE_SIZE } from '../../../../src/shared/paging';
import {
  CUSTOMER_JOBS_DAYS_AHEAD,
  CUSTOMER_JOBS_DAYS_BACK,
  CUSTOMER_STATUS_VALUES,
  type AttachmentView,
  type CustomerJobReview,
  type CustomerJobView,
  type CustomerView,
} from '../../../../src/shared/customers';
import type { PagedQuery } from '../../shared/pagedQuery';
import { UPLOAD_MAX_BYTES } from '../../../../src/shared/uploads';

export { customerLabel } from '../../../../src/shared/customers';
export type Customer = CustomerView;
export type CustomerStatus = CustomerView['status'];
export const CUSTOMER_STATUSES = CUSTOMER_STATUS_VALUES;

export const CUSTOMERS_URL = '/api/customers';
export const customerUrl = (id: string) => `${CUSTOMERS_URL}/${encodeURIComponent(id)}`;
/** The days Jobs & Ratings shows, as the API takes them (MM/DD/YYYY, both included). */
export interface CustomerJobsDays {
  fromDate: string;
  toDate: string;
}

export const customerJobsUrl = (id: string, page: number, days: CustomerJobsDays) =>
  `${customerUrl(id)}/jobs/paged?currentPage=${page}&pageSize=${CUSTOMER_JOBS_PAGE_SIZE}` +
  `&fromDate=${encodeURIComponent(days.fromDate)}&toDate=${encodeURIComponent(days.toDate)}`;

/** Jobs & Ratings opens on today: 30 days back to 60 ahead in the organization's zone (the server's default too). */
export function customerJobsDefaultDays(zone: string, now: Date = new Date()): CustomerJobsDays {
  const today = DateTime.fromJSDate(now).setZone(zone).startOf('day');
  return {
    fromDate: today.minus({ days: CUSTOMER_JOBS_DAYS_BACK }).toFormat('MM/dd/yyyy'),
    toDate: today.plus({ days: CUSTOMER_JOBS_DAYS_AHEAD }).toFormat('MM/dd/yyyy'),
  };
}

/** Which part of Jobs & Ratings a row is in: today's and upcoming visits (listed soonest first) or past ones. */
export function customerJobWhen(startIso: string, zone: string, now: Date = new Date()): 'upcoming' | 'past' {
  const today = DateTime.fromJSDate(now).setZone(zone).startOf('day');
  return DateTime.fromISO(startIso, { setZone: true }) >= today ? 'upcoming' : 'past';
}
export const ATTACHMENTS_URL = '/api/attachments';
export const customerAttachmentsUrl = (customerId: string, page: number) =>
  `${ATTACHMENTS_URL}/customer/${encodeURIComponent(customerId)}/paged?currentPage=${page}&pageSize=${ATTACHMENTS_PAGE_SIZE}`;
export const attachmentUrl = (id: string) => `${ATTACHMENTS_URL}/${encodeURIComponent(id)}`;

/** The Customer List's columns that sort (spec §2: name, email, phone, status). */
export const CUSTOMER_SORT_COLUMNS = ['name', 'email', 'phone', 'status'] as const;
export type CustomerSortBy = (typeof CUSTOMER_SORT_COLUMNS)[number];

export interface CustomersQuery extends PagedQuery {
  sortBy: CustomerSortBy;
  [key: string]: string | number | boolean;
}

/** Spec §9: customers sort by name descending, 20 a page. */
export const INITIAL_CUSTOMERS_QUERY: CustomersQuery = {
  filter: '',
  sortBy: 'name',
  sortDir: 'desc',
  currentPage: 1,
  pageSize: CUSTOMERS_PAGE_SIZE,
};

/** A column header's click: the same column turns its direction; another starts ascending, from page 1. */
export function sortedBy(query: CustomersQuery, column: CustomerSortBy): CustomersQuery {
  const sortDir = query.sortBy === column ? (query.sortDir === 'asc' ? 'desc' : 'asc') : 'asc';
  return { ...query, sortBy: column, sortDir, currentPage: 1 };
}

/** The contact's full name. */
export const contactName = (c: Pick<Customer, 'contactFirstName' | 'contactLastName'>) =>
  [c.contactFirstName, c.contactLastName].filter(Boolean).join(' ');

/** The address as lines for the detail screen: street lines, then 'City, ST 00000', then the country. */
export function addressLines(c: Customer): string[] {
  const place = [[c.city, c.state].filter(Boolean).join(', '), c.postalCode].filter(Boolean).join(' ');
  return [c.address1, c.address2, place, c.country].filter((line): line is string => !!line);
}

/** A customer document (GET /api/attachments/customer/{customerId}/paged) and a row of Jobs & Ratings. */
export type Attachment = AttachmentView;
export type CustomerJob = CustomerJobView;
export type { CustomerJobReview };

/** '2.4 MB', '830 KB', '12 bytes'. */
export function fileSizeLabel(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
}

/** What the server accepts, by content (the picker's hint; the server checks the bytes). */
export const ACCEPTED_DOCUMENTS =
  '.pdf,.png,.jpg,.jpeg,.gif,.webp,.txt,.csv,.docx,.xlsx,.pptx,application/pdf,image/png,image/jpeg,image/gif,image/webp,text/plain,text/csv';
export const ACCEPTED_DOCUMENTS_HINT = 'PDF, image, text, CSV, Word, Excel or PowerPoint, up to 2.5 MB';

/** Checked before sending: a file, and not over 2.5 MB. */
export function documentProblem(file: File | null): string | null {
  if (!file) return 'Choose a file to upload';
  if (file.size > UPLOAD_MAX_BYTES) return 'The file is too large. The maximum is 2.5 MB.';
  if (file.size === 0) return 'The file is empty';
  return null;
}
