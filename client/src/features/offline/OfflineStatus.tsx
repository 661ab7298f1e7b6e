import { Box, Button, Collapse, Group, Stack, Text } from '@mantine/core';
import { IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { useAppStore } from '../../app/store';
import { useConnectivity } from './connectivity';
import { outbox } from './offline';
import type { OutboxEntry } from './outbox';

/** Whether an action of this kind waits in the outbox (a screen marks it "Waiting to sync"). */
export function useWaiting(matches: (entry: OutboxEntry) => boolean): boolean {
  return useConnectivity((s) => s.waiting.some(matches));
}

/** "7:42 AM" today, "Tue 7:42 AM" another day: when the phone's copy was last read from the server. */
export function lastUpdatedLabel(at: number, zone: string, now = Date.now()): string {
  const when = DateTime.fromMillis(at).setZone(zone);
  const sameDay = when.hasSame(DateTime.fromMillis(now).setZone(zone), 'day');
  return when.toFormat(sameDay ? 'h:mm a' : 'ccc h:mm a');
}

const actions = (n: number) => (n === 1 ? '1 action' : `${n} actions`);

/**
 * The phone's state under the top bar (issue #29): offline, how old what it shows is, and what waits to sync. Hidden
 * while online with nothing waiting.
 */
export function OfflineStatus() {
  const { online, lastUpdated, waiting, syncing } = useConnectivity();
  const zone = useAppStore((s) => s.session?.company.timeZone ?? 'UTC');
  const [showList, setShowList] = useState(false);
  if (online && waiting.length === 0) return null;
  const headline = online
    ? syncing
      ? `Syncing ${actions(waiting.length)}…`
      : `${actions(waiting.length)} waiting to sync`
    : `Offline — last updated ${lastUpdated ? lastUpdatedLabel(lastUpdated, zone) : 'never'}`;
  return (
    <Box
      role="status"
      aria-label="Connection"
      px={{ base: 'md', xs: 'xl' }}
      py={8}
      style={{
        background: online ? 'var(--mantine-color-navy-0)' : 'var(--mantine-color-yellow-1)',
        borderBottom: '1px solid var(--app-border)',
      }}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" maw={1320} mx="auto">
        <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
          {!online && <IconCloudOff size={18} aria-hidden style={{ flexShrink: 0 }} />}
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600}>
              {headline}
            </Text>
            {!online && waiting.length > 0 && (
              <Text size="xs" c="gray.8">
                {actions(waiting.length)} waiting to sync. They are sent when you are back online.
              </Text>
            )}
            {!online && waiting.length === 0 && (
              <Text size="xs" c="gray.8">
                What you do now is kept on this device and sent when you are back online.
              </Text>
            )}
          </Stack>
        </Group>
        <Group gap={4} wrap="nowrap">
          {waiting.length > 0 && (
            <Button variant="subtle" size="compact-sm" onClick={() => setShowList((v) => !v)}>
              {showList ? 'Hide' : 'Show'}
            </Button>
          )}
          {online && waiting.length > 0 && !syncing && (
            <Button
              variant="light"
              size="compact-sm"
              leftSection={<IconRefresh size={14} />}
              onClick={() => void outbox.sync()}
            >
              Sync now
            </Button>
          )}
        </Group>
      </Group>
      <Collapse expanded={showList && waiting.length > 0}>
        <Stack component="ul" gap={2} p={0} m={0} mt={6} maw={1320} mx="auto" style={{ listStyle: 'none' }}>
          {waiting.map((entry) => (
            <Text component="li" key={entry.commandId} size="xs">
              {entry.label} · {lastUpdatedLabel(Date.parse(entry.deviceTime), zone)} ·{' '}
              <Text span size="xs" fw={600}>
                Waiting to sync
              </Text>
            </Text>
          ))}
        </Stack>
      </Collapse>
    </Box>
  );
}
