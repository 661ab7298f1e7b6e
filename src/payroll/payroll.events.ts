import type { DomainEvent } from '../core/decider';
import type { PayrollFormat } from '../shared/payroll';

/** A tracked time an export held, at the revision of its stream the export read. */
export interface ExportedTimer {
  timerId: string;
  userId: string;
  revision: number;
}

/**
 * A payroll export (issue #30 item 5): stream `payrollExport-<id>`. It records who exported which periods' approved
 * timesheets, when, at which log position, the exact file sent (stored: `fileId`, `sha256`), and what it held: each
 * person's fingerprint and each tracked time at its stream's revision, so that what changed since can be read.
 */
export type PayrollExportEvent = DomainEvent<
  'PayrollExported',
  {
    exportId: string;
    organizationId: string;
    format: PayrollFormat;
    fileId: string;
    fileName: string;
    contentType: string;
    sha256: string;
    periods: { start: string; end: string }[];
    people: { userId: string; periodStart: string; fingerprint: string }[];
    timers: ExportedTimer[];
    /** The event log's head when the export read its times (commit position). */
    position: string;
  }
>;

export const payrollStreams = {
  export: (id: string) => `payrollExport-${id}`,
};
