import { pageWindow } from '../core/http/page-query.dto';
import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { NotFoundError, ValidationError } from '../core/errors';
import { EVENT_STORE, EventStore } from '../core/event-store/event-store.port';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { organizationUsers, organizationZone } from '../identity/identity.read-models';
import type { CurrentUser } from '../identity/current-user';
import { availabilityBlocks } from '../availability/availability-blocks';
import { resolveJobId } from '../scheduling/job-ids';
import { recordHistory } from '../audit/audit.queries';
import type { AuditEntry } from '../shared/audit';
import { isOpen } from '../scheduling/job-request.rules';
import { jobsBetweenAsOf } from '../as-of/schedule-as-of';
import { CalendarJob, findCalendarJob, isOwnJob, jobsBetween, seriesOccurrences } from '../scheduling/calendar-jobs';
import { canSeeJob, hiddenJobsFor, isHiddenJobId, visibleJobsFilter } from '../scheduling/job-visibility';
import { CLOCK, type Clock, isUuid } from '../core/clock';
import { POSITION_TOKENS, PositionTokens } from '../core/position-tokens';
import { liveCustomer } from '../customers/customers.read-models';
import { customerJobsPage, organizationSeries } from '../scheduling/scheduling.read-models';
import { CUSTOMER_JOBS_DAYS_AHEAD, CUSTOMER_JOBS_DAYS_BACK, type CustomerJobView } from '../shared/customers';
import { REPORT_DATE_FORMAT } from '../shared/reports';
import { calendarRange, dayIn, startRange } from '../scheduling/calendar-range';
import { askedMoment, type AsOfQuery, momentOf } from '../as-of/moment';
import { isoInstant } from '../core/zoned-time';
import { DateTime } from 'luxon';
import { CUSTOMER_JOBS_PAGE_SIZE, type Paged } from '../shared/paging';
import { jobViews } from './job-views';
import { calendarOrganization, calendarPerson, requestStatusesOf } from './calendar.read-models';
import { TurnBudget } from '../core/loop-turns';
import { submittedRatingsByJobIds } from '../ratings/ratings.read-models';

/** What a calendar asks: its range (MM/DD/YYYY in the organization's zone, or ISO instants) and, for the past, a moment. */
export interface CalendarAsked extends AsOfQuery {
  StartDate?: string;
  EndDate?: string;
}

/**
 * A calendar's jobs. The handler works out what the request leaves to the server, once: the organization's zone, the
 * range in it, the moment asked for (asOf or asOfPosition: the calendar as it stood then, read-only, with people's
 * names and colours and customers' names of then, and neither the jobs one may request nor an availability overlay,
 * since neither is kept as it was) and now.
 */
export class GetCalendarJobs {
  constructor(
    readonly viewer: CurrentUser,
    readonly asked: CalendarAsked,
    readonly scope: 'own' | 'organization',
    readonly also: {
      /** This employee's weekly availability in the range, as availability-only entries. */
      availabilityUserId?: string | null;
      /** Own calendar: the open jobs the viewer may request (when the organization allows picking up jobs). */
      requestable?: boolean;
    } = {},
  ) {}
}

@QueryHandler(GetCalendarJobs)
export class GetCalendarJobsHandler implements IQueryHandler<GetCalendarJobs> {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(POSITION_TOKENS) private readonly tokens: PositionTokens,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ viewer, asked, scope, also }: GetCalendarJobs) {
    const now = this.clock.now();
    const zone = await organizationZone(this.store, viewer.organizationId);
    const { from, to } = calendarRange(asked.StartDate, asked.EndDate, zone);
    // Staff may lay their own availability over their calendar; managers anyone's.
    const availabilityUserId = also.availabilityUserId || null;
    if (availabilityUserId && availabilityUserId !== viewer.userId && !viewer.claims.includes('jobs.crud'))
      throw new NotFoundError('The employee');
    const moment = await momentOf(this.store, viewer.organizationId, asked, this.tokens.of(viewer.organizationId));
    const asOfPosition = moment?.position ?? null;
    const requestable = also.requestable === true;
    if (asOfPosition !== null) {
      const own = isOwnJob(viewer.userId);
      const budget = await TurnBudget.begin();
      const visible = await visibleAsOf(this.store, viewer);
      const then = (await jobsBetweenAsOf(this.store, viewer.organizationId, from, to, asOfPosition))
        .filter(visible)
        .filter(scope === 'own' ? own : () => true);
      await budget.spent();
      return jobViews(this.store, viewer.organizationId, then, asOfPosition, budget);
    }
    const organization =
      requestable || availabilityUserId ? await calendarOrganization(this.store, viewer.organizationId) : null;
    const offered = (job: CalendarJob) =>
      !!organization?.pickUpJobsEnabled &&
      isOpen(job) &&
      !job.availabilityOnly &&
      Date.parse(job.start) > now.getTime();
    const own = isOwnJob(viewer.userId);
    // A week of fifty staff is thousands of jobs: reading them, their customers and their times are turns of their own.
    const budget = await TurnBudget.begin();
    const jobs = (await jobsBetween(this.store, viewer.organizationId, from, to))
      .filter(canSeeJob(viewer))
      .filter(scope === 'own' ? (job) => own(job) || offered(job) : () => true);
    await budget.spent();
    const blocks = availabilityUserId
      ? await availabilityBlocks(
          this.store,
          viewer.organizationId,
          await employeeOnCalendar(this.store, viewer.organizationId, availabilityUserId),
          organization ?? { timeZone: 'UTC', holidays: [] },
          from,
          to,
        )
      : [];
    const views = await jobViews(this.store, viewer.organizationId, [...jobs, ...blocks], null, budget);
    if (!requestable || !organization?.pickUpJobsEnabled) return views;
    const status = await requestStatusesOf(this.store, viewer.organizationId, viewer.userId);
    for (const view of views) view.requestStatus = status.get(view.id) ?? null;
    return views;
  }
}

/** The employee whose availability a calendar lays over its jobs: another organization's (or no such) id is a 404. */
async function employeeOnCalendar(store: ReadStore, organizationId: string, userId: string) {
  const person = isUuid(userId) ? await calendarPerson(store, organizationId, userId) : null;
  if (!person) throw new NotFoundError('The employee');
  return { id: person._id, fullName: person.fullName };
}

/**
 * My jobs from now on, soonest first: the next 30 days, at most 50; or as the schedule stood at a moment asked for
 * (asOf or asOfPosition), from that moment on.
 */
export class GetUpcomingJobs {
  constructor(
    readonly viewer: CurrentUser,
    readonly asked: AsOfQuery,
  ) {}
}

@QueryHandler(GetUpcomingJobs)
export class GetUpcomingJobsHandler implements IQueryHandler<GetUpcomingJobs> {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(POSITION_TOKENS) private readonly tokens: PositionTokens,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ viewer, asked }: GetUpcomingJobs) {
    const moment = await askedMoment(this.store, viewer.organizationId, asked, this.tokens.of(viewer.organizationId));
    // As of a moment: from its time on (for a position, the time of the organization's last change then).
    const now = moment?.since ?? this.clock.now();
    const asOfPosition = moment?.moment.position ?? null;
    const to = new Date(now.getTime() + 30 * 86_400_000);
    const visible = asOfPosition === null ? canSeeJob(viewer) : await visibleAsOf(this.store, viewer);
    const jobs = (
      asOfPosition === null
        ? await jobsBetween(this.store, viewer.organizationId, now, to)
        : await jobsBetweenAsOf(this.store, viewer.organizationId, now, to, asOfPosition)
    )
      .filter(isOwnJob(viewer.userId))
      .filter(visible)
      .slice(0, 50);
    return jobViews(this.store, viewer.organizationId, jobs, asOfPosition);
  }
}

export class GetJob {
  constructor(
    readonly viewer: CurrentUser,
    readonly jobId: string,
  ) {}
}

@QueryHandler(GetJob)
export class GetJobHandler implements IQueryHandler<GetJob> {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async execute({ viewer, jobId }: GetJob) {
    const job = await findCalendarJob(this.store, viewer.organizationId, jobId);
    if (!job || !canSeeJob(viewer)(job)) throw new NotFoundError('The job');
    return (await jobViews(this.store, viewer.organizationId, [job]))[0];
  }
}

/** The job's History in the audit log's words, oldest first; for an occurrence, its recurring job's entries that concern it. */
export class GetJobHistory {
  constructor(
    readonly viewer: CurrentUser,
    readonly jobId: string,
  ) {}
}

@QueryHandler(GetJobHistory)
export class GetJobHistoryHandler implements IQueryHandler<GetJobHistory> {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(POSITION_TOKENS) private readonly tokens: PositionTokens,
    @Inject(EVENT_STORE) private readonly log: EventStore,
  ) {}

  async execute({ viewer, jobId }: GetJobHistory): Promise<AuditEntry[]> {
    const target = resolveJobId(jobId);
    const job = await findCalendarJob(this.store, viewer.organizationId, jobId);
    if (job && !canSeeJob(viewer)(job)) throw new NotFoundError('The job');
    const codec = this.tokens.of(viewer.organizationId);
    return target.kind === 'job'
      ? recordHistory(
          { store: this.store, log: this.log },
          viewer.organizationId,
          { types: ['job'], id: target.jobId, label: 'The job', aboutJob: jobId },
          codec,
        )
      : recordHistory(
          { store: this.store, log: this.log },
          viewer.organizationId,
          { types: ['recurringJob'], id: target.seriesId, occurrenceId: jobId, label: 'The job', aboutJob: jobId },
          codec,
        );
  }
}

export class GetCustomerJobs {
  constructor(
    readonly viewer: CurrentUser,
    readonly customerId: string,
    readonly query: { currentPage?: number; pageSize?: number; fromDate?: string; toDate?: string },
  ) {}
}

type CustomerJobRow = Pick<CalendarJob, 'id' | 'name' | 'start' | 'end' | 'userIds' | 'leadUserId'> & {
  recurring: boolean;
};

/** Soonest first, ties by id; `latestFirst` turns both. */
const byStart = (latestFirst: boolean) => (a: CustomerJobRow, b: CustomerJobRow) => {
  const order = a.start < b.start ? -1 : a.start > b.start ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  return latestFirst ? -order : order;
};

/**
 * A customer's Jobs & Ratings (issue #26: it opens on today): its one-time jobs and the occurrences of recurring
 * jobs done for it that start in the days asked (30 days back to 60 ahead by default, customerJobsDays), today's
 * and upcoming ones first, soonest first, then the past ones, latest first, 10 a page; those hidden from the
 * viewer's schedule are left out as on the calendars. Each part of a page takes the first skip + pageSize one-time
 * jobs of its days from their index and merges them with the occurrences there, which are computed.
 */
@QueryHandler(GetCustomerJobs)
export class GetCustomerJobsHandler implements IQueryHandler<GetCustomerJobs> {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ viewer, customerId, query }: GetCustomerJobs): Promise<Paged<CustomerJobView>> {
    const now = this.clock.now();
    const organizationId = viewer.organizationId;
    if (!isUuid(customerId) || !(await liveCustomer(this.store, organizationId, customerId)))
      throw new NotFoundError('The customer');
    const { from, to, today } = customerJobsDays(
      query.fromDate,
      query.toDate,
      await organizationZone(this.store, organizationId),
      now,
    );
    const { skip, limit: pageSize } = pageWindow(query, CUSTOMER_JOBS_PAGE_SIZE);
    const visible = canSeeJob(viewer);
    const occurrences = (await organizationSeries(this.store, organizationId))
      .filter(
        (s) =>
          s.template.customerId === customerId || Object.values(s.overrides).some((o) => o.customerId === customerId),
      )
      .flatMap((s) => seriesOccurrences(s, new Date(from), new Date(to)))
      // seriesOccurrences gives those overlapping the days; a row is listed on the day it starts.
      .filter((job) => job.start >= from && job.start < to)
      .filter((job) => job.customerId === customerId && !job.availabilityOnly && visible(job));
    // Today and after, soonest first; then before today, latest first: the nearest visits open the table.
    const parts = [
      { starts: { from: today > from ? today : from, to }, latestFirst: false },
      { starts: { from, to: today < to ? today : to }, latestFirst: true },
    ];
    let total = 0;
    const ordered: CustomerJobRow[] = [];
    for (const { starts, latestFirst } of parts) {
      if (starts.from >= starts.to) continue;
      const { jobs, total: count } = await customerJobsPage(this.store, organizationId, customerId, {
        visible: visibleJobsFilter(viewer),
        limit: skip + pageSize,
        starts,
        order: latestFirst ? 'latest' : 'earliest',
      });
      const computed = occurrences.filter((o) => o.start >= starts.from && o.start < starts.to);
      total += count + computed.length;
      ordered.push(
        ...[
          ...jobs.map((j) => ({ ...j, id: j._id, recurring: false })),
          ...computed.map((o) => ({ ...o, recurring: true })),
        ]
          .sort(byStart(latestFirst))
          .slice(0, skip + pageSize),
      );
    }
    const rows = ordered.slice(skip, skip + pageSize);
    const users = new Map((await organizationUsers(this.store, organizationId)).map((u) => [u._id, u.fullName]));
    const ratings = await submittedRatingsByJobIds(
      this.store,
      organizationId,
      rows.map((r) => r.id),
    );
    const person = (id: string) => ({ id, fullName: users.get(id) ?? 'Former employee' });
    return {
      resultItems: rows.map((job) => {
        const review = ratings.get(job.id);
        return {
          id: job.id,
          name: job.name,
          startDateTime: job.start,
          endDateTime: job.end,
          users: job.userIds.map(person),
          leadUser: job.leadUserId ? person(job.leadUserId) : null,
          rating: review?.rating ?? null,
          review: review
            ? { rating: review.rating, comments: review.comments, edited: review.edited, original: review.original }
            : null,
          isRecurring: job.recurring,
        };
      }),
      totalRecords: total,
    };
  }
}

/**
 * The days of a customer's Jobs & Ratings as ISO instants (as jobs store their starts): [from, to) and the start of
 * today, in the organization's zone. fromDate and toDate are MM/DD/YYYY, both included; without them 30 days back to
 * 60 ahead, and one alone spans the same 91 days. Checked by startRange: dates, order, and at most a year.
 */
export function customerJobsDays(
  fromDate: string | undefined,
  toDate: string | undefined,
  zone: string,
  now: Date,
): { from: string; to: string; today: string } {
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  const span = CUSTOMER_JOBS_DAYS_BACK + CUSTOMER_JOBS_DAYS_AHEAD;
  const day = (value: string, name: string) => {
    const parsed = dayIn(value, zone);
    if (!parsed) throw new ValidationError(`${name} must be a date (MM/DD/YYYY)`);
    return parsed;
  };
  const first = fromDate
    ? day(fromDate, 'From date')
    : toDate
      ? day(toDate, 'To date').minus({ days: span })
      : today.minus({ days: CUSTOMER_JOBS_DAYS_BACK });
  const last = toDate
    ? day(toDate, 'To date')
    : fromDate
      ? first.plus({ days: span })
      : today.plus({ days: CUSTOMER_JOBS_DAYS_AHEAD });
  const range = startRange(first.toFormat(REPORT_DATE_FORMAT), last.toFormat(REPORT_DATE_FORMAT), zone);
  const instant = (iso: string | null) => isoInstant(Date.parse(iso!));
  return { from: instant(range.from), to: instant(range.to), today: isoInstant(today.toMillis()) };
}
/**
 * Which jobs of a moment's schedule the viewer sees: those visible to them then (hidden then, hidden as of then)
 * and not hidden from them now (a job hidden since is hidden from its past too).
 */
async function visibleAsOf(store: ReadStore, viewer: CurrentUser): Promise<(job: CalendarJob) => boolean> {
  const then = canSeeJob(viewer);
  const now = await hiddenJobsFor(store, viewer.organizationId, viewer);
  return (job) => then(job) && !isHiddenJobId(now, job.id);
}
