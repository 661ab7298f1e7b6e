import { AUDIT_DAY_COUNTS, AUDIT_ENTRIES, type AuditDayCount, AuditDoc } from '../../src/audit/audit.read-models';
import { countInRange, worded } from '../../src/audit/audit.queries';
import { namedRecords, namesBefore } from '../../src/audit/entry-words';
import type { EventStore, RecordedEvent } from '../../src/core/event-store/event-store.port';
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
  const user = (userId: string, firstName: string, timestamp?: string) =>
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
      { actorUserId: null, timestamp },
    );
  const customer = (e: CustomerEvent) => log.event(`customer-${CUSTOMER}`, e);
  const entries = (store: ReadStore) => store.collection<AuditDoc>(AUDIT_ENTRIES).find({}, { sort: { position: 1 } });
  /** The entries as a page of the log reads them: their events, from these, worded with the names as they were. */
  const inWords = async (store: ReadStore, events: RecordedEvent[]) => {
    const log = {
      readEvents: async (at: { commit: number }[]) =>
        events.filter((e) => at.some((p) => p.commit === e.position.commit)),
    } as Pick<EventStore, 'readEvents'> as EventStore;
    return worded({ store, log }, await entries(store), 'UTC', { encode: String, decode: Number });
  };

  it('writes one entry per event, in words, with the names as they were when it happened', async () => {
    const events = [
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
    ];
    await spec.given(...events).thenStore(async (store) => {
      const read = await inWords(store, events);
      expect(read.map((e) => [e.position, e.who, e.what, e.record.label])).toEqual([
        ['1', 'System', 'User added', 'Ana Active'],
        ['2', 'Ana Active', 'Customer added', 'Maple Lawns'],
        ['3', 'Ana Active', 'Details changed', 'Ana Active'],
        ['4', 'Ana Baker', 'Customer details changed', 'Maple Lawns'],
      ]);
      const [, created, , changed] = read;
      expect(created).toMatchObject({
        type: 'CustomerCreated',
        at: log.at(2),
        actor: { kind: 'person', id: ANA },
        record: { type: 'customer', id: CUSTOMER },
        changes: [
          { field: 'Company name', from: '—', to: 'Maple Lawns' },
          { field: 'Contact first name', from: '—', to: 'Pat' },
          { field: 'City', from: '—', to: 'Springfield' },
          { field: 'Status', from: '—', to: 'Current' },
        ],
        othersTime: false,
      });
      expect(changed).toMatchObject({ changes: [{ field: 'City', from: 'Springfield', to: 'Boston' }] });
      // What the filters and the search read is stored; the words are the event's.
      expect((await entries(store))[3]).toEqual({
        _id: changed.id,
        organizationId: ORG,
        position: 4,
        type: 'CustomerDetailsChanged',
        at: log.at(4),
        actorId: ANA,
        recordType: 'customer',
        recordId: CUSTOMER,
        occurrenceId: null,
        changed: { City: true },
        othersTime: false,
        timeOf: null,
        text: 'Ana Baker Customer details changed Maple Lawns City Springfield Boston',
      });
      // Ana's name in each of its versions.
      const versions = await namedRecords(store, [ANA]);
      expect(namesBefore(versions, { commit: 3, prepare: 3 }).get(`user:${ANA}`)).toMatchObject({ name: 'Ana Active' });
      expect(namesBefore(versions, { commit: 4, prepare: 4 }).get(`user:${ANA}`)).toEqual({
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
    const events = [offline, user(BOB, 'Bob')];
    await spec.given(...events).thenStore(async (store) => {
      const [fromPhone, online] = await inWords(store, events);
      expect(fromPhone).toMatchObject({ at: log.at(1), deviceAt: log.at(-90) });
      expect(online.deviceAt).toBeNull();
    });
  });

  it("marks a change to someone else's tracked time, and whose time it is", async () => {
    const timer = (e: TimerEvent, actorUserId: string) => log.event(`timer-${TIMER}`, e, { actorUserId });
    const events = [
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
    ];
    await spec.given(...events).thenStore(async (store) => {
      const [, , started, changed] = await inWords(store, events);
      expect(started).toMatchObject({ who: 'Bob Active', what: 'Timer started', othersTime: false });
      expect(changed).toMatchObject({
        who: 'Ana Active',
        what: 'Tracked time changed',
        record: { label: 'Bob Active: Yard' },
        changes: [{ field: 'Start', from: 'Tue 8 Jan 2030, 3:00 PM', to: 'Tue 8 Jan 2030, 2:00 PM' }],
        othersTime: true,
      });
      expect((await entries(store)).map((e) => e.timeOf)).toEqual([null, null, BOB, BOB]);
    });
  });

  it("names a moved visit's former staff member, whom the event does not name, as they are", async () => {
    const visit = { linkId: LINK, organizationId: ORG, bookingId: BOOKING, jobId: JOB };
    const events = [
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
    ];
    await spec.given(...events).thenStore(async (store) => {
      const moved = (await inWords(store, events)).find((e) => e.type === 'VisitMoved');
      expect(moved!.changes).toContainEqual({ field: 'Staff', from: 'Ana Active', to: 'Bob Active' });
    });
  });

  it("looks up the names of a record's first event in a stream named after another record (a person's availability)", async () => {
    await spec.given(user(ANA, 'Ana'), user(BOB, 'Bob')).thenStore(async (store) => {
      // Another run of the projection from an earlier position (a restart): the names kept in memory are gone, and
      // the store has Ana's, given before it.
      const again = eventLog({ organizationId: ORG, actorUserId: ANA });
      again.event(`user-${BOB}`, { type: 'UserDeleted', data: { userId: BOB, organizationId: ORG } });
      const first = again.event(`availability-${ANA}`, {
        type: 'AvailabilitySet',
        data: { userId: ANA, organizationId: ORG, entries: [], previous: [] },
      });
      expect([first.position.commit, first.revision]).toEqual([2, 0]);
      await auditProjection.apply(first, { store, notify: () => undefined });
      const entry = await store.collection<AuditDoc>(AUDIT_ENTRIES).findOne({ _id: first.id });
      expect(entry!.text).toMatch(/^Ana Active Weekly availability set Ana Active/);
    });
  });

  it('pushes audit.added to the auditors once per entry written', async () => {
    const { notices } = await spec.given(user(ANA, 'Ana'), user(BOB, 'Bob')).effects();
    const notice = { rooms: [`auditors:${ORG}`], event: 'audit.added', payload: { organizationId: ORG } };
    expect(notices).toEqual([notice, notice]);
  });

  it("counts each day's entries once, and a range is counted from them and its partial days as entry by entry", async () => {
    // Entries around two UTC midnights, one person each (an id of an id's length); the last one's time is earlier.
    const events = [
      '2030-01-01T22:30:00.000Z',
      '2030-01-01T23:59:59.999Z',
      '2030-01-02T00:00:00.000Z',
      '2030-01-02T12:00:00.000Z',
      '2030-01-03T00:00:00.001Z',
      '2030-01-03T05:00:00.000Z',
      '2030-01-01T23:00:00.000Z',
    ].map((timestamp, i) => user(`user-000-0000-0000-0000-00000000010${i}`, `Person${i}`, timestamp));
    await spec.given(...events).thenStore(async (store) => {
      const counts = await store.collection<AuditDayCount>(AUDIT_DAY_COUNTS).find({}, { sort: { day: 1 } });
      expect(counts.map((c) => [c.day, c.entries])).toEqual([
        ['2030-01-01', 3],
        ['2030-01-02', 2],
        ['2030-01-03', 2],
      ]);
      const all = await entries(store);
      for (const [from, to] of [
        ['2030-01-01T00:00:00.000Z', '2031-01-01T00:00:00.000Z'],
        ['2030-01-01T23:00:00.000Z', '2030-01-03T01:00:00.000Z'],
        ['2030-01-01T23:59:59.999Z', '2030-01-03T00:00:00.001Z'],
        ['2030-01-02T00:00:00.000Z', '2030-01-03T00:00:00.000Z'],
        ['2030-01-02T05:00:00.000Z', '2030-01-03T05:00:00.000Z'],
        ['2030-01-02T12:00:00.000Z', '2030-01-02T12:00:00.001Z'],
      ])
        expect({ from, to, count: await countInRange(store, ORG, { from, to }) }).toEqual({
          from,
          to,
          count: all.filter((e) => e.at >= from && e.at < to).length,
        });
    });
  });
});
