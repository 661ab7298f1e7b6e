/** Employee weekly availability as the API shows it (spec §3 Availability), declared in src/shared/availability.ts. */
export {
  WEEK_DAYS,
  type AvailabilityView as Availability,
  type WeekDay,
  type WorkingHours,
} from '../../../../src/shared/availability';
import { WEEK_DAYS, type AvailabilityView as Availability } from '../../../../src/shared/availability';

/**
 * The week as scheduling counts it: the saved entries, or, for a week never saved, every day from
 * midnight to midnight (a never-saved week counts as available at any time).
 */
export function availableHours(week: UserAvailability): Availability[] {
  if (week.saved) return week.entries;
  return WEEK_DAYS.map((weekDay) => ({
    id: `any-${weekDay}`,
    weekDay,
    userId: '',
    startTime: '00:00',
    endTime: '24:00',
  }));
}

/** A user's week, and whether it was ever saved (a never-saved week counts as available at any time). */
export interface UserAvailability {
  entries: Availability[];
  saved: boolean;
}

export const AVAILABILITY_URL = '/api/employee-availability';
/** Where calendars open: the start of the organization's working day, from its staff's hours. */
export const WORKING_HOURS_URL = `${AVAILABILITY_URL}/working-hours`;
export const userAvailabilityUrl = (userId: string) => `${AVAILABILITY_URL}/user/${encodeURIComponent(userId)}`;
/** Response header of GET user/{userId}: 'false' when the user has never saved a week. */
export const SAVED_HEADER = 'X-Availability-Saved';
