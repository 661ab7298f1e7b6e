import { Anchor, Badge, Box, Group, Paper, Select, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconHistory, IconSearch } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAppStore } from '../../app/store';
import { MOBILE_QUERY } from '../../app/theme';
import { DownloadButton, DownloadErrorAlert, useDownload } from '../../shared/Download';
import { EmptyResults } from '../../shared/EmptyResults';
import { ChangesList, ScheduleMomentLinks } from '../../shared/History';
import { NewRowsBanner, useNewRows } from '../../shared/NewRows';
import { PageHeader } from '../../shared/PageHeader';
import { QueryError } from '../../shared/QueryError';
import { SkeletonRows } from '../../shared/SkeletonRows';
import { TablePager, useStayOnAPage } from '../../shared/TablePager';
import {
  AUDIT_FIELD_CHOICES,
  AUDIT_PAGE_SIZE,
  AUDIT_RECORD_TYPE_LABELS,
  AUDIT_RECORD_TYPES,
  type AuditEntry,
  type AuditFilters,
  type AuditRecordType,
} from '../../../../src/shared/audit';
import { defaultRange } from '../reports/reports';
import { DateRangeInputs, ReportCards } from '../reports/ReportParts';
import {
  AUDIT_EXPORT_FILE_NAME,
  AUDIT_URL,
  auditCountUrl,
  auditExportUrl,
  newEntriesLabel,
  personChoices,
  recordPath,
} from './audit';
import { useAuditPage, useAuditPeople } from './auditApi';

const COLUMNS = 5;

/** Audit Log (issue #17): every change of the organization, newest first, filtered, downloadable. Live. */
export function AuditLogPage() {
  const zone = useAppStore((s) => s.session?.company.timeZone ?? 'UTC');
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const [filters, setFilters] = useState<AuditFilters>(() => ({ ...defaultRange(zone) }));
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 350);
  const [currentPage, setPage] = useState(1);
  const [shownSearch, setShownSearch] = useState('');
  // A new search starts at page 1, as every filter does.
  if (search !== shownSearch) {
    setShownSearch(search);
    setPage(1);
  }
  const applied: AuditFilters = { ...filters, search };

  const page = useAuditPage(applied, currentPage);
  const rows = page.data?.resultItems;
  const total = page.data?.totalRecords ?? 0;
  useStayOnAPage(rows, total, currentPage, AUDIT_PAGE_SIZE, setPage);
  const newEntries = useNewRows(
    auditCountUrl(applied),
    'audit.added',
    page.isPlaceholderData ? undefined : page.data?.totalRecords,
    [AUDIT_URL],
  );
  const download = useDownload(auditExportUrl(applied), AUDIT_EXPORT_FILE_NAME);

  const changeFilters = useCallback((patch: Partial<AuditFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  }, []);

  return (
    <>
      <PageHeader
        title="Audit Log"
        description="Every change in your organization: who made it, when, and what it was before."
        actions={<DownloadButton download={download} label="Download" />}
      />
      <DownloadErrorAlert download={download} title="The audit log could not be downloaded" />
      <Paper withBorder shadow="xs" mb="md">
        <AuditFiltersBar filters={filters} onChange={changeFilters} search={searchText} onSearch={setSearchText} />
      </Paper>
      <NewRowsBanner
        count={newEntries.count}
        label={newEntriesLabel(newEntries.count)}
        onRefresh={newEntries.refresh}
      />
      {page.isError ? (
        <QueryError error={page.error} onRetry={() => void page.refetch()} />
      ) : (
        <Paper withBorder shadow="xs" style={{ overflow: 'hidden' }}>
          <div style={{ opacity: page.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
            {rows && rows.length === 0 ? (
              <EmptyResults
                icon={<IconHistory size={26} />}
                hint="No changes match these filters. Try other dates, or clear the filters."
              />
            ) : mobile ? (
              <AuditCards rows={rows} />
            ) : (
              <AuditTable rows={rows} />
            )}
          </div>
          <TablePager page={currentPage} pageSize={AUDIT_PAGE_SIZE} total={total} onPage={setPage} compact={mobile} />
        </Paper>
      )}
    </>
  );
}

/** From and To (MM/DD/YYYY), record type, person, changed field, others' time, and the search. */
function AuditFiltersBar({
  filters,
  onChange,
  search,
  onSearch,
}: {
  filters: AuditFilters;
  onChange: (patch: Partial<AuditFilters>) => void;
  search: string;
  onSearch: (text: string) => void;
}) {
  const people = useAuditPeople();
  // Two a row on a phone (the dates, the record and the field), one row on a wide screen.
  const half = { base: 'calc(50% - 6px)', md: 160 };
  const wide = { base: '100%', xs: 'calc(50% - 6px)', md: 190 };
  return (
    <Stack gap="sm" p="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <DateRangeInputs filters={filters} onChange={onChange} w={half} />
        <Select
          label="Record"
          placeholder="All records"
          clearable
          data={AUDIT_RECORD_TYPES.map((type) => ({ value: type, label: AUDIT_RECORD_TYPE_LABELS[type] }))}
          value={filters.recordType ?? null}
          onChange={(value) => onChange({ recordType: (value as AuditRecordType | null) ?? undefined })}
          w={half}
        />
        <Select
          label="Changed field"
          placeholder="Any field"
          searchable
          clearable
          data={[...AUDIT_FIELD_CHOICES]}
          value={filters.field ?? null}
          onChange={(value) => onChange({ field: value ?? undefined })}
          w={half}
        />
        <Select
          label="Person"
          placeholder="Everyone"
          searchable
          clearable
          nothingFoundMessage="No people found"
          data={personChoices(people.data ?? [])}
          value={filters.userId || null}
          onChange={(value) => onChange({ userId: value ?? undefined })}
          w={wide}
        />
      </Group>
      <Group gap="md" align="center" wrap="wrap">
        <TextInput
          aria-label="Search the audit log"
          placeholder="Search who, what, the record, the values…"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => onSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 380 }}
          type="search"
        />
        <Switch
          label="Changes to someone else's time"
          checked={filters.othersTime === true}
          onChange={(event) => onChange({ othersTime: event.currentTarget.checked || undefined })}
        />
      </Group>
    </Stack>
  );
}

/** The record an entry is about, as a link to its screen: 'Job · Spring clean-up'. */
function RecordLink({ record }: { record: AuditEntry['record'] }) {
  const zone = useAppStore((s) => s.session?.company.timeZone ?? 'UTC');
  const to = recordPath(record, zone);
  const label = record.label || '—';
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Badge size="sm" variant="light" color="gray" radius="sm" tt="none" fw={500} w="fit-content">
        {AUDIT_RECORD_TYPE_LABELS[record.type] ?? record.type}
      </Badge>
      {to ? (
        <Anchor component={Link} to={to} size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {label}
        </Anchor>
      ) : (
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {label}
        </Text>
      )}
    </Stack>
  );
}

function AuditTable({ rows }: { rows: AuditEntry[] | undefined }) {
  return (
    <Table.ScrollContainer minWidth={900} type="native">
      <Table verticalSpacing="sm" horizontalSpacing="sm" aria-label="Audit log" striped>
        <Table.Thead bg="gray.0">
          <Table.Tr>
            <Table.Th w={150}>When</Table.Th>
            <Table.Th w={140}>Who</Table.Th>
            <Table.Th w={180}>Record</Table.Th>
            <Table.Th w={170}>What</Table.Th>
            <Table.Th miw={260}>Changes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows === undefined ? (
            <SkeletonRows rows={6} columns={COLUMNS} />
          ) : (
            rows.map((entry) => (
              <Table.Tr key={entry.id} style={{ verticalAlign: 'top' }}>
                <Table.Td>
                  <Text size="sm">{entry.bothTimes ?? entry.when}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600} c="navy.8" style={{ overflowWrap: 'anywhere' }}>
                    {entry.who}
                  </Text>
                  {entry.othersTime && (
                    <Badge size="xs" variant="light" color="orange" radius="sm" tt="none" mt={4}>
                      Someone else&apos;s time
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <RecordLink record={entry.record} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {entry.what}
                  </Text>
                  <Box mt={4}>
                    <ScheduleMomentLinks entry={entry} />
                  </Box>
                </Table.Td>
                <Table.Td>
                  <ChangesList changes={entry.changes} />
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The audit log on a phone: one card per entry. */
function AuditCards({ rows }: { rows: AuditEntry[] | undefined }) {
  return (
    <ReportCards
      rows={rows}
      label="Audit log"
      card={(entry) => (
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text fw={600} c="navy.8" style={{ overflowWrap: 'anywhere' }}>
              {entry.who}
            </Text>
            <Text size="xs" c="gray.7">
              {entry.bothTimes ?? entry.when}
            </Text>
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {entry.what}
          </Text>
          <RecordLink record={entry.record} />
          {entry.othersTime && (
            <Badge size="xs" variant="light" color="orange" radius="sm" tt="none">
              Someone else&apos;s time
            </Badge>
          )}
          {entry.changes.length > 0 && <ChangesList changes={entry.changes} />}
          <ScheduleMomentLinks entry={entry} />
        </Stack>
      )}
    />
  );
}
