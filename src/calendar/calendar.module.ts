import { Module } from '@nestjs/common';
import { CalendarController } from './calendar.controller';
import {
  GetCalendarJobsHandler,
  GetJobHandler,
  GetJobHistoryHandler,
  GetUpcomingJobsHandler,
} from './calendar.queries';

@Module({
  controllers: [CalendarController],
  providers: [GetCalendarJobsHandler, GetUpcomingJobsHandler, GetJobHandler, GetJobHistoryHandler],
})
export class CalendarModule {}
