import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiOperation, ApiQuery, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import type { CommandMeta } from '../core/commands/aggregates';
import { ForbiddenError, NotFoundError, ValidationError } from '../core/errors';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { OrganizationDoc, ORGANIZATIONS } from '../identity/identity.read-models';
import { Me, Meta, RequireClaim } from '../identity/current-user';
import type { CurrentUser } from '../identity/current-user';
import { calendarRange } from './calendar-range';
import { AssignJob, ChangeJob, DeleteJob, DeleteSeries, ScheduleJob } from './scheduling.commands';
import {
  CalendarBatchDto,
  CalendarRangeDto,
  ChangeJobDto,
  CreateJobDto,
  newJobFields,
  toFields,
  toRule,
} from './scheduling.dto';
import { GetCalendarJobs, GetJob, GetJobHistory, GetUpcomingJobs, JobView } from './scheduling.queries';

class ScopeQuery {
  @IsOptional() @IsIn(['occurrence', 'series'], { message: 'scope must be occurrence or series' }) scope?:
    'occurrence' | 'series';
}

@ApiTags('Jobs')
@ApiCookieAuth()
@ApiSecurity('csrf')
@Controller('api')
export class SchedulingController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  private async range(me: CurrentUser, query: CalendarRangeDto) {
    const organization = await this.store
      .collection<OrganizationDoc>(ORGANIZATIONS)
      .findOne({ _id: me.organizationId });
    return calendarRange(query.StartDate, query.EndDate, organization?.timeZone ?? 'UTC');
  }

  @Post('recurrence-jobs')
  @RequireClaim('jobs.crud')
  @ApiOperation({ summary: 'Create a one-time job (recurringFrequency Never/One-Time) or a recurring one.' })
  async create(@Body() body: CreateJobDto, @Me() me: CurrentUser, @Meta() meta: CommandMeta) {
    const data = await this.commands.execute(
      new ScheduleJob(newJobFields(body.jobModel), toRule(body.recurrenceModel), me, meta),
    );
    return { success: true, data };
  }

  @Get('jobs/user')
  @ApiOperation({
    summary:
      "My jobs in a range (StartDate, EndDate as MM/DD/YYYY in the organization's time zone); showRequestableJobs adds the open jobs I may request (with requestStatus when I did); availabilityUserId adds that employee's availability as availability-only entries.",
  })
  async mine(@Query() query: CalendarRangeDto, @Me() me: CurrentUser): Promise<JobView[]> {
    const { from, to } = await this.range(me, query);
    // Staff may lay their own availability over their calendar; managers anyone's.
    const availabilityUserId =
      query.availabilityUserId && (query.availabilityUserId === me.userId || me.claims.includes('jobs.crud'))
        ? query.availabilityUserId
        : null;
    if (query.availabilityUserId && !availabilityUserId) throw new NotFoundError('The employee');
    return this.queries.execute(
      new GetCalendarJobs(me, from, to, 'own', availabilityUserId, query.showRequestableJobs === true),
    );
  }

  @Get('jobs/upcoming')
  @ApiOperation({ summary: 'My upcoming jobs: the next 30 days, soonest first, at most 50.' })
  upcoming(@Me() me: CurrentUser): Promise<JobView[]> {
    return this.queries.execute(new GetUpcomingJobs(me, new Date()));
  }

  @Get('jobs/syncfusion/fetch')
  @RequireClaim('jobs.crud')
  @ApiOperation({
    summary:
      "The Job Schedule calendar's data: every job of the organization in a range; availabilityUserId adds that employee's availability as availability-only entries.",
  })
  async fetch(@Query() query: CalendarRangeDto, @Me() me: CurrentUser): Promise<JobView[]> {
    const { from, to } = await this.range(me, query);
    return this.queries.execute(new GetCalendarJobs(me, from, to, 'organization', query.availabilityUserId || null));
  }

  @Post('jobs/syncfusion/fetch')
  @HttpCode(200)
  @RequireClaim('jobs.crud')
  @ApiOperation({ summary: 'Same as GET, with the range in the body (the calendar data source posts it).' })
  fetchByPost(@Body() body: CalendarRangeDto, @Me() me: CurrentUser): Promise<JobView[]> {
    return this.fetch(body, me);
  }

  @Post('jobs/syncfusion/bulk')
  @HttpCode(200)
  @RequireClaim('jobs.crud')
  @ApiOperation({
    summary: 'Batched calendar changes (drag, resize, reassign in TimelineDay, delete), each on that occurrence only.',
  })
  async bulk(@Body() body: CalendarBatchDto, @Me() me: CurrentUser, @Meta() meta: CommandMeta) {
    const changed = body.changed ?? [];
    const deleted = body.deleted ?? [];
    if (!changed.length && !deleted.length) throw new ValidationError('There are no changes to save');
    for (const change of changed) {
      const { id, ...fields } = change;
      await this.commands.execute(new ChangeJob(id, 'occurrence', toFields(fields), undefined, me, meta));
    }
    for (const id of deleted) await this.commands.execute(new DeleteJob(id, me, meta));
    return { success: true, data: { changed: changed.length, deleted: deleted.length } };
  }

  @Get('jobs/:id')
  @ApiOperation({ summary: 'One job or occurrence. Staff without jobs.crud see only their own.' })
  async get(@Param('id') id: string, @Me() me: CurrentUser): Promise<JobView> {
    const job: JobView = await this.queries.execute(new GetJob(me, id));
    const own = job.leadUserId === me.userId || job.userIds.includes(me.userId);
    if (!own && !me.claims.includes('jobs.crud')) throw new NotFoundError('The job');
    return job;
  }

  @Get('jobs/:id/history')
  @RequireClaim('jobs.crud')
  @ApiOperation({ summary: "Every event of the job's stream in order, in words, with old → new values, who and when." })
  history(@Param('id') id: string, @Me() me: CurrentUser) {
    return this.queries.execute(new GetJobHistory(me, id));
  }

  @Patch('jobs/:id')
  @RequireClaim('jobs.crud')
  @ApiQuery({
    name: 'scope',
    required: false,
    enum: ['occurrence', 'series'],
    description: 'For an occurrence of a recurring job: this event (default) or the whole series',
  })
  @ApiOperation({ summary: 'Change a job; for a recurring one, this occurrence or the whole series.' })
  async update(
    @Param('id') id: string,
    @Query() { scope }: ScopeQuery,
    @Body() body: ChangeJobDto,
    @Me() me: CurrentUser,
    @Meta() meta: CommandMeta,
  ) {
    const { recurrenceModel, ...model } = body;
    const rule = recurrenceModel ? toRule(recurrenceModel) : undefined;
    if (rule === null)
      throw new ForbiddenError('A recurring job cannot be turned into a one-time job; delete the series instead');
    await this.commands.execute(new ChangeJob(id, scope ?? 'occurrence', toFields(model), rule, me, meta));
    return { success: true };
  }

  @Delete('jobs/:id')
  @RequireClaim('jobs.crud')
  @ApiOperation({ summary: 'Delete a one-time job, or one occurrence of a recurring job.' })
  async remove(@Param('id') id: string, @Me() me: CurrentUser, @Meta() meta: CommandMeta) {
    await this.commands.execute(new DeleteJob(id, me, meta));
    return { success: true };
  }

  @Delete('recurrences/:id')
  @RequireClaim('jobs.crud')
  @ApiOperation({ summary: 'Delete a recurring job: every occurrence.' })
  async removeSeries(@Param('id') id: string, @Me() me: CurrentUser, @Meta() meta: CommandMeta) {
    await this.commands.execute(new DeleteSeries(id, me, meta));
    return { success: true };
  }

  @Post('jobs/:id/assign/:userId')
  @HttpCode(200)
  @RequireClaim('jobs.crud')
  @ApiOperation({ summary: 'Assign an employee to a job (or to this occurrence).' })
  async assign(
    @Param('id') id: string,
    @Param('userId') userId: string,
    @Me() me: CurrentUser,
    @Meta() meta: CommandMeta,
  ) {
    await this.commands.execute(new AssignJob(id, userId, me, meta));
    return { success: true };
  }
}
