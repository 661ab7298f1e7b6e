import { pageWindow } from '../core/http/page-query.dto';
import { Inject } from '@nestjs/common';
import { hiddenJobsFor, isHiddenJobId, JobViewer, notHiddenFilter } from '../scheduling/job-visibility';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { startRange } from '../scheduling/calendar-range';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { organizationZone } from '../identity/identity.read-models';
import { everyWordIn } from '../core/read-store/search';
import { reviewWhat } from './offline.rules';
import { approvedTimesheetsOf } from './locked-times';
import {
  ORGANIZATION_TIMER_SEARCH_FIELDS,
  pendingTimeReviews,
  TimeReviewDoc,
  runningTimer,
  runningTimers,
  TIMER_SEARCH_FIELDS,
  TimerDoc,
  timersPage,
  timerTotals,
} from './timers.read-models';
import {
  TIMER_TOTALS_MAX_DAYS,
  type TimeReviewView,
  type TimeReviewsView,
  type TimersPage,
  type TimerView,
} from '../shared/timers';
import { TIMERS_PAGE_SIZE } from '../shared/paging';

export function timerView(doc: TimerDoc): TimerView {
  return {
    id: doc._id,
    type: doc.type,
    startDateTime: doc.startDateTime,
    endDateTime: doc.endDateTime,
    mileageStart: doc.mileageStart,
    mileageEnd: doc.mileageEnd,
    jobId: doc.jobId,
    jobName: doc.jobName,
    label: doc.label,
    userId: doc.userId,
    userFullName: doc.userFullName,
    customerName: doc.customerName,
    createdAt: doc.createdAt,
  };
}

/** The user's running timer, or null. */
export class GetCurrentTimer {
  constructor(
    readonly organizationId: string,
    readonly userId: string,
  ) {}
}

@QueryHandler(GetCurrentTimer)
export class GetCurrentTimerHandler implements IQueryHandler<GetCurrentTimer> {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async execute({ organizationId, userId }: GetCurrentTimer): Promise<TimerView | null> {
    const running = await runningTimer(this.store, organizationId, userId);
    return running ? timerView(running) : null;
  }
}

/** Who is on the clock now in the organization: its running timers, the longest running first. */
export class ListRunningTimers {
  constructor(
    readonly organizationId: string,
    /** Timers on a job hidden from this viewer are left out (src/scheduling/job-visibility.ts). */
    readonly viewer: JobViewer,
  ) {}
}

@QueryHandler(ListRunningTimers)
export class ListRunningTimersHandler implements IQueryHandler<ListRunningTimers> {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async execute({ organizationId, viewer }: ListRunningTimers): Promise<TimerView[]> {
    const running = await runningTimers(this.store, organizationId);
    const hidden = await hiddenJobsFor(this.store, organizationId, viewer);
    return running.filter((t) => !isHiddenJobId(hidden, t.jobId)).map(timerView);
  }
}

/** A page of timers, newest first by default; `userId` null: the whole organization's. */
export class ListTimers {
  constructor(
    readonly organizationId: string,
    readonly userId: string | null,
    readonly query: {
      filter?: string;
      sortDir?: string;
      currentPage?: number;
      pageSize?: number;
      /** MM/DD/YYYY, whole days in the organization's time zone: timers that start in the range. */
      fromDate?: string;
      toDate?: string;
    },
  ) {}
}

@QueryHandler(ListTimers)
export class ListTimersHandler implements IQueryHandler<ListTimers> {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async execute({ organizationId, userId, query }: ListTimers): Promise<TimersPage> {
    const filter: Record<string, unknown> = { organizationId, ...(userId ? { userId } : {}) };
    const range =
      query.fromDate || query.toDate
        ? startRange(query.fromDate, query.toDate, await organizationZone(this.store, organizationId))
        : { from: null, to: null };
    if (range.from || range.to)
      filter.startsAt = { ...(range.from ? { $gte: range.from } : {}), ...(range.to ? { $lt: range.to } : {}) };
    const words = everyWordIn(query.filter, userId ? TIMER_SEARCH_FIELDS : ORGANIZATION_TIMER_SEARCH_FIELDS);
    if (words) filter.$and = words;
    const direction = query.sortDir?.startsWith('asc') ? 1 : -1;
    const { items, totalRecords } = await timersPage(this.store, filter, {
      sort: { createdAt: direction, sequence: direction },
      ...pageWindow(query, TIMERS_PAGE_SIZE),
    });
    const totalled =
      range.from &&
      range.to &&
      Date.parse(range.to) - Date.parse(range.from) <= TIMER_TOTALS_MAX_DAYS * 86_400_000 + 3_600_000; // an hour for a DST change
    const locks = await approvedTimesheetsOf(this.store, organizationId, items);
    return {
      resultItems: items.map((doc, i) => ({ ...timerView(doc), approvedTimesheet: locks[i] })),
      totalRecords,
      totals: totalled ? await timerTotals(this.store, filter) : null,
    };
  }
}

export function timeReviewView(doc: TimeReviewDoc): TimeReviewView {
  return {
    id: doc._id,
    userId: doc.userId,
    userFullName: doc.userFullName,
    act: doc.act,
    what: reviewWhat(doc.act, doc.timer),
    timer: doc.timer,
    deviceTime: doc.deviceTime,
    receivedAt: doc.receivedAt,
    reason: doc.reason,
  };
}

/** The organization's times sent later from phones, waiting for a manager, by person, the oldest first. */
export class ListTimeReviews {
  constructor(
    readonly organizationId: string,
    /** Reviews of time on a job hidden from this viewer are left out, as on the running list. */
    readonly viewer: JobViewer,
  ) {}
}

@QueryHandler(ListTimeReviews)
export class ListTimeReviewsHandler implements IQueryHandler<ListTimeReviews> {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async execute({ organizationId, viewer }: ListTimeReviews): Promise<TimeReviewsView> {
    const hidden = await hiddenJobsFor(this.store, organizationId, viewer);
    const { total, people } = await pendingTimeReviews(this.store, organizationId, notHiddenFilter(hidden));
    return { total, people: people.map((p) => ({ ...p, reviews: p.reviews.map(timeReviewView) })) };
  }
}
