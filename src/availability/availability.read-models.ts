import type { ReadStore } from '../core/read-store/read-store.port';
import type { AvailabilityEntry, TimeOff } from './availability.events';

/** Read model of availability: one document per user who has ever saved their week (`_id` = userId). */
export const AVAILABILITY = 'availability';

export interface AvailabilityDoc {
  _id: string;
  organizationId: string;
  /** Monday first, then by start time. */
  entries: AvailabilityEntry[];
  updatedAt: string;
  _rev?: number;
  [key: string]: unknown;
}

/**
 * Read model of time off: one document per user who has ever set any (`_id` = userId). Kept apart from the week's
 * document, whose presence means "has saved a week" (an unsaved week counts as available).
 */
export const TIME_OFF = 'timeOff';

export interface TimeOffDoc {
  _id: string;
  organizationId: string;
  /** In date order. */
  timeOff: TimeOff[];
  updatedAt: string;
  _rev?: number;
  [key: string]: unknown;
}

/** The user's time off, in date order ([] when none). */
export async function timeOffOf(store: ReadStore, organizationId: string, userId: string): Promise<TimeOff[]> {
  return (await store.collection<TimeOffDoc>(TIME_OFF).findOne({ _id: userId, organizationId }))?.timeOff ?? [];
}

/** userId → time off, for those of `userIds` who have any. */
export async function timeOffOfUsers(
  store: ReadStore,
  organizationId: string,
  userIds: string[],
): Promise<Map<string, TimeOff[]>> {
  const found = await store.collection<TimeOffDoc>(TIME_OFF).find({ organizationId, _id: { $in: userIds } });
  return new Map(found.map((d) => [d._id, d.timeOff]));
}

/*
 * The readers of this read model: queries and handlers read availability through them (the
 * projection, which writes it, keeps its own access).
 */

const availability = (store: ReadStore) => store.collection<AvailabilityDoc>(AVAILABILITY);

/** The user's saved week, or null when they have never saved one (or are not of the organization). */
export function availabilityOf(
  store: ReadStore,
  organizationId: string,
  userId: string,
): Promise<AvailabilityDoc | null> {
  return availability(store).findOne({ _id: userId, organizationId });
}

/**
 * userId → saved week, for the organization's users who have saved one: all of them, or those of
 * `userIds`. A user missing from the map has never saved a week.
 */
export async function weeklyAvailability(
  store: ReadStore,
  organizationId: string,
  userIds?: string[],
): Promise<Map<string, AvailabilityEntry[]>> {
  const found = await availability(store).find(
    userIds ? { organizationId, _id: { $in: userIds } } : { organizationId },
  );
  return new Map(found.map((a) => [a._id, a.entries]));
}
