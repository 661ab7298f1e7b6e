import type { ReadStore } from '../core/read-store/read-store.port';
import { organizationById } from '../identity/identity.read-models';
import { timeOffOfUsers } from './availability.read-models';
import { DayRange, singleDays } from './days-off';

/**
 * userId → the whole days each of `userIds` takes no work: the organization's holidays and their own time off.
 * Booking slots and the booking's free-staff check leave them out.
 */
export async function daysOffOf(
  store: ReadStore,
  organizationId: string,
  userIds: string[],
): Promise<Map<string, DayRange[]>> {
  const [organization, timeOff] = await Promise.all([
    organizationById(store, organizationId),
    timeOffOfUsers(store, organizationId, userIds),
  ]);
  const holidays = singleDays((organization?.holidays ?? []).map((h) => h.date));
  return new Map(
    userIds.map((id) => [
      id,
      [
        ...holidays,
        ...(timeOff.get(id) ?? []).map(({ from, to, startTime, endTime }) => ({ from, to, startTime, endTime })),
      ],
    ]),
  );
}
