import { Module } from '@nestjs/common';
import { REDIS } from '../core/core.module';
import { UnsubscribeController } from './unsubscribe.controller';
import { ChangeMailOptOutHandler, GetUnsubscribePageHandler, UnsubscribeThrottle } from './unsubscribe.handlers';
import { AttachmentsController } from './attachments.controller';
import { AttachCustomerDocumentHandler, RemoveCustomerDocumentHandler } from './customer-document.handlers';
import { CreateCustomerHandler, DeleteCustomerHandler, UpdateCustomerHandler } from './customer.handlers';
import { CustomersController } from './customers.controller';
import { FilesController } from './files.controller';
import {
  GetCustomerDocumentFileHandler,
  GetStoredImageHandler,
  GetCustomerDocumentHandler,
  GetCustomerHandler,
  ListCustomerDocumentsHandler,
  ListCustomersHandler,
  LookupCustomersHandler,
} from './customers.queries';

@Module({
  controllers: [CustomersController, AttachmentsController, FilesController, UnsubscribeController],
  providers: [
    { provide: UnsubscribeThrottle, inject: [REDIS], useFactory: (redis) => new UnsubscribeThrottle(redis) },
    GetUnsubscribePageHandler,
    ChangeMailOptOutHandler,
    CreateCustomerHandler,
    UpdateCustomerHandler,
    DeleteCustomerHandler,
    AttachCustomerDocumentHandler,
    RemoveCustomerDocumentHandler,
    ListCustomersHandler,
    GetCustomerHandler,
    LookupCustomersHandler,
    ListCustomerDocumentsHandler,
    GetCustomerDocumentHandler,
    GetCustomerDocumentFileHandler,
    GetStoredImageHandler,
  ],
})
export class CustomersModule {}
