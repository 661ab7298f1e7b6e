import type { Writable } from 'node:stream';
import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DateTime } from 'luxon';
import { CLOCK, Clock } from '../core/clock';
import { ValidationError } from '../core/errors';
import { pageWindow } from '../core/http/page-query.dto';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { customersByIds } from '../customers/customers.read-models';
import {
  countRatings,
  reportRatingsFilter,
  reportRatingsInOrder,
  reportRatingsPage,
  submittedRatingsByJobIds,
} from '../ratings/ratings.read-models';
import type { Paged } from '../shared/paging';
import {
  JobsReportRow,
  JobsReportSummary,
  REPORT_EXPORT_MAX_ROWS,
  ReportFilters,
  REPORTS_PAGE_SIZE,
  RatingsReportRow,
  RatingsReportSummary,
} from '../shared/reports';
import { countTimers, reportTimersFilter, reportTimersInOrder, reportTimersPage } from '../timers/timers.read-models';
import { averageOf, hoursBetween, milesBetween, ResolvedFilters, resolveFilters, round2 } from './report-filters';
import { jobsReportRows, ratingsReportRows } from './report-rows';
import {
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  excelDate,
  ReportColumn,
  TWO_DECIMALS,
  WHOLE,
  writeReportWorkbook,
} from './report-workbook';

export type ReportKind = 'jobs' | 'ratings';

export interface ReportQuery extends ReportFilters {
  currentPage?: number;
  pageSize?: number;
  sortDir?: string;
}

export class ReportPage {
  constructor(
    readonly kind: ReportKind,
    readonly organizationId: string,
    readonly query: ReportQuery,
  ) {}
}

export class ReportSummary {
  constructor(
    readonly kind: ReportKind,
    readonly organizationId: string,
    readonly query: ReportFilters,
  ) {}
}

export class ReportExport {
  constructor(
    readonly kind: ReportKind,
    readonly organizationId: string,
    readonly query: ReportFilters,
  ) {}
}

/** An export ready to stream: its row count is known (and allowed) before anything is written. */
export interface PreparedExport {
  rows: number;
  write(out: Writable): Promise<number>;
}

export const tooManyRows = (rows: number, max: number) =>
  `This report has ${rows.toLocaleString('en-US')} rows, more than a spreadsheet holds (${max.toLocaleString('en-US')}). Choose a shorter date range or a customer.`;

const direction = (sortDir?: string): 1 | -1 => (sortDir === 'desc' || sortDir === 'descending' ? -1 : 1);

/** The filters of each report as stored rows see them. */
function jobsFilter(f: ResolvedFilters) {
  return reportTimersFilter(f.organizationId, f.range, { userId: f.employee?._id, customerId: f.customer?._id });
}
const ratingsFilter = (f: ResolvedFilters) => reportRatingsFilter(f.organizationId, f.range, f.customer?._id);

@QueryHandler(ReportPage)
export class ReportPageHandler implements IQueryHandler<ReportPage> {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ kind, organizationId, query }: ReportPage): Promise<Paged<JobsReportRow | RatingsReportRow>> {
    const filters = await resolveFilters(this.store, organizationId, query, this.clock.now());
    const window = pageWindow(query, REPORTS_PAGE_SIZE);
    if (kind === 'jobs') {
      const filter = jobsFilter(filters);
      const [timers, totalRecords] = await Promise.all([
        reportTimersPage(this.store, filter, direction(query.sortDir), window),
        countTimers(this.store, filter),
      ]);
      return { resultItems: await jobsReportRows(this.store, organizationId, timers), totalRecords };
    }
    const filter = ratingsFilter(filters);
    const [ratings, totalRecords] = await Promise.all([
      reportRatingsPage(this.store, filter, direction(query.sortDir), window),
      countRatings(this.store, filter),
    ]);
    return { resultItems: await ratingsReportRows(this.store, organizationId, ratings), totalRecords };
  }
}

@QueryHandler(ReportSummary)
export class ReportSummaryHandler implements IQueryHandler<ReportSummary> {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ kind, organizationId, query }: ReportSummary): Promise<JobsReportSummary | RatingsReportSummary> {
    const filters = await resolveFilters(this.store, organizationId, query, this.clock.now());
    return kind === 'jobs' ? this.jobs(filters) : this.ratings(filters);
  }

  /** Every timer of the range, a batch at a time: the totals and the hours by employee and by customer. */
  private async jobs(f: ResolvedFilters): Promise<JobsReportSummary> {
    let rows = 0;
    let hours = 0;
    let mileage = 0;
    const byEmployee = new Map<string, { name: string; hours: number }>();
    const byCustomer = new Map<string, number>();
    const jobRatings = new Map<string, number>();
    for await (const batch of reportTimersInOrder(this.store, jobsFilter(f))) {
      const ratings = await submittedRatingsByJobIds(this.store, f.organizationId, [
        ...new Set(batch.map((t) => t.jobId).filter((id): id is string => !!id)),
      ]);
      for (const [jobId, r] of ratings) if (r.rating !== null) jobRatings.set(jobId, r.rating);
      for (const t of batch) {
        rows++;
        const h = hoursBetween(t.startDateTime, t.endDateTime);
        const miles = t.type === 'Mileage' && t.endDateTime ? milesBetween(t.mileageStart, t.mileageEnd) : null;
        if (miles !== null) mileage += miles;
        if (h === null) continue;
        hours += h;
        const employee = byEmployee.get(t.userId) ?? { name: t.userFullName, hours: 0 };
        employee.hours += h;
        byEmployee.set(t.userId, employee);
        const customer = t.customerId ?? '';
        byCustomer.set(customer, (byCustomer.get(customer) ?? 0) + h);
      }
    }
    const customers = await customersByIds(
      this.store,
      f.organizationId,
      [...byCustomer.keys()].filter((id) => id),
    );
    const customerNames = new Map(customers.map((c) => [c._id, c.label]));
    const mostFirst = (a: { hours: number }, b: { hours: number }) => b.hours - a.hours;
    return {
      timeZone: f.timeZone,
      fromDate: f.fromDate,
      toDate: f.toDate,
      totals: {
        rows,
        hours: round2(hours),
        mileage: round2(mileage),
        averageRating: averageOf([...jobRatings.values()]),
      },
      hoursByEmployee: [...byEmployee.values()].map((e) => ({ name: e.name, hours: round2(e.hours) })).sort(mostFirst),
      hoursByCustomer: [...byCustomer]
        .map(([id, h]) => ({
          name: id ? (customerNames.get(id) ?? 'Unknown customer') : 'No customer',
          hours: round2(h),
        }))
        .sort(mostFirst),
    };
  }

  /** Every rating of the range: the totals, how many gave each number of stars, and the average by week or month. */
  private async ratings(f: ResolvedFilters): Promise<RatingsReportSummary> {
    const from = DateTime.fromISO(f.range.from, { zone: f.timeZone });
    const to = DateTime.fromISO(f.range.to, { zone: f.timeZone });
    const periodUnit = to.diff(from, 'weeks').weeks <= 16 ? 'week' : 'month';
    const periodOf = (iso: string) => DateTime.fromISO(iso, { zone: f.timeZone }).startOf(periodUnit).toISODate()!;
    const counts = [0, 0, 0, 0, 0];
    const all: number[] = [];
    const byPeriod = new Map<string, { stars: number[]; ratings: number }>();
    for (let p = from.startOf(periodUnit); p < to; p = p.plus({ [`${periodUnit}s`]: 1 }))
      byPeriod.set(p.toISODate()!, { stars: [], ratings: 0 });
    let ratings = 0;
    for await (const batch of reportRatingsInOrder(this.store, ratingsFilter(f))) {
      for (const r of batch) {
        ratings++;
        const period = byPeriod.get(periodOf(r.jobStartsAt));
        if (period) period.ratings++;
        if (r.rating === null) continue;
        counts[r.rating - 1]++;
        all.push(r.rating);
        period?.stars.push(r.rating);
      }
    }
    return {
      timeZone: f.timeZone,
      fromDate: f.fromDate,
      toDate: f.toDate,
      totals: { ratings, averageRating: averageOf(all) },
      distribution: counts.map((count, i) => ({ rating: i + 1, count })),
      averageOverTime: [...byPeriod].map(([period, p]) => ({
        period,
        averageRating: averageOf(p.stars),
        ratings: p.ratings,
      })),
      periodUnit,
    };
  }
}

const jobsColumns = (zone: string): ReportColumn<JobsReportRow>[] => [
  { header: 'Employee', width: 24, value: (r) => r.associateName },
  { header: 'Label', width: 24, value: (r) => r.label },
  { header: 'Type', width: 12, value: (r) => r.timerType },
  { header: `Start (${zone})`, width: 22, value: (r) => excelDate(r.startDateTime, zone), numFmt: DATE_TIME_FORMAT },
  { header: `End (${zone})`, width: 22, value: (r) => excelDate(r.endDateTime, zone), numFmt: DATE_TIME_FORMAT },
  { header: 'Hours', width: 10, value: (r) => r.hours, numFmt: TWO_DECIMALS, total: 'sum' },
  { header: 'Mileage start', width: 14, value: (r) => r.mileageStart, numFmt: TWO_DECIMALS },
  { header: 'Mileage end', width: 14, value: (r) => r.mileageEnd, numFmt: TWO_DECIMALS },
  {
    header: 'Miles',
    width: 10,
    value: (r) => (r.timerType === 'Mileage' && r.endDateTime ? milesBetween(r.mileageStart, r.mileageEnd) : null),
    numFmt: TWO_DECIMALS,
    total: 'sum',
  },
  { header: 'Rating', width: 8, value: (r) => r.rating, numFmt: WHOLE },
  { header: 'Job', width: 24, value: (r) => r.jobName },
  { header: 'Customer', width: 28, value: (r) => r.customerName },
  { header: 'Billing frequency', width: 18, value: (r) => r.customerBillingFrequency },
];

const ratingsColumns = (zone: string): ReportColumn<RatingsReportRow>[] => [
  { header: 'Customer', width: 28, value: (r) => r.customerName },
  { header: `Job date (${zone})`, width: 16, value: (r) => excelDate(r.jobDate, zone), numFmt: DATE_FORMAT },
  { header: 'Job', width: 24, value: (r) => r.jobName },
  { header: 'Job #', width: 10, value: (r) => r.jobNumber },
  { header: 'Associates', width: 28, value: (r) => r.associateName },
  { header: 'Rating', width: 8, value: (r) => r.rating, numFmt: WHOLE },
  { header: 'Comments', width: 60, value: (r) => r.comments },
];

@QueryHandler(ReportExport)
export class ReportExportHandler implements IQueryHandler<ReportExport> {
  /** A sheet's rows less the header and the totals (a test lowers it to see the refusal). */
  maxRows = REPORT_EXPORT_MAX_ROWS;

  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Counts first: over a sheet's rows, refused before any row is read. */
  async execute({ kind, organizationId, query }: ReportExport): Promise<PreparedExport> {
    const now = this.clock.now();
    const f = await resolveFilters(this.store, organizationId, query, now);
    const rows =
      kind === 'jobs' ? await countTimers(this.store, jobsFilter(f)) : await countRatings(this.store, ratingsFilter(f));
    if (rows > this.maxRows) throw new ValidationError(tooManyRows(rows, this.maxRows));
    const about: [string, string | Date][] = [
      ['Report', kind === 'jobs' ? 'Jobs Report' : 'Ratings Report'],
      ['From date', f.fromDate],
      ['To date', f.toDate],
      ['Time zone', f.timeZone],
      ['Customer', f.customer?.label ?? 'All customers'],
      ...(kind === 'jobs' ? [['Employee', f.employee?.fullName ?? 'All employees'] as [string, string]] : []),
      [`Exported at (${f.timeZone})`, excelDate(now.toISOString(), f.timeZone)!],
    ];
    const store = this.store;
    if (kind === 'jobs')
      return {
        rows,
        write: (out) =>
          writeReportWorkbook(
            out,
            'Jobs Report',
            jobsColumns(f.timeZone),
            rowsOf(reportTimersInOrder(store, jobsFilter(f)), (b) => jobsReportRows(store, organizationId, b)),
            about,
          ),
      };
    return {
      rows,
      write: (out) =>
        writeReportWorkbook(
          out,
          'Ratings Report',
          ratingsColumns(f.timeZone),
          rowsOf(reportRatingsInOrder(store, ratingsFilter(f)), (b) => ratingsReportRows(store, organizationId, b)),
          about,
        ),
    };
  }
}

async function* rowsOf<D, R>(batches: AsyncIterable<D[]>, toRows: (batch: D[]) => Promise<R[]>): AsyncGenerator<R[]> {
  for await (const batch of batches) yield await toRows(batch);
}
