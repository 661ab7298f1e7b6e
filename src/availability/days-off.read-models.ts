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
  // The holidays are read beside the time off, not before it.
  const holidays = organizationById(store, organizationId).then((o) => (o?.holidays ?? []).map((h) => h.date));
  return daysOffWith(store, organizationId, userIds, holidays);
}

/** The same, with the organization's holidays (YYYY-MM-DD) given by the caller, which has read them already. */
export async function daysOffWith(
  store: ReadStore,
  organizationId: string,
  userIds: string[],
  holidayDates: string[] | Promise<string[]>,
): Promise<Map<string, DayRange[]>> {
  const [timeOff, dates] = await Promise.all([timeOffOfUsers(store, organizationId, userIds), holidayDates]);
  const holidays = singleDays(dates);
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
