import { AvailabilityEvent } from '../../src/availability/availability.events';
import { rooms } from '../../src/realtime/rooms';
import { applyOnce } from '../runner/apply-once';
import { Projection } from '../runner/projection';
import { AVAILABILITY, AvailabilityDoc } from '../../src/availability/availability.read-models';

export const availabilityProjection: Projection = {
  name: 'availability',
  version: 1,
  collections: [AVAILABILITY],
  streams: ['availability'],
  async setup(store) {
    await store.collection(AVAILABILITY).createIndex({ organizationId: 1 }, { name: 'organizationId' });
  },
  async apply(event, { store, notify }) {
    if (!event.streamId.startsWith('availability-')) return;
    const e = { type: event.type, data: event.data } as AvailabilityEvent;
    if (e.type !== 'AvailabilitySet') return;
    const { userId, organizationId, entries } = e.data;
    await applyOnce(
      store.collection<AvailabilityDoc>(AVAILABILITY),
      userId,
      event.revision,
      {
        $set: { organizationId, entries, updatedAt: event.metadata.timestamp },
      },
      { upsert: true },
    );
    // Schedulers (the managers' room) see who is available; the open editor refetches too.
    notify({
      rooms: [rooms.managers(organizationId)],
      event: 'availability.changed',
      payload: { organizationId, userId },
    });
  },
};
