import { ReadsThePast } from '../as-of/past-read-models.interceptor';
import { PAST_READ_MODELS } from '../as-of/read-models-of-the-past';
import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { NotFoundError } from '../core/errors';
import { Me, RequireClaim } from '../identity/current-user';
import type { CurrentUser } from '../identity/current-user';
import { CalendarRangeDto, ClashCheckDto } from './calendar.dto';
import { CheckClashes } from './clash-check';
import type { ClashReport } from '../shared/clashes';
import { toFields, toRule } from '../scheduling/scheduling.dto';
import { AsOfDto } from '../as-of/as-of.dto';
import { GetCalendarJobs, GetJob, GetJobHistory, GetUpcomingJobs } from './calendar.queries';
import type { JobView } from '../shared/jobs';

/**
 * The calendars' reads of jobs. These routes were SchedulingController's: their operationIds are kept
 * as they were, so the published API description does not change with the code's layout.
 */
@ApiTags('Jobs')
@ApiCookieAuth()
@ApiSecurity('csrf')
@Controller('api')
export class CalendarController {
  constructor(private readonly queries: QueryBus) {}

  @Post('jobs/clashes')
  @HttpCode(200)
  @RequireClaim('jobs.crud')
  @ApiOperation({
    summary:
      "Every clash of a job as a save would leave it (a new job, a change, an occurrence or its whole series): days off, days and hours outside its people's weeks, and their other jobs then, over all its occurrences (a series: its next year). { clashes: [{ userId, name, kind, date, start, end, message, job? }], more, occurrences, until }. Nothing is saved.",
  })
  clashes(@Body() body: ClashCheckDto, @Me() me: CurrentUser): Promise<ClashReport> {
    const rule = body.recurrenceModel ? toRule(body.recurrenceModel) : body.recurrenceModel === null ? null : undefined;
    return this.queries.execute(
      new CheckClashes(me.organizationId, body.id ?? null, body.scope ?? 'occurrence', toFields(body.jobModel), rule),
    );
  }

  @Get('jobs/user')
  @ApiOperation({
    operationId: 'SchedulingController_mine',
    summary:
      "My jobs in a range (StartDate, EndDate as MM/DD/YYYY in the organization's time zone); showRequestableJobs adds the open jobs I may request (with requestStatus when I did); availabilityUserId adds that employee's availability as availability-only entries. With asOf or asOfPosition: the calendar as it stood then, read-only (no requestable jobs, no availability).",
  })
  mine(@Query() query: CalendarRangeDto, @Me() me: CurrentUser): Promise<JobView[]> {
    return this.queries.execute(
      new GetCalendarJobs(me, query, 'own', {
        availabilityUserId: query.availabilityUserId,
        requestable: query.showRequestableJobs === true,
      }),
    );
  }

  @Get('jobs/upcoming')
  @ApiOperation({
    operationId: 'SchedulingController_upcoming',
    summary:
      'My upcoming jobs: the next 30 days, soonest first, at most 50. With asOf or asOfPosition: as the schedule stood then, from that moment on.',
  })
  upcoming(@Query() query: AsOfDto, @Me() me: CurrentUser): Promise<JobView[]> {
    return this.queries.execute(new GetUpcomingJobs(me, query));
  }

  @Get('jobs/syncfusion/fetch')
  @RequireClaim('jobs.crud')
  @ApiOperation({
    operationId: 'SchedulingController_fetch',
    summary:
      "The Job Schedule calendar's data: every job of the organization in a range; availabilityUserId adds that employee's availability as availability-only entries. With asOf or asOfPosition: the calendar as it stood then, read-only (no requestable jobs, no availability).",
  })
  fetch(@Query() query: CalendarRangeDto, @Me() me: CurrentUser): Promise<JobView[]> {
    return this.queries.execute(
      new GetCalendarJobs(me, query, 'organization', { availabilityUserId: query.availabilityUserId }),
    );
  }

  @Post('jobs/syncfusion/fetch')
  @HttpCode(200)
  @RequireClaim('jobs.crud')
  @ApiOperation({
    operationId: 'SchedulingController_fetchByPost',
    summary: 'Same as GET, with the range in the body (the calendar data source posts it).',
  })
  fetchByPost(@Body() body: CalendarRangeDto, @Me() me: CurrentUser): Promise<JobView[]> {
    return this.fetch(body, me);
  }

  @Get('jobs/:id')
  @ApiOperation({
    operationId: 'SchedulingController_get',
    summary: 'One job or occurrence. Staff without jobs.crud see only their own.',
  })
  async get(@Param('id') id: string, @Me() me: CurrentUser): Promise<JobView> {
    const job: JobView = await this.queries.execute(new GetJob(me, id));
    const own = job.leadUserId === me.userId || job.userIds.includes(me.userId);
    if (!own && !me.claims.includes('jobs.crud')) throw new NotFoundError('The job');
    return job;
  }

  @Get('jobs/:id/history')
  @ReadsThePast('This History', PAST_READ_MODELS.audit)
  @RequireClaim('jobs.crud')
  @ApiOperation({
    operationId: 'SchedulingController_history',
    summary: "Every event of the job's stream in order, in words, with old → new values, who and when.",
  })
  history(@Param('id') id: string, @Me() me: CurrentUser) {
    return this.queries.execute(new GetJobHistory(me, id));
  }
}
