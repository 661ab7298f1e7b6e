import { useCallback, useState } from 'react';
import { useAppStore } from '../../app/store';
import type { SortDir } from '../../shared/pagedQuery';
import { useStayOnAPage } from '../../shared/TablePager';
import { REPORTS_PAGE_SIZE } from '../../../../src/shared/reports';
import { defaultRange, reportExportUrl, type ReportBase, type ReportScreenFilters } from './reports';
import { useNewRows, useReportPage, useReportSummary } from './reportsApi';

/**
 * A report's state: its filters (the last 30 days in the organization's zone to start), page and sort; its
 * page of rows, its summary (totals and charts), the export's URL, and the rows a push may have added.
 */
export function useReportScreen<Row, Summary>(base: ReportBase, event: 'timers.changed' | 'ratings.changed') {
  const zone = useAppStore((s) => s.session?.company.timeZone ?? 'UTC');
  const [filters, setFilters] = useState<ReportScreenFilters>(() => ({
    ...defaultRange(zone),
    customerId: '',
    employeeId: '',
  }));
  const [currentPage, setPage] = useState(1);
  const [sortDir, setSortDir] = useState<SortDir>('asc');

  const page = useReportPage<Row>(base, filters, { currentPage, sortDir });
  const summary = useReportSummary<Summary>(base, filters);
  const rows = page.data?.resultItems;
  const total = page.data?.totalRecords ?? 0;
  useStayOnAPage(rows, total, currentPage, REPORTS_PAGE_SIZE, setPage);
  const newRows = useNewRows(base, event, filters, page.isPlaceholderData ? undefined : page.data?.totalRecords);

  const changeFilters = useCallback((patch: Partial<ReportScreenFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  }, []);
  const toggleSort = useCallback(() => {
    setSortDir((current) => (current === 'asc' ? 'desc' : 'asc'));
    setPage(1);
  }, []);

  return {
    zone,
    filters,
    changeFilters,
    currentPage,
    setPage,
    sortDir,
    toggleSort,
    page,
    rows,
    total,
    summary,
    newRows,
    exportUrl: reportExportUrl(base, filters),
  };
}
