import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ClashReport } from './clashes';
import { ClashList } from './ClashList';

/**
 * Before a change is saved (a drag, resize or reassignment, a request's approval, a job saved from its form, the
 * clashes listed there or not): the clashes the server found, named, with Cancel as the default. Resolves true to save
 * anyway.
 */
export function confirmClashes(
  jobName: string,
  report: ClashReport,
  zone: string,
  what: { title?: string; confirm?: string; lead?: string; cancel?: string } = {},
): Promise<boolean> {
  return new Promise((resolve) => {
    let answered = false;
    const answer = (save: boolean) => {
      if (answered) return;
      answered = true;
      resolve(save);
    };
    modals.openConfirmModal({
      title: what.title ?? 'Save this change?',
      size: 520,
      children: (
        <>
          <Text size="sm" mb="xs">
            {what.lead ?? (
              <>
                Moving <b>{jobName}</b> here clashes:
              </>
            )}
          </Text>
          <ClashList report={report} zone={zone} />
          <Text size="sm" c="dimmed" mt="xs">
            {what.cancel ?? 'Cancel puts the job back where it was.'}
          </Text>
        </>
      ),
      labels: { confirm: what.confirm ?? 'Save anyway', cancel: 'Cancel' },
      cancelProps: { 'data-autofocus': true },
      onConfirm: () => answer(true),
      onCancel: () => answer(false),
      onClose: () => answer(false),
    });
  });
}
