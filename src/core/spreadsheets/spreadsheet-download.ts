import type { Writable } from 'node:stream';
import type { Response } from 'express';
import { DownloadClosedError } from './report-workbook';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Streams a prepared spreadsheet (its filters already checked, so a refusal was a plain 4xx) as export.xlsx. Once
 * the headers are gone, a failure can only cut the download short, so that it is not taken for the whole file. A
 * download the person closed is no failure of ours: `onFailure` is not told, whatever error the writer then met
 * (a write after the connection went, say: issue #44 saw those logged as errors); the request log says "request
 * aborted", at info.
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
    // Destroyed before we destroy it: the connection closed from the other end.
    const closedByThePerson = error instanceof DownloadClosedError || response.destroyed;
    if (!closedByThePerson) onFailure(error);
    response.destroy(error as Error);
  }
}
