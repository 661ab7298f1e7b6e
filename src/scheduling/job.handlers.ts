import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates } from '../core/commands/aggregates';
import { isUuid, newId } from '../core/clock';
import { NotFoundError, ValidationError } from '../core/errors';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { organizationZone, userOf, usersByIds } from '../identity/identity.read-models';
import { liveCustomer } from '../customers/customers.read-models';
import type { CurrentUser } from '../identity/current-user';
import { jobDecider } from './job.decider';
import { jobSeriesDecider } from './job-series.decider';
import { localDateOf, occurrenceId } from './recurrence';
import { AssignJob, ChangeJob, DeleteJob, DeleteSeries, ScheduleJob } from './scheduling.commands';
import { JobFields, schedulingStreams } from './scheduling.events';
import { resolveJobId } from './job-ids';

const isAdmin = (actor: CurrentUser) => actor.role === 'Company Admin';

/** People and customers a job names must be of the organization (active people, existing customers). */
async function checkReferences(store: ReadStore, organizationId: string, fields: Partial<JobFields>): Promise<void> {
  const people = [...(fields.userIds ?? []), ...(fields.leadUserId ? [fields.leadUserId] : [])];
  if (people.length) {
    const found = await usersByIds(store, people.filter(isUuid));
    const usable = new Set(found.filter((u) => u.organizationId === organizationId && u.active).map((u) => u._id));
    if (fields.leadUserId && !usable.has(fields.leadUserId))
      throw new ValidationError('The lead employee is not an active user of your organization');
    if ((fields.userIds ?? []).some((id) => !usable.has(id)))
      throw new ValidationError('An assigned employee is not an active user of your organization');
  }
  if (fields.customerId) {
    const customer = isUuid(fields.customerId) ? await liveCustomer(store, organizationId, fields.customerId) : null;
    if (!customer) throw new ValidationError('The customer was not found');
  }
}

@CommandHandler(ScheduleJob)
export class ScheduleJobHandler implements ICommandHandler<ScheduleJob> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async execute({ fields, rule, actor, meta }: ScheduleJob) {
    await checkReferences(this.store, meta.organizationId, fields);
    const organizationId = meta.organizationId;
    if (!rule) {
      const jobId = newId();
      await this.aggregates.execute(
        schedulingStreams.job(jobId),
        jobDecider,
        { type: 'ScheduleJob', jobId, organizationId, fields, actorIsCompanyAdmin: isAdmin(actor) },
        meta,
      );
      return { id: jobId, recurrenceId: null };
    }
    const timeZone = await organizationZone(this.store, organizationId);
    const seriesId = newId();
    const { state } = await this.aggregates.execute(
      schedulingStreams.series(seriesId),
      jobSeriesDecider,
      {
        type: 'ScheduleSeries',
        seriesId,
        organizationId,
        fields,
        timeZone,
        rule,
        actorIsCompanyAdmin: isAdmin(actor),
      },
      meta,
    );
    const first =
      state.status === 'scheduled' ? localDateOf(state.template.start, state.timeZone) : fields.start.slice(0, 10);
    return { id: occurrenceId(seriesId, first), recurrenceId: seriesId };
  }
}

@CommandHandler(ChangeJob)
export class ChangeJobHandler implements ICommandHandler<ChangeJob> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async execute({ jobId, scope, changes, rule, actor, meta }: ChangeJob) {
    const target = resolveJobId(jobId);
    await checkReferences(this.store, meta.organizationId, changes);
    const common = { organizationId: meta.organizationId, actorIsCompanyAdmin: isAdmin(actor) };
    if (target.kind === 'job') {
      if (rule)
        throw new ValidationError('A one-time job has no repeat rule to change; create a recurring job instead');
      await this.aggregates.execute(
        schedulingStreams.job(target.jobId),
        jobDecider,
        { type: 'ChangeJob', changes, ...common },
        meta,
      );
    } else if (scope === 'series') {
      await this.aggregates.execute(
        schedulingStreams.series(target.seriesId),
        jobSeriesDecider,
        { type: 'ChangeSeries', changes, rule, fromDate: target.localDate, ...common },
        meta,
      );
    } else {
      if (rule)
        throw new ValidationError(
          'The repeat rule belongs to the whole series: choose "the whole series" to change it',
        );
      await this.aggregates.execute(
        schedulingStreams.series(target.seriesId),
        jobSeriesDecider,
        { type: 'ChangeOccurrence', changes, localDate: target.localDate, ...common },
        meta,
      );
    }
  }
}

@CommandHandler(DeleteJob)
export class DeleteJobHandler implements ICommandHandler<DeleteJob> {
  constructor(private readonly aggregates: Aggregates) {}

  async execute({ jobId, meta }: DeleteJob) {
    const target = resolveJobId(jobId);
    const organizationId = meta.organizationId;
    if (target.kind === 'job')
      await this.aggregates.execute(
        schedulingStreams.job(target.jobId),
        jobDecider,
        { type: 'DeleteJob', organizationId },
        meta,
      );
    else
      await this.aggregates.execute(
        schedulingStreams.series(target.seriesId),
        jobSeriesDecider,
        { type: 'DeleteOccurrence', organizationId, localDate: target.localDate },
        meta,
      );
  }
}

@CommandHandler(DeleteSeries)
export class DeleteSeriesHandler implements ICommandHandler<DeleteSeries> {
  constructor(private readonly aggregates: Aggregates) {}

  async execute({ seriesId, meta }: DeleteSeries) {
    if (!isUuid(seriesId)) throw new NotFoundError('The recurring job');
    await this.aggregates.execute(
      schedulingStreams.series(seriesId.toLowerCase()),
      jobSeriesDecider,
      { type: 'DeleteSeries', organizationId: meta.organizationId },
      meta,
    );
  }
}

@CommandHandler(AssignJob)
export class AssignJobHandler implements ICommandHandler<AssignJob> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async execute({ jobId, userId, meta }: AssignJob) {
    const target = resolveJobId(jobId);
    if (!isUuid(userId)) throw new NotFoundError('The employee');
    const user = await userOf(this.store, meta.organizationId, userId);
    if (!user) throw new NotFoundError('The employee');
    if (!user.active) throw new ValidationError(`${user.fullName} is inactive and cannot be assigned`);
    const organizationId = meta.organizationId;
    if (target.kind === 'job')
      await this.aggregates.execute(
        schedulingStreams.job(target.jobId),
        jobDecider,
        { type: 'AssignJob', organizationId, userId },
        meta,
      );
    else
      await this.aggregates.execute(
        schedulingStreams.series(target.seriesId),
        jobSeriesDecider,
        { type: 'AssignOccurrence', organizationId, userId, localDate: target.localDate },
        meta,
      );
  }
}
