import { useApiQuery } from '../../shared/useApiQuery';
import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditFilters, type AuditPerson } from '../../../../src/shared/audit';
import type { Paged } from '../../../../src/shared/paging';
import { AUDIT_PEOPLE_URL, auditPageUrl } from './audit';

/** One page of the audit log for the filters, newest first; the previous page stays shown while the next loads. */
export const useAuditPage = (filters: AuditFilters, currentPage: number) =>
  useApiQuery<Paged<AuditEntry>>(auditPageUrl(filters, { currentPage, pageSize: AUDIT_PAGE_SIZE }), {
    keepPrevious: true,
  });

/** Everyone the Person filter offers: active, inactive and deleted people. */
export const useAuditPeople = () => useApiQuery<AuditPerson[]>(AUDIT_PEOPLE_URL);
