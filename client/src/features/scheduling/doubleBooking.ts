import { jobPeopleIds, type Job } from './jobs';
import { timeRangeLabel } from './zonedTime';

export interface Slot {
  /** The job being edited (its own time never conflicts with itself); absent for a new job. */
  id?: string;
  startDateTime: string;
  endDateTime: string;
}

export interface DoubleBooking {
  userId: string;
  job: Job;
}

const overlaps = (a: Slot, b: Slot) =>
  Date.parse(a.startDateTime) < Date.parse(b.endDateTime) && Date.parse(b.startDateTime) < Date.parse(a.endDateTime);

/**
 * For each chosen person, the other jobs they are already on (as lead or assignee) that overlap
 * the slot. Touching jobs (one ends as the other starts) do not overlap. A warning, not a blocker.
 */
export function doubleBookings(slot: Slot, peopleIds: string[], jobs: Job[]): DoubleBooking[] {
  if (!(Date.parse(slot.endDateTime) > Date.parse(slot.startDateTime))) return [];
  const out: DoubleBooking[] = [];
  for (const userId of new Set(peopleIds)) {
    for (const job of jobs) {
      if (job.id === slot.id || job.availabilityOnly) continue;
      if (jobPeopleIds(job).includes(userId) && overlaps(slot, job)) out.push({ userId, job });
    }
  }
  return out;
}

export const NOT_AVAILABLE = 'Employee is not available on this day';

export interface PersonWarning {
  userId: string;
  name: string;
  message: string;
}

/**
 * The warnings to show before saving (spec §8), per chosen person: not available in their weekly
 * availability, and already on an overlapping job. People the availability list does not name
 * (not active) get no availability warning.
 */
export function peopleWarnings(input: {
  peopleIds: string[];
  available: { id: string; employeeName: string; available: boolean }[] | undefined;
  bookings: DoubleBooking[];
  nameOf: (userId: string) => string;
  timeOf: (job: Job) => string;
}): PersonWarning[] {
  const warnings: PersonWarning[] = [];
  const availability = new Map((input.available ?? []).map((a) => [a.id, a]));
  for (const userId of new Set(input.peopleIds)) {
    const entry = availability.get(userId);
    if (entry && !entry.available) warnings.push({ userId, name: entry.employeeName, message: NOT_AVAILABLE });
  }
  for (const { userId, job } of input.bookings) {
    warnings.push({
      userId,
      name: input.nameOf(userId),
      message: `Already booked on ${job.name} (${input.timeOf(job)})`,
    });
  }
  return warnings;
}

/**
 * The warnings for a job at a slot, as the job modal and a calendar move both ask: its people's
 * availability (`available`, from the server) and their other jobs overlapping the slot.
 */
export function slotWarnings(input: {
  slot: Slot;
  peopleIds: string[];
  jobs: Job[];
  available: { id: string; employeeName: string; available: boolean }[] | undefined;
  nameOf: (userId: string) => string;
  zone: string;
}): PersonWarning[] {
  return peopleWarnings({
    peopleIds: input.peopleIds,
    available: input.available,
    bookings: doubleBookings(input.slot, input.peopleIds, input.jobs),
    nameOf: input.nameOf,
    timeOf: (other) => timeRangeLabel(other.startDateTime, other.endDateTime, input.zone),
  });
}
