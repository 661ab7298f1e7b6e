import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { isUuid, newId } from '../core/clock';
import { Aggregates } from '../core/commands/aggregates';
import { NotFoundError } from '../core/errors';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { userById } from '../identity/identity.read-models';
import { SetAvailability } from './availability.commands';
import { availabilityDecider } from './availability.decider';
import { availabilityStreams } from './availability.events';

@CommandHandler(SetAvailability)
export class SetAvailabilityHandler implements ICommandHandler<SetAvailability> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async execute({ userId, entries, meta }: SetAvailability) {
    if (!isUuid(userId)) throw new NotFoundError('The user');
    const user = await userById(this.store, userId);
    // A new entry (or one whose id is not ours to keep) gets a fresh id; the decider keeps known ones.
    const withIds = entries.map((e) => ({ ...e, id: isUuid(e.id) ? e.id.toLowerCase() : newId() }));
    const { state } = await this.aggregates.execute(
      availabilityStreams.availability(userId),
      availabilityDecider,
      {
        type: 'SetAvailability',
        userId,
        organizationId: meta.organizationId,
        userOrganizationId: user?.organizationId ?? null,
        entries: withIds,
      },
      meta,
    );
    return state.entries;
  }
}
