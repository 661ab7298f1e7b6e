import { Module } from '@nestjs/common';
import { REDIS } from '../core/core.module';
import { BookingLinksController, SharedBookingController } from './booking.controller';
import {
  BookingThrottle,
  BookVisitHandler,
  CancelVisitHandler,
  MoveVisitHandler,
  ChangeBookingLinkHandler,
  CreateBookingLinkHandler,
  DeleteBookingLinkHandler,
  GetBookingLogoHandler,
  GetBookingSlotsHandler,
  GetPublicBookingLinkHandler,
  GetSharedBookingHandler,
  ListBookingLinksHandler,
} from './booking.handlers';
import { GetVisitSlotsHandler } from './visit-slots.handler';

@Module({
  controllers: [BookingLinksController, SharedBookingController],
  providers: [
    { provide: BookingThrottle, inject: [REDIS], useFactory: (redis) => new BookingThrottle(redis) },
    CreateBookingLinkHandler,
    ChangeBookingLinkHandler,
    DeleteBookingLinkHandler,
    BookVisitHandler,
    CancelVisitHandler,
    MoveVisitHandler,
    ListBookingLinksHandler,
    GetPublicBookingLinkHandler,
    GetBookingLogoHandler,
    GetBookingSlotsHandler,
    GetSharedBookingHandler,
    GetVisitSlotsHandler,
  ],
})
export class BookingModule {}
