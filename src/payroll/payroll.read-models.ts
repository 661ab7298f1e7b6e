import type { ReadStore } from '../core/read-store/read-store.port';
import type { PayrollFormat } from '../shared/payroll';
import type { ExportedTimer } from './payroll.events';

/** Read model of payroll exports (issue #30 item 5): one row per export, listed on its periods. */
export const PAYROLL_EXPORTS = 'payrollExports';

export interface PayrollExportDoc {
  _id: string;
  organizationId: string;
  format: PayrollFormat;
  fileId: string;
  fileName: string;
  contentType: string;
  periodStarts: string[];
  periods: { start: string; end: string }[];
  people: { userId: string; periodStart: string; fingerprint: string }[];
  timers: ExportedTimer[];
  byUserId: string | null;
  at: string;
  position: string;
  _rev?: number;
}

/** A period's exports, the newest first. */
export function exportsOfPeriod(store: ReadStore, organizationId: string, periodStart: string) {
  return store
    .collection<PayrollExportDoc>(PAYROLL_EXPORTS)
    .find({ organizationId, periodStarts: periodStart }, { sort: { at: -1 }, limit: 200 });
}

export function exportById(store: ReadStore, organizationId: string, id: string) {
  return store.collection<PayrollExportDoc>(PAYROLL_EXPORTS).findOne({ _id: id, organizationId });
}
