import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { CommandMeta } from '../core/commands/aggregates';
import { Me, Meta, RequireClaim } from '../identity/current-user';
import type { CurrentUser } from '../identity/current-user';
import { CustomerDto, CustomerLookupQueryDto, CustomersPagedQueryDto } from './customers.dto';
import { CreateCustomer, DeleteCustomer, UpdateCustomer } from './customers.commands';
import { GetCustomer, ListCustomers, LookupCustomers } from './customers.queries';

@ApiTags('Customers')
@ApiCookieAuth()
@ApiSecurity('csrf')
@RequireClaim('customers.crud')
@Controller('api/customers')
export class CustomersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('paged')
  @ApiOperation({
    summary:
      'Customers of my organization: search, paging (20), sortBy name (default), email, phone or status; name descending by default.',
  })
  list(@Query() query: CustomersPagedQueryDto, @Me() me: CurrentUser) {
    return this.queries.execute(new ListCustomers(me.organizationId, query));
  }

  @Get('lookup')
  @ApiOperation({ summary: 'For dropdowns: up to 1000 { id, name } of my organization, name ascending.' })
  lookup(@Query() query: CustomerLookupQueryDto, @Me() me: CurrentUser) {
    return this.queries.execute(new LookupCustomers(me.organizationId, query.filter));
  }

  @Get(':id')
  @ApiOperation({
    summary: 'One customer, for the detail screen (averageRating null and totalReviews 0 until it has ratings).',
  })
  get(@Param('id') id: string, @Me() me: CurrentUser) {
    return this.queries.execute(new GetCustomer(me.organizationId, id));
  }

  @Post()
  @ApiOperation({ summary: 'Create a customer (contact first name required; status Current by default).' })
  async create(@Body() body: CustomerDto, @Meta() meta: CommandMeta) {
    const { customerId } = await this.commands.execute(new CreateCustomer(body, meta));
    return { success: true, data: await this.queries.execute(new GetCustomer(meta.organizationId, customerId)) };
  }

  @Patch(':id')
  @ApiOperation({
    summary: 'Edit a customer: the fields given change, the others stay; null or blank clears an optional field.',
  })
  async update(@Param('id') id: string, @Body() body: CustomerDto, @Meta() meta: CommandMeta) {
    await this.commands.execute(new UpdateCustomer(id, body, meta));
    return { success: true, data: await this.queries.execute(new GetCustomer(meta.organizationId, id)) };
  }

  @Delete(':id')
  @ApiOperation({
    summary:
      'Delete a customer: it leaves every list and picker; its history, documents and jobs stay (jobs name it "… (deleted)").',
  })
  async remove(@Param('id') id: string, @Meta() meta: CommandMeta) {
    await this.commands.execute(new DeleteCustomer(id, meta));
    return { success: true, data: { id } };
  }
}
