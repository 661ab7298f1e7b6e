import { ForbiddenError, NotFoundError, ValidationError } from '../core/errors';
import { given } from '../core/decider.testing';
import { jobDecider } from './job.decider';
import { HIDE_IS_FOR_ADMINS, HIDE_NEEDS_LEAD } from './job.rules';
import { JobEvent, JobFields } from './scheduling.events';

const ORG = 'org-1';
const fields = (f: Partial<JobFields> = {}): JobFields => ({
  name: 'Lawn care',
  notes: null,
  number: null,
  type: null,
  userIds: [],
  leadUserId: null,
  customerId: null,
  colorOption: null,
  hideFromScheduleView: false,
  availabilityOnly: false,
  start: '2026-06-01T13:00:00Z',
  end: '2026-06-01T13:30:00Z',
  ...f,
});
const scheduled: JobEvent = { type: 'JobScheduled', data: { jobId: 'job-a', organizationId: ORG, ...fields() } };

describe('a one-time job', () => {
  it('is scheduled with cleaned fields', () => {
    given(jobDecider, [])
      .when({
        type: 'ScheduleJob',
        jobId: 'job-a',
        organizationId: ORG,
        actorIsCompanyAdmin: false,
        fields: fields({
          name: '  Lawn care ',
          notes: ' ',
          colorOption: '#e2435b',
          start: '2026-06-01T09:00:00-04:00',
          end: '2026-06-01T09:30:00-04:00',
        }),
      })
      .then([
        { type: 'JobScheduled', data: { jobId: 'job-a', organizationId: ORG, ...fields({ colorOption: '#E2435B' }) } },
      ]);
  });

  it.each([
    [{ name: ' ' }, 'Job name is required'],
    [{ end: '2026-06-01T13:00:00Z' }, 'The end must be after the start'],
    [{ start: 'tomorrow' }, 'The start must be a date and time'],
    [{ end: '2026-07-15T13:00:00Z' }, 'A job can last at most 31 days'],
    [{ colorOption: 'red' }, 'Colour must be a hex colour such as #0D1B41'],
    [{ hideFromScheduleView: true }, HIDE_NEEDS_LEAD],
    [{ userIds: ['u1', 'u1'] }, 'An employee is assigned twice'],
  ])('refuses %o', (f, message) => {
    given(jobDecider, [])
      .when({ type: 'ScheduleJob', jobId: 'job-a', organizationId: ORG, actorIsCompanyAdmin: true, fields: fields(f) })
      .thenThrows(ValidationError, message);
  });

  it('lets only a Company Admin hide a job from the schedule view', () => {
    const hidden = fields({ hideFromScheduleView: true, leadUserId: 'u1' });
    given(jobDecider, [])
      .when({ type: 'ScheduleJob', jobId: 'job-a', organizationId: ORG, actorIsCompanyAdmin: false, fields: hidden })
      .thenThrows(ForbiddenError, HIDE_IS_FOR_ADMINS);
    expect(
      given(jobDecider, [])
        .when({ type: 'ScheduleJob', jobId: 'job-a', organizationId: ORG, actorIsCompanyAdmin: true, fields: hidden })
        .events(),
    ).toHaveLength(1);
  });

  it('lets a manager edit a hidden job without touching the switch', () => {
    const hidden: JobEvent = {
      type: 'JobScheduled',
      data: { jobId: 'job-a', organizationId: ORG, ...fields({ hideFromScheduleView: true, leadUserId: 'u1' }) },
    };
    given(jobDecider, [hidden])
      .when({ type: 'ChangeJob', organizationId: ORG, actorIsCompanyAdmin: false, changes: { name: 'Hedges' } })
      .then([
        {
          type: 'JobChanged',
          data: { jobId: 'job-a', organizationId: ORG, changes: { name: { from: 'Lawn care', to: 'Hedges' } } },
        },
      ]);
    given(jobDecider, [hidden])
      .when({
        type: 'ChangeJob',
        organizationId: ORG,
        actorIsCompanyAdmin: false,
        changes: { hideFromScheduleView: false },
      })
      .thenThrows(ForbiddenError, HIDE_IS_FOR_ADMINS);
  });

  it('records a change as old → new and nothing when nothing changes', () => {
    given(jobDecider, [scheduled])
      .when({
        type: 'ChangeJob',
        organizationId: ORG,
        actorIsCompanyAdmin: false,
        changes: { start: '2026-06-01T14:00:00Z', end: '2026-06-01T15:00:00Z' },
      })
      .then([
        {
          type: 'JobChanged',
          data: {
            jobId: 'job-a',
            organizationId: ORG,
            changes: {
              start: { from: '2026-06-01T13:00:00Z', to: '2026-06-01T14:00:00Z' },
              end: { from: '2026-06-01T13:30:00Z', to: '2026-06-01T15:00:00Z' },
            },
          },
        },
      ]);
    given(jobDecider, [scheduled])
      .when({ type: 'ChangeJob', organizationId: ORG, actorIsCompanyAdmin: false, changes: { name: 'Lawn care' } })
      .then([]);
  });

  it('refuses a change that would end before it starts', () => {
    given(jobDecider, [scheduled])
      .when({
        type: 'ChangeJob',
        organizationId: ORG,
        actorIsCompanyAdmin: false,
        changes: { end: '2026-06-01T12:00:00Z' },
      })
      .thenThrows(ValidationError, 'The end must be after the start');
  });

  it('assigns an employee once', () => {
    given(jobDecider, [scheduled])
      .when({ type: 'AssignJob', organizationId: ORG, userId: 'u2' })
      .then([
        {
          type: 'JobChanged',
          data: { jobId: 'job-a', organizationId: ORG, changes: { userIds: { from: [], to: ['u2'] } } },
        },
      ]);
    const assigned: JobEvent = {
      type: 'JobChanged',
      data: { jobId: 'job-a', organizationId: ORG, changes: { userIds: { from: [], to: ['u2'] } } },
    };
    given(jobDecider, [scheduled, assigned]).when({ type: 'AssignJob', organizationId: ORG, userId: 'u2' }).then([]);
  });

  it('is deleted, and then is not found', () => {
    given(jobDecider, [scheduled])
      .when({ type: 'DeleteJob', organizationId: ORG })
      .then([{ type: 'JobDeleted', data: { jobId: 'job-a', organizationId: ORG } }]);
    given(jobDecider, [scheduled, { type: 'JobDeleted', data: { jobId: 'job-a', organizationId: ORG } }])
      .when({ type: 'DeleteJob', organizationId: ORG })
      .thenThrows(NotFoundError);
  });

  it('is not found by another organization', () => {
    given(jobDecider, [scheduled])
      .when({ type: 'ChangeJob', organizationId: 'org-2', actorIsCompanyAdmin: true, changes: { name: 'x' } })
      .thenThrows(NotFoundError, 'The job was not found.');
    given(jobDecider, []).when({ type: 'AssignJob', organizationId: ORG, userId: 'u1' }).thenThrows(NotFoundError);
  });
});
