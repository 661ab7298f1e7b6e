import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { PageQueryDto } from '../core/http/page-query.dto';
import { Me, RequireClaim } from '../identity/current-user';
import type { CurrentUser } from '../identity/current-user';
import { GetCustomerJobs } from './calendar.queries';

/** A customer's jobs, read like the calendars read them (one-time jobs and occurrences of recurring ones). */
@ApiTags('Customers')
@ApiCookieAuth()
@ApiSecurity('csrf')
@RequireClaim('customers.crud')
@Controller('api/customers')
export class CustomerJobsController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':id/jobs/paged')
  @ApiOperation({
    summary:
      "A customer's Jobs & Ratings, latest start first, 10 a page: one-time jobs at any date and occurrences of recurring jobs up to one year from now (an endless series stops there), past ones included; jobs hidden from my schedule left out. { resultItems: [{ id, name, startDateTime, endDateTime, users: [{ id, fullName }], leadUser, rating, isRecurring }], totalRecords }; rating is null until ratings exist.",
  })
  list(@Param('id') id: string, @Query() query: PageQueryDto, @Me() me: CurrentUser) {
    return this.queries.execute(new GetCustomerJobs(me, id, query));
  }
}
