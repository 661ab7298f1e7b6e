import { Module } from '@nestjs/common';
import { JobsReportController, RatingsReportController } from './reports.controller';
import { ReportExportHandler, ReportPageHandler, ReportSummaryHandler } from './reports.queries';

@Module({
  controllers: [JobsReportController, RatingsReportController],
  providers: [ReportPageHandler, ReportSummaryHandler, ReportExportHandler],
})
export class ReportsModule {}
