import { NETWORK_ERROR } from '../app/api';

/** A download under way: the share received (0–1), or null when the size is not known (no Content-Length). */
export type DownloadProgress = { received: number; total: number | null };

/** Thrown when the export fails: its message is the response's body as sent (spec §8). */
export class ExportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportError';
  }
}

/** Reads a response's body chunk by chunk into a Blob, reporting what has arrived. */
export async function readWithProgress(
  response: Response,
  onProgress: (progress: DownloadProgress) => void,
): Promise<Blob> {
  const length = Number(response.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  if (!response.body) return new Blob([await response.arrayBuffer()], { type });
  const reader = response.body.getReader();
  const chunks: BlobPart[] = [];
  let received = 0;
  onProgress({ received, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onProgress({ received, total });
  }
  return new Blob(chunks, { type });
}

/** GET the spreadsheet; a failure throws the body text as it came (a 400's JSON with its `errors`, say). */
export async function downloadFile(
  url: string,
  onProgress: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ExportError(NETWORK_ERROR);
  }
  if (!response.ok) {
    const body = await response.text().catch(() => '');
    throw new ExportError(body.trim() || `${response.status} ${response.statusText}`.trim());
  }
  return readWithProgress(response, onProgress);
}

/** Hands a blob to the browser as a file: an <a download> on an object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser the time to start reading the file before the URL goes.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
