import { Module } from '@nestjs/common';
import { AddTimeForHandler, ChangeTimerHandler, DeleteTimerHandler, StartTimerHandler } from './timer.handlers';
import { AnswerTimeReviewHandler } from './time-review.handlers';
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
    GetCurrentTimerHandler,
    ListTimersHandler,
    ListRunningTimersHandler,
    ListTimeReviewsHandler,
  ],
})
export class TimersModule {}
