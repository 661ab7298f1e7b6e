import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates } from '../core/commands/aggregates';
import { isUuid, newId } from '../core/clock';
import { NotFoundError } from '../core/errors';
import { customerDecider } from './customer.decider';
import { CreateCustomer, DeleteCustomer, UpdateCustomer } from './customers.commands';
import { customersStreams } from './customers.events';

@CommandHandler(CreateCustomer)
export class CreateCustomerHandler implements ICommandHandler<CreateCustomer> {
  constructor(private readonly aggregates: Aggregates) {}

  async execute({ input, meta }: CreateCustomer) {
    const customerId = newId();
    await this.aggregates.execute(
      customersStreams.customer(customerId),
      customerDecider,
      { ...input, type: 'CreateCustomer', customerId, organizationId: meta.organizationId },
      meta,
    );
    return { customerId };
  }
}

@CommandHandler(UpdateCustomer)
export class UpdateCustomerHandler implements ICommandHandler<UpdateCustomer> {
  constructor(private readonly aggregates: Aggregates) {}

  async execute({ customerId, changes, meta }: UpdateCustomer) {
    if (!isUuid(customerId)) throw new NotFoundError('The customer');
    await this.aggregates.execute(
      customersStreams.customer(customerId),
      customerDecider,
      { type: 'ChangeCustomerDetails', organizationId: meta.organizationId, changes },
      meta,
    );
  }
}

@CommandHandler(DeleteCustomer)
export class DeleteCustomerHandler implements ICommandHandler<DeleteCustomer> {
  constructor(private readonly aggregates: Aggregates) {}

  async execute({ customerId, meta }: DeleteCustomer) {
    if (!isUuid(customerId)) throw new NotFoundError('The customer');
    await this.aggregates.execute(
      customersStreams.customer(customerId),
      customerDecider,
      { type: 'DeleteCustomer', organizationId: meta.organizationId },
      meta,
    );
  }
}
