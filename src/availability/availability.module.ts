import { Module } from '@nestjs/common';
import { AvailabilityController } from './availability.controller';
import { GetUserAvailabilityHandler, GetWorkingHoursHandler, ListAvailableUsersHandler } from './availability.queries';
import { SetAvailabilityHandler } from './availability.handlers';

@Module({
  controllers: [AvailabilityController],
  providers: [SetAvailabilityHandler, GetUserAvailabilityHandler, ListAvailableUsersHandler, GetWorkingHoursHandler],
})
export class AvailabilityModule {}
