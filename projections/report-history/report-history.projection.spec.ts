import type { RecordedEvent } from '../../src/core/event-store/event-store.port';
import { SqliteReadStore } from '../../src/core/read-store/sqlite-read-store';
import { OPEN, validAt } from '../../src/as-of/versions';
import {
  namesAt,
  REPORT_NAME_VERSIONS,
  REPORT_RATING_VERSIONS,
  REPORT_TIMER_VERSIONS,
  ratingVersionsPage,
  timerVersionsPage,
  Version,
} from '../../src/as-of/report-history.read-models';
import { reportHistoryProjection } from './report-history.projection';

const ORG = 'org-1';
const TIMER = 'timer-a';
const USER = 'user-a';
const CUSTOMER = 'customer-a';
const JOB = 'job-a';
const RANGE = { from: '2030-01-01T00:00:00.000Z', to: '2030-02-01T00:00:00.000Z' };

/** An event of `stream` at log position `commit` (its stream revision `revision`). */
const at = (commit: number, stream: string, revision: number, type: string, data: Record<string, unknown>) =>
  ({
    id: `event-${commit}-${revision}`,
    type,
    data: { organizationId: ORG, ...data },
    streamId: stream,
    revision,
    position: { commit, prepare: commit },
    metadata: {
      organizationId: ORG,
      actorUserId: 'manager',
      correlationId: 'c',
      causationId: null,
      timestamp: `2030-01-0${(commit % 9) + 1}T10:00:00.000Z`,
    },
  }) as RecordedEvent;

const registered = (commit: number, lastName: string) =>
  at(commit, `user-${USER}`, 0, 'UserRegistered', {
    userId: USER,
    firstName: 'Abe',
    lastName,
    email: 'abe@example.test',
    role: 'Associate',
    colorCode: '#112233',
    passwordHash: 'x',
  });
const renamed = (commit: number, revision: number, from: string, to: string) =>
  at(commit, `user-${USER}`, revision, 'UserDetailsChanged', {
    userId: USER,
    changes: { lastName: { from, to } },
  });
const customerCreated = (commit: number) =>
  at(commit, `customer-${CUSTOMER}`, 0, 'CustomerCreated', {
    customerId: CUSTOMER,
    name: 'Maple Lawns',
    displayName: null,
    contactFirstName: 'Pat',
    contactLastName: null,
    billingFrequency: 'Monthly',
  });
const started = (commit: number) =>
  at(commit, `timer-${TIMER}`, 0, 'TimerStarted', {
    timerId: TIMER,
    userId: USER,
    type: 'Job',
    start: '2030-01-10T09:00:00.000Z',
    mileageStart: null,
    jobId: JOB,
    jobName: 'Lawn care',
    customerId: CUSTOMER,
    customerName: 'Maple Lawns',
    label: null,
  });
const stopped = (commit: number, revision = 1) =>
  at(commit, `timer-${TIMER}`, revision, 'TimerStopped', {
    timerId: TIMER,
    userId: USER,
    end: '2030-01-10T10:00:00.000Z',
    mileageEnd: null,
  });
const changedEnd = (commit: number, revision: number, to: string) =>
  at(commit, `timer-${TIMER}`, revision, 'TimerChanged', {
    timerId: TIMER,
    userId: USER,
    changes: { end: { from: '2030-01-10T10:00:00.000Z', to } },
  });
const deleted = (commit: number, revision: number) =>
  at(commit, `timer-${TIMER}`, revision, 'TimerDeleted', { timerId: TIMER, userId: USER });

describe('report history projection', () => {
  let store: SqliteReadStore;
  const apply = async (...events: RecordedEvent[]) => {
    for (const e of events) await reportHistoryProjection.apply(e, { store, notify: () => undefined });
  };
  const versions = (name: string) =>
    store.collection<Version>(name).find({}, { sort: { _id: 1 }, projection: { _id: 1, from: 1, to: 1 } });
  const timersAt = (position: number) =>
    timerVersionsPage(
      store,
      validAt({ organizationId: ORG, startsAt: { $gte: RANGE.from, $lt: RANGE.to } }, position),
      1,
      {
        skip: 0,
        limit: 10,
      },
    );

  beforeEach(async () => {
    store = new SqliteReadStore(':memory:');
    await reportHistoryProjection.setup!(store);
  });
  afterEach(() => store.close());

  it('keeps a version of the timer per change, each valid until the next, and none after its deletion', async () => {
    const log = [
      registered(1, 'Ames'),
      customerCreated(2),
      started(3),
      stopped(4),
      renamed(5, 1, 'Ames', 'Baker'),
      changedEnd(6, 2, '2030-01-10T11:00:00.000Z'),
      deleted(8, 3),
    ];
    await apply(...log);
    expect(await versions(REPORT_TIMER_VERSIONS)).toEqual([
      { _id: `${TIMER}@3`, from: 3, to: 4 },
      { _id: `${TIMER}@4`, from: 4, to: 6 },
      { _id: `${TIMER}@6`, from: 6, to: 8 },
    ]);
    expect(await timersAt(2)).toEqual([]);
    expect(await timersAt(3)).toEqual([
      expect.objectContaining({
        _id: TIMER,
        userFullName: 'Abe Ames',
        endDateTime: null,
        customerId: CUSTOMER,
        startsAt: '2030-01-10T09:00:00.000Z',
      }),
    ]);
    // The owner's name as it was when the timer started, as the timers read model keeps it.
    expect(await timersAt(5)).toEqual([
      expect.objectContaining({ userFullName: 'Abe Ames', endDateTime: '2030-01-10T10:00:00.000Z' }),
    ]);
    expect(await timersAt(7)).toEqual([expect.objectContaining({ endDateTime: '2030-01-10T11:00:00.000Z' })]);
    expect(await timersAt(8)).toEqual([]);
    expect((await namesAt(store, 'user', ORG, [USER], 4)).get(USER)?.label).toBe('Abe Ames');
    expect((await namesAt(store, 'user', ORG, [USER], 5)).get(USER)?.label).toBe('Abe Baker');
    expect((await namesAt(store, 'customer', ORG, [CUSTOMER], 2)).get(CUSTOMER)).toMatchObject({
      label: 'Maple Lawns',
      billingFrequency: 'Monthly',
    });
  });

  it("keeps a person's colour with their name: a new colour is a new version, a new e-mail is none", async () => {
    await apply(
      registered(1, 'Ames'),
      at(2, `user-${USER}`, 1, 'UserDetailsChanged', {
        userId: USER,
        changes: { colorCode: { from: '#112233', to: '#445566' } },
      }),
      at(3, `user-${USER}`, 2, 'UserDetailsChanged', {
        userId: USER,
        changes: { email: { from: 'abe@example.test', to: 'abe@example.org' } },
      }),
      renamed(4, 3, 'Ames', 'Baker'),
    );
    const person = async (position: number) => (await namesAt(store, 'user', ORG, [USER], position)).get(USER);
    expect(await person(1)).toMatchObject({ label: 'Abe Ames', colorCode: '#112233' });
    expect(await person(3)).toMatchObject({ label: 'Abe Ames', colorCode: '#445566', from: 2 });
    expect(await person(4)).toMatchObject({ label: 'Abe Baker', colorCode: '#445566' });
  });

  it('writes the same versions when events are applied again (the whole log, or a suffix)', async () => {
    const log = [
      registered(1, 'Ames'),
      customerCreated(2),
      started(3),
      stopped(4),
      renamed(5, 1, 'Ames', 'Baker'),
      changedEnd(6, 2, '2030-01-10T11:00:00.000Z'),
    ];
    await apply(...log);
    const once = await Promise.all(
      [REPORT_TIMER_VERSIONS, REPORT_NAME_VERSIONS].map((n) => store.collection(n).find({}, { sort: { _id: 1 } })),
    );
    await apply(...log.slice(2));
    await apply(...log);
    const again = await Promise.all(
      [REPORT_TIMER_VERSIONS, REPORT_NAME_VERSIONS].map((n) => store.collection(n).find({}, { sort: { _id: 1 } })),
    );
    expect(again).toEqual(once);
    await apply(deleted(8, 3), deleted(8, 3), changedEnd(6, 2, '2030-01-10T11:00:00.000Z'));
    expect(await timersAt(8)).toEqual([]);
    expect(await versions(REPORT_TIMER_VERSIONS)).toEqual([
      { _id: `${TIMER}@3`, from: 3, to: 4 },
      { _id: `${TIMER}@4`, from: 4, to: 6 },
      { _id: `${TIMER}@6`, from: 6, to: 8 },
    ]);
  });

  it('makes one version of two events of a record at one position (one append on EventStoreDB)', async () => {
    await apply(registered(1, 'Ames'), started(3), stopped(3, 1));
    expect(await versions(REPORT_TIMER_VERSIONS)).toEqual([{ _id: `${TIMER}@3`, from: 3, to: OPEN }]);
    expect(await timersAt(3)).toEqual([expect.objectContaining({ endDateTime: '2030-01-10T10:00:00.000Z' })]);
    await apply(started(3), stopped(3, 1));
    expect(await timersAt(3)).toEqual([expect.objectContaining({ endDateTime: '2030-01-10T10:00:00.000Z' })]);
  });

  it("keeps a rating's report fields per change: requested (not reported), answered, edited", async () => {
    const rating = (commit: number, revision: number, type: string, data: Record<string, unknown>) =>
      at(commit, `rating-${JOB}`, revision, type, { ratingId: JOB, customerId: CUSTOMER, ...data });
    await apply(
      rating(1, 0, 'RatingRequested', {
        jobId: JOB,
        jobName: 'Lawn care',
        jobNumber: 'J-1',
        jobStart: '2030-01-10T09:00:00.000Z',
        jobEnd: '2030-01-10T11:00:00.000Z',
        associateIds: [USER],
        tokenHash: 'h1',
        expiresAt: '2030-02-01T00:00:00.000Z',
        requestedBy: 'manager',
      }),
      rating(2, 1, 'RatingSubmitted', { rating: 4, comments: 'Edges missed' }),
      // A second request (a new link) changes nothing the reports read: no new version.
      rating(3, 2, 'RatingRequested', {
        jobId: JOB,
        jobName: 'Lawn care',
        jobStart: '2030-01-10T09:00:00.000Z',
        jobEnd: '2030-01-10T11:00:00.000Z',
        associateIds: [USER],
        tokenHash: 'h2',
        expiresAt: '2030-02-01T00:00:00.000Z',
        requestedBy: 'manager',
      }),
      rating(4, 3, 'RatingEdited', { by: 'manager', to: { rating: 2, comments: 'Redone' } }),
    );
    expect(await versions(REPORT_RATING_VERSIONS)).toEqual([
      { _id: `${JOB}@1`, from: 1, to: 2 },
      { _id: `${JOB}@2`, from: 2, to: 4 },
      { _id: `${JOB}@4`, from: 4, to: OPEN },
    ]);
    const answered = (position: number) =>
      ratingVersionsPage(
        store,
        validAt({ organizationId: ORG, submitted: true, jobStartsAt: { $gte: RANGE.from, $lt: RANGE.to } }, position),
        1,
        { skip: 0, limit: 10 },
      );
    expect(await answered(1)).toEqual([]);
    expect(await answered(3)).toEqual([
      {
        _id: JOB,
        customerId: CUSTOMER,
        jobId: JOB,
        jobName: 'Lawn care',
        jobNumber: 'J-1',
        jobStartsAt: '2030-01-10T09:00:00.000Z',
        associateIds: [USER],
        submitted: true,
        rating: 4,
        comments: 'Edges missed',
      },
    ]);
    expect(await answered(4)).toEqual([expect.objectContaining({ rating: 2, comments: 'Redone' })]);
  });

  it("keeps a deleted customer's name, and ends a deleted person's", async () => {
    await apply(
      customerCreated(1),
      at(2, `customer-${CUSTOMER}`, 1, 'CustomerDetailsChanged', {
        customerId: CUSTOMER,
        changes: { status: { from: 'Current', to: 'Past' } },
      }),
      at(3, `customer-${CUSTOMER}`, 2, 'CustomerDetailsChanged', {
        customerId: CUSTOMER,
        changes: { name: { from: 'Maple Lawns', to: null }, billingFrequency: { from: 'Monthly', to: 'Weekly' } },
      }),
      at(4, `customer-${CUSTOMER}`, 3, 'CustomerDeleted', { customerId: CUSTOMER }),
      registered(5, 'Ames'),
      at(6, `user-${USER}`, 1, 'UserDeleted', { userId: USER }),
    );
    const customer = async (position: number) =>
      (await namesAt(store, 'customer', ORG, [CUSTOMER], position)).get(CUSTOMER);
    expect(await customer(2)).toMatchObject({ label: 'Maple Lawns', billingFrequency: 'Monthly', from: 1 });
    expect(await customer(3)).toMatchObject({ label: 'Pat', billingFrequency: 'Weekly' });
    expect(await customer(9)).toMatchObject({ label: 'Pat', billingFrequency: 'Weekly' });
    expect((await namesAt(store, 'user', ORG, [USER], 5)).get(USER)?.label).toBe('Abe Ames');
    expect((await namesAt(store, 'user', ORG, [USER], 6)).has(USER)).toBe(false);
    expect((await namesAt(store, 'customer', 'org-2', [CUSTOMER], 9)).size).toBe(0);
  });
});
