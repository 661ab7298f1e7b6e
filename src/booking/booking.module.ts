import { Module } from '@nestjs/common';
import { REDIS } from '../core/core.module';
import { BookingLinksController, SharedBookingController } from './booking.controller';
import { BookingThrottle } from './booking-throttle';
import { SlotCache } from './slot-cache';
import {
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
    SlotCache,
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
