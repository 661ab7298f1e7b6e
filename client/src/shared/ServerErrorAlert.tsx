import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../app/api';

/** A form's problem above its fields: a check of its own, or the server's first message (spec §8). */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {message}
    </Alert>
  );
}

/** The server's first message for a failed request, above the form that sent it (spec §8). */
export function ServerErrorAlert({ error }: { error: unknown }) {
  return error ? <FormAlert message={errorMessage(error)} /> : null;
}
