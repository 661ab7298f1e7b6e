import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DateTime } from 'luxon';
import { isUuid } from '../core/clock';
import { NotFoundError, ValidationError } from '../core/errors';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { availabilityOf, weeklyAvailability } from './availability.read-models';
import { activeUsers, organizationById, userOf } from '../identity/identity.read-models';
import { isAvailable } from './availability-check';
import { touchesDaysOff } from './days-off';
import { daysOffOf } from './days-off.read-models';
import type { AvailabilityEntry } from './availability.events';
import { workdayEnd, workdayStart } from './working-hours';
import type { AvailabilityView, WorkingHours } from '../shared/availability';

/** An entry as the API shows it (spec §3 Availability). */
export const availabilityView = (userId: string, e: AvailabilityEntry): AvailabilityView => ({
  id: e.id,
  weekDay: e.weekDay,
  userId,
  startTime: e.startTime,
  endTime: e.endTime,
});

export class GetUserAvailability {
  constructor(
    readonly organizationId: string,
    readonly userId: string,
  ) {}
}

/** A user's week; `saved` false when they have never saved one (they then count as available). */
@QueryHandler(GetUserAvailability)
export class GetUserAvailabilityHandler implements IQueryHandler<GetUserAvailability> {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async execute({
    organizationId,
    userId,
  }: GetUserAvailability): Promise<{ saved: boolean; entries: AvailabilityView[] }> {
    const user = isUuid(userId) ? await userOf(this.store, organizationId, userId) : null;
    if (!user) throw new NotFoundError('The user');
    const doc = await availabilityOf(this.store, organizationId, userId);
    return { saved: doc !== null, entries: (doc?.entries ?? []).map((e) => availabilityView(userId, e)) };
  }
}

/** Where the organization's calendars open: its working day (start and end), from its active staff's saved hours. */
export class GetWorkingHours {
  constructor(readonly organizationId: string) {}
}

@QueryHandler(GetWorkingHours)
export class GetWorkingHoursHandler implements IQueryHandler<GetWorkingHours> {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async execute({ organizationId }: GetWorkingHours): Promise<WorkingHours> {
    const active = (await activeUsers(this.store, organizationId)).map((u) => u._id);
    const weeks = [...(await weeklyAvailability(this.store, organizationId, active)).values()];
    return { startTime: workdayStart(weeks), endTime: workdayEnd(weeks) };
  }
}

export class ListAvailableUsers {
  /** ISO 8601 date-times (checked at the edge); one without an offset is local to the organization. */
  constructor(
    readonly organizationId: string,
    readonly startDate: string,
    readonly endDate: string,
  ) {}
}

/** Bounds the work of one call; a job slot is hours long. */
export const MAX_SLOT_DAYS = 31;

/** Every active user of the organization, by name, and whether the slot lies in their weekly availability. */
@QueryHandler(ListAvailableUsers)
export class ListAvailableUsersHandler implements IQueryHandler<ListAvailableUsers> {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async execute({ organizationId, startDate, endDate }: ListAvailableUsers) {
    const organization = await organizationById(this.store, organizationId);
    if (!organization) throw new NotFoundError('The organization');
    const zone = organization.timeZone;
    const start = DateTime.fromISO(startDate, { zone }).toMillis();
    const end = DateTime.fromISO(endDate, { zone }).toMillis();
    if (!(end > start)) throw new ValidationError('endDate must be after startDate');
    if (end - start > MAX_SLOT_DAYS * 86_400_000)
      throw new ValidationError(`The time between startDate and endDate must be at most ${MAX_SLOT_DAYS} days`);
    const [users, byUser] = await Promise.all([
      activeUsers(this.store, organizationId),
      weeklyAvailability(this.store, organizationId),
    ]);
    // Days off (holidays, time off: whole days or hours) close the slot too (#26).
    const daysOff = await daysOffOf(
      this.store,
      organizationId,
      users.map((u) => u._id),
    );
    return users.map((u) => ({
      id: u._id,
      employeeName: u.fullName,
      available:
        isAvailable(byUser.get(u._id) ?? null, start, end, zone) &&
        !touchesDaysOff(daysOff.get(u._id) ?? [], start, end, zone),
    }));
  }
}
