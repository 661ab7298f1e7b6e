import { Body, Controller, Get, Param, Patch, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiCookieAuth, ApiHeader, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { CommandMeta } from '../core/commands/aggregates';
import { Me, Meta, RequireAnyClaim, RequireClaim } from '../identity/current-user';
import type { CurrentUser } from '../identity/current-user';
import { SetAvailability } from './availability.commands';
import { AvailabilityEntryDto, AvailabilityListPipe, DateFilterQueryDto } from './availability.dto';
import { GetUserAvailability, GetWorkingHours, ListAvailableUsers } from './availability.queries';

/** Tells the editor whether the user has ever saved a week (never saved counts as available). */
export const SAVED_HEADER = 'X-Availability-Saved';

@ApiTags('Availability')
@ApiCookieAuth()
@ApiSecurity('csrf')
@Controller('api/employee-availability')
export class AvailabilityController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('date-filter/users')
  @RequireClaim('jobs.crud')
  @ApiOperation({
    summary:
      'Every active user by name, and whether [startDate, endDate) lies in their weekly availability (organization time zone).',
  })
  availableUsers(@Query() query: DateFilterQueryDto, @Me() me: CurrentUser) {
    return this.queries.execute(new ListAvailableUsers(me.organizationId, query.startDate, query.endDate));
  }

  @Get('working-hours')
  @ApiOperation({
    summary:
      "Where calendars open: { startTime: 'HH:mm' }, the hour the earliest of the active staff's saved hours begins (whole days left out), else 07:00.",
  })
  workingHours(@Me() me: CurrentUser) {
    return this.queries.execute(new GetWorkingHours(me.organizationId));
  }

  @Get('user/:userId')
  @RequireAnyClaim('users.crud', 'jobs.crud')
  @ApiOperation({
    summary: "A user's weekly availability: [{ id, weekDay, userId, startTime, endTime }], Monday first.",
  })
  @ApiHeader({
    name: SAVED_HEADER,
    description: 'In the response: false when the user has never saved any availability',
  })
  async userAvailability(
    @Param('userId') userId: string,
    @Me() me: CurrentUser,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { saved, entries } = await this.queries.execute(new GetUserAvailability(me.organizationId, userId));
    response.setHeader(SAVED_HEADER, String(saved));
    return entries;
  }

  @Patch(':userId')
  @RequireClaim('users.crud')
  @ApiBody({
    type: [AvailabilityEntryDto],
    description: 'The whole week (a list, or { availabilities: [...] }); it replaces the saved one',
  })
  @ApiOperation({
    summary: "Replace a user's weekly availability. Entries of a day must not overlap; times on 15-minute steps.",
  })
  async update(
    @Param('userId') userId: string,
    @Body(AvailabilityListPipe) body: AvailabilityEntryDto[],
    @Meta() meta: CommandMeta,
  ) {
    await this.commands.execute(new SetAvailability(userId, body, meta));
    const { entries } = await this.queries.execute(new GetUserAvailability(meta.organizationId, userId));
    return { success: true, data: entries };
  }
}
