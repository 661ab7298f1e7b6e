import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Logger } from 'pino';
import { LOGGER } from '../core/core.module';
import { ReadsThePast } from '../as-of/past-read-models.interceptor';
import { sendSpreadsheet, XLSX } from '../core/spreadsheets/spreadsheet-download';
import { PAST_READ_MODELS } from '../as-of/read-models-of-the-past';
import { Me, RequireClaim } from '../identity/current-user';
import type { CurrentUser } from '../identity/current-user';
import { ReportQueryDto } from './reports.dto';
import { PreparedExport, ReportExport, ReportKind, ReportPage, ReportSummary } from './reports.queries';

/** GET …/paged, …/summary and the spreadsheet of one report (spec §7 Reports). */
abstract class ReportController {
  protected abstract readonly kind: ReportKind;

  constructor(
    private readonly queries: QueryBus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  protected page(query: ReportQueryDto, me: CurrentUser) {
    return this.queries.execute(new ReportPage(this.kind, me.organizationId, query, me));
  }

  protected summary(query: ReportQueryDto, me: CurrentUser) {
    return this.queries.execute(new ReportSummary(this.kind, me.organizationId, query, me));
  }

  /** Checked and counted before the first byte: a refusal is a plain 4xx; then the workbook streams. */
  protected async download(query: ReportQueryDto, me: CurrentUser, response: Response) {
    const prepared: PreparedExport = await this.queries.execute(
      new ReportExport(this.kind, me.organizationId, query, me),
    );
    await sendSpreadsheet(response, prepared, (error) =>
      this.logger.error({ err: error }, `the ${this.kind} report export failed`),
    );
  }
}

@ApiTags('Reports')
@ApiCookieAuth()
@RequireClaim('reports.read')
@Controller('api/jobs-report')
export class JobsReportController extends ReportController {
  protected readonly kind = 'jobs';

  @Get('paged')
  @ApiOperation({
    summary:
      'Jobs report: one row per tracked time starting in the range (fromDate–toDate, the last 30 days by default), by start ascending; 50 a page.',
  })
  paged(@Query() query: ReportQueryDto, @Me() me: CurrentUser) {
    return this.page(query, me);
  }

  @Get('summary')
  @ApiOperation({
    summary: "The Jobs report's totals (rows, hours, mileage, average rating) and hours per employee and per customer.",
  })
  totals(@Query() query: ReportQueryDto, @Me() me: CurrentUser) {
    return this.summary(query, me);
  }

  @Get()
  @ApiProduces(XLSX)
  // Every download reads the reports' versions at one position (see ReportExportHandler).
  @ReadsThePast('This download', PAST_READ_MODELS.reports)
  @ApiOperation({ summary: "The Jobs report as export.xlsx (the same filters); over a sheet's 1,048,574 rows, a 400." })
  export(@Query() query: ReportQueryDto, @Me() me: CurrentUser, @Res() response: Response) {
    return this.download(query, me, response);
  }
}

@ApiTags('Reports')
@ApiCookieAuth()
@RequireClaim('reports.read')
@Controller('api/ratings-report')
export class RatingsReportController extends ReportController {
  protected readonly kind = 'ratings';

  @Get('paged')
  @ApiOperation({
    summary:
      'Ratings report: one row per answered rating whose job starts in the range, by job date ascending; 50 a page (employeeId is ignored).',
  })
  paged(@Query() query: ReportQueryDto, @Me() me: CurrentUser) {
    return this.page({ ...query, employeeId: undefined }, me);
  }

  @Get('summary')
  @ApiOperation({ summary: "The Ratings report's totals, the stars' distribution and the average by week or month." })
  totals(@Query() query: ReportQueryDto, @Me() me: CurrentUser) {
    return this.summary({ ...query, employeeId: undefined }, me);
  }

  @Get()
  @ApiProduces(XLSX)
  // Every download reads the reports' versions at one position (see ReportExportHandler).
  @ReadsThePast('This download', PAST_READ_MODELS.reports)
  @ApiOperation({ summary: 'The Ratings report as export.xlsx (the same filters).' })
  export(@Query() query: ReportQueryDto, @Me() me: CurrentUser, @Res() response: Response) {
    return this.download({ ...query, employeeId: undefined }, me, response);
  }
}
