import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { everyWordIn } from '../core/read-store/search';
import {
  ORGANIZATION_TIMER_SEARCH_FIELDS,
  runningTimer,
  TIMER_SEARCH_FIELDS,
  TimerDoc,
  timersPage,
} from './timers.read-models';
import type { TimerView } from '../shared/timers';
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

/** A page of timers, newest first by default; `userId` null: the whole organization's. */
export class ListTimers {
  constructor(
    readonly organizationId: string,
    readonly userId: string | null,
    readonly query: { filter?: string; sortDir?: string; currentPage?: number; pageSize?: number },
  ) {}
}

@QueryHandler(ListTimers)
export class ListTimersHandler implements IQueryHandler<ListTimers> {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async execute({
    organizationId,
    userId,
    query,
  }: ListTimers): Promise<{ resultItems: TimerView[]; totalRecords: number }> {
    const filter: Record<string, unknown> = { organizationId, ...(userId ? { userId } : {}) };
    const words = everyWordIn(query.filter, userId ? TIMER_SEARCH_FIELDS : ORGANIZATION_TIMER_SEARCH_FIELDS);
    if (words) filter.$and = words;
    const direction = query.sortDir?.startsWith('asc') ? 1 : -1;
    const pageSize = query.pageSize ?? TIMERS_PAGE_SIZE;
    const { items, totalRecords } = await timersPage(this.store, filter, {
      sort: { createdAt: direction, sequence: direction },
      skip: ((query.currentPage ?? 1) - 1) * pageSize,
      limit: pageSize,
    });
    return { resultItems: items.map(timerView), totalRecords };
  }
}
