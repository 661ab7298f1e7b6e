import { Anchor, Button, Divider, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconFileExport } from '@tabler/icons-react';
import { Fragment, useEffect, useRef, useState } from 'react';
import { useAppStore } from '../../app/store';
import { notifySuccess } from '../../shared/notify';
import { ServerErrorAlert } from '../../shared/ServerErrorAlert';
import { StatusBadge } from '../../shared/StatusBadge';
import {
  PAYROLL_FORMAT_NAMES,
  PAYROLL_FORMATS,
  type PayPeriodScreen,
  type PayrollExportView,
  type PayrollFormat,
} from '../../../../src/shared/payroll';
import { ExportChangesModal } from './ExportChangesModal';
import { exportFileUrl, exportSummary, momentLabel } from './payroll';
import { useExportPayroll } from './payrollApi';

const FORMATS = PAYROLL_FORMATS.map((value) => ({ value, label: PAYROLL_FORMAT_NAMES[value] }));

/** The browser saves the export's file as it was first sent (GET …/file answers it as an attachment). */
function downloadNow(id: string, fileName: string) {
  const link = document.createElement('a');
  link.href = exportFileUrl(id);
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/**
 * A period's payroll export: its approved timesheets in a provider's format, and every export made of it before,
 * each downloadable as first sent and flagged when its times changed since.
 */
export function PayrollExportsCard({ screen }: { screen: PayPeriodScreen }) {
  const zone = useAppStore((s) => s.session?.company.timeZone ?? 'UTC');
  const [format, setFormat] = useState<PayrollFormat>('gusto');
  const [changesOf, setChangesOf] = useState<PayrollExportView | null>(null);
  const exportPayroll = useExportPayroll();
  const approved = screen.rows.filter((row) => row.state === 'approved').length;
  const start = screen.period.start;

  function onExport() {
    exportPayroll.mutate(
      { start, format },
      {
        onSuccess: () => notifySuccess('Payroll exported'),
      },
    );
  }

  // The export just made downloads once, as soon as its row (with its file name) arrives in the refetched list.
  const justMade = exportPayroll.data?.data.id;
  const downloaded = useRef<string | null>(null);
  useEffect(() => {
    const made = screen.exports.find((view) => view.id === justMade);
    if (!made || downloaded.current === made.id) return;
    downloaded.current = made.id;
    downloadNow(made.id, made.fileName);
  }, [justMade, screen.exports]);

  return (
    <Paper
      withBorder
      shadow="xs"
      style={{ overflow: 'hidden' }}
      component="section"
      aria-labelledby="payroll-export-title"
    >
      <Stack gap={2} px={{ base: 'md', xs: 'lg' }} py="md">
        <Title order={2} fz={16} c="navy.8" id="payroll-export-title">
          Payroll export
        </Title>
        <Text size="sm" c="dimmed">
          The period&apos;s approved timesheets, in your payroll provider&apos;s format.{' '}
          {approved === screen.rows.length && approved > 0
            ? 'Every timesheet is approved.'
            : `${approved} of ${screen.rows.length} ${screen.rows.length === 1 ? 'timesheet is' : 'timesheets are'} approved: only approved ones are exported.`}
        </Text>
      </Stack>
      <Divider color="var(--app-border)" />
      <Stack gap="md" px={{ base: 'md', xs: 'lg' }} py="lg">
        <ServerErrorAlert error={exportPayroll.error} />
        <Group align="flex-end" gap="sm">
          <Select
            label="Format"
            data={FORMATS}
            value={format}
            allowDeselect={false}
            onChange={(value) => value && setFormat(value as PayrollFormat)}
            w={{ base: '100%', xs: 320 }}
          />
          <Button
            leftSection={<IconFileExport size={16} />}
            loading={exportPayroll.isPending}
            onClick={onExport}
            w={{ base: '100%', xs: 'auto' }}
          >
            Export
          </Button>
        </Group>
        {screen.exports.length === 0 ? (
          <Text size="sm" c="dimmed">
            This period has not been exported yet.
          </Text>
        ) : (
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Exports">
            {screen.exports.map((view, i) => (
              <Fragment key={view.id}>
                {i > 0 && <Divider component="li" aria-hidden color="var(--app-border)" />}
                <ExportRow view={view} zone={zone} onChanges={() => setChangesOf(view)} />
              </Fragment>
            ))}
          </Stack>
        )}
      </Stack>
      {changesOf && <ExportChangesModal view={changesOf} zone={zone} onClose={() => setChangesOf(null)} />}
    </Paper>
  );
}

function ExportRow({ view, zone, onChanges }: { view: PayrollExportView; zone: string; onChanges: () => void }) {
  const name = `${exportSummary(view)}, ${momentLabel(view.at, zone)}`;
  return (
    <Group component="li" justify="space-between" gap="sm" py="sm" wrap="wrap" aria-label={name}>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="sm" fw={600}>
          {exportSummary(view)}
        </Text>
        <Text size="xs" c="dimmed">
          By {view.byFullName} on {momentLabel(view.at, zone)}
        </Text>
        {view.changedSince && (
          <Group gap="xs" wrap="wrap" mt={2}>
            <StatusBadge color="red">
              <Group gap={4} wrap="nowrap" component="span">
                <IconAlertTriangle size={12} aria-hidden />
                Changed since export
              </Group>
            </StatusBadge>
            <Anchor component="button" type="button" size="xs" fw={650} underline="always" onClick={onChanges}>
              See what changed
            </Anchor>
          </Group>
        )}
      </Stack>
      <Button
        component="a"
        href={exportFileUrl(view.id)}
        download={view.fileName}
        variant="default"
        size="xs"
        leftSection={<IconDownload size={14} />}
        aria-label={`Download ${view.fileName}`}
      >
        Download
      </Button>
    </Group>
  );
}
