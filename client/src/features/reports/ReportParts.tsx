import {
  Box,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
  Table,
} from '@mantine/core';
import { DatePickerInput, DateTimePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconArrowDown, IconArrowUp, IconCalendar, IconHistory } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import type { SortDir } from '../../shared/pagedQuery';
import { useAppStore } from '../../app/store';
import { REPORTS_PAGE_SIZE } from '../../../../src/shared/reports';
import { isoOfWall, wallOfIso } from '../../shared/asOfTime';
import { EmptyResults } from '../../shared/EmptyResults';
import { QueryError } from '../../shared/QueryError';
import { TablePager } from '../../shared/TablePager';
import { DownloadButton, DownloadErrorAlert as SharedDownloadErrorAlert, useDownload } from '../../shared/Download';
import { NewRowsBanner as SharedNewRowsBanner } from '../../shared/NewRows';
import { apiDate, EXPORT_FILE_NAME, newRowsLabel, pickerDate, type ReportScreenFilters } from './reports';
import { useCustomerChoices, useEmployeeChoices } from './reportsApi';

/** From and To (MM/DD/YYYY on the wire): the reports' and the audit log's whole days. */
export function DateRangeInputs({
  filters,
  onChange,
  w,
}: {
  filters: { fromDate?: string; toDate?: string };
  onChange: (patch: { fromDate?: string; toDate?: string }) => void;
  w: Record<string, string | number>;
}) {
  const from = pickerDate(filters.fromDate ?? '');
  const to = pickerDate(filters.toDate ?? '');
  return (
    <>
      <DatePickerInput
        label="From"
        valueFormat="MM/DD/YYYY"
        placeholder="MM/DD/YYYY"
        value={from}
        maxDate={to ?? undefined}
        onChange={(value) => value && onChange({ fromDate: apiDate(value) })}
        leftSection={<IconCalendar size={16} />}
        w={w}
      />
      <DatePickerInput
        label="To"
        valueFormat="MM/DD/YYYY"
        placeholder="MM/DD/YYYY"
        value={to}
        minDate={from ?? undefined}
        onChange={(value) => value && onChange({ toDate: apiDate(value) })}
        leftSection={<IconCalendar size={16} />}
        w={w}
      />
    </>
  );
}

/**
 * From and To (MM/DD/YYYY), Customer, for the Jobs report Employee, and As of (the report as it stood at a
 * moment, in the organization's zone; empty: now): each change starts at page 1.
 */
export function ReportFiltersBar({
  filters,
  onChange,
  withEmployee,
}: {
  filters: ReportScreenFilters;
  onChange: (patch: Partial<ReportScreenFilters>) => void;
  withEmployee: boolean;
}) {
  const zone = useAppStore((s) => s.session?.company.timeZone ?? 'UTC');
  const customers = useCustomerChoices();
  const employees = useEmployeeChoices(withEmployee);
  const width = { base: '100%', xs: 'calc(50% - 6px)', md: 180 };
  return (
    <Group gap="sm" align="flex-end" p="md" wrap="wrap">
      <DateRangeInputs filters={filters} onChange={onChange} w={width} />
      <Select
        label="Customer"
        placeholder="All customers"
        searchable
        clearable
        nothingFoundMessage="No customers found"
        data={(customers.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        value={filters.customerId || null}
        onChange={(value) => onChange({ customerId: value ?? '' })}
        w={{ base: '100%', xs: 'calc(50% - 6px)', md: 240 }}
      />
      {withEmployee && (
        <Select
          label="Employee"
          placeholder="All employees"
          searchable
          clearable
          nothingFoundMessage="No employees found"
          data={(employees.data ?? []).map((u) => ({ value: u.id, label: u.fullName }))}
          value={filters.employeeId || null}
          onChange={(value) => onChange({ employeeId: value ?? '' })}
          w={{ base: '100%', xs: 'calc(50% - 6px)', md: 240 }}
        />
      )}
      <DateTimePicker
        label="As of"
        placeholder="Now"
        styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
        clearable
        valueFormat="MMM D YYYY, h:mm A"
        timePickerProps={{ format: '12h', withDropdown: true }}
        maxDate={new Date()}
        value={filters.asOf ? wallOfIso(filters.asOf, zone) : null}
        onChange={(value) => onChange({ asOf: (typeof value === 'string' && value && isoOfWall(value, zone)) || '' })}
        leftSection={<IconHistory size={16} />}
        w={{ base: '100%', xs: 'calc(50% - 6px)', md: 220 }}
      />
    </Group>
  );
}

/** The report's export: saved as export.xlsx. */
export const useReportDownload = (url: string) => useDownload(url, EXPORT_FILE_NAME);

type ReportDownload = ReturnType<typeof useReportDownload>;

export const DownloadReportButton = ({ download }: { download: ReportDownload }) => (
  <DownloadButton download={download} label="Download Report" />
);

export const DownloadErrorAlert = ({ download }: { download: ReportDownload }) => (
  <SharedDownloadErrorAlert download={download} title="The report could not be downloaded" />
);

/** '3 new rows — refresh': rows a push added since the table was fetched; nothing is refetched until asked. */
export const NewRowsBanner = ({ count, onRefresh }: { count: number; onRefresh: () => void }) => (
  <SharedNewRowsBanner count={count} label={newRowsLabel(count)} onRefresh={onRefresh} />
);

/** The range's totals as a row of figures. */
export function ReportTotals({
  items,
  label,
}: {
  items: { label: string; value: string | undefined }[];
  label: string;
}) {
  return (
    <SimpleGrid cols={{ base: 2, sm: items.length }} spacing="sm" mb="md" component="dl" aria-label={label} m={0}>
      {items.map((item) => (
        <Paper key={item.label} withBorder shadow="xs" p="md">
          <Text component="dt" size="xs" c="gray.7" fw={600} tt="uppercase">
            {item.label}
          </Text>
          <Text component="dd" m={0} fz={22} fw={700} c="navy.8">
            {item.value ?? <Skeleton h={24} w={80} mt={4} component="span" display="block" />}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** One chart with its heading, which names it. */
export function ChartCard({
  title,
  empty,
  loading,
  children,
}: {
  title: string;
  empty: boolean;
  loading: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Paper withBorder shadow="xs" p="md" component="section" aria-labelledby={id} style={{ minWidth: 0 }}>
      <Title order={3} fz="md" c="navy.8" mb="sm" id={id}>
        {title}
      </Title>
      {loading ? (
        <Skeleton h={200} />
      ) : empty ? (
        <Text size="sm" c="gray.7" py="xl" ta="center">
          Nothing in this range
        </Text>
      ) : (
        <div role="figure" aria-label={title}>
          {children}
        </div>
      )}
    </Paper>
  );
}

/** A sortable date column's header: toggles ascending and descending. */
export function SortableDateHeader({
  label,
  sortDir,
  onToggle,
}: {
  label: string;
  sortDir: SortDir;
  onToggle: () => void;
}) {
  const Icon = sortDir === 'asc' ? IconArrowUp : IconArrowDown;
  const next = sortDir === 'asc' ? 'descending' : 'ascending';
  return (
    <Table.Th aria-sort={sortDir === 'asc' ? 'ascending' : 'descending'}>
      <UnstyledButton onClick={onToggle} aria-label={`Sort by ${label.toLowerCase()}, ${next}`}>
        <Group gap={4} wrap="nowrap">
          <Text fw={600} size="sm">
            {label}
          </Text>
          <Icon size={14} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * A report's table: its error, its empty state, cards on a phone or the table otherwise (faded while another page
 * loads), and the pager.
 */
export function ReportTable({
  report,
  mobile,
  empty,
  cards,
  table,
}: {
  report: {
    page: { isError: boolean; error: unknown; isPlaceholderData: boolean; refetch: () => unknown };
    rows: unknown[] | undefined;
    currentPage: number;
    total: number;
    setPage: (page: number) => void;
  };
  mobile: boolean;
  empty: { icon: ReactNode; hint: string };
  cards: ReactNode;
  table: ReactNode;
}) {
  const { page, rows } = report;
  if (page.isError) return <QueryError error={page.error} onRetry={() => void page.refetch()} />;
  return (
    <Paper withBorder shadow="xs" style={{ overflow: 'hidden' }}>
      <div style={{ opacity: page.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
        {rows && rows.length === 0 ? <EmptyResults icon={empty.icon} hint={empty.hint} /> : mobile ? cards : table}
      </div>
      <TablePager
        page={report.currentPage}
        pageSize={REPORTS_PAGE_SIZE}
        total={report.total}
        onPage={report.setPage}
        compact={mobile}
      />
    </Paper>
  );
}

/** A report on a phone: loading cards, then one card per row (`card` draws its inside). */
export function ReportCards<Row extends { id: string }>({
  rows,
  label,
  card,
}: {
  rows: Row[] | undefined;
  label: string;
  card: (row: Row) => ReactNode;
}) {
  if (rows === undefined)
    return (
      <Stack p="md" gap="lg">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} h={64} />
        ))}
      </Stack>
    );
  return (
    <Stack component="ul" gap={0} p={0} m={0} aria-label={label} style={{ listStyle: 'none' }}>
      {rows.map((row, index) => (
        <Box
          component="li"
          key={row.id}
          p="md"
          style={index ? { borderTop: '1px solid var(--app-border)' } : undefined}
        >
          {card(row)}
        </Box>
      ))}
    </Stack>
  );
}
