import { AvailabilityEvent } from '../../src/availability/availability.events';
import { TIME_OFF, TimeOffDoc } from '../../src/availability/availability.read-models';
import { rooms } from '../../src/realtime/rooms';
import { applyOnce } from '../runner/apply-once';
import { Projection } from '../runner/projection';

/** Each employee's time off (#24), from their availability stream: booking slots leave those days out. */
export const timeOffProjection: Projection = {
  name: 'timeOff',
  version: 1,
  collections: [TIME_OFF],
  streams: ['availability'],
  async setup(store) {
    await store.collection(TIME_OFF).createIndex({ organizationId: 1 }, { name: 'organizationId' });
  },
  async apply(event, { store, notify }) {
    if (!event.streamId.startsWith('availability-')) return;
    const e = { type: event.type, data: event.data } as AvailabilityEvent;
    if (e.type !== 'TimeOffSet') return;
    const { userId, organizationId, timeOff } = e.data;
    await applyOnce(
      store.collection<TimeOffDoc>(TIME_OFF),
      userId,
      event.revision,
      { $set: { organizationId, timeOff, updatedAt: event.metadata.timestamp } },
      { upsert: true },
    );
    // The open editor and the schedulers' availability views refetch, as for the week.
    notify({
      rooms: [rooms.managers(organizationId)],
      event: 'availability.changed',
      payload: { organizationId, userId },
    });
  },
};
