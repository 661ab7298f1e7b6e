import { Module } from '@nestjs/common';
import { AttachmentsController } from './attachments.controller';
import { AttachCustomerDocumentHandler, RemoveCustomerDocumentHandler } from './customer-document.handlers';
import { CreateCustomerHandler, DeleteCustomerHandler, UpdateCustomerHandler } from './customer.handlers';
import { CustomersController } from './customers.controller';
import { FilesController } from './files.controller';
import {
  GetCustomerDocumentFileHandler,
  GetCustomerDocumentHandler,
  GetCustomerHandler,
  ListCustomerDocumentsHandler,
  ListCustomersHandler,
  LookupCustomersHandler,
} from './customers.queries';

@Module({
  controllers: [CustomersController, AttachmentsController, FilesController],
  providers: [
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
  ],
})
export class CustomersModule {}
