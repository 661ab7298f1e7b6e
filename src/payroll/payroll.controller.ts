import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { CommandMeta } from '../core/commands/aggregates';
import { attachmentDisposition } from '../core/uploads';
import { Me, Meta, RequireClaim } from '../identity/current-user';
import type { CurrentUser } from '../identity/current-user';
import type { ExportChangesView, PayPeriodScreen, TimesheetView } from '../shared/payroll';
import { DecideTimesheet, SubmitTimesheet } from '../timers/timers.commands';
import { PayPeriodQueryDto, PayPeriodStartPipe, PayrollExportDto, TimesheetReasonDto } from './payroll.dto';
import { ExportPayroll } from './payroll.commands';
import { GetPayPeriodScreen, GetPayrollExportChanges, GetPayrollExportFile, GetTimesheet } from './payroll.queries';
import { sendStoredFile } from '../core/http/stored-file';

const DECIDED = { approve: 'Timesheet approved', sendBack: 'Timesheet sent back', unapprove: 'Timesheet unapproved' };

@ApiTags('Payroll')
@ApiCookieAuth()
@ApiSecurity('csrf')
@Controller('api')
export class PayrollController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('pay-periods')
  @RequireClaim('users.crud')
  @ApiOperation({
    summary:
      "Timesheets: the pay period holding ?date= (today if none), each person's state (open, submitted, approved) and hours, and the period's payroll exports.",
  })
  period(@Query() query: PayPeriodQueryDto, @Me() me: CurrentUser): Promise<PayPeriodScreen> {
    return this.queries.execute(new GetPayPeriodScreen(me.organizationId, query.date));
  }

  @Get('timesheets/me')
  @ApiOperation({ summary: 'My timesheet for the pay period holding ?date= (today if none).' })
  mine(@Query() query: PayPeriodQueryDto, @Me() me: CurrentUser): Promise<TimesheetView> {
    return this.queries.execute(new GetTimesheet(me, me.userId, { date: query.date }));
  }

  @Get('pay-periods/:start/timesheets/:userId')
  @ApiOperation({
    summary:
      "A person's timesheet for the period starting on :start: the days, each tracked time, regular, overtime and double time hours, mileage, totals (users.crud, or the person).",
  })
  sheet(
    @Param('start', PayPeriodStartPipe) start: string,
    @Param('userId') userId: string,
    @Me() me: CurrentUser,
  ): Promise<TimesheetView> {
    return this.queries.execute(new GetTimesheet(me, userId === 'me' ? me.userId : userId, { periodStart: start }));
  }

  @Post('pay-periods/:start/timesheets/me/submit')
  @ApiOperation({ summary: 'Submit my timesheet of the period (when the organization asks for timesheets).' })
  async submit(@Param('start', PayPeriodStartPipe) start: string, @Me() me: CurrentUser, @Meta() meta: CommandMeta) {
    await this.commands.execute(new SubmitTimesheet(start, me, meta));
    return { success: true, message: 'Timesheet submitted' };
  }

  @Post('pay-periods/:start/timesheets/:userId/approve')
  @RequireClaim('users.crud')
  @ApiOperation({ summary: "Approve a person's timesheet: its tracked times are locked." })
  approve(
    @Param('start', PayPeriodStartPipe) start: string,
    @Param('userId') userId: string,
    @Me() me: CurrentUser,
    @Meta() meta: CommandMeta,
  ) {
    return this.decide(start, userId, 'approve', undefined, me, meta);
  }

  @Post('pay-periods/:start/timesheets/:userId/send-back')
  @RequireClaim('users.crud')
  @ApiOperation({ summary: 'Send a submitted timesheet back to its person, with a reason.' })
  sendBack(
    @Param('start', PayPeriodStartPipe) start: string,
    @Param('userId') userId: string,
    @Body() body: TimesheetReasonDto,
    @Me() me: CurrentUser,
    @Meta() meta: CommandMeta,
  ) {
    return this.decide(start, userId, 'sendBack', body.reason, me, meta);
  }

  @Post('pay-periods/:start/timesheets/:userId/unapprove')
  @RequireClaim('users.crud')
  @ApiOperation({ summary: 'Unapprove a timesheet, with a reason: it opens again and its times are no longer locked.' })
  unapprove(
    @Param('start', PayPeriodStartPipe) start: string,
    @Param('userId') userId: string,
    @Body() body: TimesheetReasonDto,
    @Me() me: CurrentUser,
    @Meta() meta: CommandMeta,
  ) {
    return this.decide(start, userId, 'unapprove', body.reason, me, meta);
  }

  private async decide(
    start: string,
    userId: string,
    decision: keyof typeof DECIDED,
    reason: string | undefined,
    me: CurrentUser,
    meta: CommandMeta,
  ) {
    await this.commands.execute(new DecideTimesheet(start, userId, decision, reason, me, meta));
    return { success: true, message: DECIDED[decision] };
  }

  @Post('pay-periods/:start/exports')
  @RequireClaim('users.crud')
  @ApiOperation({
    summary:
      "Export the period's approved timesheets to payroll (format gusto, quickbooks or xlsx): recorded with who, when and the log position; data.id.",
  })
  async export(
    @Param('start', PayPeriodStartPipe) start: string,
    @Body() body: PayrollExportDto,
    @Meta() meta: CommandMeta,
  ) {
    const data = await this.commands.execute(new ExportPayroll(start, body.format, meta));
    return { success: true, data, message: 'Payroll exported' };
  }

  @Get('payroll-exports/:id/file')
  @RequireClaim('users.crud')
  @ApiOperation({ summary: 'Download an export: exactly the bytes first sent.' })
  async file(@Param('id') id: string, @Me() me: CurrentUser, @Res() response: Response) {
    const found = await this.queries.execute(new GetPayrollExportFile(me.organizationId, id));
    sendStoredFile(response, found, attachmentDisposition(found.fileName), 'private, no-store');
  }

  @Get('payroll-exports/:id/changes')
  @RequireClaim('users.crud')
  @ApiOperation({
    summary:
      'Changed since export: per person and day, what differs from what the export held (read at its recorded revisions), with who changed what and when.',
  })
  changes(@Param('id') id: string, @Me() me: CurrentUser): Promise<ExportChangesView> {
    return this.queries.execute(new GetPayrollExportChanges(me.organizationId, id));
  }
}
