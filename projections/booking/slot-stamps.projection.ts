import { SLOT_STAMPS, SlotStampDoc } from '../../src/booking/booking.read-models';
import { Projection } from '../runner/projection';

/** The streams whose events can change a booking link's free slots (what `staffTimes` and `openLink` read). */
const SLOT_STREAMS = ['job-', 'jobSeries-', 'availability-', 'bookingLink-', 'organization-'];

/**
 * Moves an organization's slot stamp to each event that can change what its links offer. Listed after the
 * projections that build what the slots are computed from, so a stamp is never newer than the documents it stands
 * for. Only ever forward: a replayed event leaves a later stamp as it is.
 */
export const slotStampsProjection: Projection = {
  name: 'slotStamps',
  version: 1,
  collections: [SLOT_STAMPS],
  streams: ['job', 'jobSeries', 'availability', 'bookingLink', 'organization'],
  async apply(event, { store }) {
    if (!SLOT_STREAMS.some((prefix) => event.streamId.startsWith(prefix))) return;
    const organizationId = (event.data as { organizationId?: unknown }).organizationId;
    if (typeof organizationId !== 'string') return;
    const stamps = store.collection<SlotStampDoc>(SLOT_STAMPS);
    const position = event.position.commit;
    const current = await stamps.findOne({ _id: organizationId });
    if (current && current.position >= position) return;
    await stamps.replaceOne({ _id: organizationId }, { _id: organizationId, position }, { upsert: true });
  },
};
