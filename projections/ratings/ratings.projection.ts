import type { RatingEvent, RatingMailEvent } from '../../src/ratings/ratings.events';
import {
  customerSubmittedRatings,
  RATING_MAILS,
  RatingMailDoc,
  RATING_TOKENS,
  RATINGS,
  RatingDoc,
  RatingTokenDoc,
} from '../../src/ratings/ratings.read-models';
import { CUSTOMERS, CustomerDoc } from '../../src/customers/customers.read-models';
import { rooms } from '../../src/realtime/rooms';
import type { ReadStore } from '../../src/core/read-store/read-store.port';
import { applyOnce } from '../runner/apply-once';
import { ratingUpdate } from './rating-update';
import { Projection } from '../runner/projection';

/**
 * My Job Ratings, a customer's ratings and Jobs & Ratings, the feedback page's lookup by token; and the
 * customer's averageRating and totalReviews, recomputed from its answered ratings (so replaying an event
 * gives the same numbers). The customers projection creates the customer's document; this one only sets
 * those two fields by `_id`: a rebuild of the customers projection alone must rebuild this one too
 * (bump both versions).
 */
export const ratingsProjection: Projection = {
  name: 'ratings',
  version: 2,
  collections: [RATINGS, RATING_TOKENS, RATING_MAILS],
  streams: ['ratingMail', 'rating'],
  async setup(store) {
    // The Ratings report: answered ratings by their job's start, the organization's or one customer's.
    await store
      .collection(RATINGS)
      .createIndex(
        { organizationId: 1, submitted: 1, jobStart: 1, _id: 1 },
        { name: 'organization_submitted_job_start_id' },
      );
    await store
      .collection(RATINGS)
      .createIndex(
        { organizationId: 1, customerId: 1, submitted: 1, jobStartsAt: 1, _id: 1 },
        { name: 'organization_customer_submitted_job_starts_id' },
      );
    // The rating requests process's outbox: requests not yet mailed, oldest first.
    await store
      .collection(RATING_MAILS)
      .createIndex({ mailed: 1, requestedAt: 1, _id: 1 }, { name: 'mailed_requested_at_id' });
    // A customer's ratings and My Job Ratings, newest answer first.
    await store
      .collection(RATINGS)
      .createIndex(
        { organizationId: 1, customerId: 1, submitted: 1, submittedAt: -1, _id: -1 },
        { name: 'organization_customer_submitted_at_id' },
      );
    await store
      .collection(RATINGS)
      .createIndex(
        { organizationId: 1, submitted: 1, submittedAt: -1, _id: -1 },
        { name: 'organization_submitted_at_id' },
      );
  },
  async apply(event, { store, notify }) {
    if (event.streamId.startsWith('ratingMail-')) {
      const { requestId, ratingId, organizationId } = (event as unknown as { data: RatingMailEvent['data'] }).data;
      await store
        .collection<RatingMailDoc>(RATING_MAILS)
        .updateOne(
          { _id: requestId },
          { $set: { ratingId, organizationId, mailed: true }, $setOnInsert: { requestedAt: event.metadata.timestamp } },
          { upsert: true },
        );
      return;
    }
    if (!event.streamId.startsWith('rating-')) return;
    const e = { type: event.type, data: event.data } as RatingEvent;
    const ratings = store.collection<RatingDoc>(RATINGS);
    const at = event.revision;
    const when = event.metadata.timestamp;
    const { ratingId, organizationId, customerId } = e.data;
    switch (e.type) {
      case 'RatingRequested': {
        const { tokenHash, requestId } = e.data;
        if (requestId) {
          // Inserted once: replayed after its RatingRequestMailed, it must not be unsent again.
          const mails = store.collection<RatingMailDoc>(RATING_MAILS);
          if (!(await mails.findOne({ _id: requestId })))
            await mails.insertOne({ _id: requestId, ratingId, organizationId, requestedAt: when, mailed: false });
        }
        await store
          .collection<RatingTokenDoc>(RATING_TOKENS)
          .updateOne({ _id: tokenHash }, { $set: { ratingId, organizationId } }, { upsert: true });
        const existing = await ratings.findOne({ _id: ratingId });
        await applyOnce(ratings, ratingId, at, { $set: ratingUpdate(e, when, existing) }, { upsert: true });
        return;
      }
      case 'RatingSubmitted':
        await applyOnce(ratings, ratingId, at, { $set: ratingUpdate(e, when, null) });
        break;
      case 'RatingEdited': {
        const $set = ratingUpdate(e, when, await ratings.findOne({ _id: ratingId }));
        if (!$set) return;
        await applyOnce(ratings, ratingId, at, { $set });
        break;
      }
      default: {
        const unknown: never = e;
        return unknown;
      }
    }
    await updateCustomerAverage(store, organizationId, customerId);
    const rating = await ratings.findOne({ _id: ratingId });
    notify({
      rooms: [rooms.customerManagers(organizationId), ...(rating?.associateIds ?? []).map(rooms.user)],
      event: 'ratings.changed',
      payload: { organizationId, ratingId, customerId },
    });
  },
};

/** Spec §9: the average of the customer's stars to 2 decimals (ratings without stars count as reviews only). */
async function updateCustomerAverage(store: ReadStore, organizationId: string, customerId: string) {
  const answered = await customerSubmittedRatings(store, organizationId, customerId);
  const stars = answered.map((r) => r.rating).filter((r): r is number => typeof r === 'number');
  const averageRating = stars.length ? Math.round((stars.reduce((a, b) => a + b, 0) / stars.length) * 100) / 100 : null;
  await store
    .collection<CustomerDoc>(CUSTOMERS)
    .updateOne({ _id: customerId }, { $set: { averageRating, totalReviews: answered.length } });
}
