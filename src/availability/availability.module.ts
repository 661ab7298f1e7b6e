import { Module } from '@nestjs/common';
import { AvailabilityController } from './availability.controller';
import { GetUserAvailabilityHandler, GetWorkingHoursHandler, ListAvailableUsersHandler } from './availability.queries';
import { SetAvailabilityHandler } from './availability.handlers';
import { GetUserTimeOffHandler, SetTimeOffHandler } from './time-off.handlers';

@Module({
  controllers: [AvailabilityController],
  providers: [
    SetAvailabilityHandler,
    GetUserAvailabilityHandler,
    ListAvailableUsersHandler,
    GetWorkingHoursHandler,
    SetTimeOffHandler,
    GetUserTimeOffHandler,
  ],
})
export class AvailabilityModule {}
