import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { CommandMeta } from '../core/commands/aggregates';
import { Me, Meta, RequireClaim } from '../identity/current-user';
import type { CurrentUser } from '../identity/current-user';
import { AddTimeFor, AnswerTimeReview, ChangeTimer, DeleteTimer, OfflineOutcome, StartTimer } from './timers.commands';
import { AddTimeForDto, TimerDto, TimerReasonDto, TimersPagedQueryDto, toTimerInput } from './timers.dto';
import { GetCurrentTimer, ListRunningTimers, ListTimeReviews, ListTimers } from './timers.queries';
import { SERVER_TIME_HEADER, type TimeReviewsView, type TimerView } from '../shared/timers';

/**
 * What a command a phone sent later answers: 202 with `data: { reviewId }` and words to show when it went to a
 * manager's review, else as usual, with `message` when a change made meanwhile is worth saying (issue #29 item 5).
 */
function offlineAnswer(outcome: OfflineOutcome, response: Response, usual: Record<string, unknown>) {
  if ('reviewId' in outcome) {
    response.status(202);
    return { success: true, data: { reviewId: outcome.reviewId }, message: outcome.message };
  }
  return { ...usual, ...('message' in outcome ? { message: outcome.message } : {}) };
}

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
      "Start a timer (type Unassigned, Mileage with mileageStart, or Job with jobId); one runs at a time per user. Sent later from a phone (X-Device-Time) with a start more than the organization's offline clock limit back, or in the future: 202, sent to a manager's review, data.reviewId.",
  })
  async start(
    @Body() body: TimerDto,
    @Me() me: CurrentUser,
    @Meta() meta: CommandMeta,
    @Res({ passthrough: true }) response: Response,
  ) {
    const data = await this.commands.execute<StartTimer, { id: string } | OfflineOutcome>(
      new StartTimer(toTimerInput(body), me, meta),
    );
    return 'id' in data ? { success: true, data } : offlineAnswer(data, response, { success: true });
  }

  @Get('reviews')
  @RequireClaim('jobs.crud')
  @ApiOperation({
    summary:
      "Times phones sent later (clocks off, jobs deleted meanwhile), waiting for a manager's review (Home's Time to review): by person, the one whose oldest came first first, each with their oldest 5 and how many they have; total counts all.",
  })
  reviews(@Me() me: CurrentUser): Promise<TimeReviewsView> {
    return this.queries.execute(new ListTimeReviews(me.organizationId, me));
  }

  @Post('reviews/:id/approve')
  @RequireClaim('jobs.crud')
  @ApiOperation({
    summary:
      'Approve a time to review: it becomes what the phone said (a start: a timer started then, if no other timer of the person runs; a stop or edit: applied, if the timer is unchanged since).',
  })
  async approve(@Param('id') id: string, @Me() me: CurrentUser, @Meta() meta: CommandMeta) {
    const { message } = await this.commands.execute<AnswerTimeReview, { message: string }>(
      new AnswerTimeReview(id, 'approve', me, meta),
    );
    return { success: true, message };
  }

  @Post('reviews/:id/decline')
  @RequireClaim('jobs.crud')
  @ApiOperation({ summary: 'Decline a time to review: nothing the phone sent is applied.' })
  async decline(@Param('id') id: string, @Me() me: CurrentUser, @Meta() meta: CommandMeta) {
    const { message } = await this.commands.execute<AnswerTimeReview, { message: string }>(
      new AnswerTimeReview(id, 'decline', me, meta),
    );
    return { success: true, message };
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
    const { userId, jobId, startDateTime: start, endDateTime: end, label, reason } = body;
    const data = await this.commands.execute(new AddTimeFor({ userId, jobId, start, end, label, reason }, me, meta));
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
    summary:
      "Stop (endDateTime, and mileageEnd for mileage) or edit a timer: its owner, or users.crud. Sent later from a phone (X-Device-Time): refused (409, in words) when someone stopped, deleted or (for an edit) changed it after the phone's time; an end in the future goes to a manager's review (202). In an approved timesheet: refused to an Associate (409); a manager gives a reason (Edit approved time), which the audit log shows.",
  })
  async change(
    @Param('id') id: string,
    @Body() body: TimerDto,
    @Me() me: CurrentUser,
    @Meta() meta: CommandMeta,
    @Res({ passthrough: true }) response: Response,
  ) {
    const outcome = await this.commands.execute<ChangeTimer, OfflineOutcome>(
      new ChangeTimer(id, toTimerInput(body), me, meta),
    );
    return offlineAnswer(outcome, response, { success: true });
  }

  @Delete(':id')
  @ApiOperation({
    summary:
      'Delete a timer: its owner, or users.crud. In an approved timesheet: refused to its owner, and a manager gives a reason (body { reason }).',
  })
  async remove(
    @Param('id') id: string,
    @Body() body: TimerReasonDto,
    @Me() me: CurrentUser,
    @Meta() meta: CommandMeta,
  ) {
    await this.commands.execute(new DeleteTimer(id, me, meta, body?.reason));
    return { success: true };
  }
}
