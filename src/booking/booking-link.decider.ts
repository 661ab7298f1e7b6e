import { Decider } from '../core/decider';
import { ConflictError, GoneError, NotFoundError, ValidationError } from '../core/errors';
import type { BookedVisit, BookingLinkEvent, BookingLinkSettings, Visitor } from './booking.events';

export const SERVICE_NAME_MAX = 120;
export const LINK_NOT_FOUND = 'This booking link was not found.';
export const LINK_PAUSED = 'This booking link is paused. Please contact the company.';
export const LINK_EXPIRED = 'This booking link has expired.';
export const LINK_USED_UP = 'This booking link has no bookings left.';
export const SLOT_TAKEN = 'That time was just taken. Please choose another.';
export const SLOT_NOT_OFFERED = 'That time is not available. Please choose another.';
export const TOO_LATE_TO_CHANGE = 'This visit can no longer be changed online. Please contact the company.';
export const VISIT_NOT_FOUND = 'This booking was not found.';
export const ALREADY_CANCELLED = 'This visit has already been cancelled.';
export const CANCELLED_BY_COMPANY = 'This visit was cancelled by the company. Please contact them.';
export const LINK_CLOSED_FOR_MOVES =
  'This visit can no longer be moved online: its booking link is closed. You can still cancel it, or contact the company.';

export type BookingLinkCommand =
  | {
      type: 'CreateBookingLink';
      linkId: string;
      organizationId: string;
      settings: BookingLinkSettings;
      createdBy: string;
    }
  | { type: 'ChangeBookingLink'; organizationId: string; settings: Partial<BookingLinkSettings> }
  | { type: 'PauseBookingLink'; organizationId: string }
  | { type: 'ResumeBookingLink'; organizationId: string }
  | { type: 'DeleteBookingLink'; organizationId: string }
  | {
      type: 'BookVisit';
      visit: Omit<BookedVisit, 'staffId'>;
      /**
       * The link's staff who are within their availability and clear of other jobs then (read by the handler from
       * the schedule), in the link's order: the visit goes to the first of them this link has not booked already.
       */
      freeStaffIds: string[];
      visitor: Visitor;
      customerId: string;
      /** The instant it is decided at, and that day in the organization's zone (yyyy-MM-dd). */
      at: string;
      today: string;
      /**
       * Visits of this link whose jobs a manager deleted (read by the handler): ended on the company's side first,
       * so that they neither hold their staff member's time nor count against the link's maximum.
       */
      jobsDeleted?: string[];
    }
  | { type: 'CancelVisit'; bookingId: string; at: string }
  | {
      type: 'MoveVisit';
      bookingId: string;
      start: string;
      end: string;
      /** As for BookVisit, read with the visit's own job left out; its own staff member is kept when free. */
      freeStaffIds: string[];
      at: string;
      /** That day in the organization's zone (yyyy-MM-dd): an expired link moves nothing. */
      today: string;
    }
  /** The visit's job is off the schedule (deleted by a manager, or not kept in step): the visit ends with it. */
  | { type: 'WithdrawVisit'; bookingId: string };

export type BookingLinkState =
  | { status: 'none' }
  | {
      status: 'active' | 'paused' | 'deleted';
      linkId: string;
      organizationId: string;
      settings: BookingLinkSettings;
      /** Visits booked and not cancelled. */
      visits: BookedVisit[];
      cancelled: string[];
      /** Of those cancelled, the ones the company's side ended (`by: 'company'`). */
      withdrawn?: string[];
      /** Moves so far per booking: the SEQUENCE of its calendar invitation. */
      moves: Record<string, number>;
    };

/** The first problem with a link's settings, in the form's order; null when they may be saved. */
export function settingsProblem(s: BookingLinkSettings): string | null {
  if (typeof s.serviceName !== 'string' || !s.serviceName.trim()) return 'Service name is required';
  if (s.serviceName.trim().length > SERVICE_NAME_MAX)
    return `Service name must be at most ${SERVICE_NAME_MAX} characters`;
  const whole = (v: unknown, min: number, max: number) =>
    Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
  if (!whole(s.durationMinutes, 15, 720) || s.durationMinutes % 15 !== 0)
    return 'Duration must be 15 minutes to 12 hours, in steps of 15 minutes';
  if (!Array.isArray(s.staffIds) || s.staffIds.length === 0) return 'Choose at least one staff member';
  if (s.staffIds.length > 50) return 'Choose at most 50 staff members';
  if (!whole(s.minimumNoticeMinutes, 0, 60 * 24 * 30)) return 'Minimum notice must be 0 to 30 days';
  if (!whole(s.horizonDays, 1, 365)) return 'How far ahead must be 1 to 365 days';
  if (!whole(s.bufferMinutes, 0, 240)) return 'Buffer must be 0 to 240 minutes';
  if (s.expiresOn !== null && !/^\d{4}-\d{2}-\d{2}$/.test(s.expiresOn)) return 'Expiry date must be a date';
  if (s.maxBookings !== null && !whole(s.maxBookings, 1, 100_000)) return 'Maximum bookings must be 1 or more';
  return null;
}

const clean = (s: BookingLinkSettings): BookingLinkSettings => ({
  ...s,
  serviceName: s.serviceName.trim(),
  staffIds: [...new Set(s.staffIds)],
});

const overlaps = (a: { start: string; end: string }, b: { start: string; end: string }, bufferMs: number) =>
  Date.parse(a.start) < Date.parse(b.end) + bufferMs && Date.parse(a.end) + bufferMs > Date.parse(b.start);

/** Why a link takes no booking now (unknown or deleted, paused, expired, used up), or null. */
export function linkClosed(
  link: { status: BookingLinkState['status']; settings?: BookingLinkSettings; bookings: number },
  today: string,
): GoneError | NotFoundError | null {
  if (link.status === 'none' || link.status === 'deleted' || !link.settings)
    return new NotFoundError('The booking link', LINK_NOT_FOUND);
  if (link.status === 'paused') return new GoneError(LINK_PAUSED);
  if (link.settings.expiresOn !== null && today > link.settings.expiresOn) return new GoneError(LINK_EXPIRED);
  if (link.settings.maxBookings !== null && link.bookings >= link.settings.maxBookings)
    return new GoneError(LINK_USED_UP);
  return null;
}

/** Whether a link's visits may no longer move to its slots (paused, deleted, or past its last day); they may cancel. */
export const closedForMoves = (
  link: { status: BookingLinkState['status']; settings: BookingLinkSettings },
  today: string,
): boolean => link.status !== 'active' || (link.settings.expiresOn !== null && today > link.settings.expiresOn);

export const bookingLinkDecider: Decider<BookingLinkCommand, BookingLinkState, BookingLinkEvent> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'BookingLinkCreated': {
        const { linkId, organizationId, createdBy: _by, ...settings } = event.data;
        return { status: 'active', linkId, organizationId, settings, visits: [], cancelled: [], moves: {} };
      }
      case 'BookingLinkChanged': {
        if (state.status === 'none') return state;
        const settings = { ...state.settings };
        for (const [key, change] of Object.entries(event.data.changes))
          (settings as Record<string, unknown>)[key] = change!.to;
        return { ...state, settings };
      }
      case 'BookingLinkPaused':
        return state.status === 'none' ? state : { ...state, status: 'paused' };
      case 'BookingLinkResumed':
        return state.status === 'none' ? state : { ...state, status: 'active' };
      case 'BookingLinkDeleted':
        return state.status === 'none' ? state : { ...state, status: 'deleted' };
      case 'VisitBooked': {
        if (state.status === 'none') return state;
        const { bookingId, jobId, staffId, start, end } = event.data;
        return { ...state, visits: [...state.visits, { bookingId, jobId, staffId, start, end }] };
      }
      case 'VisitCancelled':
        if (state.status === 'none') return state;
        return {
          ...state,
          visits: state.visits.filter((v) => v.bookingId !== event.data.bookingId),
          cancelled: [...state.cancelled, event.data.bookingId],
          withdrawn: event.data.by === 'company' ? [...(state.withdrawn ?? []), event.data.bookingId] : state.withdrawn,
        };
      case 'VisitMoved': {
        if (state.status === 'none') return state;
        const { bookingId, jobId, staffId, start, end } = event.data;
        return {
          ...state,
          visits: state.visits.map((v) => (v.bookingId === bookingId ? { bookingId, jobId, staffId, start, end } : v)),
          moves: { ...state.moves, [bookingId]: (state.moves[bookingId] ?? 0) + 1 },
        };
      }
    }
  },

  decide(command, state) {
    if (command.type === 'CreateBookingLink') {
      if (state.status !== 'none') throw new ConflictError('This booking link already exists.');
      const settings = clean(command.settings);
      const problem = settingsProblem(settings);
      if (problem) throw new ValidationError(problem);
      return [
        {
          type: 'BookingLinkCreated',
          data: {
            linkId: command.linkId,
            organizationId: command.organizationId,
            ...settings,
            createdBy: command.createdBy,
          },
        },
      ];
    }
    if (command.type === 'BookVisit') return bookVisit(command, state);
    if (command.type === 'CancelVisit' || command.type === 'MoveVisit') return changeVisit(command, state);
    if (command.type === 'WithdrawVisit') return withdrawn(state, [command.bookingId]);
    if (state.status === 'none' || state.status === 'deleted' || state.organizationId !== command.organizationId)
      throw new NotFoundError('The booking link', LINK_NOT_FOUND);
    const ids = { linkId: state.linkId, organizationId: state.organizationId };
    switch (command.type) {
      case 'ChangeBookingLink': {
        const next = clean({ ...state.settings, ...command.settings });
        const problem = settingsProblem(next);
        if (problem) throw new ValidationError(problem);
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        for (const key of Object.keys(next) as (keyof BookingLinkSettings)[])
          if (JSON.stringify(next[key]) !== JSON.stringify(state.settings[key]))
            changes[key] = { from: state.settings[key], to: next[key] };
        return Object.keys(changes).length ? [{ type: 'BookingLinkChanged', data: { ...ids, changes } }] : [];
      }
      case 'PauseBookingLink':
        return state.status === 'paused' ? [] : [{ type: 'BookingLinkPaused', data: ids }];
      case 'ResumeBookingLink':
        return state.status === 'active' ? [] : [{ type: 'BookingLinkResumed', data: ids }];
      case 'DeleteBookingLink':
        return [{ type: 'BookingLinkDeleted', data: ids }];
    }
  },
};

/**
 * A visit, once only per slot and staff member: the link must take bookings (not paused, expired or used up), the
 * time respect its notice, horizon and length, and one of its staff be free then: clear of other jobs (the
 * handler's `freeStaffIds`) and of this link's own visits (here, at the stream's revision, so two visitors cannot
 * both take the last free staff member).
 */
function bookVisit(
  command: Extract<BookingLinkCommand, { type: 'BookVisit' }>,
  before: BookingLinkState,
): BookingLinkEvent[] {
  const ended = withdrawn(before, command.jobsDeleted ?? []);
  const state = ended.reduce(bookingLinkDecider.evolve, before);
  const closed = linkClosed(
    state.status === 'none' ? { status: 'none', bookings: 0 } : { ...state, bookings: state.visits.length },
    command.today,
  );
  if (closed) throw closed;
  if (state.status !== 'active') throw new NotFoundError('The booking link', LINK_NOT_FOUND);
  const { settings } = state;
  const { visit } = command;
  const start = Date.parse(visit.start);
  const at = Date.parse(command.at);
  if (Date.parse(visit.end) - start !== settings.durationMinutes * 60_000) throw new ValidationError(SLOT_NOT_OFFERED);
  if (start < at + settings.minimumNoticeMinutes * 60_000 || start >= at + settings.horizonDays * 86_400_000)
    throw new ValidationError(SLOT_NOT_OFFERED);
  const buffer = settings.bufferMinutes * 60_000;
  const staffId = command.freeStaffIds.find(
    (id) => settings.staffIds.includes(id) && !state.visits.some((v) => v.staffId === id && overlaps(v, visit, buffer)),
  );
  if (!staffId) throw new ConflictError(SLOT_TAKEN);
  return [
    ...ended,
    {
      type: 'VisitBooked',
      data: {
        linkId: state.linkId,
        organizationId: state.organizationId,
        ...visit,
        staffId,
        visitor: command.visitor,
        customerId: command.customerId,
      },
    },
  ];
}

/**
 * The visitor cancels or moves their visit on its page, until the link's minimum notice before it starts. A move
 * keeps the visit's staff member when they are free at the new time, else takes the next free one of the link.
 */
function changeVisit(
  command: Extract<BookingLinkCommand, { type: 'CancelVisit' | 'MoveVisit' }>,
  state: BookingLinkState,
): BookingLinkEvent[] {
  if (state.status === 'none') throw new NotFoundError('The booking', VISIT_NOT_FOUND);
  if (state.withdrawn?.includes(command.bookingId)) throw new ConflictError(CANCELLED_BY_COMPANY);
  if (state.cancelled.includes(command.bookingId)) throw new ConflictError(ALREADY_CANCELLED);
  const visit = state.visits.find((v) => v.bookingId === command.bookingId);
  if (!visit) throw new NotFoundError('The booking', VISIT_NOT_FOUND);
  const { settings } = state;
  const at = Date.parse(command.at);
  const notice = settings.minimumNoticeMinutes * 60_000;
  if (Date.parse(visit.start) < at + notice) throw new ValidationError(TOO_LATE_TO_CHANGE);
  const ids = { linkId: state.linkId, organizationId: state.organizationId };
  // A closed link (paused, deleted, expired) still lets its visits be cancelled, not moved to its slots.
  if (command.type === 'CancelVisit')
    return [{ type: 'VisitCancelled', data: { ...ids, bookingId: visit.bookingId, jobId: visit.jobId } }];
  if (closedForMoves(state, command.today)) throw new GoneError(LINK_CLOSED_FOR_MOVES);
  const start = Date.parse(command.start);
  if (Date.parse(command.end) - start !== settings.durationMinutes * 60_000)
    throw new ValidationError(SLOT_NOT_OFFERED);
  if (start < at + notice || start >= at + settings.horizonDays * 86_400_000)
    throw new ValidationError(SLOT_NOT_OFFERED);
  // Asked again for the time it has (a retried request): nothing changes, so nothing is sent twice.
  if (start === Date.parse(visit.start) && Date.parse(command.end) === Date.parse(visit.end)) return [];
  const buffer = settings.bufferMinutes * 60_000;
  const moved = { start: command.start, end: command.end };
  const free = (id: string) =>
    settings.staffIds.includes(id) &&
    command.freeStaffIds.includes(id) &&
    !state.visits.some((v) => v.bookingId !== visit.bookingId && v.staffId === id && overlaps(v, moved, buffer));
  const staffId = free(visit.staffId) ? visit.staffId : command.freeStaffIds.find(free);
  if (!staffId) throw new ConflictError(SLOT_TAKEN);
  return [{ type: 'VisitMoved', data: { ...ids, bookingId: visit.bookingId, jobId: visit.jobId, staffId, ...moved } }];
}

/** The company's side ends these visits (their jobs are off the schedule): those still booked, once each. */
function withdrawn(state: BookingLinkState, bookingIds: string[]): BookingLinkEvent[] {
  if (state.status === 'none') return [];
  return state.visits
    .filter((v) => bookingIds.includes(v.bookingId))
    .map((v) => ({
      type: 'VisitCancelled' as const,
      data: {
        linkId: state.linkId,
        organizationId: state.organizationId,
        bookingId: v.bookingId,
        jobId: v.jobId,
        by: 'company' as const,
      },
    }));
}
