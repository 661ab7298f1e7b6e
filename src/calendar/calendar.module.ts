import { Module } from '@nestjs/common';
import { CalendarController } from './calendar.controller';
import { CheckClashesHandler } from './clash-check';
import { CustomerJobsController } from './customer-jobs.controller';
import { CalendarFeedFileController, CalendarFeedsController } from './calendar-feeds.controller';
import {
  GetCalendarFeedsHandler,
  IssueCalendarFeedHandler,
  ReadCalendarFeedHandler,
  RevokeCalendarFeedHandler,
} from './calendar-feed.handlers';
import {
  GetCalendarJobsHandler,
  GetCustomerJobsHandler,
  GetJobHandler,
  GetJobHistoryHandler,
  GetUpcomingJobsHandler,
} from './calendar.queries';

@Module({
  controllers: [CalendarController, CustomerJobsController, CalendarFeedsController, CalendarFeedFileController],
  providers: [
    CheckClashesHandler,
    GetCalendarJobsHandler,
    GetUpcomingJobsHandler,
    GetJobHandler,
    GetJobHistoryHandler,
    GetCustomerJobsHandler,
    IssueCalendarFeedHandler,
    RevokeCalendarFeedHandler,
    GetCalendarFeedsHandler,
    ReadCalendarFeedHandler,
  ],
})
export class CalendarModule {}
