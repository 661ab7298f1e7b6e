import { Module } from '@nestjs/common';
import { PayrollController } from './payroll.controller';
import { PayrollService } from './payroll.service';

/** Pay periods' timesheets, their approval's screens and payroll exports (issue #30). */
@Module({
  controllers: [PayrollController],
  providers: [PayrollService],
})
export class PayrollModule {}
