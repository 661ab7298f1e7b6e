import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../app/api';
import { MOBILE_QUERY } from '../../app/theme';
import { FormAlert } from '../../shared/ServerErrorAlert';
import { PAYROLL_REASON_MAX_LENGTH } from '../../../../src/shared/payroll';
import { reasonProblem } from './payroll';

/**
 * Asks a manager for the reason of what they are about to do (send back, unapprove, delete approved time), then does
 * it; the server's refusal shows above the reason.
 */
export function ReasonModal({
  title,
  message,
  confirmLabel,
  danger = false,
  onConfirm,
  onClose,
}: {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  /** Does it; a throw shows its message. */
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    const local = reasonProblem(reason, PAYROLL_REASON_MAX_LENGTH);
    setProblem(local);
    if (local) return;
    setBusy(true);
    try {
      await onConfirm(reason.trim());
      onClose();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={title} size={520} fullScreen={mobile}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <FormAlert message={problem} />
          <Text size="sm">{message}</Text>
          <Textarea
            label="Reason"
            withAsterisk
            autosize
            minRows={3}
            maxLength={PAYROLL_REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color={danger ? 'red' : undefined} loading={busy}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
