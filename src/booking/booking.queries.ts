import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DateTime } from 'luxon';
import { Clock, CLOCK } from '../core/clock';
import { NotFoundError } from '../core/errors';
import { FILE_STORE, FileStore } from '../core/files/files.port';
import { organizationLogo } from '../core/http/public-logo';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { organizationById, userById, usersByIds } from '../identity/identity.read-models';
import type { BookingLinkView, BookingSlots, PublicBookingLink, SharedBooking } from '../shared/booking';
import { closedForMoves, LINK_NOT_FOUND } from './booking-link.decider';
import { bookingLinkById, organizationBookingLinks } from './booking.read-models';
import { BookingThrottle } from './booking-throttle';
import { bookedVisit, isPublicId, openLink } from './public-booking';
import { dayRange, SlotCache } from './slot-cache';

/** The organization's logo for a link's page or a visit's page. */
export class GetBookingLogo {
  constructor(
    readonly of: { linkId: string } | { bookingId: string },
    readonly ipAddress: string,
  ) {}
}
export class ListBookingLinks {
  constructor(readonly organizationId: string) {}
}
export class GetPublicBookingLink {
  constructor(
    readonly linkId: string,
    readonly ipAddress: string,
  ) {}
}
export class GetBookingSlots {
  constructor(
    readonly linkId: string,
    readonly from: string | undefined,
    readonly to: string | undefined,
    readonly ipAddress: string,
  ) {}
}
export class GetSharedBooking {
  constructor(
    readonly bookingId: string,
    readonly ipAddress: string,
  ) {}
}

@QueryHandler(ListBookingLinks)
export class ListBookingLinksHandler implements IQueryHandler<ListBookingLinks> {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async execute({ organizationId }: ListBookingLinks): Promise<BookingLinkView[]> {
    const links = await organizationBookingLinks(this.store, organizationId);
    const users = new Map(
      (await usersByIds(this.store, [...new Set(links.flatMap((l) => l.staffIds))])).map((u) => [u._id, u.fullName]),
    );
    return links.map((l) => ({
      id: l._id,
      serviceName: l.serviceName,
      durationMinutes: l.durationMinutes,
      staff: l.staffIds.map((id) => ({ id, fullName: users.get(id) ?? 'Former employee' })),
      minimumNoticeMinutes: l.minimumNoticeMinutes,
      horizonDays: l.horizonDays,
      bufferMinutes: l.bufferMinutes,
      expiresOn: l.expiresOn,
      maxBookings: l.maxBookings,
      status: l.status === 'paused' ? 'paused' : 'active',
      bookings: l.bookings,
      publicPath: `/book/${l._id}`,
      createdAt: l.createdAt,
    }));
  }
}

@QueryHandler(GetPublicBookingLink)
export class GetPublicBookingLinkHandler implements IQueryHandler<GetPublicBookingLink> {
  constructor(
    private readonly throttle: BookingThrottle,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ linkId, ipAddress }: GetPublicBookingLink): Promise<PublicBookingLink> {
    await this.throttle.view(ipAddress);
    const { link, organization, zone } = await openLink(this.store, linkId, this.clock.now());
    return {
      organizationName: organization?.name ?? '',
      logoUrl: organization?.logoFileId ? `/api/booking-links/${link._id}/logo` : null,
      serviceName: link.serviceName,
      durationMinutes: link.durationMinutes,
      timeZone: zone,
    };
  }
}

@QueryHandler(GetBookingSlots)
export class GetBookingSlotsHandler implements IQueryHandler<GetBookingSlots> {
  constructor(
    private readonly throttle: BookingThrottle,
    private readonly cache: SlotCache,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ linkId, from, to, ipAddress }: GetBookingSlots): Promise<BookingSlots> {
    await this.throttle.slots(ipAddress);
    const now = this.clock.now();
    const { link, zone } = await openLink(this.store, linkId, now);
    const { first, days } = dayRange(from, to, zone, now);
    const slots = await this.cache.slots(link, zone, first, days, now.getTime());
    return { timeZone: zone, slots: slots.map(({ start, end }) => ({ start, end })) };
  }
}

@QueryHandler(GetSharedBooking)
export class GetSharedBookingHandler implements IQueryHandler<GetSharedBooking> {
  constructor(
    private readonly throttle: BookingThrottle,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ bookingId, ipAddress }: GetSharedBooking): Promise<SharedBooking> {
    await this.throttle.view(ipAddress);
    const now = this.clock.now().getTime();
    const { booking, link } = await bookedVisit(this.store, bookingId);
    const [organization, staff] = await Promise.all([
      organizationById(this.store, booking.organizationId),
      userById(this.store, booking.staffId),
    ]);
    const view = {
      id: booking._id,
      organizationName: organization?.name ?? '',
      logoUrl: organization?.logoFileId ? `/api/share/booking/${booking._id}/logo` : null,
      serviceName: link.serviceName,
      staffName: staff?.fullName ?? 'Former employee',
      start: booking.start,
      end: booking.end,
      timeZone: organization?.timeZone ?? 'UTC',
      visitorName: booking.visitorName,
      linkId: booking.linkId,
    };
    const zone = organization?.timeZone ?? 'UTC';
    const canChange =
      booking.status === 'booked' && Date.parse(booking.start) >= now + (link?.minimumNoticeMinutes ?? 0) * 60_000;
    const today = DateTime.fromMillis(now, { zone }).toISODate()!;
    return {
      ...view,
      status: booking.status,
      cancelledBy: booking.status === 'cancelled' ? (booking.cancelledBy ?? 'visitor') : null,
      canChange,
      canMove: canChange && !closedForMoves({ status: link.status, settings: link }, today),
    };
  }
}

@QueryHandler(GetBookingLogo)
export class GetBookingLogoHandler implements IQueryHandler<GetBookingLogo> {
  constructor(
    private readonly throttle: BookingThrottle,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {}

  /** Any link or visit the pages know (a paused or used-up link's too); else 404. */
  async execute({ of, ipAddress }: GetBookingLogo) {
    await this.throttle.view(ipAddress);
    const organizationId =
      'linkId' in of
        ? (isPublicId(of.linkId) ? await bookingLinkById(this.store, of.linkId) : null)?.organizationId
        : (await bookedVisit(this.store, of.bookingId)).booking.organizationId;
    if (!organizationId) throw new NotFoundError('The booking link', LINK_NOT_FOUND);
    return organizationLogo(this.files, await organizationById(this.store, organizationId));
  }
}
