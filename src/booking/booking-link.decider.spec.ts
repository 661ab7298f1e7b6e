import { given } from '../core/decider.testing';
import { ConflictError, GoneError, NotFoundError, ValidationError } from '../core/errors';
import {
  bookingLinkDecider,
  BookingLinkCommand,
  LINK_EXPIRED,
  LINK_NOT_FOUND,
  LINK_PAUSED,
  LINK_USED_UP,
  SLOT_NOT_OFFERED,
  SLOT_TAKEN,
  ALREADY_CANCELLED,
  CANCELLED_BY_COMPANY,
  LINK_CLOSED_FOR_MOVES,
  TOO_LATE_TO_CHANGE,
  VISIT_NOT_FOUND,
} from './booking-link.decider';
import type { BookingLinkEvent, BookingLinkSettings } from './booking.events';

const ORG = 'org-1';
const LINK = 'link-1';
const settings = (over: Partial<BookingLinkSettings> = {}): BookingLinkSettings => ({
  serviceName: 'Window cleaning',
  durationMinutes: 60,
  staffIds: ['ana', 'ben'],
  minimumNoticeMinutes: 120,
  horizonDays: 30,
  bufferMinutes: 15,
  expiresOn: null,
  maxBookings: null,
  ...over,
});
const created = (over: Partial<BookingLinkSettings> = {}): BookingLinkEvent => ({
  type: 'BookingLinkCreated',
  data: { linkId: LINK, organizationId: ORG, ...settings(over), createdBy: 'manager' },
});
const visitor = { name: 'Vera Visitor', email: 'vera@example.test', phone: null, address: null, note: null };
const AT = '2026-06-01T12:00:00.000Z';
const book = (
  start: string,
  freeStaffIds = ['ana', 'ben'],
  over: Record<string, unknown> = {},
): BookingLinkCommand => ({
  type: 'BookVisit',
  visit: {
    bookingId: `b-${start}`,
    jobId: `j-${start}`,
    start,
    end: new Date(Date.parse(start) + 3_600_000).toISOString(),
  },
  freeStaffIds,
  visitor,
  customerId: 'cust-1',
  at: AT,
  today: '2026-06-01',
  ...over,
});
const booked = (command: BookingLinkCommand, staffId = 'ana'): BookingLinkEvent => {
  const c = command as Extract<BookingLinkCommand, { type: 'BookVisit' }>;
  return {
    type: 'VisitBooked',
    data: { linkId: LINK, organizationId: ORG, ...c.visit, staffId, visitor, customerId: 'cust-1' },
  };
};
const TOMORROW_9 = '2026-06-02T13:00:00.000Z';

describe('booking link decider', () => {
  describe('the link', () => {
    it('is created with its settings, the service name trimmed and the staff once each', () => {
      given(bookingLinkDecider, [])
        .when({
          type: 'CreateBookingLink',
          linkId: LINK,
          organizationId: ORG,
          settings: settings({ serviceName: '  Window cleaning ', staffIds: ['ana', 'ben', 'ana'] }),
          createdBy: 'manager',
        })
        .then([created()]);
    });

    it.each([
      [{ serviceName: ' ' }, 'Service name is required'],
      [{ durationMinutes: 50 }, 'Duration must be 15 minutes to 12 hours, in steps of 15 minutes'],
      [{ staffIds: [] }, 'Choose at least one staff member'],
      [{ horizonDays: 0 }, 'How far ahead must be 1 to 365 days'],
      [{ bufferMinutes: -5 }, 'Buffer must be 0 to 240 minutes'],
      [{ expiresOn: 'soon' }, 'Expiry date must be a date'],
      [{ maxBookings: 0 }, 'Maximum bookings must be 1 or more'],
    ])('refuses %p', (over, message) => {
      given(bookingLinkDecider, [])
        .when({
          type: 'CreateBookingLink',
          linkId: LINK,
          organizationId: ORG,
          settings: settings(over),
          createdBy: 'm',
        })
        .thenThrows(ValidationError, message);
    });

    it('changes, pauses, resumes and deletes; another organization does not find it', () => {
      given(bookingLinkDecider, [created()])
        .when({ type: 'ChangeBookingLink', organizationId: ORG, settings: { bufferMinutes: 30 } })
        .then([
          {
            type: 'BookingLinkChanged',
            data: { linkId: LINK, organizationId: ORG, changes: { bufferMinutes: { from: 15, to: 30 } } },
          },
        ]);
      given(bookingLinkDecider, [created()])
        .when({ type: 'PauseBookingLink', organizationId: ORG })
        .then([{ type: 'BookingLinkPaused', data: { linkId: LINK, organizationId: ORG } }]);
      given(bookingLinkDecider, [created(), { type: 'BookingLinkPaused', data: { linkId: LINK, organizationId: ORG } }])
        .when({ type: 'ResumeBookingLink', organizationId: ORG })
        .then([{ type: 'BookingLinkResumed', data: { linkId: LINK, organizationId: ORG } }]);
      given(bookingLinkDecider, [created()])
        .when({ type: 'DeleteBookingLink', organizationId: 'org-2' })
        .thenThrows(NotFoundError, LINK_NOT_FOUND);
    });
  });

  describe('booking a visit', () => {
    it('books a free slot within the notice and the horizon', () => {
      given(bookingLinkDecider, [created()])
        .when(book(TOMORROW_9))
        .then([booked(book(TOMORROW_9))]);
    });

    it('takes one slot once per staff member: the next visitor gets the next free one, then is told it was taken', () => {
      const first = booked(book(TOMORROW_9));
      given(bookingLinkDecider, [created(), first])
        .when(book(TOMORROW_9))
        .then([booked(book(TOMORROW_9), 'ben')]);
      given(bookingLinkDecider, [created(), first, booked(book(TOMORROW_9), 'ben')])
        .when(book(TOMORROW_9))
        .thenThrows(ConflictError, SLOT_TAKEN);
      // Ana alone: 10:00 starts inside the 15-minute buffer after her 9:00 visit; 10:15 is clear.
      given(bookingLinkDecider, [created(), first])
        .when(book('2026-06-02T14:00:00.000Z', ['ana']))
        .thenThrows(ConflictError, SLOT_TAKEN);
      given(bookingLinkDecider, [created(), first])
        .when(book('2026-06-02T14:15:00.000Z', ['ana']))
        .then([booked(book('2026-06-02T14:15:00.000Z', ['ana']))]);
    });

    it('refuses a time none of the staff is free at (other jobs, availability), or staff not of the link', () => {
      given(bookingLinkDecider, [created()]).when(book(TOMORROW_9, [])).thenThrows(ConflictError, SLOT_TAKEN);
      given(bookingLinkDecider, [created()])
        .when(book(TOMORROW_9, ['cal']))
        .thenThrows(ConflictError, SLOT_TAKEN);
    });

    it('refuses what the link does not offer: too soon, too far, the wrong length or someone else', () => {
      given(bookingLinkDecider, [created()])
        .when(book('2026-06-01T13:30:00.000Z'))
        .thenThrows(ValidationError, SLOT_NOT_OFFERED);
      given(bookingLinkDecider, [created()])
        .when(book('2026-07-02T13:00:00.000Z'))
        .thenThrows(ValidationError, SLOT_NOT_OFFERED);
      const long = book(TOMORROW_9) as Extract<BookingLinkCommand, { type: 'BookVisit' }>;
      given(bookingLinkDecider, [created()])
        .when({ ...long, visit: { ...long.visit, end: '2026-06-02T15:00:00.000Z' } })
        .thenThrows(ValidationError, SLOT_NOT_OFFERED);
    });

    it('refuses on a paused, expired, used-up or deleted link', () => {
      const ids = { linkId: LINK, organizationId: ORG };
      given(bookingLinkDecider, [created(), { type: 'BookingLinkPaused', data: ids }])
        .when(book(TOMORROW_9))
        .thenThrows(GoneError, LINK_PAUSED);
      given(bookingLinkDecider, [created({ expiresOn: '2026-05-31' })])
        .when(book(TOMORROW_9))
        .thenThrows(GoneError, LINK_EXPIRED);
      // Its last day still takes bookings.
      given(bookingLinkDecider, [created({ expiresOn: '2026-06-01' })])
        .when(book(TOMORROW_9))
        .then([booked(book(TOMORROW_9))]);
      given(bookingLinkDecider, [created({ maxBookings: 1 }), booked(book(TOMORROW_9))])
        .when(book('2026-06-03T13:00:00.000Z'))
        .thenThrows(GoneError, LINK_USED_UP);
      given(bookingLinkDecider, [created(), { type: 'BookingLinkDeleted', data: ids }])
        .when(book(TOMORROW_9))
        .thenThrows(NotFoundError, LINK_NOT_FOUND);
      given(bookingLinkDecider, []).when(book(TOMORROW_9)).thenThrows(NotFoundError, LINK_NOT_FOUND);
    });
  });

  describe('the visitor changing their visit', () => {
    const first = () => booked(book(TOMORROW_9));
    const ids = { linkId: LINK, organizationId: ORG };
    const cancel = (at = AT): BookingLinkCommand => ({ type: 'CancelVisit', bookingId: `b-${TOMORROW_9}`, at });
    const move = (start: string, freeStaffIds = ['ana', 'ben'], at = AT): BookingLinkCommand => ({
      type: 'MoveVisit',
      bookingId: `b-${TOMORROW_9}`,
      start,
      end: new Date(Date.parse(start) + 3_600_000).toISOString(),
      freeStaffIds,
      at,
      today: AT.slice(0, 10),
    });
    const withdrawnFirst: BookingLinkEvent = {
      type: 'VisitCancelled',
      data: { ...ids, bookingId: `b-${TOMORROW_9}`, jobId: `j-${TOMORROW_9}`, by: 'company' },
    };

    it('cancels until the notice, once; the slot and the use free again', () => {
      const cancelled: BookingLinkEvent = {
        type: 'VisitCancelled',
        data: { ...ids, bookingId: `b-${TOMORROW_9}`, jobId: `j-${TOMORROW_9}` },
      };
      given(bookingLinkDecider, [created(), first()]).when(cancel()).then([cancelled]);
      given(bookingLinkDecider, [created(), first(), cancelled])
        .when(cancel())
        .thenThrows(ConflictError, ALREADY_CANCELLED);
      // Within the two hours' notice: too late.
      given(bookingLinkDecider, [created(), first()])
        .when(cancel('2026-06-02T12:00:00.000Z'))
        .thenThrows(ValidationError, TOO_LATE_TO_CHANGE);
      given(bookingLinkDecider, [created({ maxBookings: 1 }), first(), cancelled])
        .when(book(TOMORROW_9))
        .then([booked(book(TOMORROW_9))]);
      given(bookingLinkDecider, [created(), first()])
        .when({ type: 'CancelVisit', bookingId: 'nope', at: AT })
        .thenThrows(NotFoundError, VISIT_NOT_FOUND);
    });

    it('moves to a free slot, keeping its staff member when free, else the next one', () => {
      const later = '2026-06-02T15:00:00.000Z';
      given(bookingLinkDecider, [created(), first()])
        .when(move(later))
        .then([
          {
            type: 'VisitMoved',
            data: {
              ...ids,
              bookingId: `b-${TOMORROW_9}`,
              jobId: `j-${TOMORROW_9}`,
              staffId: 'ana',
              start: later,
              end: '2026-06-02T16:00:00.000Z',
            },
          },
        ]);
      given(bookingLinkDecider, [created(), first()])
        .when(move(later, ['ben']))
        .then([
          {
            type: 'VisitMoved',
            data: {
              ...ids,
              bookingId: `b-${TOMORROW_9}`,
              jobId: `j-${TOMORROW_9}`,
              staffId: 'ben',
              start: later,
              end: '2026-06-02T16:00:00.000Z',
            },
          },
        ]);
      given(bookingLinkDecider, [created(), first()]).when(move(later, [])).thenThrows(ConflictError, SLOT_TAKEN);
      given(bookingLinkDecider, [created(), first()])
        .when(move('2026-06-01T12:30:00.000Z'))
        .thenThrows(ValidationError, SLOT_NOT_OFFERED);
      given(bookingLinkDecider, [created(), first()])
        .when(move(later, ['ana'], '2026-06-02T12:00:00.000Z'))
        .thenThrows(ValidationError, TOO_LATE_TO_CHANGE);
    });

    it('moves nothing on a paused, deleted or expired link, and still cancels there', () => {
      const later = '2026-06-02T15:00:00.000Z';
      for (const closing of [
        { type: 'BookingLinkPaused', data: ids },
        { type: 'BookingLinkDeleted', data: ids },
        { type: 'BookingLinkChanged', data: { ...ids, changes: { expiresOn: { from: null, to: '2026-05-31' } } } },
      ] as BookingLinkEvent[]) {
        given(bookingLinkDecider, [created(), first(), closing])
          .when(move(later))
          .thenThrows(GoneError, LINK_CLOSED_FOR_MOVES);
        given(bookingLinkDecider, [created(), first(), closing])
          .when(cancel())
          .then([{ type: 'VisitCancelled', data: { ...ids, bookingId: `b-${TOMORROW_9}`, jobId: `j-${TOMORROW_9}` } }]);
      }
    });

    it('ends a visit whose job the company deleted, once; it then neither moves nor cancels, nor holds its time', () => {
      const withdraw: BookingLinkCommand = { type: 'WithdrawVisit', bookingId: `b-${TOMORROW_9}` };
      given(bookingLinkDecider, [created(), first()]).when(withdraw).then([withdrawnFirst]);
      given(bookingLinkDecider, [created(), first(), withdrawnFirst]).when(withdraw).then([]);
      given(bookingLinkDecider, [created(), first(), withdrawnFirst])
        .when(cancel())
        .thenThrows(ConflictError, CANCELLED_BY_COMPANY);
      given(bookingLinkDecider, [created(), first(), withdrawnFirst])
        .when(move('2026-06-02T15:00:00.000Z'))
        .thenThrows(ConflictError, CANCELLED_BY_COMPANY);
      // Told of it when booking, the link ends it first: its staff member's time and its use are free again.
      const again = book(TOMORROW_9, ['ana'], {
        visit: { bookingId: 'b-again', jobId: 'j-again', start: TOMORROW_9, end: '2026-06-02T14:00:00.000Z' },
        jobsDeleted: [`b-${TOMORROW_9}`],
      });
      given(bookingLinkDecider, [created({ maxBookings: 1 }), first()])
        .when(again)
        .then([withdrawnFirst, booked(again)]);
      given(bookingLinkDecider, [created({ maxBookings: 1 }), first()])
        .when({ ...again, jobsDeleted: [] } as BookingLinkCommand)
        .thenThrows(GoneError, LINK_USED_UP);
    });

    it('changes nothing when asked for the time the visit has (a retried move), and counts moves per visit', () => {
      const later = '2026-06-02T15:00:00.000Z';
      given(bookingLinkDecider, [created(), first()]).when(move(TOMORROW_9)).then([]);
      const once = given(bookingLinkDecider, [created(), first()]).when(move(later)).events();
      const twice = given(bookingLinkDecider, [created(), first(), ...once]);
      twice.when(move(later)).then([]);
      const state = given(bookingLinkDecider, [
        created(),
        first(),
        ...once,
        ...twice.when(move(TOMORROW_9)).events(),
      ]).state;
      expect(state.status !== 'none' && state.moves).toEqual({ [`b-${TOMORROW_9}`]: 2 });
    });
  });
});
