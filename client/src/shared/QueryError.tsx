import { Alert, Button, Group } from '@mantine/core';
import { IconAlertTriangle, IconHourglassHigh } from '@tabler/icons-react';
import { errorMessage, isBeingPrepared } from '../app/api';

/** A failed load: the server's first error and a way to try again; calmly, when it is only not ready yet (a 503). */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const preparing = isBeingPrepared(error);
  return (
    <Alert
      color={preparing ? 'blue' : 'red'}
      variant="light"
      icon={preparing ? <IconHourglassHigh size={18} /> : <IconAlertTriangle size={18} />}
      title={preparing ? 'Almost ready' : 'This could not be loaded'}
    >
      <Group justify="space-between" gap="sm">
        {errorMessage(error)}
        <Button size="xs" variant="white" color={preparing ? 'blue' : 'red'} onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
