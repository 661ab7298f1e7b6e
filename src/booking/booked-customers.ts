import { Body, Controller, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Aggregates, CommandMeta } from '../core/commands/aggregates';
import { isUuid } from '../core/clock';
import { NotFoundError, ValidationError } from '../core/errors';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { customerDecider } from '../customers/customer.decider';
import { customersStreams } from '../customers/customers.events';
import { BOOKED_ONLINE_MARK, isBookedOnline, liveCustomer } from '../customers/customers.read-models';
import { Meta, RequireClaim } from '../identity/current-user';
import { jobDecider } from '../scheduling/job.decider';
import { schedulingStreams } from '../scheduling/scheduling.events';
import { customerJobsPage, organizationSeries } from '../scheduling/scheduling.read-models';
import { MergeCustomerDto } from './booking.dto';

/** The notes of a customer a booking created. */
export const BOOKED_ONLINE = `${BOOKED_ONLINE_MARK}.`;
/** …when a customer had the visitor's e-mail already: the manager decides whether they are the same. */
export const bookedOnlineLike = (label: string) =>
  `${BOOKED_ONLINE_MARK} — possibly the same as ${label} (same e-mail address). Not confirmed: anyone can type an address.`;

/** Jobs a merge moves at most: a customer a booking created has a few. */
const MERGE_JOBS_MAX = 500;
export const NOT_BOOKED_ONLINE = 'Only a customer an online booking created can be merged into another.';

export class MergeBookedCustomer {
  constructor(
    readonly customerId: string,
    readonly intoCustomerId: unknown,
    readonly meta: CommandMeta,
  ) {}
}

/**
 * A customer an online booking created (#24: every booking creates one) merged by a manager into the customer it
 * is: its jobs move to that customer (JobChanged, customer), then it is deleted (CustomerDeleted, mergedInto).
 * Not one transaction: should it stop part way, merging again moves the jobs left and deletes it.
 */
@CommandHandler(MergeBookedCustomer)
export class MergeBookedCustomerHandler implements ICommandHandler<MergeBookedCustomer> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async execute({ customerId, intoCustomerId, meta }: MergeBookedCustomer) {
    const { organizationId } = meta;
    const source = isUuid(customerId) ? await liveCustomer(this.store, organizationId, customerId) : null;
    if (!source) throw new NotFoundError('The customer');
    if (!isBookedOnline(source)) throw new ValidationError(NOT_BOOKED_ONLINE);
    if (typeof intoCustomerId !== 'string' || !intoCustomerId.trim())
      throw new ValidationError('Choose the customer to merge into');
    if (intoCustomerId === customerId) throw new ValidationError('Choose another customer to merge into');
    const target = isUuid(intoCustomerId) ? await liveCustomer(this.store, organizationId, intoCustomerId) : null;
    if (!target) throw new NotFoundError('The customer to merge into');
    const series = (await organizationSeries(this.store, organizationId)).filter(
      (s) =>
        s.template.customerId === customerId || Object.values(s.overrides).some((o) => o.customerId === customerId),
    );
    if (series.length)
      throw new ValidationError('This customer has recurring jobs: give them the other customer first, then merge');
    const { jobs, total } = await customerJobsPage(this.store, organizationId, customerId, {
      // Every job of the customer, hidden ones too: all of them move.
      visible: {},
      limit: MERGE_JOBS_MAX,
    });
    if (total > MERGE_JOBS_MAX) throw new ValidationError(`Merge a customer with at most ${MERGE_JOBS_MAX} jobs`);
    for (const job of jobs)
      await this.aggregates.execute(
        schedulingStreams.job(job._id),
        jobDecider,
        { type: 'ChangeJob', organizationId, actorIsCompanyAdmin: false, changes: { customerId: target._id } },
        meta,
      );
    await this.aggregates.execute(
      customersStreams.customer(customerId),
      customerDecider,
      { type: 'DeleteCustomer', organizationId, mergedInto: target._id },
      meta,
    );
    return { id: target._id, jobs: jobs.length };
  }
}

@ApiTags('Customers')
@RequireClaim('customers.crud')
@Controller('api/customers')
export class BookedCustomersController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':id/merge')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Merge a customer an online booking created into another (intoCustomerId): its jobs move there, then it is deleted.',
  })
  async merge(@Param('id') id: string, @Body() body: MergeCustomerDto, @Meta() meta: CommandMeta) {
    const { id: into, jobs } = await this.commands.execute(new MergeBookedCustomer(id, body.intoCustomerId, meta));
    return { success: true, message: `Merged: ${jobs} job${jobs === 1 ? '' : 's'} moved`, data: { id: into } };
  }
}
