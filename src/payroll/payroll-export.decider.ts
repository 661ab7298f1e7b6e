import { Decider } from '../core/decider';
import { ConflictError } from '../core/errors';
import type { PayrollExportEvent } from './payroll.events';

/**
 * A payroll export (issue #30 item 5), recorded once on a stream of its own: what it held (each person's fingerprint,
 * each tracked time at its stream's revision), the file sent and the log's position it read at. An export with no
 * approved timesheet in it is refused, naming the period.
 */
export type PayrollExportCommand = {
  type: 'RecordPayrollExport';
  /** The period's words, for a refusal ("Jun 1 – Jun 7, 2026"). */
  periodLabel: string;
  export: PayrollExportEvent['data'];
};

/** The refusal of an export with no approved timesheet, in words naming the period. */
export const NONE_APPROVED = (periodLabel: string) =>
  `No timesheet of ${periodLabel} is approved yet: approve timesheets before exporting them.`;

export const payrollExportDecider: Decider<PayrollExportCommand, { recorded: boolean }, PayrollExportEvent> = {
  initialState: { recorded: false },

  evolve: () => ({ recorded: true }),

  decide(command, state) {
    if (state.recorded) throw new ConflictError('This payroll export is recorded already.');
    if (!command.export.people.length) throw new ConflictError(NONE_APPROVED(command.periodLabel));
    return [{ type: 'PayrollExported', data: command.export }];
  },
};
