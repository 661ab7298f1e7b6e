import type { CommandMeta } from '../core/commands/aggregates';
import type { CurrentUser } from '../identity/current-user';
import type { RecurrenceRule } from './recurrence';
import type { JobFields } from './scheduling.events';

/** One-time when `rule` is null. */
export class ScheduleJob {
  constructor(
    readonly fields: JobFields,
    readonly rule: RecurrenceRule | null,
    readonly actor: CurrentUser,
    readonly meta: CommandMeta,
  ) {}
}

/** `scope` series: the whole recurring job, moved as much as this occurrence moves. */
export class ChangeJob {
  constructor(
    readonly jobId: string,
    readonly scope: 'occurrence' | 'series',
    readonly changes: Partial<JobFields>,
    readonly rule: RecurrenceRule | undefined,
    readonly actor: CurrentUser,
    readonly meta: CommandMeta,
  ) {}
}

export class DeleteJob {
  constructor(
    readonly jobId: string,
    readonly actor: CurrentUser,
    readonly meta: CommandMeta,
  ) {}
}

export class DeleteSeries {
  constructor(
    readonly seriesId: string,
    readonly actor: CurrentUser,
    readonly meta: CommandMeta,
  ) {}
}

export class AssignJob {
  constructor(
    readonly jobId: string,
    readonly userId: string,
    readonly actor: CurrentUser,
    readonly meta: CommandMeta,
  ) {}
}
