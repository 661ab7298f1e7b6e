import { Badge, Box, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { useMediaQuery } from '@mantine/hooks';
import { IconClockHour4 } from '@tabler/icons-react';
import { MOBILE_QUERY } from '../../app/theme';
import { PageHeader } from '../../shared/PageHeader';
import { QueryError } from '../../shared/QueryError';
import { SkeletonRows } from '../../shared/SkeletonRows';
import type { JobsReportRow, JobsReportSummary } from '../../../../src/shared/reports';
import { JobStars } from '../ratings/RatingStars';
import {
  ChartCard,
  DownloadErrorAlert,
  DownloadReportButton,
  NewRowsBanner,
  ReportCards,
  ReportFiltersBar,
  ReportTable,
  ReportTotals,
  SortableDateHeader,
  useReportDownload,
} from './ReportParts';
import {
  JOBS_REPORT_URL,
  mileageReading,
  reportDateTime,
  reportTimeRange,
  shortLabel,
  topWithOthers,
  twoDecimals,
} from './reports';
import { useReportScreen } from './useReportScreen';

const COLUMNS = 11;

/** Jobs Report (spec §2, issue #15): tracked times in a range, their totals and charts, the spreadsheet. Live. */
export function JobsReportPage() {
  const report = useReportScreen<JobsReportRow, JobsReportSummary>(JOBS_REPORT_URL, 'timers.changed');
  const { zone, rows, summary } = report;
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const download = useReportDownload(report.exportUrl);
  const totals = summary.data?.totals;

  return (
    <>
      <PageHeader
        title="Jobs Report"
        description="Tracked time, mileage and ratings by employee and customer."
        actions={<DownloadReportButton download={download} />}
      />
      <DownloadErrorAlert download={download} />
      <Paper withBorder shadow="xs" mb="md">
        <ReportFiltersBar filters={report.filters} onChange={report.changeFilters} withEmployee />
      </Paper>
      <NewRowsBanner count={report.newRows.count} onRefresh={report.newRows.refresh} />
      {summary.isError ? (
        <Box mb="md">
          <QueryError error={summary.error} onRetry={() => void summary.refetch()} />
        </Box>
      ) : (
        <>
          <ReportTotals
            label="Totals for the range"
            items={[
              { label: 'Hours', value: totals && twoDecimals(totals.hours) },
              { label: 'Mileage', value: totals && twoDecimals(totals.mileage) },
              { label: 'Rows', value: totals && totals.rows.toLocaleString('en-US') },
              { label: 'Average rating', value: totals && twoDecimals(totals.averageRating) },
            ]}
          />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mb="md">
            <HoursChart
              title="Hours per employee"
              items={summary.data?.hoursByEmployee}
              mobile={mobile}
              color="navy.6"
            />
            <HoursChart
              title="Hours per customer"
              items={summary.data?.hoursByCustomer}
              mobile={mobile}
              color="teal.7"
            />
          </SimpleGrid>
        </>
      )}
      <ReportTable
        report={report}
        mobile={mobile}
        empty={{
          icon: <IconClockHour4 size={26} />,
          hint: 'No time was tracked in this range. Try other dates, or clear the filters.',
        }}
        cards={<JobsCards rows={rows} zone={zone} />}
        table={
          // Eleven columns fit the card at 1280 px (dates break before their time); narrower, the table scrolls in it.
          <Table.ScrollContainer minWidth={900} type="native">
            <Table verticalSpacing="sm" horizontalSpacing={8} aria-label="Jobs report" striped>
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Employee</Table.Th>
                  <Table.Th>Label</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <SortableDateHeader label="Start" sortDir={report.sortDir} onToggle={report.toggleSort} />
                  <Table.Th>End</Table.Th>
                  <Table.Th ta="right">Hours</Table.Th>
                  <Table.Th ta="right">Mileage start</Table.Th>
                  <Table.Th ta="right">Mileage end</Table.Th>
                  <Table.Th>Rating</Table.Th>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th>Billing frequency</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows === undefined ? (
                  <SkeletonRows rows={6} columns={COLUMNS} />
                ) : (
                  rows.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td>
                        <Text size="sm" fw={600} c="navy.8">
                          {row.associateName}
                        </Text>
                      </Table.Td>
                      <Table.Td miw={96}>
                        <Text size="sm">{row.label || row.jobName || '—'}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{row.timerType}</Text>
                      </Table.Td>
                      <Table.Td>
                        <DateTimeText iso={row.startDateTime} zone={zone} />
                      </Table.Td>
                      <Table.Td>
                        {row.endDateTime ? (
                          <DateTimeText iso={row.endDateTime} zone={zone} />
                        ) : (
                          <Text size="sm" c="gray.7">
                            Running
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">
                        <Text size="sm">{twoDecimals(row.hours)}</Text>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Text size="sm">{mileageReading(row.mileageStart)}</Text>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Text size="sm">{mileageReading(row.mileageEnd)}</Text>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <JobStars rating={row.rating} none="—" />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{row.customerName ?? '—'}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{row.customerBillingFrequency ?? '—'}</Text>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        }
      />
    </>
  );
}

/** 'Nov 24, 2026, 9:00 AM', which breaks before the time (never inside the date or the time) when the column is narrow. */
function DateTimeText({ iso, zone }: { iso: string; zone: string }) {
  const text = reportDateTime(iso, zone);
  const at = text.lastIndexOf(', ') + 1;
  return (
    <Text size="sm">
      <span style={{ whiteSpace: 'nowrap' }}>{text.slice(0, at)}</span>{' '}
      <span style={{ whiteSpace: 'nowrap' }}>{text.slice(at + 1)}</span>
    </Text>
  );
}

/** Horizontal bars, the ten largest and 'Others', so that the names stay readable on a phone. */
function HoursChart({
  title,
  items,
  mobile,
  color,
}: {
  title: string;
  items: { name: string; hours: number }[] | undefined;
  mobile: boolean;
  color: string;
}) {
  const data = items ? topWithOthers(items) : [];
  return (
    <ChartCard title={title} loading={items === undefined} empty={data.length === 0}>
      <BarChart
        h={Math.max(140, data.length * 34 + 40)}
        data={data}
        dataKey="name"
        orientation="vertical"
        series={[{ name: 'hours', label: 'Hours', color }]}
        valueFormatter={twoDecimals}
        gridAxis="x"
        yAxisProps={{
          width: mobile ? 112 : 150,
          interval: 0,
          tickFormatter: (value: string) => shortLabel(String(value), mobile ? 13 : 18),
        }}
        xAxisProps={{ tickCount: mobile ? 4 : 6 }}
        maxBarWidth={22}
        withBarValueLabel={!mobile}
        barChartProps={{ margin: { right: mobile ? 12 : 48 } }}
        textColor="gray.7"
      />
    </ChartCard>
  );
}

/** The report on a phone: one card per tracked time. */
function JobsCards({ rows, zone }: { rows: JobsReportRow[] | undefined; zone: string }) {
  return (
    <ReportCards
      rows={rows}
      label="Jobs report"
      card={(row) => (
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Text fw={600} c="navy.8">
                {row.associateName}
              </Text>
              <Badge size="sm" variant="light" radius="sm">
                {row.timerType}
              </Badge>
            </Group>
            {(row.label || row.jobName) && <Text size="sm">{row.label || row.jobName}</Text>}
            <Text size="xs" c="gray.7">
              {reportTimeRange(row.startDateTime, row.endDateTime, zone)}
            </Text>
            {row.customerName && (
              <Text size="sm">
                {row.customerName}
                {row.customerBillingFrequency ? ` · ${row.customerBillingFrequency}` : ''}
              </Text>
            )}
            {row.mileageStart !== null && (
              <Text size="xs" c="gray.7">
                Mileage {mileageReading(row.mileageStart)} → {mileageReading(row.mileageEnd)}
              </Text>
            )}
          </Stack>
          <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
            <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
              {twoDecimals(row.hours)} h
            </Text>
            {row.rating !== null && <JobStars rating={row.rating} />}
          </Stack>
        </Group>
      )}
    />
  );
}
