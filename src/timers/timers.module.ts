import { Module } from '@nestjs/common';
import { AddTimeForHandler, ChangeTimerHandler, DeleteTimerHandler, StartTimerHandler } from './timer.handlers';
import { AnswerTimeReviewHandler } from './time-review.handlers';
import { DecideTimesheetHandler, SubmitTimesheetHandler } from './timesheet.handlers';
import { TimersController } from './timers.controller';
import {
  GetCurrentTimerHandler,
  ListRunningTimersHandler,
  ListTimeReviewsHandler,
  ListTimersHandler,
} from './timers.queries';

@Module({
  controllers: [TimersController],
  providers: [
    StartTimerHandler,
    AddTimeForHandler,
    ChangeTimerHandler,
    DeleteTimerHandler,
    AnswerTimeReviewHandler,
    SubmitTimesheetHandler,
    DecideTimesheetHandler,
    GetCurrentTimerHandler,
    ListTimersHandler,
    ListRunningTimersHandler,
    ListTimeReviewsHandler,
  ],
})
export class TimersModule {}
