import { Anchor, Badge, Group, Modal, Skeleton, Stack, Table, Tabs, Text, Timeline } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowRight, IconHistory, IconPencil } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAppStore } from '../app/store';
import { MOBILE_QUERY } from '../app/theme';
import type { AuditChange, AuditEntry } from '../../../src/shared/audit';
import { scheduleMoments } from './asOf';
import { EmptyResults } from './EmptyResults';
import { QueryError } from './QueryError';
import { useApiQuery } from './useApiQuery';

/** One line of a record's History: its audit entry. */
export type HistoryLine = AuditEntry;

/** "Schedule before" and "Schedule after" a job's change. */
export function ScheduleMomentLinks({ entry }: { entry: HistoryLine }) {
  const zone = useAppStore((s) => s.session?.company.timeZone ?? 'UTC');
  const links = scheduleMoments(entry, zone);
  if (!links) return null;
  return (
    <Group gap={12} wrap="wrap" style={{ rowGap: 2 }}>
      <Anchor component={Link} to={links.before} size="xs" fw={600}>
        Schedule before
      </Anchor>
      <Anchor component={Link} to={links.after} size="xs" fw={600}>
        Schedule after
      </Anchor>
    </Group>
  );
}

/** Each changed field, old → new ('—' for no value). */
export function ChangesTable({ changes }: { changes: AuditChange[] }) {
  if (changes.length === 0) return null;
  return (
    <Table withTableBorder withColumnBorders fz="xs" verticalSpacing={4} horizontalSpacing="xs" mt={6} layout="fixed">
      <Table.Tbody>
        {changes.map((change, index) => (
          <Table.Tr key={`${change.field}-${index}`}>
            <Table.Td w="28%" fw={600} c="gray.7" style={{ overflowWrap: 'anywhere' }}>
              {change.field}
            </Table.Td>
            <Table.Td>
              <Group gap={6} wrap="wrap" align="center" style={{ rowGap: 0 }}>
                <Text
                  size="xs"
                  c="gray.7"
                  td={change.from !== '—' ? 'line-through' : undefined}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {change.from}
                </Text>
                <IconArrowRight size={12} style={{ flexShrink: 0 }} aria-label="to" />
                <Text size="xs" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {change.to}
                </Text>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Each changed field on a line of its own, 'Field: old → new': the audit log's rows and cards. */
export function ChangesList({ changes }: { changes: AuditChange[] }) {
  if (changes.length === 0)
    return (
      <Text size="sm" c="gray.7">
        —
      </Text>
    );
  return (
    <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
      {changes.map((change, index) => (
        <Text component="li" size="xs" key={`${change.field}-${index}`} style={{ overflowWrap: 'anywhere' }}>
          <Text span size="xs" fw={600} c="gray.7">
            {change.field}:
          </Text>{' '}
          <Text span size="xs" c="gray.7" td={change.from !== '—' ? 'line-through' : undefined}>
            {change.from}
          </Text>{' '}
          <IconArrowRight size={11} style={{ verticalAlign: 'middle' }} aria-label="to" />{' '}
          <Text span size="xs" fw={500}>
            {change.to}
          </Text>
        </Text>
      ))}
    </Stack>
  );
}

/**
 * What happened to a record, oldest first, in words: when (for a change a phone sent later, when on the device and
 * when received), who, what, and each field's old → new value; a job's changes link to the schedule just before and
 * after. `url` is the record's history (…/:id/history).
 */
export function History({
  url,
  emptyHint = 'Nothing has been recorded for this yet.',
}: {
  url: string;
  emptyHint?: string;
}) {
  const history = useApiQuery<HistoryLine[]>(url);
  if (history.isError) return <QueryError error={history.error} onRetry={() => void history.refetch()} />;
  if (!history.data) {
    return (
      <Stack gap="md" aria-busy>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} h={56} />
        ))}
      </Stack>
    );
  }
  if (history.data.length === 0) return <EmptyResults icon={<IconHistory size={26} />} hint={emptyHint} />;
  return (
    <Timeline bulletSize={14} lineWidth={2} color="navy" active={history.data.length - 1} aria-label="History">
      {history.data.map((entry, index) => (
        <Timeline.Item
          key={entry.id ?? `${entry.at}-${index}`}
          title={
            <Group gap={8} wrap="wrap">
              <Text fw={650} size="sm" c="navy.8">
                {entry.what}
              </Text>
              <Badge variant="light" color="gray" radius="sm" tt="none" fw={500}>
                {entry.who}
              </Badge>
            </Group>
          }
        >
          <Group gap="sm" mt={2} wrap="wrap">
            <Text size="xs" c="gray.7">
              {entry.bothTimes ?? entry.when}
            </Text>
            <ScheduleMomentLinks entry={entry} />
          </Group>
          <ChangesTable changes={entry.changes} />
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/** A record's History in a dialog (full screen on a phone): 'History of Harbor View Apartments'. */
export function HistoryModal({
  title,
  url,
  emptyHint,
  onClose,
}: {
  title: string;
  url: string;
  emptyHint?: string;
  onClose: () => void;
}) {
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  return (
    <Modal opened onClose={onClose} title={title} size={720} fullScreen={mobile}>
      <History url={url} emptyHint={emptyHint} />
    </Modal>
  );
}

/** A record's dialog: its Details tab (the form) and its History tab, read only when it is opened. */
export function DetailsAndHistoryTabs({
  initialTab = 'details',
  historyUrl,
  emptyHint,
  children,
}: {
  initialTab?: 'details' | 'history';
  historyUrl: string;
  emptyHint: string;
  children: ReactNode;
}) {
  const [tab, setTab] = useState<string | null>(initialTab);
  return (
    <Tabs value={tab} onChange={setTab} keepMounted>
      <Tabs.List mb="md">
        <Tabs.Tab value="details" leftSection={<IconPencil size={14} />}>
          Details
        </Tabs.Tab>
        <Tabs.Tab value="history" leftSection={<IconHistory size={14} />}>
          History
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="details">{children}</Tabs.Panel>
      <Tabs.Panel value="history">{tab === 'history' && <History url={historyUrl} emptyHint={emptyHint} />}</Tabs.Panel>
    </Tabs>
  );
}
