import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconClockPause } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { MOBILE_QUERY } from '../../app/theme';
import type { TimesheetDay, TimesheetEntry, TimesheetView } from '../../../../src/shared/payroll';
import { dayLabel, entryTimes, entryWhat, hoursLabel, milesLabel, showsDoubleTime, showsOvertime } from './payroll';
import { ChangedSinceExportAlert, HoursStats, LastNote, StateBadge } from './TimesheetParts';

/**
 * One person's timesheet for a period: where it stands, its hours, what last happened to it, the actions the viewer
 * may take, and each day with its tracked times. A manager's and an associate's screens both show it.
 */
export function TimesheetSheet({
  sheet,
  zone,
  actions,
  stateHint,
  changedHint,
}: {
  sheet: TimesheetView;
  zone: string;
  actions?: ReactNode;
  /** What the state means for the viewer ("Submitted: a manager will approve it or send it back."). */
  stateHint?: ReactNode;
  /** Shown in the "Changed since export" warning. */
  changedHint: ReactNode;
}) {
  const overtime = showsOvertime(sheet.overtimeRule, sheet, ...sheet.days);
  const doubleTime = showsDoubleTime(sheet.overtimeRule, sheet, ...sheet.days);
  return (
    <Stack gap="lg">
      <Paper withBorder shadow="xs" p={{ base: 'md', xs: 'lg' }} component="section" aria-label="Summary">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="md">
            <Stack gap={6}>
              <Group gap="xs">
                <Text fw={650} c="navy.8">
                  {sheet.userFullName}
                </Text>
                <StateBadge state={sheet.state} />
              </Group>
              {stateHint && (
                <Text size="sm" c="dimmed" maw={520}>
                  {stateHint}
                </Text>
              )}
            </Stack>
            {actions && (
              <Group gap="sm" w={{ base: '100%', xs: 'auto' }} justify="flex-end">
                {actions}
              </Group>
            )}
          </Group>
          <HoursStats hours={sheet} mileage={sheet.mileage} overtime={overtime} doubleTime={doubleTime} />
          {sheet.running > 0 && (
            <Group gap={6} c="teal.9">
              <IconClockPause size={16} aria-hidden />
              <Text size="sm">
                {sheet.running === 1
                  ? 'A timer in this period is still running: its time counts once it stops.'
                  : `${sheet.running} timers in this period are still running: their time counts once they stop.`}
              </Text>
            </Group>
          )}
          <LastNote note={sheet.lastNote} zone={zone} />
          {sheet.changedSinceExport && <ChangedSinceExportAlert>{changedHint}</ChangedSinceExportAlert>}
        </Stack>
      </Paper>
      <Days sheet={sheet} zone={zone} overtime={overtime} doubleTime={doubleTime} />
    </Stack>
  );
}

interface DaysProps {
  sheet: TimesheetView;
  zone: string;
  overtime: boolean;
  doubleTime: boolean;
}

/** The period's days: a table on wider screens, a list of days on a phone. */
function Days(props: DaysProps) {
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  return mobile ? <DaysList {...props} /> : <DaysTable {...props} />;
}

function Entry({ entry, date, zone }: { entry: TimesheetEntry; date: string; zone: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start" component="li">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm">{entryTimes(entry, date, zone)}</Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {entryWhat(entry)}
          {entry.mileage > 0 ? ` · ${milesLabel(entry.mileage)}` : ''}
        </Text>
      </Stack>
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {hoursLabel(entry.hours)} h
      </Text>
    </Group>
  );
}

function Entries({ day, zone }: { day: TimesheetDay; zone: string }) {
  if (day.entries.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No time tracked
      </Text>
    );
  return (
    <Stack
      gap={6}
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={`Times on ${dayLabel(day.date)}`}
    >
      {day.entries.map((entry, i) => (
        <Entry key={`${entry.timerId}-${i}`} entry={entry} date={day.date} zone={zone} />
      ))}
    </Stack>
  );
}

function DaysTable({ sheet, zone, overtime, doubleTime }: DaysProps) {
  const num = (value: string, strong = false) => (
    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} fw={strong ? 650 : undefined}>
      {value}
    </Table.Td>
  );
  /** A day without time: its hours a quiet dash. */
  const none = (key: string) => (
    <Table.Td key={key} ta="right" c="dimmed">
      —
    </Table.Td>
  );
  return (
    <Paper withBorder shadow="xs" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={760} type="native">
        <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Days">
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th w={130}>Day</Table.Th>
              <Table.Th>Tracked times</Table.Th>
              <Table.Th ta="right">Regular</Table.Th>
              {overtime && <Table.Th ta="right">Overtime</Table.Th>}
              {doubleTime && <Table.Th ta="right">Double time</Table.Th>}
              <Table.Th ta="right">Total</Table.Th>
              <Table.Th ta="right">Mileage</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sheet.days.map((day) => (
              <Table.Tr key={day.date} style={{ verticalAlign: 'top' }}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm" fw={600}>
                    {dayLabel(day.date)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Entries day={day} zone={zone} />
                </Table.Td>
                {day.entries.length === 0 ? (
                  <>
                    {none('regular')}
                    {overtime && none('overtime')}
                    {doubleTime && none('doubleTime')}
                    {none('total')}
                    {none('mileage')}
                  </>
                ) : (
                  <>
                    {num(hoursLabel(day.regularHours))}
                    {overtime && num(hoursLabel(day.overtimeHours))}
                    {doubleTime && num(hoursLabel(day.doubleTimeHours))}
                    {num(hoursLabel(day.totalHours), true)}
                    {day.mileage ? num(milesLabel(day.mileage)) : none('mileage')}
                  </>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot bg="gray.0">
            <Table.Tr>
              <Table.Th colSpan={2}>Total</Table.Th>
              <Table.Th ta="right">{hoursLabel(sheet.regularHours)}</Table.Th>
              {overtime && <Table.Th ta="right">{hoursLabel(sheet.overtimeHours)}</Table.Th>}
              {doubleTime && <Table.Th ta="right">{hoursLabel(sheet.doubleTimeHours)}</Table.Th>}
              <Table.Th ta="right">{hoursLabel(sheet.totalHours)}</Table.Th>
              <Table.Th ta="right">{sheet.mileage ? milesLabel(sheet.mileage) : '—'}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function DaysList({ sheet, zone, overtime, doubleTime }: DaysProps) {
  return (
    <Paper withBorder shadow="xs" style={{ overflow: 'hidden' }}>
      <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Days">
        {sheet.days.map((day, i) => (
          <Stack
            key={day.date}
            component="li"
            gap={6}
            p="md"
            style={i ? { borderTop: '1px solid var(--app-border)' } : undefined}
          >
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={650}>
                {dayLabel(day.date)}
              </Text>
              {day.entries.length ? (
                <Text size="sm" fw={650} style={{ whiteSpace: 'nowrap' }}>
                  {hoursLabel(day.totalHours)} h
                </Text>
              ) : (
                <Text size="sm" c="dimmed">
                  No time tracked
                </Text>
              )}
            </Group>
            {day.entries.length > 0 && (
              <>
                <Text size="xs" c="dimmed">
                  Regular {hoursLabel(day.regularHours)}
                  {overtime ? ` · Overtime ${hoursLabel(day.overtimeHours)}` : ''}
                  {doubleTime ? ` · Double time ${hoursLabel(day.doubleTimeHours)}` : ''}
                  {day.mileage ? ` · ${milesLabel(day.mileage)}` : ''}
                </Text>
                <Entries day={day} zone={zone} />
              </>
            )}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
