import { DateTime } from 'luxon';
import { Decider } from '../core/decider';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors';
import { timeZoneProblem } from '../identity/organization.decider';
import { applyChanges, checkJob, cleanFields, diff } from './job.rules';
import {
  isPlannedOn,
  localDateOf,
  occurrenceId,
  plannedStart,
  RecurrenceRule,
  recurrenceProblem,
  SeriesTiming,
  WEEKDAYS,
} from './recurrence';
import { JobFields, JobSeriesEvent } from './scheduling.events';
import { decideRequest, evolveBook, RequestBook, RequestCommand } from './job-request.rules';

/**
 * A recurring job. Its template holds the first occurrence's fields; every other occurrence is the
 * template moved to its planned date, plus what was changed on that occurrence alone ("this event").
 * A series edit changes the template, never those per-occurrence changes.
 */
export type JobSeriesCommand =
  | {
      type: 'ScheduleSeries';
      seriesId: string;
      organizationId: string;
      fields: JobFields;
      timeZone: string;
      rule: RecurrenceRule;
      actorIsCompanyAdmin: boolean;
    }
  | {
      type: 'ChangeSeries';
      organizationId: string;
      changes: Partial<JobFields>;
      rule?: RecurrenceRule;
      /** The occurrence the edit was made from: a new start/end moves every occurrence by as much as it moves this one. */
      fromDate?: string;
      actorIsCompanyAdmin: boolean;
    }
  | {
      type: 'ChangeOccurrence';
      organizationId: string;
      localDate: string;
      changes: Partial<JobFields>;
      actorIsCompanyAdmin: boolean;
    }
  | { type: 'AssignOccurrence'; organizationId: string; localDate: string; userId: string }
  | { type: 'DeleteOccurrence'; organizationId: string; localDate: string }
  | { type: 'DeleteSeries'; organizationId: string }
  /** A request to pick up the occurrence, or a manager's answer to one. */
  | { type: 'PickUpOccurrence'; organizationId: string; localDate: string; request: RequestCommand };

export interface ScheduledSeries {
  status: 'scheduled';
  seriesId: string;
  organizationId: string;
  timeZone: string;
  rule: RecurrenceRule;
  template: JobFields;
  /** Per local date: what was changed on that occurrence alone. */
  overrides: Record<string, Partial<JobFields>>;
  deleted: string[];
  /** Per local date: requests to pick up that occurrence. */
  requests: Record<string, RequestBook>;
}

export type JobSeriesState =
  { status: 'none' } | { status: 'deleted'; requests: Record<string, RequestBook> } | ScheduledSeries;

export const seriesTiming = (s: Pick<ScheduledSeries, 'template' | 'timeZone' | 'rule'>): SeriesTiming => ({
  start: s.template.start,
  durationMinutes: (Date.parse(s.template.end) - Date.parse(s.template.start)) / 60_000,
  timeZone: s.timeZone,
  rule: s.rule,
});

/** The occurrence planned on `localDate` as it stands: the template on that date, plus its own changes. */
export function occurrenceFields(s: ScheduledSeries, localDate: string): JobFields {
  const start = plannedStart(seriesTiming(s), localDate);
  const end = new Date(Date.parse(start) + Date.parse(s.template.end) - Date.parse(s.template.start))
    .toISOString()
    .replace('.000Z', 'Z');
  return { ...s.template, start, end, ...s.overrides[localDate] };
}

/** An occurrence exists when the rule plans it (or it was changed on its own) and it was not deleted. */
export function occurrenceExists(s: ScheduledSeries, localDate: string): boolean {
  if (s.deleted.includes(localDate)) return false;
  return localDate in s.overrides || isPlannedOn(seriesTiming(s), localDate);
}

/** Moves the template as a series edit moved one occurrence: by whole local days, to the new local time. */
function movedTemplate(
  s: ScheduledSeries,
  fromDate: string,
  start: string,
  end: string,
): { start: string; end: string; dayShift: number } {
  const zone = s.timeZone;
  const reference = DateTime.fromISO(plannedStart(seriesTiming(s), fromDate), { zone: 'utc' }).setZone(zone);
  const target = DateTime.fromISO(start, { zone: 'utc' }).setZone(zone);
  const dayShift = Math.round(target.startOf('day').diff(reference.startOf('day'), 'days').days);
  const first = DateTime.fromISO(s.template.start, { zone: 'utc' })
    .setZone(zone)
    .plus({ days: dayShift })
    .set({ hour: target.hour, minute: target.minute, second: 0, millisecond: 0 });
  const duration = Date.parse(end) - Date.parse(start);
  const iso = (d: DateTime) => d.toUTC().toISO({ suppressMilliseconds: true })!;
  return { start: iso(first), end: iso(first.plus({ milliseconds: duration })), dayShift };
}

const shiftDays = (rule: RecurrenceRule, days: number): RecurrenceRule =>
  days % 7 === 0 || rule.frequency !== 'Weekly'
    ? rule
    : {
        ...rule,
        days: WEEKDAYS.filter((d) =>
          rule.days.some((r) => (WEEKDAYS.indexOf(r) + days + 700) % 7 === WEEKDAYS.indexOf(d)),
        ),
      };

function checkRule(rule: RecurrenceRule, start: string, timeZone: string) {
  const problem = recurrenceProblem(rule, start, timeZone);
  if (problem) throw new ValidationError(problem);
}

export const jobSeriesDecider: Decider<JobSeriesCommand, JobSeriesState, JobSeriesEvent> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    if (event.type === 'JobSeriesScheduled') {
      const { seriesId, organizationId, timeZone, rule, ...template } = event.data;
      return {
        status: 'scheduled',
        seriesId,
        organizationId,
        timeZone,
        rule,
        template,
        overrides: {},
        deleted: [],
        requests: {},
      };
    }
    if (state.status !== 'scheduled') return state;
    const closeRequests = (date: string) => ({
      ...state.requests,
      [date]: evolveBook(state.requests[date] ?? {}, { type: 'JobDeleted' }),
    });
    switch (event.type) {
      case 'JobSeriesChanged':
        return {
          ...state,
          template: applyChanges(state.template, event.data.changes),
          rule: event.data.rule?.to ?? state.rule,
        };
      case 'OccurrenceChanged': {
        const date = localDateOf(event.data.originalStart, state.timeZone);
        return {
          ...state,
          overrides: { ...state.overrides, [date]: applyChanges(state.overrides[date] ?? {}, event.data.changes) },
        };
      }
      case 'OccurrenceDeleted': {
        const date = localDateOf(event.data.originalStart, state.timeZone);
        return { ...state, deleted: [...state.deleted, date], requests: closeRequests(date) };
      }
      case 'JobSeriesDeleted':
        return {
          status: 'deleted',
          requests: Object.fromEntries(Object.keys(state.requests).map((date) => [date, closeRequests(date)[date]])),
        };
      case 'JobRequested':
      case 'JobRequestApproved':
      case 'JobRequestDenied':
      case 'JobRequestCancelled': {
        const date = localDateOf(event.data.originalStart, state.timeZone);
        const requests = { ...state.requests, [date]: evolveBook(state.requests[date] ?? {}, event) };
        if (event.type !== 'JobRequestApproved') return { ...state, requests };
        return {
          ...state,
          requests,
          overrides: { ...state.overrides, [date]: applyChanges(state.overrides[date] ?? {}, event.data.changes) },
        };
      }
    }
  },

  decide(command, state) {
    if (command.type === 'ScheduleSeries') {
      if (state.status !== 'none') throw new ConflictError('This recurring job already exists.');
      const fields = cleanFields(command.fields);
      checkJob(fields, null, command.actorIsCompanyAdmin);
      const zoneProblem = timeZoneProblem(command.timeZone);
      if (zoneProblem) throw new ValidationError(zoneProblem);
      checkRule(command.rule, fields.start, command.timeZone);
      return [
        {
          type: 'JobSeriesScheduled',
          data: {
            seriesId: command.seriesId,
            organizationId: command.organizationId,
            timeZone: command.timeZone,
            rule: command.rule,
            ...fields,
          },
        },
      ];
    }
    if (state.status !== 'scheduled' || state.organizationId !== command.organizationId)
      throw new NotFoundError('The recurring job');
    const ids = { seriesId: state.seriesId, organizationId: state.organizationId };
    const occurrence = (localDate: string) => {
      if (!occurrenceExists(state, localDate)) throw new NotFoundError('The job');
      return {
        occurrenceId: occurrenceId(state.seriesId, localDate),
        originalStart: plannedStart(seriesTiming(state), localDate),
        fields: occurrenceFields(state, localDate),
      };
    };
    switch (command.type) {
      case 'ChangeSeries': {
        const wanted = cleanFields(command.changes);
        let rule = command.rule ?? state.rule;
        if (wanted.start !== undefined || wanted.end !== undefined) {
          const fromDate = command.fromDate ?? localDateOf(state.template.start, state.timeZone);
          const current = occurrence(fromDate).fields;
          const moved = movedTemplate(state, fromDate, wanted.start ?? current.start, wanted.end ?? current.end);
          if (Date.parse(moved.end) <= Date.parse(moved.start))
            throw new ValidationError('The end must be after the start');
          wanted.start = moved.start;
          wanted.end = moved.end;
          rule = shiftDays(rule, moved.dayShift);
        }
        const changes = diff(state.template, wanted);
        const ruleChanged = JSON.stringify(rule) !== JSON.stringify(state.rule);
        if (!Object.keys(changes).length && !ruleChanged) return [];
        const template = applyChanges(state.template, changes);
        checkJob(template, state.template, command.actorIsCompanyAdmin);
        checkRule(rule, template.start, state.timeZone);
        return [
          {
            type: 'JobSeriesChanged',
            data: { ...ids, changes, ...(ruleChanged ? { rule: { from: state.rule, to: rule } } : {}) },
          },
        ];
      }
      case 'ChangeOccurrence': {
        const { occurrenceId: id, originalStart, fields } = occurrence(command.localDate);
        const changes = diff(fields, cleanFields(command.changes));
        if (!Object.keys(changes).length) return [];
        checkJob(applyChanges(fields, changes), fields, command.actorIsCompanyAdmin);
        return [{ type: 'OccurrenceChanged', data: { ...ids, occurrenceId: id, originalStart, changes } }];
      }
      case 'AssignOccurrence': {
        const { occurrenceId: id, originalStart, fields } = occurrence(command.localDate);
        if (fields.userIds.includes(command.userId)) return [];
        return [
          {
            type: 'OccurrenceChanged',
            data: {
              ...ids,
              occurrenceId: id,
              originalStart,
              changes: { userIds: { from: fields.userIds, to: [...fields.userIds, command.userId] } },
            },
          },
        ];
      }
      case 'DeleteOccurrence': {
        const { occurrenceId: id, originalStart } = occurrence(command.localDate);
        return [{ type: 'OccurrenceDeleted', data: { ...ids, occurrenceId: id, originalStart } }];
      }
      case 'DeleteSeries':
        return [{ type: 'JobSeriesDeleted', data: ids }];
      case 'PickUpOccurrence': {
        const { occurrenceId: id, originalStart, fields } = occurrence(command.localDate);
        const decision = decideRequest(state.requests[command.localDate] ?? {}, fields, command.request);
        return [{ ...decision, data: { ...ids, occurrenceId: id, originalStart, ...decision.data } } as JobSeriesEvent];
      }
    }
  },
};
