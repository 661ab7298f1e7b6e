import { Anchor, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronRight, IconClipboardList } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../app/paths';
import { MOBILE_QUERY } from '../../app/theme';
import { EmptyResults } from '../../shared/EmptyResults';
import { PageHeader } from '../../shared/PageHeader';
import { QueryError } from '../../shared/QueryError';
import { SkeletonRows } from '../../shared/SkeletonRows';
import { StatusBadge } from '../../shared/StatusBadge';
import type { PayPeriodScreen, TimesheetRow } from '../../../../src/shared/payroll';
import { hoursLabel, milesLabel, OVERTIME_RULE_PHRASES, showsDoubleTime, showsOvertime } from './payroll';
import { usePayPeriod } from './payrollApi';
import { PayrollExportsCard } from './PayrollExportsCard';
import classes from './payroll.module.css';
import { ChangedSinceExportAlert, PeriodNavigator, StateBadge } from './TimesheetParts';

/** /timesheets?date= — a pay period's people, where each timesheet stands and its hours; and its payroll exports. */
export function TimesheetsPage() {
  const [params, setParams] = useSearchParams();
  const date = params.get('date');
  const period = usePayPeriod(date);
  const data = period.data;
  const goTo = (next: string | null) => setParams(next ? { date: next } : {});
  const changed = data?.rows.filter((row) => row.changedSinceExport) ?? [];

  return (
    <>
      <PageHeader
        title="Timesheets"
        description="Each person's hours for a pay period: review and approve them, then export them to payroll."
        actions={
          <PeriodNavigator
            label={data?.period.label ?? null}
            busy={period.isPlaceholderData}
            onPrevious={() => data && goTo(data.previous)}
            onNext={() => data && goTo(data.next)}
            onCurrent={date ? () => goTo(null) : undefined}
          />
        }
      />
      {period.isError ? (
        <QueryError error={period.error} onRetry={() => void period.refetch()} />
      ) : (
        <Stack gap="lg" style={{ opacity: period.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
          {changed.length > 0 && (
            <ChangedSinceExportAlert>
              {changed.length === 1
                ? `${changed[0].userFullName}'s times changed after this period was exported: payroll has other hours than these.`
                : `${changed.length} people's times changed after this period was exported: payroll has other hours than these.`}{' '}
              The exports below show what changed.
            </ChangedSinceExportAlert>
          )}
          <PeopleTable data={data} />
          {data && <PayrollExportsCard screen={data} />}
        </Stack>
      )}
    </>
  );
}

function RuleLine({ data }: { data: PayPeriodScreen }) {
  return (
    <Text size="sm" c="dimmed">
      {OVERTIME_RULE_PHRASES[data.overtimeRule]} ·{' '}
      {data.timesheetSubmission ? 'Associates submit their timesheets' : 'Managers approve timesheets directly'}
    </Text>
  );
}

function PersonLink({ row, start, stretched = false }: { row: TimesheetRow; start: string; stretched?: boolean }) {
  return (
    <Anchor
      component={Link}
      to={paths.timesheet(start, row.userId)}
      fw={600}
      size="sm"
      className={stretched ? classes.stretched : undefined}
    >
      {row.userFullName}
    </Anchor>
  );
}

function ChangedBadge() {
  return <StatusBadge color="red">Changed since export</StatusBadge>;
}

function PeopleTable({ data }: { data: PayPeriodScreen | undefined }) {
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const rows = data?.rows;
  const overtime = data ? showsOvertime(data.overtimeRule, data.totals) : true;
  const doubleTime = data ? showsDoubleTime(data.overtimeRule, data.totals) : false;
  const approved = rows?.filter((row) => row.state === 'approved').length ?? 0;
  const num = (value: string, strong = false) => (
    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} fw={strong ? 650 : undefined}>
      {value}
    </Table.Td>
  );

  return (
    <Paper withBorder shadow="xs" style={{ overflow: 'hidden' }} component="section" aria-label="People">
      <Group justify="space-between" px={{ base: 'md', xs: 'lg' }} py="md" gap="xs" align="flex-end">
        <Stack gap={2}>
          <Text fw={650} c="navy.8">
            People
          </Text>
          {data ? <RuleLine data={data} /> : <Skeleton h={14} w={260} />}
        </Stack>
        {rows && rows.length > 0 && (
          <Text size="sm" c="dimmed">
            {approved} of {rows.length} approved
          </Text>
        )}
      </Group>
      {rows && rows.length === 0 ? (
        <EmptyResults
          icon={<IconClipboardList size={26} />}
          message="No timesheets in this period"
          hint="People who track time in the period show here."
        />
      ) : mobile ? (
        <Stack
          gap={0}
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Timesheets"
          aria-busy={!rows}
        >
          {!rows &&
            [0, 1, 2].map((i) => (
              <Stack key={i} component="li" gap={6} p="md" style={{ borderTop: '1px solid var(--app-border)' }}>
                <Skeleton h={14} w="40%" radius="sm" />
                <Skeleton h={12} w="70%" radius="sm" />
              </Stack>
            ))}
          {(rows ?? []).map((row) => (
            <Group
              key={row.userId}
              component="li"
              justify="space-between"
              wrap="nowrap"
              p="md"
              gap="xs"
              className={classes.tapRow}
              style={{ borderTop: '1px solid var(--app-border)' }}
            >
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Group gap={6}>
                  <PersonLink row={row} start={data!.period.start} stretched />
                  <StateBadge state={row.state} />
                </Group>
                {row.changedSinceExport && (
                  <div>
                    <ChangedBadge />
                  </div>
                )}
                <Text size="xs" c="dimmed">
                  Regular {hoursLabel(row.regularHours)}
                  {overtime ? ` · Overtime ${hoursLabel(row.overtimeHours)}` : ''}
                  {doubleTime ? ` · Double time ${hoursLabel(row.doubleTimeHours)}` : ''}
                  {row.mileage ? ` · ${milesLabel(row.mileage)}` : ''}
                </Text>
              </Stack>
              <Group gap={4} wrap="nowrap">
                <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {hoursLabel(row.totalHours)} h
                </Text>
                <IconChevronRight size={16} aria-hidden color="var(--mantine-color-gray-6)" />
              </Group>
            </Group>
          ))}
          {data && rows && rows.length > 0 && (
            <Group
              component="li"
              justify="space-between"
              p="md"
              bg="gray.0"
              style={{ borderTop: '1px solid var(--app-border)' }}
            >
              <Text size="sm" fw={650}>
                Total
              </Text>
              <Text size="sm" fw={700}>
                {hoursLabel(data.totals.totalHours)} h
                {data.totals.mileage ? ` · ${milesLabel(data.totals.mileage)}` : ''}
              </Text>
            </Group>
          )}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={760} type="native">
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Timesheets" aria-busy={!rows}>
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th>Person</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th ta="right">Regular</Table.Th>
                {overtime && <Table.Th ta="right">Overtime</Table.Th>}
                {doubleTime && <Table.Th ta="right">Double time</Table.Th>}
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th ta="right">Mileage</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {!rows && <SkeletonRows rows={4} columns={5 + (overtime ? 1 : 0) + (doubleTime ? 1 : 0)} />}
              {(rows ?? []).map((row) => (
                <Table.Tr key={row.userId}>
                  <Table.Td>
                    <Group gap="xs">
                      <PersonLink row={row} start={data!.period.start} />
                      {row.changedSinceExport && <ChangedBadge />}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <StateBadge state={row.state} />
                  </Table.Td>
                  {num(hoursLabel(row.regularHours))}
                  {overtime && num(hoursLabel(row.overtimeHours))}
                  {doubleTime && num(hoursLabel(row.doubleTimeHours))}
                  {num(hoursLabel(row.totalHours), true)}
                  {num(row.mileage ? milesLabel(row.mileage) : '—')}
                </Table.Tr>
              ))}
            </Table.Tbody>
            {data && rows && rows.length > 0 && (
              <Table.Tfoot bg="gray.0">
                <Table.Tr>
                  <Table.Th colSpan={2}>Total</Table.Th>
                  <Table.Th ta="right">{hoursLabel(data.totals.regularHours)}</Table.Th>
                  {overtime && <Table.Th ta="right">{hoursLabel(data.totals.overtimeHours)}</Table.Th>}
                  {doubleTime && <Table.Th ta="right">{hoursLabel(data.totals.doubleTimeHours)}</Table.Th>}
                  <Table.Th ta="right">{hoursLabel(data.totals.totalHours)}</Table.Th>
                  <Table.Th ta="right">{data.totals.mileage ? milesLabel(data.totals.mileage) : '—'}</Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            )}
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
