import type { AvailabilityEvent } from '../../src/availability/availability.events';
import { AVAILABILITY } from '../../src/availability/availability.read-models';
import { eventLog, projection } from '../../src/core/projection.testing';
import { availabilityProjection } from './availability.projection';

const ORG = 'org-1';
const ANA = 'user-ana';
const monday = { id: 'a1', weekDay: 'Monday', startTime: '08:00', endTime: '12:00' } as const;
const friday = { id: 'a2', weekDay: 'Friday', startTime: '13:00', endTime: '17:00' } as const;

describe('availability projection', () => {
  const spec = projection(availabilityProjection);
  let log: ReturnType<typeof eventLog>;
  beforeEach(() => (log = eventLog({ organizationId: ORG, actorUserId: ANA })));
  const availability = (e: AvailabilityEvent) => log.event(`availability-${e.data.userId}`, e);

  it("keeps a person's week as last saved, by their id", async () => {
    await spec
      .given(
        availability({
          type: 'AvailabilitySet',
          data: { userId: ANA, organizationId: ORG, entries: [monday], previous: [] },
        }),
        availability({
          type: 'AvailabilitySet',
          data: { userId: ANA, organizationId: ORG, entries: [monday, friday], previous: [monday] },
        }),
      )
      .then(AVAILABILITY, [
        { _id: ANA, organizationId: ORG, entries: [monday, friday], updatedAt: log.at(2), _rev: 1 },
      ]);
  });

  it('keeps an emptied week (saved, with no hours) apart from a week never saved', async () => {
    await spec
      .given(
        availability({
          type: 'AvailabilitySet',
          data: { userId: ANA, organizationId: ORG, entries: [monday], previous: [] },
        }),
        availability({
          type: 'AvailabilitySet',
          data: { userId: ANA, organizationId: ORG, entries: [], previous: [monday] },
        }),
      )
      .then(AVAILABILITY, [{ _id: ANA, organizationId: ORG, entries: [], updatedAt: log.at(2), _rev: 1 }]);
  });

  it('leaves time off to its own projection', async () => {
    await spec
      .given(
        availability({
          type: 'TimeOffSet',
          data: {
            userId: ANA,
            organizationId: ORG,
            timeOff: [{ id: 't1', from: '2030-01-07', to: '2030-01-08', note: null }],
            previous: [],
          },
        }),
      )
      .thenNothing();
  });

  it("pushes availability.changed to the organization's managers", async () => {
    const { notices } = await spec
      .given(
        availability({
          type: 'AvailabilitySet',
          data: { userId: ANA, organizationId: ORG, entries: [monday], previous: [] },
        }),
      )
      .effects();
    expect(notices).toEqual([
      { rooms: [`managers:${ORG}`], event: 'availability.changed', payload: { organizationId: ORG, userId: ANA } },
    ]);
  });
});
