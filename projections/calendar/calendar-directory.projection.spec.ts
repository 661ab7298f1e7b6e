import { eventLog, projection } from '../../src/core/projection.testing';
import {
  CALENDAR_DIRECTORY,
  calendarCustomers,
  calendarOrganization,
  calendarPeople,
  requestStatusesOf,
} from '../../src/calendar/calendar.read-models';
import type { CustomerEvent } from '../../src/customers/customers.events';
import { customerDetails } from '../../src/customers/customers.testing';
import type { OrganizationEvent, UserEvent } from '../../src/identity/identity.events';
import type { JobEvent, JobSeriesEvent } from '../../src/scheduling/scheduling.events';
import { calendarDirectoryProjection } from './calendar-directory.projection';

const ORG = 'org-1';
const ANA = 'user-ana';
const BOB = 'user-bob';
const CUSTOMER = 'customer-1';
const JOB = 'job-a';
const SERIES = 'series-a';
const when = { start: '2030-01-08T15:00:00.000Z', end: '2030-01-08T16:30:00.000Z' };

describe('calendar directory projection', () => {
  const spec = projection(calendarDirectoryProjection);
  let log: ReturnType<typeof eventLog>;
  beforeEach(() => (log = eventLog({ organizationId: ORG, actorUserId: 'user-admin' })));
  const organization = (e: OrganizationEvent) => log.event(`organization-${ORG}`, e);
  const user = (e: UserEvent) => log.event(`user-${e.data.userId}`, e);
  const customer = (e: CustomerEvent) => log.event(`customer-${e.data.customerId}`, e);
  const job = (e: JobEvent) => log.event(`job-${e.data.jobId}`, e);
  const series = (e: JobSeriesEvent) => log.event(`jobSeries-${e.data.seriesId}`, e);

  const created = () =>
    organization({
      type: 'OrganizationCreated',
      data: {
        organizationId: ORG,
        name: 'Maple Lawns',
        timeZone: 'America/Chicago',
        pickUpJobsEnabled: false,
        automatedRatingEmailsEnabled: false,
      },
    });
  const registered = (userId: string, firstName: string) =>
    user({
      type: 'UserRegistered',
      data: {
        userId,
        organizationId: ORG,
        passwordHash: 'secret',
        firstName,
        lastName: 'Lopez',
        email: `${firstName.toLowerCase()}@example.com`,
        employeeId: null,
        phoneNumber: null,
        colorCode: '#336699',
        role: 'Associate',
      },
    });
  const requested = (requestId: string, userId: string) =>
    job({
      type: 'JobRequested',
      data: { jobId: JOB, organizationId: ORG, requestId, userId, name: 'Lawn care', ...when },
    });

  it("keeps the organization's zone, pick-up setting and holidays, and nothing else of its settings", async () => {
    await spec
      .given(
        created(),
        organization({
          type: 'OrganizationSettingsChanged',
          data: {
            organizationId: ORG,
            changes: { pickUpJobsEnabled: { from: false, to: true }, name: { from: 'Maple Lawns', to: 'Maple' } },
          },
        }),
        organization({
          type: 'OrganizationHolidaysChanged',
          data: { organizationId: ORG, holidays: [{ date: '2030-12-25', name: 'Christmas' }], previous: [] },
        }),
      )
      .thenReads((store) => calendarOrganization(store, ORG), {
        _id: ORG,
        kind: 'organization',
        organizationId: ORG,
        timeZone: 'America/Chicago',
        pickUpJobsEnabled: true,
        holidays: ['2030-12-25'],
        _rev: 2,
      });
  });

  it("names a person by their name and colour as changed, and forgets a deleted one (a 'Former employee')", async () => {
    await spec
      .given(
        registered(ANA, 'Ana'),
        registered(BOB, 'Bob'),
        user({
          type: 'UserDetailsChanged',
          data: {
            userId: ANA,
            organizationId: ORG,
            changes: { lastName: { from: 'Lopez', to: 'Reyes' }, colorCode: { from: '#336699', to: '#aa0000' } },
          },
        }),
        user({
          type: 'UserDetailsChanged',
          data: {
            userId: BOB,
            organizationId: ORG,
            changes: { email: { from: 'bob@example.com', to: 'b@example.com' } },
          },
        }),
        user({ type: 'UserDeleted', data: { userId: BOB, organizationId: ORG } }),
      )
      .thenReads(
        async (store) => [...(await calendarPeople(store, ORG)).values()],
        [
          {
            _id: ANA,
            kind: 'person',
            organizationId: ORG,
            firstName: 'Ana',
            lastName: 'Reyes',
            fullName: 'Ana Reyes',
            colorCode: '#aa0000',
            _rev: 1,
          },
        ],
      );
  });

  it('labels a customer as every screen does, with its address, and keeps a deleted one marked', async () => {
    await spec
      .given(
        customer({
          type: 'CustomerCreated',
          data: { customerId: CUSTOMER, organizationId: ORG, ...customerDetails({ city: 'Austin', notes: 'Gate 4' }) },
        }),
        customer({
          type: 'CustomerDetailsChanged',
          data: { customerId: CUSTOMER, organizationId: ORG, changes: { name: { from: null, to: 'Acme Inc' } } },
        }),
        customer({ type: 'CustomerDeleted', data: { customerId: CUSTOMER, organizationId: ORG } }),
      )
      .then(CALENDAR_DIRECTORY, [
        {
          _id: CUSTOMER,
          kind: 'customer',
          organizationId: ORG,
          label: 'Acme Inc',
          deleted: true,
          name: 'Acme Inc',
          displayName: null,
          contactFirstName: 'Pat',
          contactLastName: null,
          address1: null,
          address2: null,
          city: 'Austin',
          state: null,
          postalCode: null,
          country: null,
          _rev: 2,
        },
      ]);
  });

  it('reads only the customers asked for, of the organization asked for', async () => {
    const other = log.event(`customer-customer-2`, {
      type: 'CustomerCreated',
      data: { customerId: 'customer-2', organizationId: 'org-2', ...customerDetails() },
    } satisfies CustomerEvent);
    await spec
      .given(
        customer({
          type: 'CustomerCreated',
          data: { customerId: CUSTOMER, organizationId: ORG, ...customerDetails() },
        }),
        other,
      )
      .thenReads(
        async (store) => (await calendarCustomers(store, ORG, [CUSTOMER, 'customer-2'])).map((c) => c._id),
        [CUSTOMER],
      );
  });

  it("gives each requester their request's status: answered, not chosen, or cancelled with its job", async () => {
    await spec
      .given(
        requested('r1', ANA),
        requested('r2', BOB),
        job({
          type: 'JobRequestApproved',
          data: {
            jobId: JOB,
            organizationId: ORG,
            requestId: 'r2',
            userId: BOB,
            notChosen: [{ requestId: 'r1', userId: ANA }],
            changes: { userIds: { from: [], to: [BOB] } },
          },
        }),
      )
      .thenStore(async (store) => {
        expect(await requestStatusesOf(store, ORG, ANA)).toEqual(new Map([[JOB, 'notChosen']]));
        expect(await requestStatusesOf(store, ORG, BOB)).toEqual(new Map([[JOB, 'approved']]));
      });
  });

  it('forgets a request its requester cancelled: the job is theirs to request again', async () => {
    await spec
      .given(
        requested('r1', ANA),
        requested('r2', BOB),
        job({ type: 'JobRequestCancelled', data: { jobId: JOB, organizationId: ORG, requestId: 'r1', userId: ANA } }),
      )
      .thenStore(async (store) => {
        expect(await requestStatusesOf(store, ORG, ANA)).toEqual(new Map());
        expect(await requestStatusesOf(store, ORG, BOB)).toEqual(new Map([[JOB, 'pending']]));
      });
  });

  it('cancels the pending requests of a deleted job, and leaves the answered ones as they were', async () => {
    await spec
      .given(
        requested('r1', ANA),
        job({ type: 'JobRequestDenied', data: { jobId: JOB, organizationId: ORG, requestId: 'r1', userId: ANA } }),
        requested('r2', BOB),
        job({ type: 'JobDeleted', data: { jobId: JOB, organizationId: ORG } }),
      )
      .thenStore(async (store) => {
        expect(await requestStatusesOf(store, ORG, ANA)).toEqual(new Map([[JOB, 'denied']]));
        expect(await requestStatusesOf(store, ORG, BOB)).toEqual(new Map([[JOB, 'cancelled']]));
      });
  });

  it('cancels the pending requests of a deleted occurrence, and of every occurrence of a deleted recurring job', async () => {
    const occurrence = (day: string) => ({ occurrenceId: `${SERIES}_${day}`, originalStart: `${day}T15:00:00.000Z` });
    const request = (requestId: string, userId: string, day: string) =>
      series({
        type: 'JobRequested',
        data: {
          seriesId: SERIES,
          organizationId: ORG,
          ...occurrence(day),
          requestId,
          userId,
          name: 'Lawn care',
          ...when,
        },
      });
    await spec
      .given(
        request('r1', ANA, '20300108'),
        request('r2', ANA, '20300109'),
        series({
          type: 'OccurrenceDeleted',
          data: { seriesId: SERIES, organizationId: ORG, ...occurrence('20300108') },
        }),
      )
      .thenReads(
        (store) => requestStatusesOf(store, ORG, ANA),
        new Map([
          [`${SERIES}_20300108`, 'cancelled'],
          [`${SERIES}_20300109`, 'pending'],
        ]),
      );
    await spec
      .given(
        request('r3', BOB, '20300110'),
        series({ type: 'JobSeriesDeleted', data: { seriesId: SERIES, organizationId: ORG } }),
      )
      .thenReads((store) => requestStatusesOf(store, ORG, BOB), new Map([[`${SERIES}_20300110`, 'cancelled']]));
  });

  it('tells nobody: the other projections push these changes', async () => {
    const { notices } = await spec.given(created(), registered(ANA, 'Ana'), requested('r1', ANA)).effects();
    expect(notices).toEqual([]);
  });
});
