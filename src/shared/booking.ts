// Self-booking on the wire, shared by the server and the client: imports nothing (see docs/wire-contract.md).

/** A booking link as its managers see it (GET /api/booking-links). */
export interface BookingLinkView {
  id: string;
  serviceName: string;
  durationMinutes: number;
  staff: { id: string; fullName: string }[];
  minimumNoticeMinutes: number;
  horizonDays: number;
  bufferMinutes: number;
  /** yyyy-MM-dd, the organization's zone; null: no end. */
  expiresOn: string | null;
  maxBookings: number | null;
  status: 'active' | 'paused';
  /** Visits booked through it. */
  bookings: number;
  /** The public page's path: /book/{id}. */
  publicPath: string;
  createdAt: string;
}

/** What the managers send to create or change a link (POST, PATCH /api/booking-links). */
export interface BookingLinkInput {
  serviceName?: string;
  durationMinutes?: number;
  staffIds?: string[];
  minimumNoticeMinutes?: number;
  horizonDays?: number;
  bufferMinutes?: number;
  expiresOn?: string | null;
  maxBookings?: number | null;
}

/** The public page's link (GET /api/booking-links/{linkId}). */
export interface PublicBookingLink {
  organizationName: string;
  logoUrl: string | null;
  serviceName: string;
  durationMinutes: number;
  timeZone: string;
}

/** GET /api/booking-links/{linkId}/slots?from=&to= (yyyy-MM-dd, the organization's zone). */
export interface BookingSlots {
  timeZone: string;
  /** UTC ISO instants. */
  slots: { start: string; end: string }[];
}

/** POST /api/booking-links/{linkId}/bookings. */
export interface BookingRequest {
  start: string;
  name: string;
  email: string;
  phone?: string | null;
  address?: string | null;
  note?: string | null;
}

/** A booked visit's own public page (GET /api/share/booking/{id}). */
export interface SharedBooking {
  id: string;
  organizationName: string;
  logoUrl: string | null;
  serviceName: string;
  staffName: string;
  /** UTC ISO instants, shown in the organization's zone and the visitor's. */
  start: string;
  end: string;
  timeZone: string;
  visitorName: string;
  /** The link it was booked through: its slots are the times it may move to. */
  linkId: string;
  status: 'booked' | 'cancelled';
  /** Who cancelled it: the visitor, or the company (a manager deleted it from the schedule); null while booked. */
  cancelledBy: 'visitor' | 'company' | null;
  /** Whether it may still be cancelled or moved online: booked, and further ahead than the link's minimum notice. */
  canChange: boolean;
  /** Whether it may also move to another time: canChange, and its link still open (not paused, deleted or expired). */
  canMove: boolean;
}

/**
 * GET /api/share/booking/{id}/slots?from=&to=: the times the visit may move to (its own time left out, its own job
 * not in the way), each saying who would take it: the visit's staff member is kept where free.
 */
export interface VisitSlots {
  timeZone: string;
  /** The visit's staff member now. */
  staffFirstName: string;
  slots: {
    start: string;
    end: string;
    /** Who the visit would be with at that time. */
    staffFirstName: string;
    /** Whether that is the visit's own staff member. */
    keepsStaff: boolean;
  }[];
}

/** POST /api/share/booking/{id}/reschedule: a slot start from GET /api/share/booking/{id}/slots. */
export interface RescheduleRequest {
  start: string;
}
