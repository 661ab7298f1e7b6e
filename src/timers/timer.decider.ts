import { Decider } from '../core/decider';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../core/errors';
import { normalized, timeBoundsProblem, timerProblem } from './timer.rules';
import type { ApprovedTimeEdit } from './locked-times';
import { TimerChanges, TimerEvent, TimerFields } from './timers.events';

export const NOT_YOURS = 'You can only change your own timers';

/** Who acts: a timer is changed or deleted by its owner or by someone holding users.crud. */
export interface TimerActor {
  userId: string;
  mayEditOthers: boolean;
}

/**
 * One timer. A change that gives a running timer its end stops it (PATCH /api/time/{id} stops and
 * edits). Another organization's timer is not found.
 */
export type TimerCommand =
  | {
      type: 'StartTimer';
      timerId: string;
      organizationId: string;
      userId: string;
      fields: Omit<TimerFields, 'end' | 'mileageEnd'>;
      /** The latest instant the time may reach (timeBoundsProblem): now online, further for a phone's. */
      latest: string;
    }
  | {
      type: 'AddTime';
      timerId: string;
      organizationId: string;
      userId: string;
      addedBy: string;
      fields: TimerFields;
      /** When the manager adds it: time added for someone has ended. */
      at: string;
      approvedTimeEdit?: ApprovedTimeEdit;
    }
  | {
      type: 'ChangeTimer';
      organizationId: string;
      changes: Partial<TimerFields>;
      actor: TimerActor;
      latest: string;
      approvedTimeEdit?: ApprovedTimeEdit;
    }
  | { type: 'DeleteTimer'; organizationId: string; actor: TimerActor; approvedTimeEdit?: ApprovedTimeEdit };

export type TimerState =
  | { status: 'none' | 'deleted' }
  | { status: 'recorded'; timerId: string; organizationId: string; userId: string; fields: TimerFields };

export const isRunning = (state: TimerState) => state.status === 'recorded' && state.fields.end === null;

function check(fields: TimerFields, latest: string, before?: TimerFields) {
  const problem = timerProblem(fields) ?? timeBoundsProblem(fields, latest, before);
  if (problem) throw new ValidationError(problem);
}

function diff(before: TimerFields, after: TimerFields): TimerChanges {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after) as (keyof TimerFields)[]) {
    // A field timers recorded before it existed (customerId) is absent: absent and null are the same.
    if ((before[key] ?? null) !== (after[key] ?? null)) changes[key] = { from: before[key] ?? null, to: after[key] };
  }
  return changes as TimerChanges;
}

/** The manager's reason rides on the event only when the time was in an approved timesheet. */
const approved = (command: { approvedTimeEdit?: ApprovedTimeEdit }) =>
  command.approvedTimeEdit ? { approvedTimeEdit: command.approvedTimeEdit } : {};

export const timerDecider: Decider<TimerCommand, TimerState, TimerEvent> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'TimerStarted': {
        const { timerId, organizationId, userId, ...fields } = event.data;
        return {
          status: 'recorded',
          timerId,
          organizationId,
          userId,
          fields: { ...fields, end: null, mileageEnd: null },
        };
      }
      case 'TimeAdded': {
        const { timerId, organizationId, userId, addedBy: _a, ...fields } = event.data;
        return { status: 'recorded', timerId, organizationId, userId, fields };
      }
      case 'TimerStopped':
        return state.status === 'recorded'
          ? { ...state, fields: { ...state.fields, end: event.data.end, mileageEnd: event.data.mileageEnd } }
          : state;
      case 'TimerChanged': {
        if (state.status !== 'recorded') return state;
        const fields = { ...state.fields };
        for (const [key, change] of Object.entries(event.data.changes))
          (fields as Record<string, unknown>)[key] = change!.to;
        return { ...state, fields };
      }
      case 'TimerDeleted':
        return { status: 'deleted' };
    }
  },

  decide(command, state) {
    if (command.type === 'StartTimer') {
      if (state.status !== 'none') throw new ConflictError('This timer already exists.');
      const fields = normalized({ ...command.fields, end: null, mileageEnd: null });
      check(fields, command.latest);
      const { end: _e, mileageEnd: _m, ...started } = fields;
      return [
        {
          type: 'TimerStarted',
          data: {
            timerId: command.timerId,
            organizationId: command.organizationId,
            userId: command.userId,
            ...started,
          },
        },
      ];
    }
    if (command.type === 'AddTime') {
      if (state.status !== 'none') throw new ConflictError('This timer already exists.');
      const fields = normalized(command.fields);
      if (fields.end === null) throw new ValidationError('The end is required');
      check(fields, command.at);
      if (Date.parse(fields.end) <= Date.parse(fields.start))
        throw new ValidationError('The end must be after the start');
      const { timerId, organizationId, userId, addedBy } = command;
      return [
        {
          type: 'TimeAdded',
          data: { timerId, organizationId, userId, addedBy, ...fields, end: fields.end, ...approved(command) },
        },
      ];
    }
    if (state.status !== 'recorded' || state.organizationId !== command.organizationId)
      throw new NotFoundError('The timer');
    if (state.userId !== command.actor.userId && !command.actor.mayEditOthers) throw new ForbiddenError(NOT_YOURS);
    const ids = { timerId: state.timerId, organizationId: state.organizationId, userId: state.userId };
    switch (command.type) {
      case 'ChangeTimer': {
        const next = normalized({ ...state.fields, ...command.changes });
        if (state.fields.end !== null && next.end === null)
          throw new ValidationError('A stopped timer cannot run again; start a new timer instead');
        check(next, command.latest, state.fields);
        const stopping = state.fields.end === null && next.end !== null;
        // A stop is its own fact; what else changed with it is recorded just before.
        const changes = diff(state.fields, stopping ? { ...next, end: null, mileageEnd: null } : next);
        const events: TimerEvent[] = Object.keys(changes).length
          ? [{ type: 'TimerChanged', data: { ...ids, changes, ...approved(command) } }]
          : [];
        if (stopping)
          events.push({ type: 'TimerStopped', data: { ...ids, end: next.end!, mileageEnd: next.mileageEnd } });
        return events;
      }
      case 'DeleteTimer':
        return [{ type: 'TimerDeleted', data: { ...ids, ...approved(command) } }];
    }
  },
};
