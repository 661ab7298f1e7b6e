import { Module } from '@nestjs/common';
import { CalendarController } from './calendar.controller';
import { CheckClashesHandler } from './clash-check';
import { CustomerJobsController } from './customer-jobs.controller';
import {
  GetCalendarJobsHandler,
  GetCustomerJobsHandler,
  GetJobHandler,
  GetJobHistoryHandler,
  GetUpcomingJobsHandler,
} from './calendar.queries';

@Module({
  controllers: [CalendarController, CustomerJobsController],
  providers: [
    CheckClashesHandler,
    GetCalendarJobsHandler,
    GetUpcomingJobsHandler,
    GetJobHandler,
    GetJobHistoryHandler,
    GetCustomerJobsHandler,
  ],
})
export class CalendarModule {}
