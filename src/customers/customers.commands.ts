import type { CommandMeta } from '../core/commands/aggregates';
import type { CustomerInput } from './customer.decider';
import type { Upload } from '../core/uploads';

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

/** Spec §3 Attachment: a document for the customer's Attached Documents, checked by its bytes. */
export class AttachCustomerDocument {
  constructor(
    readonly customerId: unknown,
    readonly name: unknown,
    readonly upload: Upload | undefined,
    readonly meta: CommandMeta,
  ) {}
}

/** Removes an attached document: the event says who; its stored bytes are deleted. */
export class RemoveCustomerDocument {
  constructor(
    readonly attachmentId: string,
    readonly meta: CommandMeta,
  ) {}
}
