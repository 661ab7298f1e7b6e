import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DateTime } from 'luxon';
import { Clock, CLOCK } from '../core/clock';
import { ConflictError } from '../core/errors';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { organizationById, usersByIds } from '../identity/identity.read-models';
import type { VisitSlots } from '../shared/booking';
import { ALREADY_CANCELLED } from './booking-link.decider';
import { bookedVisit } from './public-booking';
import { BookingThrottle } from './booking-throttle';
import { dayRange, SlotCache } from './slot-cache';
import { freeSlots } from './slots';
import { rulesOf, staffTimes } from './staff-times';

/** The times a booked visit may move to, for its own page (GET /api/share/booking/{id}/slots). */
export class GetVisitSlots {
  constructor(
    readonly bookingId: string,
    readonly from: string | undefined,
    readonly to: string | undefined,
    readonly ipAddress: string,
  ) {}
}

/**
 * The link's free slots (kept ones, as the link's page reads them) with the visit's own job out of the way on the
 * days around it (so the times next to it are offered with its own staff member: those days are computed afresh,
 * one or two days per read) and its own time left out. Each slot says who the move would give the visit to, as the decider
 * will: its staff member when free then, else the first free one of the link. Read whatever the link's status
 * (paused, used up): the visit was booked, and moving it takes no new use of the link.
 */
@QueryHandler(GetVisitSlots)
export class GetVisitSlotsHandler implements IQueryHandler<GetVisitSlots> {
  constructor(
    private readonly throttle: BookingThrottle,
    private readonly cache: SlotCache,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ bookingId, from, to, ipAddress }: GetVisitSlots): Promise<VisitSlots> {
    await this.throttle.slots(ipAddress);
    const now = this.clock.now();
    const { booking, link } = await bookedVisit(this.store, bookingId);
    if (booking.status === 'cancelled') throw new ConflictError(ALREADY_CANCELLED);
    const organization = await organizationById(this.store, link.organizationId);
    const zone = organization?.timeZone ?? 'UTC';
    const { first, days } = dayRange(from, to, zone, now);
    const rangeEnd = first.plus({ days }).toMillis();
    // The days its own job (and the link's buffer) reaches, where it kept its staff member busy in the kept slots.
    const buffer = link.bufferMinutes * 60_000;
    const ownFrom = Math.max(
      first.toMillis(),
      DateTime.fromMillis(Date.parse(booking.start) - buffer, { zone })
        .startOf('day')
        .toMillis(),
    );
    const ownTo = Math.min(
      rangeEnd,
      DateTime.fromMillis(Date.parse(booking.end) + buffer, { zone })
        .startOf('day')
        .plus({ days: 1 })
        .toMillis(),
    );
    const kept = await this.cache.slots(link, zone, first, days, now.getTime());
    const fresh =
      ownFrom < ownTo
        ? freeSlots({
            zone,
            rules: rulesOf(link),
            staff: await staffTimes(this.store, link, ownFrom, ownTo, booking.jobId),
            from: ownFrom,
            to: ownTo,
            now: now.getTime(),
          })
        : [];
    const slots = [
      ...kept.filter((slot) => Date.parse(slot.start) < ownFrom || Date.parse(slot.start) >= ownTo),
      ...fresh,
    ]
      .filter((slot) => Date.parse(slot.start) !== Date.parse(booking.start))
      .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
    const names = new Map(
      (await usersByIds(this.store, [...new Set([booking.staffId, ...slots.map((s) => s.staffIds[0])])])).map((u) => [
        u._id,
        u.firstName,
      ]),
    );
    const nameOf = (id: string) => names.get(id) ?? 'another staff member';
    return {
      timeZone: zone,
      staffFirstName: nameOf(booking.staffId),
      slots: slots.map(({ start, end, staffIds }) => {
        const keepsStaff = staffIds.includes(booking.staffId);
        return { start, end, staffFirstName: nameOf(keepsStaff ? booking.staffId : staffIds[0]), keepsStaff };
      }),
    };
  }
}
