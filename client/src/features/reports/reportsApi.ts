import { useNewRows as useNewCount } from '../../shared/NewRows';
import type { SortDir } from '../../shared/pagedQuery';
import { useApiQuery } from '../../shared/useApiQuery';
import type { Paged } from '../../../../src/shared/paging';
import { REPORTS_PAGE_SIZE } from '../../../../src/shared/reports';
import {
  ACTIVE_EMPLOYEES_URL,
  CUSTOMER_LOOKUP_URL,
  type CustomerOption,
  type EmployeeOption,
} from '../scheduling/jobs';
import { pagedReportUrl, reportCountUrl, reportSummaryUrl, type ReportBase, type ReportScreenFilters } from './reports';

/** One page of a report's rows; the previous page stays shown while the next loads. */
export const useReportPage = <Row>(
  base: ReportBase,
  filters: ReportScreenFilters,
  page: { currentPage: number; sortDir: SortDir },
) =>
  useApiQuery<Paged<Row>>(pagedReportUrl(base, filters, { ...page, pageSize: REPORTS_PAGE_SIZE }), {
    keepPrevious: true,
  });

/** A report's totals and charts over every row the filters match. */
export const useReportSummary = <Summary>(base: ReportBase, filters: ReportScreenFilters) =>
  useApiQuery<Summary>(reportSummaryUrl(base, filters), { keepPrevious: true });

/** The Customer filter's choices (up to 1000, by name). */
export const useCustomerChoices = () => useApiQuery<CustomerOption[]>(CUSTOMER_LOOKUP_URL);

/** The Employee filter's choices (active employees), read only when the report has that filter. */
export const useEmployeeChoices = (wanted: boolean) =>
  useApiQuery<EmployeeOption[]>(wanted ? ACTIVE_EMPLOYEES_URL : null);

/**
 * A push that may add rows (`event`) checks only the count (a page of one row, same filters) and tells how
 * many rows are new beside what the table shows; `refresh` refetches the table, its totals and charts.
 */
export function useNewRows(
  base: ReportBase,
  event: 'timers.changed' | 'ratings.changed',
  filters: ReportScreenFilters,
  shownTotal: number | undefined,
) {
  return useNewCount(reportCountUrl(base, filters), event, shownTotal, [base]);
}
