import type { DomainEvent } from '../core/decider';
import type { Change } from '../identity/identity.events';

/** What a booking link offers (#16): set by a Company Admin or Customer Manager. */
export interface BookingLinkSettings {
  serviceName: string;
  durationMinutes: number;
  /** The staff who may take a booking, in the order a tie goes to them. */
  staffIds: string[];
  minimumNoticeMinutes: number;
  /** How far ahead a visit may be booked. */
  horizonDays: number;
  /** Kept free before and after each of the staff's jobs. */
  bufferMinutes: number;
  /** The last day (yyyy-MM-dd, the organization's zone) the link takes bookings; null: no end. */
  expiresOn: string | null;
  /** Bookings it takes at most (cancelled ones do not count); null: no limit. */
  maxBookings: number | null;
}

/** Who booked: as the visitor wrote it on the public page. */
export interface Visitor {
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  note: string | null;
}

export interface BookedVisit {
  bookingId: string;
  /** The job the visit is on the schedule as. */
  jobId: string;
  staffId: string;
  /** UTC ISO instants. */
  start: string;
  end: string;
}

type Ids = { linkId: string; organizationId: string };

/**
 * A booking link and the visits booked through it: stream `bookingLink-<linkId>`. Bookings are decided on the
 * link's stream, so two visitors taking one slot (or the last use of a link) meet at one expected revision.
 */
export type BookingLinkEvent =
  | DomainEvent<'BookingLinkCreated', Ids & BookingLinkSettings & { createdBy: string }>
  | DomainEvent<
      'BookingLinkChanged',
      Ids & { changes: { [K in keyof BookingLinkSettings]?: Change<BookingLinkSettings[K]> } }
    >
  | DomainEvent<'BookingLinkPaused', Ids>
  | DomainEvent<'BookingLinkResumed', Ids>
  | DomainEvent<'BookingLinkDeleted', Ids>
  | DomainEvent<'VisitBooked', Ids & BookedVisit & { visitor: Visitor; customerId: string }>
  /**
   * The visitor cancelled on the visit's page; its job is deleted. `by: 'company'` (absent before #24: the visitor):
   * the company's side ended it, its job being off the schedule (a manager deleted it, or it could not be kept in
   * step with the visit); recorded when the link's stream next decides about the visit or the link.
   */
  | DomainEvent<'VisitCancelled', Ids & { bookingId: string; jobId: string; by?: 'company' }>
  /** The visitor moved it to another slot (to another of the link's staff when its own is not free then). */
  | DomainEvent<'VisitMoved', Ids & BookedVisit>;

export const bookingStreams = {
  link: (linkId: string) => `bookingLink-${linkId}`,
};
