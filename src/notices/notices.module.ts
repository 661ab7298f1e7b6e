import { Module } from '@nestjs/common';
import { NoticesController } from './notices.controller';
import { GetOnMyWayHandler, SendOnMyWayHandler } from './on-my-way.handlers';

/** What the customer is told about their visit (issue #31): "On my way". */
@Module({
  controllers: [NoticesController],
  providers: [SendOnMyWayHandler, GetOnMyWayHandler],
})
export class NoticesModule {}
