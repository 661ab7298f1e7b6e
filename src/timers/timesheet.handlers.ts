import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates, CommandMeta } from '../core/commands/aggregates';
import { isUuid } from '../core/clock';
import { localDateOf } from '../scheduling/recurrence';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { userOf } from '../identity/identity.read-models';
import { DecideTimesheet, SubmitTimesheet } from './timers.commands';
import { timersStreams } from './timers.events';
import { payPeriodStartingOn, runningTimer } from './timers.read-models';
import { TimesheetCommand, timesheetDecider } from './timesheet.decider';

async function decide(aggregates: Aggregates, command: TimesheetCommand, meta: CommandMeta): Promise<void> {
  await aggregates.execute(
    timersStreams.timesheet(command.userId, command.periodStart),
    timesheetDecider,
    command,
    meta,
  );
}

@CommandHandler(SubmitTimesheet)
export class SubmitTimesheetHandler implements ICommandHandler<SubmitTimesheet> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async execute({ periodStart, actor, meta }: SubmitTimesheet) {
    const { period, settings } = await payPeriodStartingOn(this.store, meta.organizationId, periodStart);
    const common = { organizationId: meta.organizationId, userId: actor.userId, periodStart, periodEnd: period.end };
    await decide(
      this.aggregates,
      { ...common, type: 'SubmitTimesheet', submissionOn: settings.timesheetSubmission },
      meta,
    );
  }
}

@CommandHandler(DecideTimesheet)
export class DecideTimesheetHandler implements ICommandHandler<DecideTimesheet> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async execute({ periodStart, userId, decision, reason, meta }: DecideTimesheet) {
    const { period, zone } = await payPeriodStartingOn(this.store, meta.organizationId, periodStart);
    const person = isUuid(userId) ? await userOf(this.store, meta.organizationId, userId.toLowerCase()) : null;
    if (!person) throw new NotFoundError('The person');
    const common = { organizationId: meta.organizationId, userId: person._id, periodStart, periodEnd: period.end };
    if (decision === 'approve') {
      // A running timer has no end to lock: the person stops it first (or a manager does).
      const running = await runningTimer(this.store, meta.organizationId, person._id);
      if (running && localDateOf(running.startsAt, zone) <= period.end)
        throw new ConflictError(
          `${person.fullName} has a timer running since this period: stop it before approving the timesheet.`,
        );
      return decide(this.aggregates, { ...common, type: 'ApproveTimesheet' }, meta);
    }
    if (reason !== undefined && typeof reason !== 'string') throw new ValidationError('The reason must be text');
    await decide(
      this.aggregates,
      { ...common, type: decision === 'sendBack' ? 'SendBackTimesheet' : 'UnapproveTimesheet', reason },
      meta,
    );
  }
}
