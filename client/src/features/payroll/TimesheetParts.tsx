import { ActionIcon, Alert, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconChevronLeft, IconChevronRight, IconMessage } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { StatusBadge } from '../../shared/StatusBadge';
import type { HoursSplit, TimesheetNote, TimesheetState } from '../../../../src/shared/payroll';
import { hoursLabel, milesLabel, noteText, STATE_COLORS, STATE_LABELS } from './payroll';

export function StateBadge({ state }: { state: TimesheetState }) {
  return <StatusBadge color={STATE_COLORS[state]}>{STATE_LABELS[state]}</StatusBadge>;
}

/** A period's previous and next, its dates between, and a way back to the current one. */
export function PeriodNavigator({
  label,
  onPrevious,
  onNext,
  onCurrent,
  busy,
}: {
  label: string | null;
  onPrevious: () => void;
  onNext: () => void;
  onCurrent?: () => void;
  /** Another period is on its way: a step now would start from the one still shown. */
  busy?: boolean;
}) {
  return (
    <Group gap="xs" wrap="nowrap" aria-busy={busy}>
      <Tooltip label="Previous period">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Previous period"
          onClick={onPrevious}
          disabled={!label || busy}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
      </Tooltip>
      <Text fw={650} c="navy.8" miw={{ base: 0, xs: 210 }} ta="center" style={{ flex: 1 }} aria-live="polite">
        {label ?? 'Loading…'}
      </Text>
      <Tooltip label="Next period">
        <ActionIcon variant="default" size="lg" aria-label="Next period" onClick={onNext} disabled={!label || busy}>
          <IconChevronRight size={18} />
        </ActionIcon>
      </Tooltip>
      {onCurrent && (
        <Button variant="default" size="xs" onClick={onCurrent}>
          Current
        </Button>
      )}
    </Group>
  );
}

/** Regular, overtime, double time, total and mileage side by side. */
export function HoursStats({
  hours,
  mileage,
  overtime,
  doubleTime,
}: {
  hours: HoursSplit;
  mileage: number;
  overtime: boolean;
  doubleTime: boolean;
}) {
  const stat = (label: string, value: string, strong = false) => (
    <Stack gap={0} key={label}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={strong ? 750 : 650} fz={strong ? 'lg' : 'md'} c={strong ? 'navy.8' : undefined}>
        {value}
      </Text>
    </Stack>
  );
  return (
    <Group gap="lg" role="group" aria-label="Hours" wrap="wrap">
      {stat('Regular', hoursLabel(hours.regularHours))}
      {overtime && stat('Overtime', hoursLabel(hours.overtimeHours))}
      {doubleTime && stat('Double time', hoursLabel(hours.doubleTimeHours))}
      {stat('Total hours', hoursLabel(hours.totalHours), true)}
      {stat('Mileage', milesLabel(mileage))}
    </Group>
  );
}

/** What last happened to a sheet: a send back or unapproval stands out, with its reason. */
export function LastNote({ note, zone }: { note: TimesheetNote | null; zone: string }) {
  if (!note) return null;
  const returned = note.kind === 'sentBack' || note.kind === 'unapproved';
  if (!returned)
    return (
      <Text size="sm" c="dimmed">
        {noteText(note, zone)}
      </Text>
    );
  return (
    <Alert color="orange" variant="light" icon={<IconMessage size={18} />} p="sm">
      <Text size="sm">{noteText(note, zone)}</Text>
    </Alert>
  );
}

/** Times of an exported period that changed after the export: payroll has other hours than these. */
export function ChangedSinceExportAlert({ children }: { children: ReactNode }) {
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title="Changed since export"
      p="sm"
      // Mantine's orange title on the orange tint is below 4.5:1: a dark one.
      styles={{ label: { color: 'var(--mantine-color-dark-7)' } }}
    >
      <Text size="sm" component="div">
        {children}
      </Text>
    </Alert>
  );
}

/** A white card without a title: a screen's block. */
export function Block({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder shadow="xs" p={{ base: 'md', xs: 'lg' }}>
      {children}
    </Paper>
  );
}
