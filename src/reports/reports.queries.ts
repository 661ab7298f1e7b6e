import type { Writable } from 'node:stream';
import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DateTime } from 'luxon';
import { momentOf, ResolvedMoment } from '../as-of/moment';
import { POSITION_TOKENS, PositionCodec, PositionTokens } from '../core/position-tokens';
import { CLOCK, Clock } from '../core/clock';
import { PROJECTION_PROGRESS, ProjectionProgress } from '../core/commands/aggregates';
import { ValidationError } from '../core/errors';
import { pageWindow } from '../core/http/page-query.dto';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { organizationById } from '../identity/identity.read-models';
import type { JobViewer } from '../scheduling/job-visibility';
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
import { averageOf, hoursBetween, milesBetween, ResolvedFilters, resolveFilters, round2 } from './report-filters';
import { jobsReportRows, ratingsReportRows } from './report-rows';
import { ReportSource, sourceAt, sourceNow } from './report-source';
import {
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  excelDate,
  ReportColumn,
  PrintedHeader,
  TWO_DECIMALS,
  writeReportWorkbook,
} from '../core/spreadsheets/report-workbook';

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
    /** Rows of jobs hidden from this viewer are left out (src/scheduling/job-visibility.ts). */
    readonly viewer: JobViewer,
  ) {}
}

export class ReportSummary {
  constructor(
    readonly kind: ReportKind,
    readonly organizationId: string,
    readonly query: ReportFilters,
    /** Rows of jobs hidden from this viewer are left out (src/scheduling/job-visibility.ts). */
    readonly viewer: JobViewer,
  ) {}
}

export class ReportExport {
  constructor(
    readonly kind: ReportKind,
    readonly organizationId: string,
    readonly query: ReportFilters,
    /** Rows of jobs hidden from this viewer are left out (src/scheduling/job-visibility.ts). */
    readonly viewer: JobViewer,
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

/**
 * Where a report reads: the read models as they are now, or with `asOf` or `asOfPosition` the report history at
 * that moment (a bad moment is a 400).
 */
async function sourceFor(
  store: ReadStore,
  organizationId: string,
  query: ReportFilters,
  codec: PositionCodec,
): Promise<{ source: ReportSource; moment: ResolvedMoment | null }> {
  const moment = await momentOf(store, organizationId, query, codec);
  return {
    source: moment ? sourceAt(store, organizationId, moment.position) : sourceNow(store, organizationId),
    moment,
  };
}

@QueryHandler(ReportPage)
export class ReportPageHandler implements IQueryHandler<ReportPage> {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(POSITION_TOKENS) private readonly tokens: PositionTokens,
  ) {}

  async execute({ kind, organizationId, query, viewer }: ReportPage): Promise<Paged<JobsReportRow | RatingsReportRow>> {
    const { source } = await sourceFor(this.store, organizationId, query, this.tokens.of(organizationId));
    const filters = await resolveFilters(this.store, organizationId, query, this.clock.now(), viewer, source.customer);
    const window = pageWindow(query, REPORTS_PAGE_SIZE);
    if (kind === 'jobs') {
      const [timers, totalRecords] = await Promise.all([
        source.timersPage(filters, direction(query.sortDir), window),
        source.countTimers(filters),
      ]);
      return { resultItems: await jobsReportRows(source, timers), totalRecords };
    }
    const [ratings, totalRecords] = await Promise.all([
      source.ratingsPage(filters, direction(query.sortDir), window),
      source.countRatings(filters),
    ]);
    return { resultItems: await ratingsReportRows(source, ratings), totalRecords };
  }
}

@QueryHandler(ReportSummary)
export class ReportSummaryHandler implements IQueryHandler<ReportSummary> {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(POSITION_TOKENS) private readonly tokens: PositionTokens,
  ) {}

  async execute({
    kind,
    organizationId,
    query,
    viewer,
  }: ReportSummary): Promise<JobsReportSummary | RatingsReportSummary> {
    const { source } = await sourceFor(this.store, organizationId, query, this.tokens.of(organizationId));
    const filters = await resolveFilters(this.store, organizationId, query, this.clock.now(), viewer, source.customer);
    return kind === 'jobs' ? this.jobs(source, filters) : this.ratings(source, filters);
  }

  /** Every timer of the range, a batch at a time: the totals and the hours by employee and by customer. */
  private async jobs(source: ReportSource, f: ResolvedFilters): Promise<JobsReportSummary> {
    let rows = 0;
    let hours = 0;
    let mileage = 0;
    const byEmployee = new Map<string, { name: string; hours: number }>();
    const byCustomer = new Map<string, number>();
    const jobRatings = new Map<string, number>();
    for await (const batch of source.timersInOrder(f)) {
      const ratings = await source.jobRatings([
        ...new Set(batch.map((t) => t.jobId).filter((id): id is string => !!id)),
      ]);
      for (const [jobId, rating] of ratings) if (rating !== null) jobRatings.set(jobId, rating);
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
    // The charts show the most hours: the rest is one 'Other …' entry, and only the names shown are looked up (a
    // year of a big company touches tens of thousands of customers; reading all their names held the loop for seconds).
    const topCustomers = mostHours(
      [...byCustomer].map(([id, h]) => ({ id, name: null, hours: h })),
      'Other customers',
    );
    const customers = await source.customers(topCustomers.flatMap((c) => (c.id ? [c.id] : [])));
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
      hoursByEmployee: mostHours(
        [...byEmployee].map(([id, e]) => ({ id, name: e.name, hours: e.hours })),
        'Other employees',
      ).map((e) => ({ name: e.name!, hours: e.hours })),
      hoursByCustomer: topCustomers.map((c) => ({
        name: c.name ?? (c.id ? (customers.get(c.id)?.label ?? 'Unknown customer') : 'No customer'),
        hours: c.hours,
      })),
    };
  }

  /**
   * Every rating of the range: the totals, how many gave each number of stars, and the average by week or month. The
   * series is built from the ratings read, from the first period that has one to the last (the weeks between without
   * any filled in), never from the calendar: its cost follows the data, not the range asked.
   */
  private async ratings(source: ReportSource, f: ResolvedFilters): Promise<RatingsReportSummary> {
    const from = DateTime.fromISO(f.range.from, { zone: f.timeZone });
    const to = DateTime.fromISO(f.range.to, { zone: f.timeZone });
    const periodUnit = to.diff(from, 'weeks').weeks <= 16 ? 'week' : 'month';
    const counts = [0, 0, 0, 0, 0];
    const all: number[] = [];
    const byPeriod = new Map<string, { stars: number[]; ratings: number }>();
    let ratings = 0;
    for await (const batch of source.ratingsInOrder(f)) {
      for (const r of batch) {
        ratings++;
        const key = DateTime.fromISO(r.jobStartsAt, { zone: f.timeZone }).startOf(periodUnit).toISODate()!;
        const period = byPeriod.get(key) ?? { stars: [], ratings: 0 };
        byPeriod.set(key, period);
        period.ratings++;
        if (r.rating === null) continue;
        counts[r.rating - 1]++;
        all.push(r.rating);
        period.stars.push(r.rating);
      }
    }
    return {
      timeZone: f.timeZone,
      fromDate: f.fromDate,
      toDate: f.toDate,
      totals: { ratings, averageRating: averageOf(all) },
      distribution: counts.map((count, i) => ({ rating: i + 1, count })),
      averageOverTime: periodsBetween([...byPeriod.keys()], periodUnit, f.timeZone).map((period) => {
        const p = byPeriod.get(period);
        return { period, averageRating: averageOf(p?.stars ?? []), ratings: p?.ratings ?? 0 };
      }),
      periodUnit,
    };
  }
}

/** Entries a summary's chart lists by name, most hours first; the rest add up to one entry. */
export const SUMMARY_TOP = 25;

export interface HoursOf {
  /** A user's or customer's id ('' for timers without a customer). */
  id: string;
  /** Null: to be looked up. */
  name: string | null;
  hours: number;
}

/** The SUMMARY_TOP entries with the most hours (rounded), most first; when there are more, one `others` with the rest. */
export function mostHours(entries: HoursOf[], others: string): HoursOf[] {
  const sorted = entries.sort((a, b) => b.hours - a.hours);
  const top = sorted.slice(0, SUMMARY_TOP).map((e) => ({ ...e, hours: round2(e.hours) }));
  if (sorted.length <= SUMMARY_TOP) return top;
  const rest = sorted.slice(SUMMARY_TOP).reduce((sum, e) => sum + e.hours, 0);
  return [...top, { id: '', name: others, hours: round2(rest) }];
}

/** The periods (ISO dates of their first day) from the earliest to the latest of `found`, in order. */
function periodsBetween(found: string[], unit: 'week' | 'month', zone: string): string[] {
  if (!found.length) return [];
  const sorted = [...found].sort();
  const last = sorted[sorted.length - 1];
  const out: string[] = [];
  // Bounded: the range a summary reads is at most DATE_RANGE_MAX_DAYS long.
  for (let p = DateTime.fromISO(sorted[0], { zone }); p.toISODate()! <= last; p = p.plus({ [`${unit}s`]: 1 }))
    out.push(p.toISODate()!);
  return out;
}

/*
 * Widths in characters, chosen for print: a page's width holds every column (fit to width), text wraps within its
 * column, and a number or date always fits its own (Excel and LibreOffice print "###" for one that does not).
 */
const jobsColumns = (zone: string): ReportColumn<JobsReportRow>[] => [
  { header: 'Employee', width: 20, value: (r) => r.associateName },
  { header: 'Label', width: 26, value: (r) => r.label },
  { header: 'Type', width: 11, value: (r) => r.timerType },
  { header: `Start (${zone})`, width: 20, value: (r) => excelDate(r.startDateTime, zone), numFmt: DATE_TIME_FORMAT },
  { header: `End (${zone})`, width: 20, value: (r) => excelDate(r.endDateTime, zone), numFmt: DATE_TIME_FORMAT },
  { header: 'Hours', width: 9, value: (r) => r.hours, numFmt: TWO_DECIMALS, total: 'sum' },
  { header: 'Mileage start', width: 10, value: (r) => r.mileageStart, numFmt: TWO_DECIMALS },
  { header: 'Mileage end', width: 10, value: (r) => r.mileageEnd, numFmt: TWO_DECIMALS },
  {
    header: 'Miles',
    width: 9,
    value: (r) => (r.timerType === 'Mileage' && r.endDateTime ? milesBetween(r.mileageStart, r.mileageEnd) : null),
    numFmt: TWO_DECIMALS,
    total: 'sum',
  },
  // Spec §9: hours and rating report values to 2 decimals.
  { header: 'Rating', width: 8, value: (r) => r.rating, numFmt: TWO_DECIMALS },
  { header: 'Job', width: 26, value: (r) => r.jobName },
  { header: 'Customer', width: 22, value: (r) => r.customerName },
  { header: 'Billing frequency', width: 11, value: (r) => r.customerBillingFrequency },
];

const ratingsColumns = (zone: string): ReportColumn<RatingsReportRow>[] => [
  { header: 'Customer', width: 22, value: (r) => r.customerName },
  { header: `Job date (${zone})`, width: 19, value: (r) => excelDate(r.jobDate, zone), numFmt: DATE_FORMAT },
  { header: 'Job', width: 26, value: (r) => r.jobName },
  { header: 'Job #', width: 10, value: (r) => r.jobNumber },
  { header: 'Associates', width: 24, value: (r) => r.associateName },
  // Wide enough for the totals row's "Average 4.25".
  { header: 'Rating', width: 13, value: (r) => r.rating, numFmt: TWO_DECIMALS, total: 'average' },
  { header: 'Comments', width: 60, value: (r) => r.comments },
];

@QueryHandler(ReportExport)
export class ReportExportHandler implements IQueryHandler<ReportExport> {
  /** A sheet's rows less the header and the totals (a test lowers it to see the refusal). */
  maxRows = REPORT_EXPORT_MAX_ROWS;

  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    @Inject(POSITION_TOKENS) private readonly tokens: PositionTokens,
  ) {}

  /**
   * Counts first: over a sheet's rows, refused before any row is read. Every export reads the report history at
   * one position: the moment's, or else the position the read models have reached as it starts, so its rows are
   * one consistent state while writes go on, and exporting again with asOfPosition = that position gives them
   * again. The second sheet records it.
   */
  async execute({ kind, organizationId, query, viewer }: ReportExport): Promise<PreparedExport> {
    const now = this.clock.now();
    const codec = this.tokens.of(organizationId);
    const moment = await momentOf(this.store, organizationId, query, codec);
    // No further than the read models have reached: a position past it (a later asOfPosition) would take in events
    // appended after the export, and exporting again at the recorded position must give the same rows.
    const reached = (await this.progress.processed())?.commit ?? 0;
    const position = moment ? Math.min(moment.position, reached) : reached;
    const source = sourceAt(this.store, organizationId, position);
    const f = await resolveFilters(this.store, organizationId, query, now, viewer, source.customer);
    const rows = kind === 'jobs' ? await source.countTimers(f) : await source.countRatings(f);
    if (rows > this.maxRows) throw new ValidationError(tooManyRows(rows, this.maxRows));
    // The customer (resolved through the source) and the employee named as they were at that position too (as they
    // are now if they were not yet).
    const staff = await source.staffNames(f.employee ? [f.employee._id] : []);
    const about: [string, string | number | Date][] = [
      ['Report', kind === 'jobs' ? 'Jobs Report' : 'Ratings Report'],
      ['From date', f.fromDate],
      ['To date', f.toDate],
      ['Time zone', f.timeZone],
      ['Customer', f.customer ? f.customer.label : 'All customers'],
      ...(kind === 'jobs'
        ? [
            ['Employee', f.employee ? (staff.get(f.employee._id) ?? f.employee.fullName) : 'All employees'] as [
              string,
              string,
            ],
          ]
        : []),
      ...(moment ? [['As of', moment.when] as [string, string]] : []),
      // The position as the organization's token: exporting again with asOfPosition set to it gives these rows.
      ['Event position', codec.encode(position)],
      [`Exported at (${f.timeZone})`, excelDate(now.toISOString(), f.timeZone)!],
    ];
    const printed: PrintedHeader = {
      organization: (await organizationById(this.store, organizationId))?.name ?? '',
      range: `${f.fromDate} – ${f.toDate} (${f.timeZone})`,
    };
    if (kind === 'jobs')
      return {
        rows,
        write: (out) =>
          writeReportWorkbook(
            out,
            'Jobs Report',
            jobsColumns(f.timeZone),
            rowsOf(source.timersInOrder(f), (b) => jobsReportRows(source, b)),
            about,
            printed,
          ),
      };
    return {
      rows,
      write: (out) =>
        writeReportWorkbook(
          out,
          'Ratings Report',
          ratingsColumns(f.timeZone),
          rowsOf(source.ratingsInOrder(f), (b) => ratingsReportRows(source, b)),
          about,
          printed,
        ),
    };
  }
}

async function* rowsOf<D, R>(batches: AsyncIterable<D[]>, toRows: (batch: D[]) => Promise<R[]>): AsyncGenerator<R[]> {
  for await (const batch of batches) yield await toRows(batch);
}
