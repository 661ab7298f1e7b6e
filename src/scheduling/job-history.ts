import { DateTime } from 'luxon';
import type { RecordedEvent } from '../core/event-store/event-store.port';
import type { RecurrenceRule } from './recurrence';
import type { JobChanges, JobEvent, JobSeriesEvent } from './scheduling.events';

/** One line of a job's history: what happened, in words, with old → new values; who; when. */
export interface HistoryEntry {
  type: string;
  at: string;
  when: string;
  who: string;
  what: string;
  changes: { field: string; from: string; to: string }[];
}

export interface HistoryContext {
  timeZone: string;
  userName(id: string): string;
}

const LABELS: Record<string, string> = {
  name: 'Name',
  notes: 'Notes',
  number: 'Job number',
  type: 'Job type',
  start: 'Start',
  end: 'End',
  userIds: 'Assigned',
  leadUserId: 'Lead',
  customerId: 'Customer',
  colorOption: 'Colour',
  hideFromScheduleView: 'Hidden from the schedule view',
  availabilityOnly: 'Availability only',
};

export function describeRule(rule: RecurrenceRule): string {
  const until = rule.expireDate ? ` until ${DateTime.fromISO(rule.expireDate).toFormat('d LLL yyyy')}` : '';
  switch (rule.frequency) {
    case 'Daily':
      return `Daily${until}`;
    case 'Monthly':
      return `Monthly${until}`;
    case 'Weekly': {
      const days = rule.days.map((d) => d[0].toUpperCase() + d.slice(1, 3)).join(', ');
      return `${rule.weeklyRecurrence === 1 ? 'Weekly' : `Every ${rule.weeklyRecurrence} weeks`} on ${days}${until}`;
    }
  }
}

function show(field: string, value: unknown, ctx: HistoryContext): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'start' || field === 'end')
    return DateTime.fromISO(String(value), { zone: 'utc' }).setZone(ctx.timeZone).toFormat('ccc d LLL yyyy, h:mm a');
  if (field === 'userIds')
    return (value as string[]).length ? (value as string[]).map(ctx.userName).join(', ') : 'nobody';
  if (field === 'leadUserId') return ctx.userName(String(value));
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

function changeLines(changes: JobChanges, ctx: HistoryContext) {
  return Object.entries(changes).map(([field, c]) => ({
    field: LABELS[field] ?? field,
    from: show(field, c!.from, ctx),
    to: show(field, c!.to, ctx),
  }));
}

const WHAT: Record<string, string> = {
  JobScheduled: 'Job created',
  JobChanged: 'Job changed',
  JobDeleted: 'Job deleted',
  JobSeriesScheduled: 'Recurring job created',
  JobSeriesChanged: 'Whole series changed',
  OccurrenceChanged: 'This occurrence changed',
  OccurrenceDeleted: 'This occurrence deleted',
  JobSeriesDeleted: 'Whole series deleted',
};

/** Reads one recorded event of a job's stream as a sentence for the History view. */
export function describeJobEvent(event: RecordedEvent, ctx: HistoryContext): HistoryEntry {
  const e = { type: event.type, data: event.data } as JobEvent | JobSeriesEvent;
  const actor = event.metadata.actorUserId;
  let changes: HistoryEntry['changes'] = [];
  let what = WHAT[e.type] ?? e.type;
  switch (e.type) {
    case 'JobScheduled':
    case 'JobSeriesScheduled': {
      const { name, start, end, userIds, leadUserId } = e.data;
      changes = [
        { field: 'Name', from: '—', to: name },
        { field: 'Start', from: '—', to: show('start', start, ctx) },
        { field: 'End', from: '—', to: show('end', end, ctx) },
        { field: 'Assigned', from: '—', to: show('userIds', userIds, ctx) },
        { field: 'Lead', from: '—', to: show('leadUserId', leadUserId, ctx) },
      ];
      if (e.type === 'JobSeriesScheduled') what = `Recurring job created: ${describeRule(e.data.rule)}`;
      break;
    }
    case 'JobChanged':
    case 'OccurrenceChanged':
      changes = changeLines(e.data.changes, ctx);
      break;
    case 'JobSeriesChanged':
      changes = changeLines(e.data.changes, ctx);
      if (e.data.rule)
        changes.push({ field: 'Repeat', from: describeRule(e.data.rule.from), to: describeRule(e.data.rule.to) });
      break;
    case 'JobRequested':
      what = `${ctx.userName(e.data.userId)} requested to pick up this job`;
      break;
    case 'JobRequestApproved': {
      const others = e.data.notChosen.map((r) => ctx.userName(r.userId));
      what = `${ctx.userName(e.data.userId)}'s request approved${others.length ? `; not chosen: ${others.join(', ')}` : ''}`;
      changes = changeLines(e.data.changes, ctx);
      break;
    }
    case 'JobRequestDenied':
      what = `${ctx.userName(e.data.userId)}'s request denied`;
      break;
  }
  return {
    type: e.type,
    at: event.metadata.timestamp,
    when: DateTime.fromISO(event.metadata.timestamp, { zone: 'utc' })
      .setZone(ctx.timeZone)
      .toFormat('ccc d LLL yyyy, h:mm:ss a ZZZZ'),
    who: actor ? ctx.userName(actor) : 'System',
    what,
    changes,
  };
}
