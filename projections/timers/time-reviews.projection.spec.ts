import { eventLog, projection } from '../../src/core/projection.testing';
import type { UserEvent } from '../../src/identity/identity.events';
import type { TimeReviewEvent, TimerFields } from '../../src/timers/timers.events';
import { pendingTimeReviews, REVIEWS_SHOWN_PER_PERSON, TIME_REVIEWS } from '../../src/timers/timers.read-models';
import { usersProjection } from '../identity/users.projection';
import { timeReviewsProjection } from './time-reviews.projection';

const ORG = 'org-1';
const ANA = 'user-ana';
const MANAGER = 'user-manager';
const DEVICE = '2030-01-08T01:00:00.000Z';
const before: TimerFields = {
  type: 'Job',
  start: '2030-01-08T13:00:00.000Z',
  end: null,
  mileageStart: null,
  mileageEnd: null,
  jobId: 'job-1',
  jobName: 'Lawn care',
  customerId: 'c1',
  customerName: 'Maple Homes',
  label: null,
};
const { end: _e, mileageEnd: _m, ...startFields } = before;

describe('time reviews projection', () => {
  const spec = projection(timeReviewsProjection, { readsFrom: [usersProjection] });
  let log: ReturnType<typeof eventLog>;
  beforeEach(() => (log = eventLog({ organizationId: ORG, actorUserId: ANA })));
  const review = (e: TimeReviewEvent, actorUserId = ANA) =>
    log.event(`timeReview-${e.data.reviewId}`, e, { actorUserId });
  const ids = (reviewId: string) => ({ reviewId, organizationId: ORG, userId: ANA, timerId: reviewId });
  const ana = () =>
    log.event(`user-${ANA}`, {
      type: 'UserRegistered',
      data: {
        userId: ANA,
        organizationId: ORG,
        passwordHash: 'hash',
        firstName: 'Ana',
        lastName: 'Lima',
        email: 'ana@maple.test',
        employeeId: null,
        phoneNumber: null,
        colorCode: '#112233',
        role: 'Associate',
      },
    } satisfies UserEvent);
  const startRequested = (reviewId: string) =>
    review({
      type: 'TimeReviewRequested',
      data: {
        ...ids(reviewId),
        request: { kind: 'start', fields: startFields },
        deviceAt: DEVICE,
        receivedAt: log.at(reviewId === 'r1' ? 2 : 3),
        clock: { offsetMinutes: -840, limitHours: 12 },
        reason: 'The start was 14 hours before it reached us.',
      },
    });
  const pending = (reviewId: string, at: number) => ({
    _id: reviewId,
    organizationId: ORG,
    userId: ANA,
    userFullName: 'Ana Lima',
    status: 'pending',
    act: 'start',
    timerId: reviewId,
    jobId: 'job-1',
    timer: {
      type: 'Job',
      jobName: 'Lawn care',
      customerName: 'Maple Homes',
      label: null,
      startDateTime: before.start,
      endDateTime: null,
    },
    deviceTime: DEVICE,
    receivedAt: log.at(at),
    reason: 'The start was 14 hours before it reached us.',
    answeredAt: null,
    answeredBy: null,
    _rev: 0,
  });

  it('keeps a start sent for review as pending, with the person, the timer, the times and the reason', async () => {
    await spec.given(ana(), startRequested('r1')).then(TIME_REVIEWS, [pending('r1', 2)]);
  });

  it('keeps a stop as the time it would record', async () => {
    await spec
      .given(
        ana(),
        review({
          type: 'TimeReviewRequested',
          data: {
            ...ids('r1'),
            timerId: 'timer-1',
            request: { kind: 'change', changes: { end: '2030-01-08T22:00:00.000Z' }, before, timerRevision: 0 },
            deviceAt: '2030-01-08T22:00:00.000Z',
            receivedAt: log.at(2),
            clock: { offsetMinutes: 120, limitHours: 12 },
            reason: "The phone's clock was 2 hours ahead.",
          },
        }),
      )
      .then(TIME_REVIEWS, [
        expect.objectContaining({
          act: 'stop',
          timerId: 'timer-1',
          timer: expect.objectContaining({ startDateTime: before.start, endDateTime: '2030-01-08T22:00:00.000Z' }),
        }),
      ]);
  });

  it('records the answer, and lists only the pending ones, the oldest first', async () => {
    await spec
      .given(
        ana(),
        startRequested('r1'),
        startRequested('r2'),
        startRequested('r3'),
        review({ type: 'TimeReviewApproved', data: ids('r1') }, MANAGER),
        review({ type: 'TimeReviewDeclined', data: ids('r3') }, MANAGER),
      )
      .thenStore(async (store) => {
        const pending = await pendingTimeReviews(store, ORG);
        expect(pending.total).toBe(1);
        expect(pending.people.flatMap((p) => p.reviews.map((r) => r._id))).toEqual(['r2']);
        const all = await store.collection(TIME_REVIEWS).find({}, { sort: { _id: 1 } });
        expect(all.map((r) => [r._id, r.status, r.answeredBy])).toEqual([
          ['r1', 'approved', MANAGER],
          ['r2', 'pending', null],
          ['r3', 'declined', MANAGER],
        ]);
      });
  });

  it('takes the stop sent behind a start: the time under review has its end', async () => {
    const end = '2030-01-08T15:00:00.000Z';
    await spec
      .given(
        ana(),
        startRequested('r1'),
        review({ type: 'TimeReviewStopAdded', data: { ...ids('r1'), end, mileageEnd: null } }),
      )
      .then(TIME_REVIEWS, [
        expect.objectContaining({
          _id: 'r1',
          act: 'start',
          timer: expect.objectContaining({ startDateTime: startFields.start, endDateTime: end }),
        }),
      ]);
  });

  it("lists by person, the oldest first: one person's many push no one else's out, and are counted", async () => {
    const BEN = 'user-ben';
    const many = Array.from({ length: 8 }, (_, i) => startRequested(`a${i}`));
    const bens = review({
      type: 'TimeReviewRequested',
      data: {
        ...ids('b1'),
        userId: BEN,
        request: { kind: 'start', fields: startFields },
        deviceAt: DEVICE,
        receivedAt: log.at(40),
        clock: { offsetMinutes: -840, limitHours: 12 },
        reason: 'The start was 14 hours before it reached us.',
      },
    });
    await spec.given(ana(), ...many, bens).thenStore(async (store) => {
      const { total, people } = await pendingTimeReviews(store, ORG);
      expect(total).toBe(9);
      expect(people.map((p) => [p.userId, p.pending, p.reviews.length])).toEqual([
        [ANA, 8, REVIEWS_SHOWN_PER_PERSON],
        [BEN, 1, 1],
      ]);
      expect(people[0].reviews.map((r) => r._id)).toEqual(['a0', 'a1', 'a2', 'a3', 'a4']);
    });
  });

  it("pushes to the organization's managers and the person", async () => {
    const { notices } = await spec.given(startRequested('r1')).effects();
    expect(notices).toEqual([
      {
        rooms: [`managers:${ORG}`, `user:${ANA}`],
        event: 'timeReviews.changed',
        payload: { organizationId: ORG, reviewId: 'r1' },
      },
    ]);
  });
});
