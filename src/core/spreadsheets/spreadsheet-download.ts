import type { Writable } from 'node:stream';
import type { Response } from 'express';
import { DownloadClosedError } from './report-workbook';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Streams a prepared spreadsheet (its filters already checked, so a refusal was a plain 4xx) as export.xlsx. Once
 * the headers are gone, a failure can only cut the download short, so that it is not taken for the whole file. A
 * download the person closed is no failure of ours: `onFailure` is not told.
 */
export async function sendSpreadsheet(
  response: Response,
  prepared: { write(out: Writable): Promise<unknown> },
  onFailure: (error: unknown) => void,
): Promise<void> {
  response.set({
    'Content-Type': XLSX,
    'Content-Disposition': 'attachment; filename="export.xlsx"',
    'Cache-Control': 'no-store',
  });
  try {
    await prepared.write(response);
  } catch (error) {
    if (!(error instanceof DownloadClosedError)) onFailure(error);
    response.destroy(error as Error);
  }
}
