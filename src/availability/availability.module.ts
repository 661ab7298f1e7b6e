import { Module } from '@nestjs/common';
import { AvailabilityController } from './availability.controller';
import { GetUserAvailabilityHandler, ListAvailableUsersHandler } from './availability.queries';
import { SetAvailabilityHandler } from './set-availability.handler';

@Module({
  controllers: [AvailabilityController],
  providers: [SetAvailabilityHandler, GetUserAvailabilityHandler, ListAvailableUsersHandler],
})
export class AvailabilityModule {}
