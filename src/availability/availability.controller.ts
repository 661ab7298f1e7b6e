import { Body, Controller, Get, Param, Patch, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiCookieAuth, ApiHeader, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { CommandMeta } from '../core/commands/aggregates';
import { Me, Meta, RequireAnyClaim, RequireClaim } from '../identity/current-user';
import type { CurrentUser } from '../identity/current-user';
import { SetAvailability, SetTimeOff } from './availability.commands';
import { AvailabilityEntryDto, AvailabilityListPipe, DateFilterQueryDto, TimeOffDto } from './availability.dto';
import { GetUserTimeOff } from './time-off.handlers';
import { GetUserAvailability, GetWorkingHours, ListAvailableUsers } from './availability.queries';
import type { AvailabilityView, TimeOffList, WorkingHours } from '../shared/availability';

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
      "Where calendars open: { startTime, endTime } ('HH:mm'), the hour the earliest of the active staff's saved hours begins and the hour the latest ends (whole days left out), else 07:00 and 17:00.",
  })
  workingHours(@Me() me: CurrentUser): Promise<WorkingHours> {
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
  ): Promise<AvailabilityView[]> {
    const { saved, entries } = await this.queries.execute(new GetUserAvailability(me.organizationId, userId));
    response.setHeader(SAVED_HEADER, String(saved));
    return entries;
  }

  @Get(':userId/time-off')
  @RequireClaim('users.crud')
  @ApiOperation({ summary: "A user's time off: { timeOff: [{ id, from, to, note }] } (whole days, in date order)." })
  timeOff(@Param('userId') userId: string, @Me() me: CurrentUser): Promise<TimeOffList> {
    return this.queries.execute(new GetUserTimeOff(me.organizationId, userId));
  }

  @Put(':userId/time-off')
  @RequireClaim('users.crud')
  @ApiOperation({
    summary:
      "Replace a user's time off: { timeOff: [{ id?, from, to, note }] }, days YYYY-MM-DD in the organization's zone, both included. No booking slots on them.",
  })
  async setTimeOff(@Param('userId') userId: string, @Body() body: TimeOffDto, @Meta() meta: CommandMeta) {
    await this.commands.execute(new SetTimeOff(userId, body.timeOff, meta));
    return {
      success: true,
      message: 'Time off has been saved',
      data: await this.queries.execute(new GetUserTimeOff(meta.organizationId, userId)),
    };
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
