import type { TimeReviewEvent } from '../../src/timers/timers.events';
import { rooms } from '../../src/realtime/rooms';
import { UserDoc, USERS } from '../../src/identity/identity.read-models';
import { reviewAct, reviewedTimer } from '../../src/timers/offline.rules';
import { TIME_REVIEWS, TimeReviewDoc } from '../../src/timers/timers.read-models';
import { applyOnce } from '../runner/apply-once';
import { Projection } from '../runner/projection';

/**
 * The times phones sent later for a manager's review (issue #29 item 5), for Home's "Time to review". Answered ones
 * stay, with their answer (a replayed request must not bring a decided review back). Pushed to the organization's
 * managers (jobs.crud: they decide) and to the person's devices.
 */
export const timeReviewsProjection: Projection = {
  name: 'timeReviews',
  version: 1,
  collections: [TIME_REVIEWS],
  streams: ['timeReview'],
  async setup(store) {
    // The pending reviews of an organization, the oldest first.
    await store
      .collection(TIME_REVIEWS)
      .createIndex({ organizationId: 1, status: 1, receivedAt: 1, _id: 1 }, { name: 'organization_status_received' });
    // One person's, the oldest first, and how many (the list by person; the limit of pending reviews per person).
    await store
      .collection(TIME_REVIEWS)
      .createIndex(
        { organizationId: 1, status: 1, userId: 1, receivedAt: 1, _id: 1 },
        { name: 'organization_status_user_received' },
      );
  },
  async apply(event, { store, notify }) {
    if (!event.streamId.startsWith('timeReview-')) return;
    const e = { type: event.type, data: event.data } as TimeReviewEvent;
    const reviews = store.collection<TimeReviewDoc>(TIME_REVIEWS);
    const { reviewId, organizationId, userId } = e.data;
    switch (e.type) {
      case 'TimeReviewRequested': {
        const timer = reviewedTimer(e.data.request);
        const user = await store.collection<UserDoc>(USERS).findOne({ _id: userId });
        await applyOnce(
          reviews,
          reviewId,
          event.revision,
          {
            $set: {
              organizationId,
              userId,
              userFullName: user?.fullName ?? '',
              status: 'pending',
              act: reviewAct(e.data.request),
              timerId: e.data.timerId,
              jobId: timer.jobId,
              timer: {
                type: timer.type,
                jobName: timer.jobName,
                customerName: timer.customerName,
                label: timer.label,
                startDateTime: timer.start,
                endDateTime: timer.end,
              },
              deviceTime: e.data.deviceAt,
              receivedAt: e.data.receivedAt,
              reason: e.data.reason,
              answeredAt: null,
              answeredBy: null,
            },
          },
          { upsert: true },
        );
        break;
      }
      case 'TimeReviewStopAdded':
        await applyOnce(reviews, reviewId, event.revision, { $set: { 'timer.endDateTime': e.data.end } });
        break;
      case 'TimeReviewApproved':
      case 'TimeReviewDeclined':
        await applyOnce(reviews, reviewId, event.revision, {
          $set: {
            status: e.type === 'TimeReviewApproved' ? 'approved' : 'declined',
            answeredAt: event.metadata.timestamp,
            answeredBy: event.metadata.actorUserId,
          },
        });
        break;
      default:
        return;
    }
    notify({
      rooms: [rooms.managers(organizationId), rooms.user(userId)],
      event: 'timeReviews.changed',
      payload: { organizationId, reviewId },
    });
  },
};
