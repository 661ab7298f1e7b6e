import type { AvailabilityEvent, TimeOff } from '../../src/availability/availability.events';
import { TIME_OFF } from '../../src/availability/availability.read-models';
import { eventLog, projection } from '../../src/core/projection.testing';
import { timeOffProjection } from './time-off.projection';

const ORG = 'org-1';
const ANA = 'user-ana';
const BOB = 'user-bob';
const holiday: TimeOff = { id: 't1', from: '2030-07-01', to: '2030-07-12', note: 'Summer' };
const dentist: TimeOff = {
  id: 't2',
  from: '2030-03-04',
  to: '2030-03-04',
  note: null,
  startTime: '09:00',
  endTime: '11:00',
};

describe('time off projection', () => {
  const spec = projection(timeOffProjection);
  let log: ReturnType<typeof eventLog>;
  beforeEach(() => (log = eventLog({ organizationId: ORG, actorUserId: ANA })));
  const availability = (e: AvailabilityEvent) => log.event(`availability-${e.data.userId}`, e);
  const timeOff = (userId: string, list: TimeOff[], previous: TimeOff[] = []) =>
    availability({ type: 'TimeOffSet', data: { userId, organizationId: ORG, timeOff: list, previous } });

  it("keeps each person's time off as last set: days added, a part of a day, days removed", async () => {
    await spec
      .given(
        timeOff(ANA, [holiday]),
        timeOff(BOB, [dentist]),
        timeOff(ANA, [dentist, holiday], [holiday]),
        timeOff(ANA, [dentist], [dentist, holiday]),
      )
      .then(TIME_OFF, [
        { _id: ANA, organizationId: ORG, timeOff: [dentist], updatedAt: log.at(4), _rev: 2 },
        { _id: BOB, organizationId: ORG, timeOff: [dentist], updatedAt: log.at(2), _rev: 0 },
      ]);
  });

  it('keeps a list emptied of all its time off', async () => {
    await spec
      .given(timeOff(ANA, [holiday]), timeOff(ANA, [], [holiday]))
      .then(TIME_OFF, [{ _id: ANA, organizationId: ORG, timeOff: [], updatedAt: log.at(2), _rev: 1 }]);
  });

  it("leaves a person's week to the availability projection", async () => {
    const monday = { id: 'a1', weekDay: 'Monday', startTime: '08:00', endTime: '12:00' } as const;
    await spec
      .given(
        availability({
          type: 'AvailabilitySet',
          data: { userId: ANA, organizationId: ORG, entries: [monday], previous: [] },
        }),
      )
      .thenNothing();
  });

  it("pushes availability.changed to the organization's managers", async () => {
    const { notices } = await spec.given(timeOff(BOB, [holiday])).effects();
    expect(notices).toEqual([
      { rooms: [`managers:${ORG}`], event: 'availability.changed', payload: { organizationId: ORG, userId: BOB } },
    ]);
  });
});
