import type { OnMyWayEvent } from '../../src/notices/notices.events';
import { ON_MY_WAY_SENT, OnMyWaySentDoc } from '../../src/notices/notices.read-models';
import { Projection } from '../runner/projection';

/**
 * "On my way" as told (src/notices/notices.read-models.ts), so a job's details show it was sent, when and by whom,
 * rather than offer a second try the server refuses. Written whole per event: a replay writes the same document.
 */
export const onMyWayProjection: Projection = {
  name: 'onMyWaySent',
  version: 1,
  collections: [ON_MY_WAY_SENT],
  streams: ['onMyWay'],
  async setup(store) {
    await store.collection(ON_MY_WAY_SENT).createIndex({ jobId: 1, date: 1 }, { name: 'job_date' });
  },
  async apply(event, { store }) {
    if (!event.streamId.startsWith('onMyWay-')) return;
    const e = { type: event.type, data: event.data } as OnMyWayEvent;
    if (e.type !== 'OnMyWaySent') return;
    const { jobId, organizationId, userId, etaMinutes, date } = e.data;
    await store
      .collection<OnMyWaySentDoc>(ON_MY_WAY_SENT)
      .replaceOne(
        { _id: event.streamId },
        { _id: event.streamId, organizationId, jobId, date, userId, etaMinutes, sentAt: event.metadata.timestamp },
        { upsert: true },
      );
  },
};
