import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates } from '../core/commands/aggregates';
import { isUuid, newId } from '../core/clock';
import { NotFoundError, ValidationError } from '../core/errors';
import { FILE_STORE, FileStore } from '../core/files/files.port';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { checkDocument } from '../core/uploads';
import { CUSTOMER_ID_MESSAGE, customerDecider, documentNameProblem } from './customer.decider';
import { AttachCustomerDocument, RemoveCustomerDocument } from './customers.commands';
import { customersStreams } from './customers.events';
import { liveCustomer, liveCustomerDocument } from './customers.read-models';

/**
 * Checks in the order a person fixes them (name, customer, file), stores the bytes, then records the
 * attachment on the customer's stream. Bytes stored for an attachment that is then refused are deleted.
 */
@CommandHandler(AttachCustomerDocument)
export class AttachCustomerDocumentHandler implements ICommandHandler<AttachCustomerDocument> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async execute({ customerId, name, upload, meta }: AttachCustomerDocument) {
    const problem = documentNameProblem(name);
    if (problem) throw new ValidationError(problem);
    if (typeof customerId !== 'string' || !customerId.trim()) throw new ValidationError(CUSTOMER_ID_MESSAGE);
    // The read model first, so that bytes are not stored for a customer that is not there (the decider decides).
    if (!isUuid(customerId) || !(await liveCustomer(this.store, meta.organizationId, customerId)))
      throw new NotFoundError('The customer');
    const document = checkDocument(upload);
    const stored = await this.files.save({ ...document, organizationId: meta.organizationId, kind: 'document' });
    const attachmentId = newId();
    try {
      await this.aggregates.execute(
        customersStreams.customer(customerId),
        customerDecider,
        {
          type: 'AttachCustomerDocument',
          organizationId: meta.organizationId,
          document: {
            attachmentId,
            name: name as string,
            fileId: stored.id,
            fileName: stored.fileName,
            contentType: stored.contentType,
            size: stored.size,
          },
          uploadedBy: meta.actorUserId,
        },
        meta,
      );
    } catch (error) {
      await this.files.delete(meta.organizationId, stored.id);
      throw error;
    }
    return { attachmentId };
  }
}

@CommandHandler(RemoveCustomerDocument)
export class RemoveCustomerDocumentHandler implements ICommandHandler<RemoveCustomerDocument> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async execute({ attachmentId, meta }: RemoveCustomerDocument) {
    const found = isUuid(attachmentId)
      ? await liveCustomerDocument(this.store, meta.organizationId, attachmentId)
      : null;
    if (!found) throw new NotFoundError('The attachment');
    const { events } = await this.aggregates.execute(
      customersStreams.customer(found.customerId),
      customerDecider,
      {
        type: 'RemoveCustomerDocument',
        organizationId: meta.organizationId,
        attachmentId,
        removedBy: meta.actorUserId,
      },
      meta,
    );
    // The log keeps what the document was, who added and who removed it; its bytes go (as a replaced logo's do).
    for (const e of events)
      if (e.type === 'CustomerDocumentRemoved') await this.files.delete(meta.organizationId, e.data.fileId);
  }
}
