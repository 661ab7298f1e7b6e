import { Module } from '@nestjs/common';
import { AddTimeForHandler, ChangeTimerHandler, DeleteTimerHandler, StartTimerHandler } from './timer.handlers';
import { TimersController } from './timers.controller';
import { GetCurrentTimerHandler, ListRunningTimersHandler, ListTimersHandler } from './timers.queries';

@Module({
  controllers: [TimersController],
  providers: [
    StartTimerHandler,
    AddTimeForHandler,
    ChangeTimerHandler,
    DeleteTimerHandler,
    GetCurrentTimerHandler,
    ListTimersHandler,
    ListRunningTimersHandler,
  ],
})
export class TimersModule {}
