import { Module } from '@nestjs/common';
import { REDIS } from '../core/core.module';
import { BookedCustomersController, MergeBookedCustomerHandler } from './booked-customers';
import { BookingConfirmations } from './booking-confirmations';
import { BookingLinksController, SharedBookingController } from './booking.controller';
import { BookingThrottle } from './booking-throttle';
import { SlotCache } from './slot-cache';
import {
  BookVisitHandler,
  CancelVisitHandler,
  ChangeBookingLinkHandler,
  CreateBookingLinkHandler,
  DeleteBookingLinkHandler,
  MoveVisitHandler,
} from './booking.handlers';
import { VisitBookings } from './booking.process';
import {
  GetBookingLogoHandler,
  GetBookingSlotsHandler,
  GetPublicBookingLinkHandler,
  GetSharedBookingHandler,
  ListBookingLinksHandler,
} from './booking.queries';
import { GetVisitSlotsHandler } from './visit-slots.handler';

@Module({
  controllers: [BookingLinksController, SharedBookingController, BookedCustomersController],
  providers: [
    { provide: BookingThrottle, inject: [REDIS], useFactory: (redis) => new BookingThrottle(redis) },
    SlotCache,
    { provide: BookingConfirmations, inject: [REDIS], useFactory: (redis) => new BookingConfirmations(redis) },
    MergeBookedCustomerHandler,
    VisitBookings,
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
