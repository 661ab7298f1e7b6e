import { Module } from '@nestjs/common';
import { AvailabilityController } from './availability.controller';
import { GetUserAvailabilityHandler, ListAvailableUsersHandler } from './availability.queries';
import { SetAvailabilityHandler } from './availability.handlers';

@Module({
  controllers: [AvailabilityController],
  providers: [SetAvailabilityHandler, GetUserAvailabilityHandler, ListAvailableUsersHandler],
})
export class AvailabilityModule {}
