import { Divider, Group, Pagination, Text } from '@mantine/core';
import { useEffect } from 'react';
import { pageCount, pageRangeLabel } from './pagedQuery';

const CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/** A paged table's footer: 'Showing 21–40 of 123' and the pages, when there is more than one. */
export function TablePager({
  page,
  pageSize,
  total,
  onPage,
  compact = false,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** A phone: no sibling pages beside the current one. */
  compact?: boolean;
}) {
  if (total <= 0) return null;
  return (
    <>
      <Divider color="var(--app-border)" />
      <Group justify="space-between" p="md" gap="sm">
        <Text size="sm" c="dimmed">
          {pageRangeLabel(page, pageSize, total)}
        </Text>
        {total > pageSize && (
          <Pagination
            total={pageCount(total, pageSize)}
            value={page}
            onChange={onPage}
            size="sm"
            siblings={compact ? 0 : 1}
            // The arrows are icons: name them, or a screen reader hears "button" (axe: button-name).
            getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
          />
        )}
      </Group>
    </>
  );
}

/** The last row of the last page went (deleted here or elsewhere, or filtered away): show the new last page. */
export function useStayOnAPage(
  rows: readonly unknown[] | undefined,
  total: number,
  page: number,
  pageSize: number,
  onPage: (page: number) => void,
): void {
  const lastPage = pageCount(total, pageSize);
  useEffect(() => {
    if (rows && rows.length === 0 && total > 0 && page > lastPage) onPage(lastPage);
  }, [rows, total, page, lastPage, onPage]);
}
