import { Divider, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Fragment } from 'react';
import { MOBILE_QUERY } from '../../app/theme';
import { QueryError } from '../../shared/QueryError';
import { StatusBadge } from '../../shared/StatusBadge';
import type { ExportChange, PayrollExportView } from '../../../../src/shared/payroll';
import { CHANGE_LABELS, changeSide, dayLabel, exportSummary, hoursLabel, momentLabel } from './payroll';
import { useExportChanges } from './payrollApi';

const CHANGE_COLORS: Record<ExportChange['change'], 'teal' | 'indigo' | 'red'> = {
  added: 'teal',
  edited: 'indigo',
  deleted: 'red',
};

/**
 * What changed since an export: per person and day, the hours it held and holds now, each time added, edited or
 * deleted (as it was and is), and who changed it when, with their reason.
 */
export function ExportChangesModal({
  view,
  zone,
  onClose,
}: {
  view: PayrollExportView;
  zone: string;
  onClose: () => void;
}) {
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const changes = useExportChanges(view.id);
  const people = changes.data?.people;
  return (
    <Modal opened onClose={onClose} title="Changes since export" size={720} fullScreen={mobile}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {exportSummary(view)}, exported by {view.byFullName} on {momentLabel(view.at, zone)}. Payroll got the hours as
          they were then.
        </Text>
        {changes.isError ? (
          <QueryError error={changes.error} onRetry={() => void changes.refetch()} />
        ) : !people ? (
          <Stack gap="sm" aria-busy>
            <Skeleton h={18} w="40%" />
            <Skeleton h={90} />
          </Stack>
        ) : people.length === 0 ? (
          <Text size="sm">Nothing differs from the export any more.</Text>
        ) : (
          people.map((person) => (
            <Stack key={person.userId} gap="sm" component="section" aria-label={person.userFullName}>
              <Title order={3} fz={16} c="navy.8">
                {person.userFullName}
              </Title>
              {person.days.map((day) => (
                <Paper key={day.date} withBorder p="sm">
                  <Stack gap="xs">
                    <Text size="sm" fw={650}>
                      {dayLabel(day.date)}: {hoursLabel(day.hoursThen)} h then → {hoursLabel(day.hoursNow)} h now
                    </Text>
                    {day.changes.map((change, i) => (
                      <Fragment key={`${change.timerId}-${i}`}>
                        <Divider color="var(--app-border)" />
                        <ChangeItem change={change} date={day.date} zone={zone} />
                      </Fragment>
                    ))}
                  </Stack>
                </Paper>
              ))}
            </Stack>
          ))
        )}
      </Stack>
    </Modal>
  );
}

function ChangeItem({ change, date, zone }: { change: ExportChange; date: string; zone: string }) {
  return (
    <Stack gap={4}>
      <div>
        <StatusBadge color={CHANGE_COLORS[change.change]}>{CHANGE_LABELS[change.change]}</StatusBadge>
      </div>
      <Text size="sm">
        <Text span fw={600}>
          Then:
        </Text>{' '}
        {changeSide(change.then, date, zone)}
      </Text>
      <Text size="sm">
        <Text span fw={600}>
          Now:
        </Text>{' '}
        {changeSide(change.now, date, zone)}
      </Text>
      {change.by.map((entry, i) => (
        <Text key={i} size="xs" c="dimmed">
          {entry.fullName}, {momentLabel(entry.at, zone)}: {entry.what}
          {entry.reason ? ` · Reason: ${entry.reason}` : ''}
        </Text>
      ))}
    </Stack>
  );
}
