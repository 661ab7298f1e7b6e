import { Module } from '@nestjs/common';
import {
  AssignJobHandler,
  ChangeJobHandler,
  DeleteJobHandler,
  DeleteSeriesHandler,
  ScheduleJobHandler,
} from './commands/job.handlers';
import { SchedulingController } from './scheduling.controller';
import {
  GetCalendarJobsHandler,
  GetJobHandler,
  GetJobHistoryHandler,
  GetUpcomingJobsHandler,
} from './scheduling.queries';

@Module({
  controllers: [SchedulingController],
  providers: [
    ScheduleJobHandler,
    ChangeJobHandler,
    DeleteJobHandler,
    DeleteSeriesHandler,
    AssignJobHandler,
    GetCalendarJobsHandler,
    GetUpcomingJobsHandler,
    GetJobHandler,
    GetJobHistoryHandler,
  ],
})
export class SchedulingModule {}
