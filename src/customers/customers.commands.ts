import type { CommandMeta } from '../core/commands/aggregates';
import type { CustomerInput } from './customer.decider';

/** Commands of customers: imperative, each with the metadata its events will carry. */

export class CreateCustomer {
  constructor(
    readonly input: CustomerInput,
    readonly meta: CommandMeta,
  ) {}
}

export class UpdateCustomer {
  constructor(
    readonly customerId: string,
    readonly changes: CustomerInput,
    readonly meta: CommandMeta,
  ) {}
}

/** Soft: the stream and its history stay; the customer leaves every list. */
export class DeleteCustomer {
  constructor(
    readonly customerId: string,
    readonly meta: CommandMeta,
  ) {}
}
