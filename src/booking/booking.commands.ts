import type { CommandMeta } from '../core/commands/aggregates';
import type { BookingLinkInput, BookingRequest } from '../shared/booking';

export class CreateBookingLink {
  constructor(
    readonly input: BookingLinkInput,
    readonly meta: CommandMeta,
  ) {}
}
export class ChangeBookingLink {
  constructor(
    readonly linkId: string,
    readonly input: BookingLinkInput & { status?: 'active' | 'paused' },
    readonly meta: CommandMeta,
  ) {}
}
export class DeleteBookingLink {
  constructor(
    readonly linkId: string,
    readonly meta: CommandMeta,
  ) {}
}
export class BookVisit {
  constructor(
    readonly linkId: string,
    readonly request: BookingRequest,
    readonly ipAddress: string,
  ) {}
}
export class CancelVisit {
  constructor(
    readonly bookingId: string,
    readonly ipAddress: string,
  ) {}
}
export class MoveVisit {
  constructor(
    readonly bookingId: string,
    readonly start: unknown,
    readonly ipAddress: string,
  ) {}
}
