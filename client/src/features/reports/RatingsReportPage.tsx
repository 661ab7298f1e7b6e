import { Box, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { BarChart, LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { useMediaQuery } from '@mantine/hooks';
import { IconStar } from '@tabler/icons-react';
import { MOBILE_QUERY } from '../../app/theme';
import { PageHeader } from '../../shared/PageHeader';
import { QueryError } from '../../shared/QueryError';
import { SkeletonRows } from '../../shared/SkeletonRows';
import type { RatingsReportRow, RatingsReportSummary } from '../../../../src/shared/reports';
import { JobStars } from '../ratings/RatingStars';
import { NO_COMMENTS } from '../ratings/ratings';
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
import { periodLabel, RATINGS_REPORT_URL, reportDate, twoDecimals } from './reports';
import { useReportScreen } from './useReportScreen';

const COLUMNS = 7;

/** Ratings Report (spec §2, issue #15): answered ratings of the jobs in a range, their totals and charts. Live. */
export function RatingsReportPage() {
  const report = useReportScreen<RatingsReportRow, RatingsReportSummary>(RATINGS_REPORT_URL, 'ratings.changed');
  const { zone, rows, summary } = report;
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const download = useReportDownload(report.exportUrl);
  const data = summary.data;
  const distribution = [1, 2, 3, 4, 5].map((stars) => ({
    stars: `${stars} ${stars === 1 ? 'star' : 'stars'}`,
    count: data?.distribution.find((d) => d.rating === stars)?.count ?? 0,
  }));
  const overTime = (data?.averageOverTime ?? []).map((p) => ({
    period: periodLabel(p.period, data?.periodUnit ?? 'week'),
    average: p.averageRating,
    ratings: p.ratings,
  }));

  return (
    <>
      <PageHeader
        title="Ratings Report"
        description="What customers said about the jobs in a range."
        actions={<DownloadReportButton download={download} />}
      />
      <DownloadErrorAlert download={download} />
      <Paper withBorder shadow="xs" mb="md">
        <ReportFiltersBar filters={report.filters} onChange={report.changeFilters} withEmployee={false} />
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
              { label: 'Ratings', value: data && data.totals.ratings.toLocaleString('en-US') },
              { label: 'Average rating', value: data && twoDecimals(data.totals.averageRating) },
            ]}
          />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mb="md">
            <ChartCard title="Ratings by stars" loading={!data} empty={!data?.totals.ratings}>
              <BarChart
                h={220}
                data={distribution}
                dataKey="stars"
                series={[{ name: 'count', label: 'Ratings', color: 'yellow.6' }]}
                gridAxis="x"
                yAxisProps={{ allowDecimals: false, width: 36 }}
                xAxisProps={{ interval: 0, tickFormatter: (v: string) => (mobile ? String(v).split(' ')[0] + '★' : v) }}
                maxBarWidth={48}
                textColor="gray.7"
              />
            </ChartCard>
            <ChartCard
              title={`Average rating by ${data?.periodUnit ?? 'week'}`}
              loading={!data}
              empty={!overTime.some((p) => p.average !== null)}
            >
              <LineChart
                h={220}
                data={overTime}
                dataKey="period"
                series={[{ name: 'average', label: 'Average rating', color: 'navy.6' }]}
                connectNulls
                curveType="monotone"
                valueFormatter={twoDecimals}
                gridAxis="x"
                yAxisProps={{ domain: [0, 5], ticks: [0, 1, 2, 3, 4, 5], width: 28, tickFormatter: String }}
                lineChartProps={{ margin: { top: 8, right: 16, left: 0, bottom: 0 } }}
                xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 12 }}
                textColor="gray.7"
              />
            </ChartCard>
          </SimpleGrid>
        </>
      )}
      <ReportTable
        report={report}
        mobile={mobile}
        empty={{
          icon: <IconStar size={26} />,
          hint: 'No ratings came in for jobs in this range. Try other dates, or clear the filters.',
        }}
        cards={<RatingsCards rows={rows} zone={zone} />}
        table={
          <Table.ScrollContainer minWidth={900} type="native">
            <Table verticalSpacing="sm" horizontalSpacing="sm" aria-label="Ratings report" striped>
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Customer</Table.Th>
                  <SortableDateHeader label="Job date" sortDir={report.sortDir} onToggle={report.toggleSort} />
                  <Table.Th>Job</Table.Th>
                  <Table.Th style={{ whiteSpace: 'nowrap' }}>Job #</Table.Th>
                  <Table.Th>Associate(s)</Table.Th>
                  <Table.Th>Rating</Table.Th>
                  <Table.Th>Comments</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows === undefined ? (
                  <SkeletonRows rows={6} columns={COLUMNS} />
                ) : (
                  rows.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td miw={150}>
                        <Text size="sm" fw={600} c="navy.8">
                          {row.customerName}
                        </Text>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm">{reportDate(row.jobDate, zone)}</Text>
                      </Table.Td>
                      <Table.Td miw={130}>
                        <Text size="sm">{row.jobName}</Text>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm">{row.jobNumber ?? '—'}</Text>
                      </Table.Td>
                      <Table.Td miw={130}>
                        <Text size="sm">{row.associateName || '—'}</Text>
                      </Table.Td>
                      <Table.Td>
                        <JobStars rating={row.rating} none="No stars" />
                      </Table.Td>
                      <Table.Td maw={320}>
                        <Text size="sm" c={row.comments ? undefined : 'gray.7'} style={{ whiteSpace: 'pre-wrap' }}>
                          {row.comments || NO_COMMENTS}
                        </Text>
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

/** The report on a phone: one card per rating. */
function RatingsCards({ rows, zone }: { rows: RatingsReportRow[] | undefined; zone: string }) {
  return (
    <ReportCards
      rows={rows}
      label="Ratings report"
      card={(row) => (
        <>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="xs" c="gray.7" fw={600}>
                {reportDate(row.jobDate, zone)}
              </Text>
              <Text fw={600} c="navy.8">
                {row.jobName}
                {row.jobNumber ? ` · #${row.jobNumber}` : ''}
              </Text>
              <Text size="sm">{row.customerName}</Text>
              {row.associateName && (
                <Text size="xs" c="gray.7">
                  {row.associateName}
                </Text>
              )}
            </Stack>
            <Box style={{ flexShrink: 0 }}>
              <JobStars rating={row.rating} none="No stars" />
            </Box>
          </Group>
          <Text size="sm" mt={6} c={row.comments ? undefined : 'gray.7'} style={{ whiteSpace: 'pre-wrap' }}>
            {row.comments || NO_COMMENTS}
          </Text>
        </>
      )}
    />
  );
}
