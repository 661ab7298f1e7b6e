import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

export const CANNOT_BE_UNDONE = 'This action cannot be undone.';

/** The confirmation every delete asks for (spec §8): what goes, and that it cannot be undone. */
export function confirmDelete(options: {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  onConfirm: () => void;
}): void {
  modals.openConfirmModal({
    title: options.title,
    children: (
      <Text size="sm">
        {options.message} {CANNOT_BE_UNDONE}
      </Text>
    ),
    labels: { confirm: options.confirmLabel ?? 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: options.onConfirm,
  });
}
