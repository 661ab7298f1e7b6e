import { Module } from '@nestjs/common';
import { PayrollController } from './payroll.controller';
import { ExportPayrollHandler } from './payroll-export.handlers';
import { PAYROLL_READS } from './payroll.queries';

/** Pay periods' timesheets, their approval's screens and payroll exports (issue #30). */
@Module({
  controllers: [PayrollController],
  providers: [...PAYROLL_READS, ExportPayrollHandler],
})
export class PayrollModule {}
