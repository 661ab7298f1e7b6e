// The socket.io events on the wire, shared by the server, the projections and the client: imports nothing
// (see docs/wire-contract.md).

/**
 * The typed map of every server → client socket.io event, shared by the server, the projections
 * (which decide what to push) and the client. Payloads carry ids only: a client refetches what it shows.
 */
export interface ServerToClientEvents {
  'organization.changed': (p: { organizationId: string }) => void;
  'users.changed': (p: { organizationId: string }) => void;
  'profile.changed': (p: { userId: string }) => void;
  'session.ended': (p: { reason: string }) => void;
  'availability.changed': (p: { organizationId: string; userId: string }) => void;
  /** A job or recurring job of the organization was created, changed or deleted. */
  'schedule.changed': (p: { organizationId: string; jobIds: string[] }) => void;
  /** To the organization's managers: a job request was made, answered or closed. */
  'jobRequests.changed': (p: { organizationId: string; jobId: string }) => void;
  /** To the organization's holders of customers.crud: a customer was created, changed or deleted, or a document attached or removed. */
  'customers.changed': (p: { organizationId: string; customerId: string }) => void;
  /** To the holders of customers.crud and each rated associate: a job's rating was submitted or edited. */
  'ratings.changed': (p: { organizationId: string; ratingId: string; customerId: string }) => void;
  /** To the organization's managers: a booking link was created, changed or booked through. */
  'bookingLinks.changed': (p: { organizationId: string; linkId: string }) => void;
  /** To the organization's managers: a visitor booked, moved or cancelled a visit on a booking link. */
  'booking.notice': (p: {
    organizationId: string;
    bookingId: string;
    change: 'booked' | 'moved' | 'cancelled';
    serviceName: string;
    visitorName: string;
    /** The visit's start (UTC ISO), and the organization's zone to show it in. */
    start: string;
    timeZone: string;
  }) => void;
  /** To the timer's owner (every device) and the organization's time admins: a timer started, changed, stopped or was deleted. */
  'timers.changed': (p: { userId: string; timerId: string }) => void;
  /** To the organization's managers and the person: a time a phone sent later went to review, or was approved or declined. */
  'timeReviews.changed': (p: { organizationId: string; reviewId: string }) => void;
  /** To the person and the organization's time admins: a timesheet was submitted, approved, sent back or unapproved. */
  'timesheets.changed': (p: { organizationId: string; userId: string; periodStart: string }) => void;
  /** To the organization's time admins: a period was exported to payroll. */
  'payrollExports.changed': (p: { organizationId: string; periodStart: string }) => void;
  /** To the holders of audit.read: new entries of the organization's audit log were written. */
  'audit.added': (p: { organizationId: string }) => void;
  /** To the requester: their request was answered or closed (the job's name is theirs to know). */
  'jobRequest.answered': (p: {
    requestId: string;
    jobId: string;
    jobName: string;
    status: 'approved' | 'denied' | 'notChosen' | 'cancelled';
  }) => void;
}

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<K extends ServerEventName> = Parameters<ServerToClientEvents[K]>[0];
