import { Decider } from '../core/decider';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../core/errors';
import { PAYROLL_REASON_MAX_LENGTH, type TimesheetState } from '../shared/payroll';
import type { TimesheetEvent } from './timers.events';

/**
 * One person's timesheet for one pay period (issue #30 item 3): open until the person submits it (when the
 * organization asks for that) or a manager approves it; a manager sends a submitted one back, or unapproves an
 * approved one, with a reason. Another organization's timesheet is not found.
 */
export type TimesheetCommand = {
  organizationId: string;
  userId: string;
  periodStart: string;
  periodEnd: string;
} & (
  | { type: 'SubmitTimesheet'; submissionOn: boolean }
  | { type: 'ApproveTimesheet' }
  | { type: 'SendBackTimesheet'; reason: unknown }
  | { type: 'UnapproveTimesheet'; reason: unknown }
);

export interface TimesheetAggregate {
  organizationId: string | null;
  state: TimesheetState;
}

function reasonOf(reason: unknown, act: string): string {
  if (typeof reason !== 'string' || !reason.trim()) throw new ValidationError(`Give a reason to ${act}`);
  if (reason.length > PAYROLL_REASON_MAX_LENGTH)
    throw new ValidationError(`The reason must be at most ${PAYROLL_REASON_MAX_LENGTH} characters`);
  return reason.trim();
}

export const timesheetDecider: Decider<TimesheetCommand, TimesheetAggregate, TimesheetEvent> = {
  initialState: { organizationId: null, state: 'open' },

  evolve(state, event) {
    const organizationId = event.data.organizationId;
    switch (event.type) {
      case 'TimesheetSubmitted':
        return { organizationId, state: 'submitted' };
      case 'TimesheetApproved':
        return { organizationId, state: 'approved' };
      case 'TimesheetSentBack':
      case 'TimesheetUnapproved':
        return { organizationId, state: 'open' };
    }
  },

  decide(command, current) {
    // A stream is named by the person and the period: another organization's is not found, not told apart.
    if (current.organizationId !== null && current.organizationId !== command.organizationId)
      throw new NotFoundError('The timesheet');
    const ids = {
      organizationId: command.organizationId,
      userId: command.userId,
      periodStart: command.periodStart,
      periodEnd: command.periodEnd,
    };
    switch (command.type) {
      case 'SubmitTimesheet':
        if (!command.submissionOn)
          throw new ForbiddenError('Your organization does not ask for timesheets to be submitted');
        if (current.state === 'submitted') throw new ConflictError('This timesheet has already been submitted.');
        if (current.state === 'approved') throw new ConflictError('This timesheet has already been approved.');
        return [{ type: 'TimesheetSubmitted', data: ids }];
      case 'ApproveTimesheet':
        if (current.state === 'approved') throw new ConflictError('This timesheet has already been approved.');
        return [{ type: 'TimesheetApproved', data: ids }];
      case 'SendBackTimesheet': {
        const reason = reasonOf(command.reason, 'send this timesheet back');
        if (current.state !== 'submitted')
          throw new ConflictError(
            current.state === 'approved'
              ? 'This timesheet is approved: unapprove it to reopen it.'
              : 'Only a submitted timesheet can be sent back.',
          );
        return [{ type: 'TimesheetSentBack', data: { ...ids, reason } }];
      }
      case 'UnapproveTimesheet': {
        const reason = reasonOf(command.reason, 'unapprove this timesheet');
        if (current.state !== 'approved') throw new ConflictError('This timesheet is not approved.');
        return [{ type: 'TimesheetUnapproved', data: { ...ids, reason } }];
      }
    }
  },
};
