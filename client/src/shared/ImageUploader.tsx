import { Alert, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../app/api';
import { confirmDelete } from './confirmDelete';
import { ACCEPTED_IMAGE_TYPES, imageFileProblem } from './imageFile';
import { notifyError } from './notify';

interface ImageUploaderProps {
  /** What the picture is now (an <Image> or an avatar); the caller decides its shape. */
  preview: ReactNode;
  hasImage: boolean;
  uploadLabel: string;
  removeLabel: string;
  removeConfirmTitle: string;
  removeConfirmMessage: string;
  onUpload: (file: File) => Promise<unknown>;
  onRemove: () => Promise<unknown>;
}

/** Upload (PNG, JPEG, GIF or WebP up to 2.5 MB, checked before sending) or remove an image. */
export function ImageUploader(props: ImageUploaderProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);

  async function upload(file: File | null) {
    if (!file) return;
    const reason = imageFileProblem(file);
    setProblem(reason);
    if (reason) return;
    setBusy('upload');
    try {
      await props.onUpload(file);
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  function remove() {
    confirmDelete({
      title: props.removeConfirmTitle,
      message: props.removeConfirmMessage,
      confirmLabel: 'Remove',
      onConfirm: async () => {
        setBusy('remove');
        try {
          await props.onRemove();
        } catch (error) {
          notifyError(errorMessage(error));
        } finally {
          setBusy(null);
        }
      },
    });
  }

  return (
    <Stack gap="md">
      {props.preview}
      <Group gap="sm">
        <FileButton onChange={upload} accept={ACCEPTED_IMAGE_TYPES.join(',')}>
          {(buttonProps) => (
            <Button
              {...buttonProps}
              leftSection={<IconUpload size={16} />}
              loading={busy === 'upload'}
              disabled={busy === 'remove'}
            >
              {props.uploadLabel}
            </Button>
          )}
        </FileButton>
        {props.hasImage && (
          <Button
            variant="default"
            c="red.9"
            leftSection={<IconTrash size={16} />}
            onClick={remove}
            loading={busy === 'remove'}
            disabled={busy === 'upload'}
          >
            {props.removeLabel}
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        PNG, JPEG, GIF or WebP, up to 2.5 MB.
      </Text>
      {problem && (
        <Alert color="red" variant="light" p="xs" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
