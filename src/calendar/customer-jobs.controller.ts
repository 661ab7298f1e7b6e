import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { Me, RequireClaim } from '../identity/current-user';
import type { CurrentUser } from '../identity/current-user';
import { GetCustomerJobs } from './calendar.queries';
import { CustomerJobsQueryDto } from './customer-jobs.dto';

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
      "A customer's Jobs & Ratings, opening on today: one-time jobs and occurrences of recurring jobs starting from fromDate to toDate (MM/DD/YYYY, whole days in the organization's time zone, at most a year; 30 days back to 60 days ahead by default), today's and upcoming ones first (soonest first), then past ones (latest first), 10 a page; jobs hidden from my schedule left out. { resultItems: [{ id, name, startDateTime, endDateTime, users: [{ id, fullName }], leadUser, rating, review, isRecurring }], totalRecords }; rating is null until rated.",
  })
  list(@Param('id') id: string, @Query() query: CustomerJobsQueryDto, @Me() me: CurrentUser) {
    return this.queries.execute(new GetCustomerJobs(me, id, query));
  }
}
