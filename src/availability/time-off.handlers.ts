import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler, IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { isUuid, newId } from '../core/clock';
import { Aggregates } from '../core/commands/aggregates';
import { NotFoundError, ValidationError } from '../core/errors';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { userById, userOf } from '../identity/identity.read-models';
import { SetTimeOff } from './availability.commands';
import { availabilityDecider } from './availability.decider';
import { availabilityStreams } from './availability.events';
import { timeOffOf } from './availability.read-models';
import type { TimeOffList } from '../shared/availability';

@CommandHandler(SetTimeOff)
export class SetTimeOffHandler implements ICommandHandler<SetTimeOff> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async execute({ userId, timeOff, meta }: SetTimeOff) {
    if (!isUuid(userId)) throw new NotFoundError('The user');
    const user = await userById(this.store, userId);
    // A new stretch (or one whose id is not ours to keep) gets a fresh id, as availability entries do.
    const withIds = timeOff.map((item) => {
      if (!item || typeof item !== 'object') throw new ValidationError('Time off must be a list of { from, to, note }');
      const { id, from, to, note, startTime, endTime } = item as Record<string, unknown>;
      return { id: isUuid(id) ? id.toLowerCase() : newId(), from, to, note, startTime, endTime };
    });
    await this.aggregates.execute(
      availabilityStreams.availability(userId),
      availabilityDecider,
      {
        type: 'SetTimeOff',
        userId,
        organizationId: meta.organizationId,
        userOrganizationId: user?.organizationId ?? null,
        timeOff: withIds,
      },
      meta,
    );
  }
}

export class GetUserTimeOff {
  constructor(
    readonly organizationId: string,
    readonly userId: string,
  ) {}
}

@QueryHandler(GetUserTimeOff)
export class GetUserTimeOffHandler implements IQueryHandler<GetUserTimeOff> {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async execute({ organizationId, userId }: GetUserTimeOff): Promise<TimeOffList> {
    const user = isUuid(userId) ? await userOf(this.store, organizationId, userId) : null;
    if (!user) throw new NotFoundError('The user');
    return { timeOff: await timeOffOf(this.store, organizationId, userId) };
  }
}
