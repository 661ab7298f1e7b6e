import { useNewRows as useNewCount } from '../../shared/NewRows';
import { reportCountUrl, type ReportBase, type ReportScreenFilters } from './reports';

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
