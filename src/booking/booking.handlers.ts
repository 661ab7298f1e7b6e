import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates } from '../core/commands/aggregates';
import { NotFoundError, ValidationError } from '../core/errors';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { userOf } from '../identity/identity.read-models';
import type { BookingLinkInput } from '../shared/booking';
import { bookingLinkDecider, LINK_NOT_FOUND } from './booking-link.decider';
import {
  BookVisit,
  CancelVisit,
  ChangeBookingLink,
  CreateBookingLink,
  DeleteBookingLink,
  MoveVisit,
} from './booking.commands';
import { BookingLinkSettings, bookingStreams } from './booking.events';
import { bookingLinkById } from './booking.read-models';
import { BookingThrottle } from './booking-throttle';
import { VisitBookings } from './booking.process';
import { isPublicId, newPublicId } from './public-booking';

const SETTINGS_KEYS: (keyof BookingLinkSettings)[] = [
  'serviceName',
  'durationMinutes',
  'staffIds',
  'minimumNoticeMinutes',
  'horizonDays',
  'bufferMinutes',
  'expiresOn',
  'maxBookings',
];
const settingsOf = (input: BookingLinkInput): Partial<BookingLinkSettings> =>
  Object.fromEntries(SETTINGS_KEYS.filter((k) => input[k] !== undefined).map((k) => [k, input[k]]));

/** Staff of the link must be the organization's people. */
async function checkStaff(store: ReadStore, organizationId: string, staffIds: unknown) {
  if (!Array.isArray(staffIds)) return;
  for (const id of staffIds)
    if (typeof id !== 'string' || !(await userOf(store, organizationId, id)))
      throw new ValidationError('Choose staff members of your organization');
}

@CommandHandler(CreateBookingLink)
export class CreateBookingLinkHandler implements ICommandHandler<CreateBookingLink> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async execute({ input, meta }: CreateBookingLink) {
    await checkStaff(this.store, meta.organizationId, input.staffIds);
    const linkId = newPublicId();
    const settings: BookingLinkSettings = {
      serviceName: '',
      durationMinutes: 60,
      staffIds: [],
      minimumNoticeMinutes: 120,
      horizonDays: 30,
      bufferMinutes: 0,
      expiresOn: null,
      maxBookings: null,
      ...settingsOf(input),
    };
    await this.aggregates.execute(
      bookingStreams.link(linkId),
      bookingLinkDecider,
      {
        type: 'CreateBookingLink',
        linkId,
        organizationId: meta.organizationId,
        settings,
        createdBy: meta.actorUserId!,
      },
      meta,
    );
    return { id: linkId };
  }
}

@CommandHandler(ChangeBookingLink)
export class ChangeBookingLinkHandler implements ICommandHandler<ChangeBookingLink> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async execute({ linkId, input, meta }: ChangeBookingLink) {
    // Another organization's link is not found, also when the change is empty.
    const link = isPublicId(linkId) ? await bookingLinkById(this.store, linkId) : null;
    if (!link || link.organizationId !== meta.organizationId)
      throw new NotFoundError('The booking link', LINK_NOT_FOUND);
    await checkStaff(this.store, meta.organizationId, input.staffIds);
    const stream = bookingStreams.link(linkId);
    const organizationId = meta.organizationId;
    const settings = settingsOf(input);
    if (Object.keys(settings).length)
      await this.aggregates.execute(
        stream,
        bookingLinkDecider,
        { type: 'ChangeBookingLink', organizationId, settings },
        meta,
      );
    if (input.status === 'paused' || input.status === 'active')
      await this.aggregates.execute(
        stream,
        bookingLinkDecider,
        { type: input.status === 'paused' ? 'PauseBookingLink' : 'ResumeBookingLink', organizationId },
        meta,
      );
  }
}

@CommandHandler(DeleteBookingLink)
export class DeleteBookingLinkHandler implements ICommandHandler<DeleteBookingLink> {
  constructor(private readonly aggregates: Aggregates) {}

  async execute({ linkId, meta }: DeleteBookingLink) {
    if (!isPublicId(linkId)) throw new NotFoundError('The booking link', LINK_NOT_FOUND);
    await this.aggregates.execute(
      bookingStreams.link(linkId),
      bookingLinkDecider,
      { type: 'DeleteBookingLink', organizationId: meta.organizationId },
      meta,
    );
  }
}

/** A visitor books a visit through a link's page (the flow: booking.process.ts). */
@CommandHandler(BookVisit)
export class BookVisitHandler implements ICommandHandler<BookVisit> {
  constructor(
    private readonly throttle: BookingThrottle,
    private readonly visits: VisitBookings,
  ) {}

  async execute({ linkId, request, ipAddress }: BookVisit) {
    await this.throttle.book(ipAddress);
    return this.visits.book(linkId, request);
  }
}

/** A visitor cancels their visit on its own page. */
@CommandHandler(CancelVisit)
export class CancelVisitHandler implements ICommandHandler<CancelVisit> {
  constructor(
    private readonly throttle: BookingThrottle,
    private readonly visits: VisitBookings,
  ) {}

  async execute({ bookingId, ipAddress }: CancelVisit) {
    await this.throttle.book(ipAddress);
    await this.visits.cancel(bookingId);
  }
}

/** A visitor moves their visit to another of the link's times. */
@CommandHandler(MoveVisit)
export class MoveVisitHandler implements ICommandHandler<MoveVisit> {
  constructor(
    private readonly throttle: BookingThrottle,
    private readonly visits: VisitBookings,
  ) {}

  async execute({ bookingId, start, ipAddress }: MoveVisit) {
    await this.throttle.book(ipAddress);
    await this.visits.move(bookingId, start);
  }
}
