import { SLOT_STAMPS } from '../../src/booking/booking.read-models';
import { eventLog, projection } from '../../src/core/projection.testing';
import { slotStampsProjection } from './slot-stamps.projection';

const ORG = 'org-1';
const OTHER_ORG = 'org-2';

describe('slot stamps projection', () => {
  const spec = projection(slotStampsProjection);
  let log: ReturnType<typeof eventLog>;
  beforeEach(() => (log = eventLog({ organizationId: ORG })));
  // The stamp reads only the stream and the organization of an event: its type and the rest do not matter.
  const on = (streamId: string, organizationId: string = ORG) =>
    log.event(streamId, { type: 'Changed', data: { organizationId } });

  it("moves an organization's stamp to each event that can change its links' free slots", async () => {
    await spec
      .given(
        on('job-a'),
        on('availability-user-ana'),
        on('jobSeries-b'),
        on('bookingLink-c'),
        on('organization-org-1'),
        on('job-d', OTHER_ORG),
      )
      .then(SLOT_STAMPS, [
        { _id: ORG, position: 5 },
        { _id: OTHER_ORG, position: 6 },
      ]);
  });

  it('leaves the stamp where it is for events that change no slot', async () => {
    await spec
      .given(on('job-a'), on('timer-b'), on('customer-c'), on('rating-d'), on('user-e'))
      .then(SLOT_STAMPS, [{ _id: ORG, position: 1 }]);
  });

  it('stamps nothing for an event without an organization', async () => {
    await spec.given(log.event('job-a', { type: 'Changed', data: {} })).thenNothing();
  });
});
