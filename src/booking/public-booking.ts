import { randomBytes } from 'node:crypto';
import { DateTime } from 'luxon';
import { NotFoundError } from '../core/errors';
import type { ReadStore } from '../core/read-store/read-store.port';
import { organizationById } from '../identity/identity.read-models';
import { LINK_NOT_FOUND, linkClosed, VISIT_NOT_FOUND } from './booking-link.decider';
import { bookingById, bookingLinkById, bookingLinkOfVisit } from './booking.read-models';

/** Ids of links and bookings: 128 random bits, URL-safe (22 characters). */
export const newPublicId = () => randomBytes(16).toString('base64url');
export const isPublicId = (id: unknown): id is string =>
  typeof id === 'string' && id.length === 22 && /^[\w-]+$/.test(id);

/** A link that takes bookings now, for the public calls; 404 for an unknown one, 410 paused, expired or used up. */
export async function openLink(store: ReadStore, linkId: string, now: Date) {
  const link = isPublicId(linkId) ? await bookingLinkById(store, linkId) : null;
  if (!link) throw new NotFoundError('The booking link', LINK_NOT_FOUND);
  const organization = await organizationById(store, link.organizationId);
  const zone = organization?.timeZone ?? 'UTC';
  const today = DateTime.fromJSDate(now, { zone }).toISODate()!;
  const closed = linkClosed({ status: link.status, settings: link, bookings: link.bookings }, today);
  if (closed) throw closed;
  return { link, organization, zone, today };
}

/** The booking and its link, for the visit's own page; an unknown id is a 404. */
export async function bookedVisit(store: ReadStore, bookingId: string) {
  const booking = isPublicId(bookingId) ? await bookingById(store, bookingId) : null;
  const link = booking ? await bookingLinkOfVisit(store, booking.linkId) : null;
  if (!booking || !link) throw new NotFoundError('The booking', VISIT_NOT_FOUND);
  return { booking, link };
}
