import { Body, Controller, Delete, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiOperation, ApiQuery, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import type { CommandMeta } from '../core/commands/aggregates';
import { ForbiddenError, ValidationError } from '../core/errors';
import { Me, Meta, RequireClaim } from '../identity/current-user';
import type { CurrentUser } from '../identity/current-user';
import { AssignJob, ChangeJob, DeleteJob, DeleteSeries, ScheduleJob } from './scheduling.commands';
import { CalendarBatchDto, ChangeJobDto, CreateJobDto, newJobFields, toFields, toRule } from './scheduling.dto';

class ScopeQuery {
  @IsOptional() @IsIn(['occurrence', 'series'], { message: 'scope must be occurrence or series' }) scope?:
    'occurrence' | 'series';
}

@ApiTags('Jobs')
@ApiCookieAuth()
@ApiSecurity('csrf')
@Controller('api')
export class SchedulingController {
  constructor(private readonly commands: CommandBus) {}

  @Post('recurrence-jobs')
  @RequireClaim('jobs.crud')
  @ApiOperation({ summary: 'Create a one-time job (recurringFrequency Never/One-Time) or a recurring one.' })
  async create(@Body() body: CreateJobDto, @Me() me: CurrentUser, @Meta() meta: CommandMeta) {
    const data = await this.commands.execute(
      new ScheduleJob(newJobFields(body.jobModel), toRule(body.recurrenceModel), me, meta),
    );
    return { success: true, data };
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
