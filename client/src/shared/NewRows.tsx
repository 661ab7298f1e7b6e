import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../app/api';
import { invalidateUrls } from '../app/queryClient';
import { useServerEvent } from '../app/serverEvents';
import type { ServerToClientEvents } from '../../../src/shared/client-events';
import type { Paged } from '../../../src/shared/paging';
import { newRowsCount } from './pagedQuery';

/**
 * A push that may add rows (`event`) checks only the count (`countUrl`: a page of one row, same filters) and
 * tells how many rows are new beside what the table shows; `refresh` refetches what is under `refreshUrls`.
 */
export function useNewRows(
  countUrl: string,
  event: keyof ServerToClientEvents,
  shownTotal: number | undefined,
  refreshUrls: readonly string[],
) {
  const [latest, setLatest] = useState<{ url: string; total: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  useServerEvent(event, () => {
    // A start and a stop come as two notices: ask once they settle.
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      api
        .get<Paged<unknown>>(countUrl)
        .then((page) => setLatest({ url: countUrl, total: page.totalRecords }))
        .catch(() => undefined); // the next notice or a refresh tries again
    }, 400);
  });

  const count = latest?.url === countUrl ? newRowsCount(shownTotal, latest.total) : 0;
  const refreshKey = refreshUrls.join('\n');
  const refresh = useCallback(() => {
    setLatest(null);
    void invalidateUrls(refreshKey.split('\n'));
  }, [refreshKey]);
  return { count, refresh };
}

/** '3 new rows — refresh': what a push added since the table was fetched; nothing is refetched until asked. */
export function NewRowsBanner({ count, label, onRefresh }: { count: number; label: string; onRefresh: () => void }) {
  if (count <= 0) return null;
  return (
    <Alert color="blue" variant="light" role="status" mb="md" icon={<IconRefresh size={18} />} py="xs">
      <Group gap={6} wrap="wrap">
        <Text size="sm" fw={600}>
          {label} —
        </Text>{' '}
        <Button size="compact-sm" variant="white" onClick={onRefresh}>
          refresh
        </Button>
      </Group>
    </Alert>
  );
}
