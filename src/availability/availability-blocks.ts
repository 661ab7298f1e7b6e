import type { ReadStore } from '../core/read-store/read-store.port';
import type { JobFields } from '../scheduling/scheduling.events';
import { localDateOf } from '../scheduling/recurrence';
import { fromWallMs, isoInstant, toWallMs } from '../core/zoned-time';
import { availabilityOf } from './availability.read-models';
import { WEEK_DAYS } from './availability.events';
import { minutesOf } from './availability-times';
import { hoursOfDay } from './days-off';
import { daysOffWith } from './days-off.read-models';

/** A stretch of an employee's availability as a calendar entry: an availability-only job of no series. */
export type AvailabilityBlock = JobFields & { id: string; organizationId: string; series: null };

/**
 * An employee's weekly availability laid over [from, to) in the organization's zone, as calendar entries named
 * "<their name> available".
 */
export async function availabilityBlocks(
  store: ReadStore,
  organizationId: string,
  employee: { id: string; fullName: string },
  organization: { timeZone: string; holidays: string[] },
  from: Date,
  to: Date,
): Promise<AvailabilityBlock[]> {
  const userId = employee.id;
  const [availability, daysOff] = await Promise.all([
    availabilityOf(store, organizationId, userId),
    daysOffWith(store, organizationId, [userId], organization.holidays),
  ]);
  if (!availability) return [];
  const zone = organization.timeZone;
  const blocks: AvailabilityBlock[] = [];
  // Each local day touching the range, Monday = 0.
  for (
    let day = Date.parse(`${localDateOf(from.toISOString(), zone)}T00:00:00Z`);
    day < toWallMs(to.getTime(), zone);
    day += 86_400_000
  ) {
    const date = new Date(day).toISOString().slice(0, 10);
    const weekDay = WEEK_DAYS[(new Date(day).getUTCDay() + 6) % 7];
    // Days off close the day (holidays, whole days of time off) or the hours of part of it (#26).
    const off = (daysOff.get(userId) ?? []).filter((d) => d.from <= date && d.to >= date);
    if (off.some((d) => !hoursOfDay(d, zone))) continue;
    const closed = off.map((d) => hoursOfDay(d, zone)!);
    availability.entries
      .filter((e) => e.weekDay === weekDay)
      .flatMap((entry) =>
        withoutHours(
          fromWallMs(day + minutesOf(entry.startTime)! * 60_000, zone),
          fromWallMs(day + minutesOf(entry.endTime)! * 60_000, zone),
          closed,
        ),
      )
      .forEach(({ start, end }, index) => {
        if (start >= to.getTime() || end <= from.getTime()) return;
        blocks.push({
          id: `availability_${userId}_${date.replace(/-/g, '')}_${index}`,
          organizationId,
          series: null,
          name: `${employee.fullName} available`,
          notes: null,
          number: null,
          type: null,
          userIds: [userId],
          leadUserId: null,
          customerId: null,
          colorOption: null,
          hideFromScheduleView: false,
          availabilityOnly: true,
          start: isoInstant(start),
          end: isoInstant(end),
        });
      });
  }
  return blocks;
}

/** [start, end) less the closed stretches: the pieces left, in order. */
function withoutHours(start: number, end: number, closed: { start: number; end: number }[]) {
  let pieces = [{ start, end }];
  for (const c of closed)
    pieces = pieces.flatMap((p) =>
      c.end <= p.start || c.start >= p.end
        ? [p]
        : [
            ...(c.start > p.start ? [{ start: p.start, end: c.start }] : []),
            ...(c.end < p.end ? [{ start: c.end, end: p.end }] : []),
          ],
    );
  return pieces;
}
