import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../core/errors';
import { given } from '../core/decider.testing';
import { PAYROLL_REASON_MAX_LENGTH } from '../shared/payroll';
import type { TimesheetEvent } from './timers.events';
import { type TimesheetCommand, timesheetDecider } from './timesheet.decider';

const ids = { organizationId: 'org-1', userId: 'u1', periodStart: '2026-06-01', periodEnd: '2026-06-07' };
type Act =
  | { type: 'SubmitTimesheet'; submissionOn: boolean }
  | { type: 'ApproveTimesheet' }
  | { type: 'SendBackTimesheet'; reason: unknown }
  | { type: 'UnapproveTimesheet'; reason: unknown };
const command = (act: Act, organizationId = ids.organizationId): TimesheetCommand => ({
  ...ids,
  organizationId,
  ...act,
});
const submit = command({ type: 'SubmitTimesheet', submissionOn: true });
const approve = command({ type: 'ApproveTimesheet' });
const sendBack = (reason: unknown) => command({ type: 'SendBackTimesheet', reason });
const unapprove = (reason: unknown) => command({ type: 'UnapproveTimesheet', reason });

const submitted: TimesheetEvent = { type: 'TimesheetSubmitted', data: ids };
const approved: TimesheetEvent = { type: 'TimesheetApproved', data: ids };
const sentBack = (reason: string): TimesheetEvent => ({ type: 'TimesheetSentBack', data: { ...ids, reason } });
const unapproved = (reason: string): TimesheetEvent => ({ type: 'TimesheetUnapproved', data: { ...ids, reason } });

describe("a person's timesheet for a pay period", () => {
  it('is submitted once, where the organization asks for submission', () => {
    given(timesheetDecider, []).when(submit).then([submitted]);
    given(timesheetDecider, [])
      .when(command({ type: 'SubmitTimesheet', submissionOn: false }))
      .thenThrows(ForbiddenError, 'Your organization does not ask for timesheets to be submitted');
    given(timesheetDecider, [submitted])
      .when(submit)
      .thenThrows(ConflictError, 'This timesheet has already been submitted.');
    given(timesheetDecider, [approved])
      .when(submit)
      .thenThrows(ConflictError, 'This timesheet has already been approved.');
  });

  it('is approved open or submitted, once', () => {
    given(timesheetDecider, []).when(approve).then([approved]);
    given(timesheetDecider, [submitted]).when(approve).then([approved]);
    given(timesheetDecider, [submitted, approved])
      .when(approve)
      .thenThrows(ConflictError, 'This timesheet has already been approved.');
  });

  it('is sent back only when submitted, with a reason (trimmed), and is open again', () => {
    const back = given(timesheetDecider, [submitted]).when(sendBack('  Tuesday is missing  ')).events();
    expect(back).toEqual([sentBack('Tuesday is missing')]);
    expect(given(timesheetDecider, [submitted, ...back]).state.state).toBe('open');
    given(timesheetDecider, [submitted, ...back])
      .when(submit)
      .then([submitted]);
    given(timesheetDecider, [])
      .when(sendBack('Tuesday'))
      .thenThrows(ConflictError, 'Only a submitted timesheet can be sent back.');
    given(timesheetDecider, [approved])
      .when(sendBack('Tuesday'))
      .thenThrows(ConflictError, 'This timesheet is approved: unapprove it to reopen it.');
  });

  it('is unapproved only when approved, with a reason, and is open again', () => {
    given(timesheetDecider, [approved])
      .when(unapprove('Wrong job on Friday'))
      .then([unapproved('Wrong job on Friday')]);
    expect(given(timesheetDecider, [approved, unapproved('Wrong job on Friday')]).state.state).toBe('open');
    given(timesheetDecider, [submitted])
      .when(unapprove('Wrong job'))
      .thenThrows(ConflictError, 'This timesheet is not approved.');
  });

  it.each([
    ['no reason', undefined, 'Give a reason to send this timesheet back'],
    ['blanks', '   ', 'Give a reason to send this timesheet back'],
    ['a number', 42, 'Give a reason to send this timesheet back'],
    [
      'a reason too long',
      'x'.repeat(PAYROLL_REASON_MAX_LENGTH + 1),
      `The reason must be at most ${PAYROLL_REASON_MAX_LENGTH} characters`,
    ],
  ])('refuses %s as the reason, in words, before anything else', (_name, reason, message) => {
    // The reason is checked first: even a timesheet that could not be sent back hears what is wrong with it.
    given(timesheetDecider, []).when(sendBack(reason)).thenThrows(ValidationError, new Error(message));
    given(timesheetDecider, [approved])
      .when(unapprove(reason))
      .thenThrows(ValidationError, new Error(message.replace('send this timesheet back', 'unapprove this timesheet')));
  });

  it("is another organization's stream: not found, whatever the command", () => {
    for (const act of [submit, approve, sendBack('x'), unapprove('x')])
      given(timesheetDecider, [submitted])
        .when({ ...act, organizationId: 'org-2' })
        .thenThrows(NotFoundError, 'The timesheet');
  });
});
