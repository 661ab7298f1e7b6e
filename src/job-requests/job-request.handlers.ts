import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates, CommandMeta } from '../core/commands/aggregates';
import { newId } from '../core/clock';
import { ConflictError } from '../core/errors';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { organizationById, userById } from '../identity/identity.read-models';
import { jobRequestById } from './job-requests.read-models';
import { resolveJobId } from '../scheduling/job-ids';
import { jobDecider } from '../scheduling/job.decider';
import { jobSeriesDecider } from '../scheduling/job-series.decider';
import { schedulingStreams } from '../scheduling/scheduling.events';
import { ANSWERED_AT_ONCE, RequestCommand } from '../scheduling/job-request.rules';
import { AnswerJobRequest, CancelJobRequest, RequestJob } from './job-requests.commands';

/** Sends a request command to the job's stream, or its recurring job's for an occurrence. */
function pickUp(
  aggregates: Aggregates,
  jobId: string,
  request: RequestCommand,
  meta: CommandMeta,
  conflictMessage?: string,
) {
  const target = resolveJobId(jobId);
  const organizationId = meta.organizationId;
  return target.kind === 'job'
    ? aggregates.execute(
        schedulingStreams.job(target.jobId),
        jobDecider,
        { type: 'PickUp', organizationId, request },
        meta,
        conflictMessage,
      )
    : aggregates.execute(
        schedulingStreams.series(target.seriesId),
        jobSeriesDecider,
        { type: 'PickUpOccurrence', organizationId, localDate: target.localDate, request },
        meta,
        conflictMessage,
      );
}

@CommandHandler(RequestJob)
export class RequestJobHandler implements ICommandHandler<RequestJob> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async execute({ jobId, actor, meta }: RequestJob) {
    const organization = await organizationById(this.store, meta.organizationId);
    const requestId = newId();
    await pickUp(
      this.aggregates,
      jobId,
      {
        type: 'RequestJob',
        requestId,
        userId: actor.userId,
        pickUpJobsEnabled: !!organization?.pickUpJobsEnabled,
        at: meta.at,
      },
      meta,
    );
    return { requestId };
  }
}

@CommandHandler(AnswerJobRequest)
export class AnswerJobRequestHandler implements ICommandHandler<AnswerJobRequest> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async execute({ jobId, requestId, answer, meta }: AnswerJobRequest) {
    if (answer === 'approve' && requestId) await this.checkRequesterActive(requestId, meta.organizationId);
    const request: RequestCommand =
      answer === 'approve' ? { type: 'ApproveJobRequest', requestId } : { type: 'DenyJobRequest', requestId };
    await pickUp(this.aggregates, jobId, request, meta, ANSWERED_AT_ONCE);
  }

  /** Someone deactivated since they asked cannot be given the job. */
  private async checkRequesterActive(requestId: string, organizationId: string) {
    const request = await jobRequestById(this.store, requestId);
    if (!request || request.organizationId !== organizationId) return; // the decider answers for unknown requests
    const user = await userById(this.store, request.userId);
    if (!user?.active)
      throw new ConflictError(
        `${user?.fullName ?? 'The employee'} is no longer active and cannot be assigned; deny the request instead.`,
      );
  }
}

@CommandHandler(CancelJobRequest)
export class CancelJobRequestHandler implements ICommandHandler<CancelJobRequest> {
  constructor(private readonly aggregates: Aggregates) {}

  async execute({ jobId, actor, meta }: CancelJobRequest) {
    await pickUp(this.aggregates, jobId, { type: 'CancelJobRequest', userId: actor.userId }, meta);
  }
}
