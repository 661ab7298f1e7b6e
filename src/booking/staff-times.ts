import { weeklyAvailability } from '../availability/availability.read-models';
import { daysOffOf } from '../availability/days-off.read-models';
import { jobsBetween } from '../scheduling/calendar-jobs';
import type { ReadStore } from '../core/read-store/read-store.port';
import { jobPeople } from '../scheduling/scheduling.read-models';
import type { BookingLinkSettings } from './booking.events';
import type { BookingLinkDoc } from './booking.read-models';
import { Interval, SlotRules, StaffTime } from './slots';

const DAY = 86_400_000;

export const rulesOf = (link: BookingLinkSettings): SlotRules => ({
  durationMinutes: link.durationMinutes,
  bufferMinutes: link.bufferMinutes,
  minimumNoticeMinutes: link.minimumNoticeMinutes,
  horizonDays: link.horizonDays,
});

/**
 * The link's staff around [from, to): their weekly availability, the jobs they are on (lead or assigned) and their
 * days off (holidays, time off).
 */
export async function staffTimes(
  store: ReadStore,
  link: BookingLinkDoc,
  from: number,
  to: number,
  ignoreJobId: string | null = null,
): Promise<StaffTime[]> {
  // Jobs a buffer (and a day, for windows across midnight) either side can still keep a slot busy.
  const margin = link.bufferMinutes * 60_000 + DAY;
  const [weeks, jobs, daysOff] = await Promise.all([
    weeklyAvailability(store, link.organizationId, link.staffIds),
    jobsBetween(store, link.organizationId, new Date(from - margin), new Date(to + margin)),
    daysOffOf(store, link.organizationId, link.staffIds),
  ]);
  const busy = new Map<string, Interval[]>(link.staffIds.map((id) => [id, []]));
  for (const job of jobs) {
    if (job.id === ignoreJobId) continue;
    const interval = { start: Date.parse(job.start), end: Date.parse(job.end) };
    for (const id of jobPeople(job)) busy.get(id)?.push(interval);
  }
  return link.staffIds.map((id) => ({ id, week: weeks.get(id) ?? [], busy: busy.get(id)!, daysOff: daysOff.get(id) }));
}
