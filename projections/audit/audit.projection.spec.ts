import { AUDIT_ENTRIES, AUDIT_NAMES, AuditDoc } from '../../src/audit/audit.read-models';
import { eventLog, projection } from '../../src/core/projection.testing';
import type { ReadStore } from '../../src/core/read-store/read-store.port';
import type { CustomerEvent } from '../../src/customers/customers.events';
import type { UserEvent } from '../../src/identity/identity.events';
import type { TimerEvent } from '../../src/timers/timers.events';
import { auditProjection } from './audit.projection';
import { customerDetails } from '../../src/customers/customers.testing';

// Ids of an id's length: the projection finds the names an event needs by the ids in its data.
const ORG = 'org-0000-0000-0000-0000-000000000001';
const ANA = 'user-000-0000-0000-0000-000000000002';
const BOB = 'user-000-0000-0000-0000-000000000003';
const LINK = 'link-000-0000-0000-0000-000000000004';
const BOOKING = 'booking-0000-0000-0000-0000-00000005';
const JOB = 'job-0000-0000-0000-0000-000000000006';
const CUSTOMER = 'customer-0000-0000-0000-000000000007';
const TIMER = 'timer-000-0000-0000-0000-000000000008';

describe('audit projection', () => {
  const spec = projection(auditProjection);
  let log: ReturnType<typeof eventLog>;
  beforeEach(() => (log = eventLog({ organizationId: ORG, actorUserId: ANA })));
  // People are added by the system here (the organization's first admin signs up): no actor.
  const user = (userId: string, firstName: string) =>
    log.event(
      `user-${userId}`,
      {
        type: 'UserRegistered',
        data: {
          userId,
          organizationId: ORG,
          firstName,
          lastName: 'Active',
          email: `${firstName.toLowerCase()}@x.test`,
          passwordHash: 'x',
          employeeId: null,
          phoneNumber: null,
          colorCode: '#111111',
          role: 'Associate',
        },
      } satisfies UserEvent,
      { actorUserId: null },
    );
  const customer = (e: CustomerEvent) => log.event(`customer-${CUSTOMER}`, e);
  const entries = (store: ReadStore) => store.collection<AuditDoc>(AUDIT_ENTRIES).find({}, { sort: { position: 1 } });

  it('writes one entry per event, in words, with the names as they were when it happened', async () => {
    await spec
      .given(
        user(ANA, 'Ana'),
        customer({
          type: 'CustomerCreated',
          data: {
            customerId: CUSTOMER,
            organizationId: ORG,
            ...customerDetails({ name: 'Maple Lawns', city: 'Springfield' }),
          },
        }),
        log.event(`user-${ANA}`, {
          type: 'UserDetailsChanged',
          data: { userId: ANA, organizationId: ORG, changes: { lastName: { from: 'Active', to: 'Baker' } } },
        } satisfies UserEvent),
        customer({
          type: 'CustomerDetailsChanged',
          data: { customerId: CUSTOMER, organizationId: ORG, changes: { city: { from: 'Springfield', to: 'Boston' } } },
        }),
      )
      .thenStore(async (store) => {
        expect((await entries(store)).map((e) => [e.position, e.who, e.what, e.recordLabel])).toEqual([
          [1, 'System', 'User added', 'Ana Active'],
          [2, 'Ana Active', 'Customer added', 'Maple Lawns'],
          [3, 'Ana Active', 'Details changed', 'Ana Active'],
          [4, 'Ana Baker', 'Customer details changed', 'Maple Lawns'],
        ]);
        const [, created, , changed] = await entries(store);
        expect(created).toMatchObject({
          organizationId: ORG,
          type: 'CustomerCreated',
          at: log.at(2),
          actorKind: 'person',
          actorId: ANA,
          recordType: 'customer',
          recordId: CUSTOMER,
          changes: [
            { field: 'Company name', from: '—', to: 'Maple Lawns' },
            { field: 'Contact first name', from: '—', to: 'Pat' },
            { field: 'City', from: '—', to: 'Springfield' },
            { field: 'Status', from: '—', to: 'Current' },
          ],
          othersTime: false,
          timeOf: null,
        });
        expect(changed).toMatchObject({
          changes: [{ field: 'City', from: 'Springfield', to: 'Boston' }],
          changed: { City: true },
          text: 'Ana Baker Customer details changed Maple Lawns City Springfield Boston',
        });
        expect(await store.collection(AUDIT_NAMES).findOne({ _id: `user:${ANA}` })).toEqual({
          _id: `user:${ANA}`,
          name: 'Ana Baker',
          parts: { firstName: 'Ana', lastName: 'Baker' },
        });
      });
  });

  it('keeps when a change a phone sent later was made on the device, beside when it was received', async () => {
    const registered = user(ANA, 'Ana');
    const offline = {
      ...registered,
      metadata: { ...registered.metadata, commandId: 'c0ffee00-0000-4000-8000-000000000001', deviceTime: log.at(-90) },
    };
    await spec.given(offline, user(BOB, 'Bob')).thenStore(async (store) => {
      const [fromPhone, online] = await entries(store);
      expect(fromPhone).toMatchObject({ at: log.at(1), deviceAt: log.at(-90) });
      expect(online.deviceAt).toBeUndefined();
    });
  });

  it("marks a change to someone else's tracked time, and whose time it is", async () => {
    const timer = (e: TimerEvent, actorUserId: string) => log.event(`timer-${TIMER}`, e, { actorUserId });
    await spec
      .given(
        user(ANA, 'Ana'),
        user(BOB, 'Bob'),
        timer(
          {
            type: 'TimerStarted',
            data: {
              timerId: TIMER,
              organizationId: ORG,
              userId: BOB,
              type: 'Unassigned',
              start: '2030-01-08T15:00:00.000Z',
              mileageStart: null,
              jobId: null,
              jobName: null,
              customerId: null,
              customerName: null,
              label: 'Yard',
            },
          },
          BOB,
        ),
        timer(
          {
            type: 'TimerChanged',
            data: {
              timerId: TIMER,
              organizationId: ORG,
              userId: BOB,
              changes: { start: { from: '2030-01-08T15:00:00.000Z', to: '2030-01-08T14:00:00.000Z' } },
            },
          },
          ANA,
        ),
      )
      .thenStore(async (store) => {
        const [, , started, changed] = await entries(store);
        expect(started).toMatchObject({ who: 'Bob Active', what: 'Timer started', othersTime: false, timeOf: BOB });
        expect(changed).toMatchObject({
          who: 'Ana Active',
          what: 'Tracked time changed',
          recordLabel: 'Bob Active: Yard',
          changes: [{ field: 'Start', from: 'Tue 8 Jan 2030, 3:00 PM', to: 'Tue 8 Jan 2030, 2:00 PM' }],
          othersTime: true,
          timeOf: BOB,
        });
      });
  });

  it("names a moved visit's former staff member, whom the event does not name, as they are", async () => {
    const visit = { linkId: LINK, organizationId: ORG, bookingId: BOOKING, jobId: JOB };
    await spec
      .given(
        user(ANA, 'Ana'),
        user(BOB, 'Bob'),
        log.event(`bookingLink-${LINK}`, {
          type: 'VisitBooked',
          data: {
            ...visit,
            staffId: ANA,
            start: '2026-06-01T13:00:00.000Z',
            end: '2026-06-01T14:00:00.000Z',
            visitor: { name: 'Vic', email: 'vic@x.test', phone: null, address: null, note: null },
            customerId: 'customer-0000-0000-0000-000000000007',
          },
        }),
        // Ana is busy then: the move takes Bob. The event names only Bob.
        log.event(`bookingLink-${LINK}`, {
          type: 'VisitMoved',
          data: { ...visit, staffId: BOB, start: '2026-06-01T15:00:00.000Z', end: '2026-06-01T16:00:00.000Z' },
        }),
      )
      .thenStore(async (store) => {
        const moved = await store.collection<AuditDoc>(AUDIT_ENTRIES).findOne({ type: 'VisitMoved' });
        expect(moved!.changes).toContainEqual({ field: 'Staff', from: 'Ana Active', to: 'Bob Active' });
      });
  });

  it("looks up the names of a record's first event in a stream named after another record (a person's availability)", async () => {
    await spec.given(user(ANA, 'Ana')).thenStore(async (store) => {
      // Another run of the projection (a restart): the names kept in memory are gone, the store has Ana's.
      const again = eventLog({ organizationId: ORG, actorUserId: ANA });
      const first = again.event(`availability-${ANA}`, {
        type: 'AvailabilitySet',
        data: { userId: ANA, organizationId: ORG, entries: [], previous: [] },
      });
      await auditProjection.apply(first, { store, notify: () => undefined });
      const entry = await store.collection<AuditDoc>(AUDIT_ENTRIES).findOne({ _id: first.id });
      expect(entry).toMatchObject({ who: 'Ana Active', recordLabel: 'Ana Active' });
    });
  });

  it('pushes audit.added to the auditors once per entry written', async () => {
    const { notices } = await spec.given(user(ANA, 'Ana'), user(BOB, 'Bob')).effects();
    const notice = { rooms: [`auditors:${ORG}`], event: 'audit.added', payload: { organizationId: ORG } };
    expect(notices).toEqual([notice, notice]);
  });
});
