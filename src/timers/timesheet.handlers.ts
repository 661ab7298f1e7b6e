import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates, CommandMeta } from '../core/commands/aggregates';
import { isUuid } from '../core/clock';
import { localDateOf } from '../scheduling/recurrence';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { organizationById, userOf } from '../identity/identity.read-models';
import { isCalendarDate, paySettingsOf } from '../shared/payroll';
import { payPeriodHolding } from './pay-periods';
import { DecideTimesheet, SubmitTimesheet } from './timers.commands';
import { timersStreams } from './timers.events';
import { runningTimer } from './timers.read-models';
import { TimesheetCommand, timesheetDecider } from './timesheet.decider';

/**
 * The pay period a timesheet is asked for by: the first day of one of the organization's periods, as its settings
 * draw them now (a period drawn before a change of settings keeps the days it was approved with).
 */
export async function payPeriodStartingOn(store: ReadStore, organizationId: string, periodStart: string) {
  const organization = await organizationById(store, organizationId);
  if (!organization) throw new NotFoundError('The organization');
  if (!isCalendarDate(periodStart)) throw new NotFoundError('The pay period');
  const settings = paySettingsOf(organization);
  const period = payPeriodHolding(periodStart, settings);
  if (period.start !== periodStart) throw new NotFoundError('The pay period');
  return { period, settings, zone: organization.timeZone };
}

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
