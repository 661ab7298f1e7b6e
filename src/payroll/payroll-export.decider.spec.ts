import { ConflictError } from '../core/errors';
import { given } from '../core/decider.testing';
import { type PayrollExportCommand, payrollExportDecider } from './payroll-export.decider';
import type { PayrollExportEvent } from './payroll.events';

const held: PayrollExportEvent['data'] = {
  exportId: 'e1',
  organizationId: 'org-1',
  format: 'gusto',
  fileId: 'f1',
  fileName: 'payroll-gusto-2026-06-01.csv',
  contentType: 'text/csv; charset=utf-8',
  sha256: 'ab'.repeat(32),
  periods: [{ start: '2026-06-01', end: '2026-06-07' }],
  people: [{ userId: 'u1', periodStart: '2026-06-01', fingerprint: 'fp' }],
  timers: [{ timerId: 't1', userId: 'u1', revision: 2 }],
  position: '42',
};
const record = (data = held): PayrollExportCommand => ({
  type: 'RecordPayrollExport',
  periodLabel: 'Jun 1 – Jun 7, 2026',
  export: data,
});

describe('a payroll export', () => {
  it('is recorded with what it held', () => {
    given(payrollExportDecider, [])
      .when(record())
      .then([{ type: 'PayrollExported', data: held }]);
  });

  it('is recorded once', () => {
    given(payrollExportDecider, [{ type: 'PayrollExported', data: held }])
      .when(record())
      .thenThrows(ConflictError, 'This payroll export is recorded already.');
  });

  it('is refused without an approved timesheet in it, naming the period', () => {
    given(payrollExportDecider, [])
      .when(record({ ...held, people: [], timers: [] }))
      .thenThrows(
        ConflictError,
        new Error('No timesheet of Jun 1 – Jun 7, 2026 is approved yet: approve timesheets before exporting them.'),
      );
  });
});
