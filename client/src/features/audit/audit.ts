import { paths } from '../../app/paths';
import { dayOf } from '../../shared/asOf';
import type { AuditFilters, AuditPerson, AuditRecordType } from '../../../../src/shared/audit';

/** The audit log's URLs and the links its entries offer (issue #17). */
export const AUDIT_URL = '/api/audit';
export const AUDIT_EXPORT_URL = `${AUDIT_URL}/export`;
/** Everyone the Person filter offers: active, inactive and deleted people. */
export const AUDIT_PEOPLE_URL = `${AUDIT_URL}/people`;

/** The spreadsheet's name on disk, as the reports'. */
export const AUDIT_EXPORT_FILE_NAME = 'export.xlsx';

const FILTER_KEYS = ['fromDate', 'toDate', 'recordType', 'userId', 'field', 'othersTime', 'search'] as const;

/** The filters as query parameters, in a stable order; empty ones (and othersTime off) are left out. */
export function auditFilterParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (key === 'othersTime') {
      if (value === true) params.set(key, 'true');
      continue;
    }
    const text = typeof value === 'string' ? value.trim() : '';
    if (text) params.set(key, text);
  }
  return params;
}

const withQuery = (url: string, params: URLSearchParams) => {
  const query = params.toString();
  return query ? `${url}?${query}` : url;
};

/** GET /api/audit: one page, newest first. */
export function auditPageUrl(filters: AuditFilters, page: { currentPage: number; pageSize: number }): string {
  const params = new URLSearchParams({ currentPage: String(page.currentPage), pageSize: String(page.pageSize) });
  for (const [key, value] of auditFilterParams(filters)) params.set(key, value);
  return withQuery(AUDIT_URL, params);
}

/** The count alone (a page of one entry): what an `audit.added` push checks before offering a refresh. */
export const auditCountUrl = (filters: AuditFilters) => auditPageUrl(filters, { currentPage: 1, pageSize: 1 });

/** GET /api/audit/export: the spreadsheet for the same filters. */
export const auditExportUrl = (filters: AuditFilters) => withQuery(AUDIT_EXPORT_URL, auditFilterParams(filters));

/** '1 new entry', '3 new entries'. */
export const newEntriesLabel = (count: number) => `${count} new ${count === 1 ? 'entry' : 'entries'}`;

/** The schedule with a job (or occurrence) open, on its day when known: `/scheduling?job=<id>&day=yyyy-MM-dd`. */
export const scheduleJobPath = (jobId: string, day: string | null = null) =>
  `${paths.scheduling}?job=${encodeURIComponent(jobId)}${day ? `&day=${day}` : ''}`;

/** Where an entry's record is shown: the job on the schedule (on its day), the customer's page, the admin screens… */
export function recordPath(
  record: { type: AuditRecordType; id: string; occurrenceId: string | null; startsAt?: string | null },
  zone = 'UTC',
): string | null {
  const day = dayOf(record.startsAt, zone);
  switch (record.type) {
    case 'job':
      return scheduleJobPath(record.occurrenceId ?? record.id, day);
    case 'recurringJob':
      return record.occurrenceId ? scheduleJobPath(record.occurrenceId, day) : paths.scheduling;
    case 'customer':
      return paths.customer(record.id);
    case 'user':
    case 'availability':
    case 'session':
      return paths.users;
    case 'timer':
      return paths.organizationTrackedTimes;
    case 'rating':
      // A rating's id is its job's calendar id; the entry does not name the customer.
      return scheduleJobPath(record.id);
    case 'organization':
      return paths.organizationSettings;
    case 'bookingLink':
      return paths.scheduling;
    default:
      return null;
  }
}

/** Each record's History (GET, oldest first). */
export const historyUrl = {
  job: (id: string) => `/api/jobs/${encodeURIComponent(id)}/history`,
  customer: (id: string) => `/api/customers/${encodeURIComponent(id)}/history`,
  user: (id: string) => `/api/users/${encodeURIComponent(id)}/history`,
  timer: (id: string) => `/api/time/${encodeURIComponent(id)}/history`,
  rating: (id: string) => `/api/ratings/${encodeURIComponent(id)}/history`,
};

const PERSON_GROUPS: [AuditPerson['status'], string][] = [
  ['active', 'Active'],
  ['inactive', 'Inactive'],
  ['deleted', 'Deleted'],
];

/** The Person filter's choices, grouped as the API orders them (Active, Inactive, Deleted); empty groups left out. */
export function personChoices(people: AuditPerson[]) {
  return PERSON_GROUPS.map(([status, group]) => ({
    group,
    items: people.filter((p) => p.status === status).map((p) => ({ value: p.id, label: p.fullName })),
  })).filter((g) => g.items.length > 0);
}
