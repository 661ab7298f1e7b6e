import { Alert, Button, Code, Progress, Stack } from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { downloadFile, saveBlob, type DownloadProgress } from './download';

/** The export's state: a download under way (its progress) and the last failure's body. */
export function useDownload(url: string, fileName: string) {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);

  async function start() {
    if (busy.current) return;
    busy.current = true;
    setError(null);
    setProgress({ received: 0, total: null });
    try {
      const blob = await downloadFile(url, setProgress);
      saveBlob(blob, fileName);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      busy.current = false;
      setProgress(null);
    }
  }

  return { progress, error, start, dismiss: () => setError(null) };
}

type Download = ReturnType<typeof useDownload>;

const percent = (progress: DownloadProgress) =>
  progress.total ? Math.min(100, Math.round((progress.received / progress.total) * 100)) : null;

/**
 * "Download Report" (`label`): the spreadsheet for the filters, read with its progress (indeterminate without a
 * Content-Length) and saved under the hook's file name.
 */
export function DownloadButton({ download, label }: { download: Download; label: string }) {
  const { progress } = download;
  const share = progress ? percent(progress) : null;
  return (
    <Stack gap={6} align="stretch" miw={190}>
      <Button
        leftSection={<IconDownload size={16} />}
        onClick={() => void download.start()}
        disabled={progress !== null}
        aria-busy={progress !== null}
      >
        {progress === null ? label : share === null ? 'Downloading…' : `Downloading ${share}%`}
      </Button>
      {progress !== null && (
        <Progress
          value={share ?? 100}
          striped={share === null}
          animated={share === null}
          size="sm"
          aria-label="Download progress"
        />
      )}
    </Stack>
  );
}

/** A failed export: the response's body as sent (spec §8), e.g. a 400's JSON with its `errors`. */
export function DownloadErrorAlert({ download, title }: { download: Download; title: string }) {
  if (download.error === null) return null;
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      mb="md"
      icon={<IconAlertTriangle size={18} />}
      title={title}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={download.dismiss}
    >
      <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {download.error}
      </Code>
    </Alert>
  );
}
