import type { BookingLinkEvent, BookingLinkSettings } from '../../src/booking/booking.events';
import { BOOKING_LINKS, BOOKINGS } from '../../src/booking/booking.read-models';
import { eventLog, projection } from '../../src/core/projection.testing';
import type { OrganizationEvent } from '../../src/identity/identity.events';
import type { JobEvent } from '../../src/scheduling/scheduling.events';
import { organizationsProjection } from '../identity/organizations.projection';
import { bookingProjection } from './booking.projection';

const ORG = 'org-1';
const LINK = 'link-a';
const BOOKING = 'booking-a';
const JOB = 'job-a';
const ANA = 'user-ana';
const BOB = 'user-bob';
const MANAGER = 'user-manager';
const settings: BookingLinkSettings = {
  serviceName: 'Lawn estimate',
  durationMinutes: 60,
  staffIds: [ANA, BOB],
  minimumNoticeMinutes: 120,
  horizonDays: 30,
  bufferMinutes: 15,
  expiresOn: null,
  maxBookings: 10,
};
const visit = {
  bookingId: BOOKING,
  jobId: JOB,
  staffId: ANA,
  start: '2030-01-08T15:00:00.000Z',
  end: '2030-01-08T16:00:00.000Z',
};

describe('booking projection', () => {
  const spec = projection(bookingProjection, { readsFrom: [organizationsProjection] });
  let log: ReturnType<typeof eventLog>;
  beforeEach(() => (log = eventLog({ organizationId: ORG, actorUserId: MANAGER })));
  // A visitor books, moves and cancels without an account: no actor.
  const link = (e: BookingLinkEvent, actorUserId: string | null = MANAGER) =>
    log.event(`bookingLink-${LINK}`, e, { actorUserId });
  const created = () =>
    link({ type: 'BookingLinkCreated', data: { linkId: LINK, organizationId: ORG, createdBy: MANAGER, ...settings } });
  const booked = () =>
    link(
      {
        type: 'VisitBooked',
        data: {
          linkId: LINK,
          organizationId: ORG,
          ...visit,
          visitor: { name: 'Vic Vale', email: 'vic@example.test', phone: null, address: null, note: 'Gate code 12' },
          customerId: 'customer-vic',
        },
      },
      null,
    );
  const cancelled = (by?: 'company') =>
    link(
      {
        type: 'VisitCancelled',
        data: { linkId: LINK, organizationId: ORG, bookingId: BOOKING, jobId: JOB, ...(by ? { by } : {}) },
      },
      by ? MANAGER : null,
    );
  const jobDeleted = (actorUserId: string | null) =>
    log.event(`job-${JOB}`, { type: 'JobDeleted', data: { jobId: JOB, organizationId: ORG } } satisfies JobEvent, {
      actorUserId,
    });
  const linkDoc = { _id: LINK, organizationId: ORG, ...settings, status: 'active', bookings: 0 };
  const { bookingId: _id, ...visited } = visit;
  const bookingDoc = {
    _id,
    linkId: LINK,
    organizationId: ORG,
    ...visited,
    visitorName: 'Vic Vale',
    visitorEmail: 'vic@example.test',
    customerId: 'customer-vic',
    status: 'booked',
  };

  it('keeps a created link, active and unused, without who created it', async () => {
    await spec
      .given(created())
      .then({ [BOOKING_LINKS]: [{ ...linkDoc, createdAt: log.at(1), _rev: 0 }], [BOOKINGS]: [] });
  });

  it("applies a link's changes, and its pauses, resumptions and deletion as its status", async () => {
    await spec
      .given(
        created(),
        link({
          type: 'BookingLinkChanged',
          data: {
            linkId: LINK,
            organizationId: ORG,
            changes: {
              serviceName: { from: 'Lawn estimate', to: 'Garden visit' },
              maxBookings: { from: 10, to: null },
            },
          },
        }),
        link({ type: 'BookingLinkPaused', data: { linkId: LINK, organizationId: ORG } }),
      )
      .then(BOOKING_LINKS, [
        { ...linkDoc, serviceName: 'Garden visit', maxBookings: null, status: 'paused', createdAt: log.at(1), _rev: 2 },
      ]);
  });

  it('makes a resumed link active, and keeps a deleted one as deleted', async () => {
    await spec
      .given(
        created(),
        link({ type: 'BookingLinkPaused', data: { linkId: LINK, organizationId: ORG } }),
        link({ type: 'BookingLinkResumed', data: { linkId: LINK, organizationId: ORG } }),
      )
      .then(BOOKING_LINKS, [expect.objectContaining({ status: 'active', _rev: 2 })]);
    log = eventLog({ organizationId: ORG });
    await spec
      .given(created(), link({ type: 'BookingLinkDeleted', data: { linkId: LINK, organizationId: ORG } }))
      .then(BOOKING_LINKS, [expect.objectContaining({ status: 'deleted', _rev: 1 })]);
  });

  it('keeps a booked visit by its id, and counts it against the link', async () => {
    await spec.given(created(), booked()).then({
      [BOOKING_LINKS]: [{ ...linkDoc, bookings: 1, createdAt: log.at(1), _rev: 1 }],
      [BOOKINGS]: [{ ...bookingDoc, bookedAt: log.at(2) }],
    });
  });

  it('moves a visit to its new slot and staff member', async () => {
    await spec
      .given(
        created(),
        booked(),
        link(
          {
            type: 'VisitMoved',
            data: {
              linkId: LINK,
              organizationId: ORG,
              ...visit,
              staffId: BOB,
              start: '2030-01-09T15:00:00.000Z',
              end: '2030-01-09T16:00:00.000Z',
            },
          },
          null,
        ),
      )
      .then({
        [BOOKING_LINKS]: [expect.objectContaining({ bookings: 1, _rev: 2 })],
        [BOOKINGS]: [
          {
            ...bookingDoc,
            staffId: BOB,
            start: '2030-01-09T15:00:00.000Z',
            end: '2030-01-09T16:00:00.000Z',
            bookedAt: log.at(2),
          },
        ],
      });
  });

  it('frees the use of a visit its visitor cancelled', async () => {
    await spec.given(created(), booked(), jobDeleted(null), cancelled()).then({
      [BOOKING_LINKS]: [expect.objectContaining({ bookings: 0, _rev: 2 })],
      [BOOKINGS]: [{ ...bookingDoc, status: 'cancelled', cancelledBy: 'visitor', bookedAt: log.at(2) }],
    });
  });

  it('cancels, for the company, a visit whose job a manager deleted; once, when the link hears of it too', async () => {
    await spec.given(created(), booked(), jobDeleted(MANAGER)).then({
      [BOOKING_LINKS]: [expect.objectContaining({ bookings: 0, _rev: 1 })],
      [BOOKINGS]: [{ ...bookingDoc, status: 'cancelled', cancelledBy: 'company', bookedAt: log.at(2) }],
    });
    log = eventLog({ organizationId: ORG });
    await spec.given(created(), booked(), jobDeleted(MANAGER), cancelled('company')).then({
      [BOOKING_LINKS]: [expect.objectContaining({ bookings: 0, _rev: 2 })],
      [BOOKINGS]: [
        { ...bookingDoc, status: 'cancelled', cancelledBy: 'company', cancelledOnLink: true, bookedAt: log.at(2) },
      ],
    });
  });

  it("tells the managers of each visit booked, moved or cancelled by its visitor, in the organization's zone", async () => {
    const { notices } = await spec
      .given(
        log.event(`organization-${ORG}`, {
          type: 'OrganizationCreated',
          data: {
            organizationId: ORG,
            name: 'Maple Lawns',
            timeZone: 'America/Chicago',
            pickUpJobsEnabled: false,
            automatedRatingEmailsEnabled: false,
          },
        } satisfies OrganizationEvent),
        created(),
        booked(),
        cancelled(),
      )
      .effects();
    const changed = {
      rooms: [`managers:${ORG}`],
      event: 'bookingLinks.changed',
      payload: { organizationId: ORG, linkId: LINK },
    };
    const notice = (change: string) => ({
      rooms: [`managers:${ORG}`],
      event: 'booking.notice',
      payload: {
        organizationId: ORG,
        bookingId: BOOKING,
        change,
        serviceName: 'Lawn estimate',
        visitorName: 'Vic Vale',
        start: visit.start,
        timeZone: 'America/Chicago',
      },
    });
    expect(notices.filter((n) => (n as { event: string }).event !== 'organization.changed')).toEqual([
      changed,
      changed,
      notice('booked'),
      changed,
      notice('cancelled'),
    ]);
  });

  it('tells the managers of a visit the company cancelled only that the link changed', async () => {
    const { notices } = await spec.given(created(), booked(), jobDeleted(MANAGER), cancelled('company')).effects();
    const changed = {
      rooms: [`managers:${ORG}`],
      event: 'bookingLinks.changed',
      payload: { organizationId: ORG, linkId: LINK },
    };
    // The creation and the booking pushed three notices; the job's deletion and the link told of it, one each.
    expect(notices.slice(3)).toEqual([changed, changed]);
  });
});
