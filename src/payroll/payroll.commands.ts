import type { CommandMeta } from '../core/commands/aggregates';
import type { PayrollFormat } from '../shared/payroll';

/** A manager exports a pay period's approved timesheets to payroll, in a format (issue #30 item 5). */
export class ExportPayroll {
  constructor(
    readonly periodStart: string,
    readonly format: PayrollFormat,
    readonly meta: CommandMeta,
  ) {}
}
