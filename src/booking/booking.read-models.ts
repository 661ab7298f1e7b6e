import type { ReadStore } from '../core/read-store/read-store.port';
import type { BookingLinkSettings } from './booking.events';

/** Read models of self-booking: the links, and the visits booked through them. */
export const BOOKING_LINKS = 'bookingLinks';
export const BOOKINGS = 'bookings';

export interface BookingLinkDoc extends BookingLinkSettings {
  /** The link's id (the public page's). */
  _id: string;
  organizationId: string;
  status: 'active' | 'paused' | 'deleted';
  bookings: number;
  createdAt: string;
  _rev?: number;
  [key: string]: unknown;
}

export interface BookingDoc {
  /** The booking's id (its public page's). */
  _id: string;
  linkId: string;
  organizationId: string;
  jobId: string;
  staffId: string;
  start: string;
  end: string;
  visitorName: string;
  visitorEmail: string;
  customerId: string;
  status: 'booked' | 'cancelled';
  bookedAt: string;
  [key: string]: unknown;
}

const links = (store: ReadStore) => store.collection<BookingLinkDoc>(BOOKING_LINKS);

/** A link that is not deleted, of any organization (the public page names none). */
export function bookingLinkById(store: ReadStore, linkId: string): Promise<BookingLinkDoc | null> {
  return links(store).findOne({ _id: linkId, status: { $ne: 'deleted' } });
}

/** The organization's links, not deleted, newest first. */
export function organizationBookingLinks(store: ReadStore, organizationId: string): Promise<BookingLinkDoc[]> {
  return links(store).find(
    { organizationId, status: { $ne: 'deleted' } },
    { sort: { createdAt: -1, _id: -1 }, limit: 500 },
  );
}

/** A link whatever its status, deleted too: the visits booked through it keep their page. */
export function bookingLinkOfVisit(store: ReadStore, linkId: string): Promise<BookingLinkDoc | null> {
  return links(store).findOne({ _id: linkId });
}

export function bookingById(store: ReadStore, bookingId: string): Promise<BookingDoc | null> {
  return store.collection<BookingDoc>(BOOKINGS).findOne({ _id: bookingId });
}

/**
 * Per organization, the log position of the last event that can change what its booking links offer: a job or a
 * series, someone's availability, a link, the organization's settings (its zone). Slots kept for a link's day are
 * reused while it stays the same (slot-cache.ts).
 */
export const SLOT_STAMPS = 'slotStamps';

export interface SlotStampDoc {
  /** The organization's id. */
  _id: string;
  position: number;
  [key: string]: unknown;
}

export async function slotStamp(store: ReadStore, organizationId: string): Promise<number> {
  return (await store.collection<SlotStampDoc>(SLOT_STAMPS).findOne({ _id: organizationId }))?.position ?? 0;
}
