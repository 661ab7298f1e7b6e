import type { BookingLinkEvent } from '../../src/booking/booking.events';
import {
  BOOKING_LINKS,
  BOOKINGS,
  BookingDoc,
  BookingLinkDoc,
  bookingOfJob,
} from '../../src/booking/booking.read-models';
import type { ReadStore } from '../../src/core/read-store/read-store.port';
import { rooms } from '../../src/realtime/rooms';
import { organizationZone } from '../../src/identity/identity.read-models';
import { applyOnce } from '../runner/apply-once';
import { newValues } from '../runner/changes';
import { Projection } from '../runner/projection';

/** Booking links for their managers and public pages, and each visit booked, by its id. */
export const bookingProjection: Projection = {
  name: 'booking',
  // 2: a visit whose job a manager deleted is cancelled by the company (#24)
  version: 2,
  collections: [BOOKING_LINKS, BOOKINGS],
  streams: ['job', 'bookingLink'],
  async setup(store) {
    await store
      .collection(BOOKING_LINKS)
      .createIndex({ organizationId: 1, status: 1, createdAt: -1, _id: -1 }, { name: 'organization_status_created' });
    await store.collection(BOOKINGS).createIndex({ jobId: 1 }, { name: 'job' });
    await store.collection(BOOKINGS).createIndex({ linkId: 1, cancelledBy: 1 }, { name: 'link_cancelledBy' });
  },
  async apply(event, { store, notify }) {
    if (event.type === 'JobDeleted' && event.streamId.startsWith('job-') && event.metadata.actorUserId) {
      const link = await jobDeletedByPerson(store, (event.data as { jobId: string }).jobId);
      if (link)
        notify({
          rooms: [rooms.managers(link.organizationId)],
          event: 'bookingLinks.changed',
          payload: { organizationId: link.organizationId, linkId: link._id },
        });
      return;
    }
    if (!event.streamId.startsWith('bookingLink-')) return;
    const e = { type: event.type, data: event.data } as BookingLinkEvent;
    const links = store.collection<BookingLinkDoc>(BOOKING_LINKS);
    const { linkId, organizationId } = e.data;
    const at = event.revision;
    switch (e.type) {
      case 'BookingLinkCreated': {
        const { linkId: _l, organizationId: _o, createdBy: _c, ...settings } = e.data;
        await applyOnce(
          links,
          linkId,
          at,
          { $set: { ...settings, organizationId, status: 'active', bookings: 0, createdAt: event.metadata.timestamp } },
          { upsert: true },
        );
        break;
      }
      case 'BookingLinkChanged': {
        const $set = newValues(e.data.changes);
        await applyOnce(links, linkId, at, { $set });
        break;
      }
      case 'BookingLinkPaused':
        await applyOnce(links, linkId, at, { $set: { status: 'paused' } });
        break;
      case 'BookingLinkResumed':
        await applyOnce(links, linkId, at, { $set: { status: 'active' } });
        break;
      case 'BookingLinkDeleted':
        await applyOnce(links, linkId, at, { $set: { status: 'deleted' } });
        break;
      case 'VisitBooked': {
        const link = await links.findOne({ _id: linkId });
        // The link's revision guards the visit's document too: a replayed event changes neither.
        if (!(await applyOnce(links, linkId, at, { $set: { bookings: (link?.bookings ?? 0) + 1 } }))) return;
        const { bookingId, jobId, staffId, start, end, visitor, customerId } = e.data;
        const doc: BookingDoc = {
          _id: bookingId,
          linkId,
          organizationId,
          jobId,
          staffId,
          start,
          end,
          visitorName: visitor.name,
          visitorEmail: visitor.email,
          customerId,
          status: 'booked',
          bookedAt: event.metadata.timestamp,
        };
        await store.collection<BookingDoc>(BOOKINGS).replaceOne({ _id: bookingId }, doc, { upsert: true });
        break;
      }
      case 'VisitCancelled': {
        const link = await links.findOne({ _id: linkId });
        const bookings = store.collection<BookingDoc>(BOOKINGS);
        const booking = await bookings.findOne({ _id: e.data.bookingId });
        // Cancelled visits do not count against the link's maximum (one the company ended counts no more already).
        const count = (link?.bookings ?? 1) - (booking?.status === 'cancelled' ? 0 : 1);
        if (!(await applyOnce(links, linkId, at, { $set: { bookings: Math.max(0, count) } }))) return;
        const by = e.data.by === 'company' ? 'company' : 'visitor';
        await bookings.updateOne(
          { _id: e.data.bookingId },
          { $set: { status: 'cancelled', cancelledBy: by, ...(by === 'company' ? { cancelledOnLink: true } : {}) } },
        );
        break;
      }
      case 'VisitMoved': {
        if (!(await applyOnce(links, linkId, at, { $set: {} }))) return;
        const { staffId, start, end } = e.data;
        await store
          .collection<BookingDoc>(BOOKINGS)
          .updateOne({ _id: e.data.bookingId }, { $set: { staffId, start, end } });
        break;
      }
    }
    notify({
      rooms: [rooms.managers(organizationId)],
      event: 'bookingLinks.changed',
      payload: { organizationId, linkId },
    });
    // A visit the company ended itself (a manager deleted its job) is no news to the managers.
    const byCompany = e.type === 'VisitCancelled' && e.data.by === 'company';
    if ((e.type === 'VisitBooked' || e.type === 'VisitMoved' || e.type === 'VisitCancelled') && !byCompany) {
      // The managers' notice: what happened, to which visit, when (in the organization's zone).
      const booking = await store.collection<BookingDoc>(BOOKINGS).findOne({ _id: e.data.bookingId });
      const link = await links.findOne({ _id: linkId });
      if (booking && link)
        notify({
          rooms: [rooms.managers(organizationId)],
          event: 'booking.notice',
          payload: {
            organizationId,
            bookingId: booking._id,
            change: e.type === 'VisitBooked' ? 'booked' : e.type === 'VisitMoved' ? 'moved' : 'cancelled',
            serviceName: link.serviceName,
            visitorName: booking.visitorName,
            start: booking.start,
            timeZone: await organizationZone(store, organizationId),
          },
        });
    }
  },
};

/**
 * A manager deleted a booked visit's job: the visit is cancelled by the company from then on (its page says so, the
 * link's count frees its use), before the link's stream is told (at its next decision about the visit or the link).
 * The visitor's own cancel deletes the job without a person, and its VisitCancelled says the rest. Idempotent: a
 * visit cancelled already is left as it is.
 */
async function jobDeletedByPerson(store: ReadStore, jobId: string): Promise<BookingLinkDoc | null> {
  const booking = await bookingOfJob(store, jobId);
  if (!booking || booking.status !== 'booked') return null;
  await store
    .collection<BookingDoc>(BOOKINGS)
    .updateOne({ _id: booking._id }, { $set: { status: 'cancelled', cancelledBy: 'company' } });
  const links = store.collection<BookingLinkDoc>(BOOKING_LINKS);
  const link = await links.findOne({ _id: booking.linkId });
  if (link) await links.updateOne({ _id: link._id }, { $set: { bookings: Math.max(0, link.bookings - 1) } });
  return link;
}
