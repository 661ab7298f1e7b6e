import { Module } from '@nestjs/common';
import {
  AssignJobHandler,
  ChangeJobHandler,
  DeleteJobHandler,
  DeleteSeriesHandler,
  ScheduleJobHandler,
} from './job.handlers';
import { SchedulingController } from './scheduling.controller';

@Module({
  controllers: [SchedulingController],
  providers: [ScheduleJobHandler, ChangeJobHandler, DeleteJobHandler, DeleteSeriesHandler, AssignJobHandler],
})
export class SchedulingModule {}
