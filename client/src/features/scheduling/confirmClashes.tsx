import { List, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { PersonWarning } from './doubleBooking';

/**
 * Before a drag, resize or reassignment is saved: the clashes the job modal would warn about, named,
 * with Cancel (the job goes back) as the default. Resolves true to save anyway.
 */
export function confirmClashes(jobName: string, warnings: PersonWarning[]): Promise<boolean> {
  return new Promise((resolve) => {
    let answered = false;
    const answer = (save: boolean) => {
      if (answered) return;
      answered = true;
      resolve(save);
    };
    modals.openConfirmModal({
      title: 'Save this change?',
      size: 480,
      children: (
        <>
          <Text size="sm" mb="xs">
            Moving <b>{jobName}</b> here clashes:
          </Text>
          <List size="sm" spacing={4} mb="xs" aria-label="Clashes">
            {warnings.map((w) => (
              <List.Item key={`${w.userId}-${w.message}`}>
                <b>{w.name}</b>: {w.message}
              </List.Item>
            ))}
          </List>
          <Text size="sm" c="dimmed">
            Cancel puts the job back where it was.
          </Text>
        </>
      ),
      labels: { confirm: 'Save anyway', cancel: 'Cancel' },
      cancelProps: { 'data-autofocus': true },
      onConfirm: () => answer(true),
      onCancel: () => answer(false),
      onClose: () => answer(false),
    });
  });
}
