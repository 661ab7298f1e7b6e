import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiOperation, ApiProduces, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Logger } from 'pino';
import { LOGGER } from '../core/core.module';
import { sendSpreadsheet, XLSX } from '../core/spreadsheets/spreadsheet-download';
import { ReadsThePast } from '../as-of/past-read-models.interceptor';
import { PAST_READ_MODELS } from '../as-of/read-models-of-the-past';
import { Me, RequireClaim } from '../identity/current-user';
import type { CurrentUser } from '../identity/current-user';
import type { AsOfMoment, AuditEntry, AuditPerson } from '../shared/audit';
import type { Paged } from '../shared/paging';
import { AsOfDto } from '../as-of/as-of.dto';
import { AuditQueryDto } from './audit.dto';
import { GetAsOfMoment, GetAuditPage, GetAuditPeople, GetRecordHistory, PrepareAuditExport } from './audit.queries';

/** The organization's audit log, the moment a read is "as of", and the History of each kind of record. */
@ApiTags('Audit')
@ApiCookieAuth()
@ApiSecurity('csrf')
@ReadsThePast('The audit log', PAST_READ_MODELS.audit)
@Controller('api')
export class AuditController {
  constructor(
    private readonly queries: QueryBus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Get('audit')
  @RequireClaim('audit.read')
  @ApiOperation({
    summary:
      "The organization's audit log, newest first, 50 a page: every change in words (when, who, which record, old → new). Filters: fromDate–toDate (the last 30 days by default), recordType, userId (who made it), field, othersTime, search.",
  })
  page(@Query() query: AuditQueryDto, @Me() me: CurrentUser): Promise<Paged<AuditEntry>> {
    return this.queries.execute(new GetAuditPage(me.organizationId, query));
  }

  @Get('audit/export')
  @RequireClaim('audit.read')
  @ApiProduces(XLSX)
  @ApiOperation({ summary: 'The audit log as export.xlsx (the same filters), oldest first.' })
  async export(@Query() query: AuditQueryDto, @Me() me: CurrentUser, @Res() response: Response) {
    const prepared = await this.queries.execute(new PrepareAuditExport(me.organizationId, query));
    await sendSpreadsheet(response, prepared, (error) =>
      this.logger.error({ err: error }, 'the audit log export failed'),
    );
  }

  @Get('audit/people')
  @RequireClaim('audit.read')
  @ApiOperation({
    summary:
      'Everyone whose changes the audit log can hold, for its person filter: users active and inactive, and deleted people (by their name when deleted); id, fullName, status.',
  })
  people(@Me() me: CurrentUser): Promise<AuditPerson[]> {
    return this.queries.execute(new GetAuditPeople(me.organizationId));
  }

  @Get('audit/moment')
  @ApiOperation({
    summary:
      'The moment a read is "as of": asOf (ISO date-time) or asOfPosition (a position token) → its position token, its last change and the moment in words.',
  })
  moment(@Query() query: AsOfDto, @Me() me: CurrentUser): Promise<AsOfMoment> {
    return this.queries.execute(new GetAsOfMoment(me.organizationId, query));
  }

  @Get('customers/:id/history')
  @ReadsThePast('This History', PAST_READ_MODELS.audit)
  @RequireClaim('customers.crud')
  @ApiOperation({ summary: "A customer's History, oldest first: every change in words." })
  customer(@Param('id') id: string, @Me() me: CurrentUser): Promise<AuditEntry[]> {
    return this.queries.execute(
      new GetRecordHistory(me.organizationId, { types: ['customer'], id, label: 'The customer' }),
    );
  }

  @Get('users/:id/history')
  @ReadsThePast('This History', PAST_READ_MODELS.audit)
  @RequireClaim('users.crud')
  @ApiOperation({ summary: "A user's History, oldest first: their account, availability and sign-ins." })
  user(@Param('id') id: string, @Me() me: CurrentUser): Promise<AuditEntry[]> {
    return this.queries.execute(
      new GetRecordHistory(me.organizationId, { types: ['user', 'availability', 'session'], id, label: 'The user' }),
    );
  }

  @Get('time/:id/history')
  @ReadsThePast('This History', PAST_READ_MODELS.audit)
  @ApiOperation({ summary: "A timer's History, oldest first; staff see their own timers', time admins anyone's." })
  timer(@Param('id') id: string, @Me() me: CurrentUser): Promise<AuditEntry[]> {
    return this.queries.execute(
      new GetRecordHistory(
        me.organizationId,
        { types: ['timer'], id, label: 'The timer' },
        me.claims.includes('users.crud') ? undefined : me.userId,
      ),
    );
  }

  @Get('ratings/:id/history')
  @ReadsThePast('This History', PAST_READ_MODELS.audit)
  @RequireClaim('customers.crud')
  @ApiOperation({ summary: "A job rating's History, oldest first: requests, the customer's answer, edits." })
  rating(@Param('id') id: string, @Me() me: CurrentUser): Promise<AuditEntry[]> {
    return this.queries.execute(
      new GetRecordHistory(me.organizationId, { types: ['rating'], id, label: 'The rating' }),
    );
  }
}
