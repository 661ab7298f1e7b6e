import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';

/** How long a move, resize or reassignment can be undone from its toast (issue #26). */
export const UNDO_MS = 10_000;

/**
 * The success toast of a calendar change, with Undo for 10 s. Undo runs once (a second click does nothing), and
 * the toast closes when it is clicked.
 */
export function notifyWithUndo(message: string, undo: () => Promise<void>): void {
  const id = `undo-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  let used = false;
  notifications.show({
    id,
    color: 'teal',
    icon: <IconCheck size={18} />,
    autoClose: UNDO_MS,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{message}</Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => {
            if (used) return;
            used = true;
            notifications.hide(id);
            void undo();
          }}
        >
          Undo
        </Button>
      </Group>
    ),
  });
}
