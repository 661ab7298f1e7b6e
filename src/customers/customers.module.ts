import { Module } from '@nestjs/common';
import { CreateCustomerHandler, DeleteCustomerHandler, UpdateCustomerHandler } from './customer.handlers';
import { CustomersController } from './customers.controller';
import { GetCustomerHandler, ListCustomersHandler, LookupCustomersHandler } from './customers.queries';

@Module({
  controllers: [CustomersController],
  providers: [
    CreateCustomerHandler,
    UpdateCustomerHandler,
    DeleteCustomerHandler,
    ListCustomersHandler,
    GetCustomerHandler,
    LookupCustomersHandler,
  ],
})
export class CustomersModule {}
