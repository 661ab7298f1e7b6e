import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { notifyAs } from '../../shared/notify';

/** How long a move, resize or reassignment can be undone from its toast (issue #26). */
export const UNDO_MS = 10_000;

/**
 * The success toast of a calendar change, with Undo for 10 s. Undo runs once (a second click does nothing), and
 * the toast closes when it is clicked.
 */
export function notifyWithUndo(message: string, undo: () => Promise<void>): void {
  let used = false;
  // One at a time: the next change's toast takes its place (its Undo is the one that fits what is on screen).
  const id = notifyAs('undo', {
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
