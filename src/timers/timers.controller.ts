import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { CommandMeta } from '../core/commands/aggregates';
import { Me, Meta, RequireClaim } from '../identity/current-user';
import type { CurrentUser } from '../identity/current-user';
import { AddTimeFor, ChangeTimer, DeleteTimer, StartTimer } from './timers.commands';
import { AddTimeForDto, TimerDto, TimersPagedQueryDto, toTimerInput } from './timers.dto';
import { GetCurrentTimer, ListRunningTimers, ListTimers } from './timers.queries';
import { SERVER_TIME_HEADER, type TimerView } from '../shared/timers';

@ApiTags('Timers')
@ApiCookieAuth()
@ApiSecurity('csrf')
@Controller('api/time')
export class TimersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @ApiOperation({
    summary:
      'Start a timer (type Unassigned, Mileage with mileageStart, or Job with jobId); one runs at a time per user.',
  })
  async start(@Body() body: TimerDto, @Me() me: CurrentUser, @Meta() meta: CommandMeta) {
    const data = await this.commands.execute(new StartTimer(toTimerInput(body), me, meta));
    return { success: true, data };
  }

  /**
   * jobs.crud, not users.crud: the people who see a job that ended without time are its schedulers (Home's today
   * panel), and the time they add is always on a job they schedule; users.crud stays the claim for editing and
   * deleting anyone's timers (Organization Tracked Times).
   */
  @Post('for-person')
  @RequireClaim('jobs.crud')
  @ApiOperation({
    summary:
      "A manager adds a tracked time on a job for a person of the organization (userId, jobId, startDateTime, endDateTime, label); the audit log and the job's History name who added it for whom.",
  })
  async addFor(@Body() body: AddTimeForDto, @Me() me: CurrentUser, @Meta() meta: CommandMeta) {
    const { userId, jobId, startDateTime: start, endDateTime: end, label } = body;
    const data = await this.commands.execute(new AddTimeFor({ userId, jobId, start, end, label }, me, meta));
    return { success: true, data, message: 'The time was added' };
  }

  @Get('current')
  @ApiOperation({
    summary:
      'My running timer; an empty body when none runs. X-Server-Time (epoch ms) lets every device count the elapsed time from the same clock.',
  })
  async current(@Me() me: CurrentUser, @Res({ passthrough: true }) response: Response): Promise<TimerView | undefined> {
    const timer = await this.queries.execute(new GetCurrentTimer(me.organizationId, me.userId));
    response.setHeader(SERVER_TIME_HEADER, String(Date.now()));
    return timer ?? undefined;
  }

  @Get('running')
  @RequireClaim('jobs.crud')
  @ApiOperation({
    summary:
      "Who is on the clock now: the organization's running timers, the longest running first (Home's today panel).",
  })
  running(@Me() me: CurrentUser): Promise<TimerView[]> {
    return this.queries.execute(new ListRunningTimers(me.organizationId, me));
  }

  @Get('paged')
  @RequireClaim('users.crud')
  @ApiOperation({
    summary: 'Organization Tracked Times: every timer, newest first (sortDir, currentPage, pageSize 50, filter).',
  })
  organization(@Query() query: TimersPagedQueryDto, @Me() me: CurrentUser) {
    return this.queries.execute(new ListTimers(me.organizationId, null, query));
  }

  @Get('user/paged')
  @ApiOperation({ summary: 'My Tracked Times: my timers, newest first (sortDir, currentPage, pageSize 50, filter).' })
  mine(@Query() query: TimersPagedQueryDto, @Me() me: CurrentUser) {
    return this.queries.execute(new ListTimers(me.organizationId, me.userId, query));
  }

  @Patch(':id')
  @ApiOperation({
    summary: 'Stop (endDateTime, and mileageEnd for mileage) or edit a timer: its owner, or users.crud.',
  })
  async change(@Param('id') id: string, @Body() body: TimerDto, @Me() me: CurrentUser, @Meta() meta: CommandMeta) {
    await this.commands.execute(new ChangeTimer(id, toTimerInput(body), me, meta));
    return { success: true };
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a timer: its owner, or users.crud.' })
  async remove(@Param('id') id: string, @Me() me: CurrentUser, @Meta() meta: CommandMeta) {
    await this.commands.execute(new DeleteTimer(id, me, meta));
    return { success: true };
  }
}
