import type { AvailabilityEntry } from './availability.events';

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
