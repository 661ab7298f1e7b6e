import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../core/errors';
import { given } from '../core/decider.testing';
import { jobDecider } from './job.decider';
import { jobSeriesDecider } from './job-series.decider';
import { JobEvent, JobFields, JobSeriesEvent } from './scheduling.events';
import {
  ALREADY_REQUESTED,
  ALREADY_STARTED,
  ASSIGNED_SINCE,
  MOVED_SINCE,
  NO_PENDING,
  NO_REQUEST_OF_YOURS,
  ALREADY_YOURS,
  NOT_OPEN,
  NOT_REQUESTABLE,
  PICK_UP_OFF,
  RequestCommand,
} from './job-request.rules';

const ORG = 'org-1';
const ids = { jobId: 'job-a', organizationId: ORG };
const fields = (f: Partial<JobFields> = {}): JobFields => ({
  name: 'Gutter cleaning',
  notes: null,
  number: null,
  type: null,
  userIds: [],
  leadUserId: null,
  customerId: 'c1',
  colorOption: null,
  hideFromScheduleView: false,
  availabilityOnly: false,
  start: '2026-06-01T13:00:00Z',
  end: '2026-06-01T15:00:00Z',
  ...f,
});
const BEFORE = '2026-05-30T12:00:00Z';
const scheduled = (f: Partial<JobFields> = {}): JobEvent => ({ type: 'JobScheduled', data: { ...ids, ...fields(f) } });
const requested = (requestId: string, userId: string): JobEvent => ({
  type: 'JobRequested',
  data: {
    ...ids,
    requestId,
    userId,
    name: 'Gutter cleaning',
    start: '2026-06-01T13:00:00Z',
    end: '2026-06-01T15:00:00Z',
  },
});
const pickUp = (request: RequestCommand) => ({ type: 'PickUp' as const, organizationId: ORG, request });
const ask = (userId: string, requestId = `r-${userId}`, pickUpJobsEnabled = true, at = BEFORE) =>
  pickUp({ type: 'RequestJob', requestId, userId, pickUpJobsEnabled, at });

describe('requests to pick up a one-time job', () => {
  it("records a request for an open job, with the job's name and time", () => {
    given(jobDecider, [scheduled()])
      .when(ask('u1'))
      .then([requested('r-u1', 'u1')]);
  });

  it('refuses when the organization has picking up jobs turned off', () => {
    given(jobDecider, [scheduled()])
      .when(ask('u1', 'r1', false))
      .thenThrows(ForbiddenError, PICK_UP_OFF);
  });

  it.each([
    ['with a lead', { leadUserId: 'u9' }],
    ['with an assignee', { userIds: ['u9'] }],
  ])('refuses a job %s, saying it was given to someone else', (_, f) => {
    given(jobDecider, [scheduled(f)])
      .when(ask('u1'))
      .thenThrows(ConflictError, NOT_OPEN);
    expect(NOT_OPEN).toMatch(/given to someone else/);
  });

  it('refuses a job already assigned to the one asking, and an availability entry, each in its own words', () => {
    given(jobDecider, [scheduled({ userIds: ['u1'] })])
      .when(ask('u1'))
      .thenThrows(ConflictError, ALREADY_YOURS);
    given(jobDecider, [scheduled({ leadUserId: 'u1' })])
      .when(ask('u1'))
      .thenThrows(ConflictError, ALREADY_YOURS);
    given(jobDecider, [scheduled({ availabilityOnly: true })])
      .when(ask('u1'))
      .thenThrows(ConflictError, NOT_REQUESTABLE);
  });

  it('refuses a job that has already started', () => {
    given(jobDecider, [scheduled()])
      .when(ask('u1', 'r1', true, '2026-06-01T13:00:00Z'))
      .thenThrows(ConflictError, ALREADY_STARTED);
  });

  it('refuses a second request from the same person, also after a denial', () => {
    given(jobDecider, [scheduled(), requested('r1', 'u1')])
      .when(ask('u1', 'r2'))
      .thenThrows(ConflictError, ALREADY_REQUESTED);
    const denied: JobEvent = { type: 'JobRequestDenied', data: { ...ids, requestId: 'r1', userId: 'u1' } };
    given(jobDecider, [scheduled(), requested('r1', 'u1'), denied])
      .when(ask('u1', 'r2'))
      .thenThrows(ConflictError, ALREADY_REQUESTED);
  });

  it('takes requests from several people', () => {
    given(jobDecider, [scheduled(), requested('r1', 'u1')])
      .when(ask('u2', 'r2'))
      .then([requested('r2', 'u2')]);
  });

  it("refuses another organization's job as not found", () => {
    given(jobDecider, [scheduled()])
      .when({ ...ask('u1'), organizationId: 'org-2' })
      .thenThrows(NotFoundError);
  });

  it('approves one request: assigns the requester and closes the others as not chosen', () => {
    given(jobDecider, [scheduled(), requested('r1', 'u1'), requested('r2', 'u2'), requested('r3', 'u3')])
      .when(pickUp({ type: 'ApproveJobRequest', requestId: 'r2' }))
      .then([
        {
          type: 'JobRequestApproved',
          data: {
            ...ids,
            requestId: 'r2',
            userId: 'u2',
            notChosen: [
              { requestId: 'r1', userId: 'u1' },
              { requestId: 'r3', userId: 'u3' },
            ],
            changes: { userIds: { from: [], to: ['u2'] } },
          },
        },
      ]);
  });

  it('approves the only pending request when none is named, and asks which when several are', () => {
    expect(
      given(jobDecider, [scheduled(), requested('r1', 'u1')])
        .when(pickUp({ type: 'ApproveJobRequest', requestId: null }))
        .events()[0].data,
    ).toMatchObject({ requestId: 'r1' });
    given(jobDecider, [scheduled(), requested('r1', 'u1'), requested('r2', 'u2')])
      .when(pickUp({ type: 'ApproveJobRequest', requestId: null }))
      .thenThrows(ValidationError, /choose whose request/);
    given(jobDecider, [scheduled()])
      .when(pickUp({ type: 'ApproveJobRequest', requestId: null }))
      .thenThrows(NotFoundError);
    const denied: JobEvent = { type: 'JobRequestDenied', data: { ...ids, requestId: 'r1', userId: 'u1' } };
    given(jobDecider, [scheduled(), requested('r1', 'u1'), denied])
      .when(pickUp({ type: 'ApproveJobRequest', requestId: null }))
      .thenThrows(ConflictError, NO_PENDING);
    given(jobDecider, [scheduled(), requested('r1', 'u1')])
      .when(pickUp({ type: 'DenyJobRequest', requestId: 'nope' }))
      .thenThrows(NotFoundError);
  });

  it('after an approval, the job is assigned and every request is answered', () => {
    const approved = given(jobDecider, [scheduled(), requested('r1', 'u1'), requested('r2', 'u2')])
      .when(pickUp({ type: 'ApproveJobRequest', requestId: 'r1' }))
      .events();
    const history = [scheduled(), requested('r1', 'u1'), requested('r2', 'u2'), ...approved];
    given(jobDecider, history)
      .when(pickUp({ type: 'ApproveJobRequest', requestId: 'r1' }))
      .thenThrows(ConflictError, 'This request has already been approved.');
    given(jobDecider, history)
      .when(pickUp({ type: 'ApproveJobRequest', requestId: 'r2' }))
      .thenThrows(ConflictError, /another employee's request/);
    given(jobDecider, history)
      .when(pickUp({ type: 'DenyJobRequest', requestId: 'r2' }))
      .thenThrows(ConflictError, /another employee's request/);
    given(jobDecider, history).when(ask('u3')).thenThrows(ConflictError, NOT_OPEN);
    const state = given(jobDecider, history).state;
    expect(state.status === 'scheduled' && state.fields.userIds).toEqual(['u1']);
  });

  it('refuses to approve a request for a job assigned or moved since', () => {
    const assigned: JobEvent = { type: 'JobChanged', data: { ...ids, changes: { userIds: { from: [], to: ['u9'] } } } };
    given(jobDecider, [scheduled(), requested('r1', 'u1'), assigned])
      .when(pickUp({ type: 'ApproveJobRequest', requestId: 'r1' }))
      .thenThrows(ConflictError, ASSIGNED_SINCE);
    const moved: JobEvent = {
      type: 'JobChanged',
      data: { ...ids, changes: { start: { from: '2026-06-01T13:00:00Z', to: '2026-06-01T14:00:00Z' } } },
    };
    given(jobDecider, [scheduled(), requested('r1', 'u1'), moved])
      .when(pickUp({ type: 'ApproveJobRequest', requestId: 'r1' }))
      .thenThrows(ConflictError, MOVED_SINCE);
    // Such a request can still be denied.
    given(jobDecider, [scheduled(), requested('r1', 'u1'), moved])
      .when(pickUp({ type: 'DenyJobRequest', requestId: 'r1' }))
      .then([{ type: 'JobRequestDenied', data: { ...ids, requestId: 'r1', userId: 'u1' } }]);
  });

  it('denies a request once', () => {
    const denied: JobEvent = { type: 'JobRequestDenied', data: { ...ids, requestId: 'r1', userId: 'u1' } };
    given(jobDecider, [scheduled(), requested('r1', 'u1'), denied])
      .when(pickUp({ type: 'DenyJobRequest', requestId: 'r1' }))
      .thenThrows(ConflictError, 'This request has already been denied.');
    given(jobDecider, [scheduled(), requested('r1', 'u1'), denied])
      .when(pickUp({ type: 'ApproveJobRequest', requestId: 'r1' }))
      .thenThrows(ConflictError, 'This request has already been denied.');
  });

  it('closes pending requests when the job is deleted', () => {
    const state = given(jobDecider, [scheduled(), requested('r1', 'u1'), { type: 'JobDeleted', data: ids }]).state;
    expect(state.status === 'deleted' && state.requests.r1.status).toBe('cancelled');
  });

  it("cancels the requester's own pending request, which can then be neither answered nor cancelled again", () => {
    const cancel = (userId: string) => pickUp({ type: 'CancelJobRequest', userId });
    const cancelled: JobEvent = { type: 'JobRequestCancelled', data: { ...ids, requestId: 'r1', userId: 'u1' } };
    given(jobDecider, [scheduled(), requested('r1', 'u1'), requested('r2', 'u2')])
      .when(cancel('u1'))
      .then([cancelled]);
    const history = [scheduled(), requested('r1', 'u1'), cancelled];
    given(jobDecider, history).when(cancel('u1')).thenThrows(NotFoundError, NO_REQUEST_OF_YOURS);
    given(jobDecider, history)
      .when(pickUp({ type: 'ApproveJobRequest', requestId: 'r1' }))
      .thenThrows(ConflictError, 'This request was cancelled by the employee who made it.');
    given(jobDecider, history)
      .when(pickUp({ type: 'ApproveJobRequest', requestId: null }))
      .thenThrows(ConflictError, NO_PENDING);
    // Cancelled, they may ask again.
    given(jobDecider, history)
      .when(ask('u1', 'r3'))
      .then([requested('r3', 'u1')]);
  });

  it("refuses to cancel a request that is not pending, or someone else's, as none of theirs", () => {
    const cancel = (userId: string) => pickUp({ type: 'CancelJobRequest', userId });
    given(jobDecider, [scheduled(), requested('r1', 'u1')])
      .when(cancel('u2'))
      .thenThrows(NotFoundError, NO_REQUEST_OF_YOURS);
    const denied: JobEvent = { type: 'JobRequestDenied', data: { ...ids, requestId: 'r1', userId: 'u1' } };
    given(jobDecider, [scheduled(), requested('r1', 'u1'), denied])
      .when(cancel('u1'))
      .thenThrows(NotFoundError, NO_REQUEST_OF_YOURS);
    given(jobDecider, [scheduled()]).when(cancel('u1')).thenThrows(NotFoundError, NO_REQUEST_OF_YOURS);
  });
});

describe('requests to pick up one occurrence of a recurring job', () => {
  const series = { seriesId: 's1', organizationId: ORG };
  const scheduledSeries: JobSeriesEvent = {
    type: 'JobSeriesScheduled',
    data: {
      ...series,
      timeZone: 'America/New_York',
      rule: { frequency: 'Daily', days: [], weeklyRecurrence: 1, expireDate: null },
      ...fields(),
    },
  };
  const occurrence = (localDate: string, request: RequestCommand) => ({
    type: 'PickUpOccurrence' as const,
    organizationId: ORG,
    localDate,
    request,
  });
  const tuesday = { occurrenceId: 's1_20260602', originalStart: '2026-06-02T13:00:00Z' };

  it('records the request on that occurrence only, and an approval assigns only it', () => {
    const [request] = given(jobSeriesDecider, [scheduledSeries])
      .when(
        occurrence('2026-06-02', {
          type: 'RequestJob',
          requestId: 'r1',
          userId: 'u1',
          pickUpJobsEnabled: true,
          at: BEFORE,
        }),
      )
      .events();
    expect(request).toEqual({
      type: 'JobRequested',
      data: {
        ...series,
        ...tuesday,
        requestId: 'r1',
        userId: 'u1',
        name: 'Gutter cleaning',
        start: '2026-06-02T13:00:00Z',
        end: '2026-06-02T15:00:00Z',
      },
    });
    const [approved] = given(jobSeriesDecider, [scheduledSeries, request])
      .when(occurrence('2026-06-02', { type: 'ApproveJobRequest', requestId: 'r1' }))
      .events();
    expect(approved).toEqual({
      type: 'JobRequestApproved',
      data: {
        ...series,
        ...tuesday,
        requestId: 'r1',
        userId: 'u1',
        notChosen: [],
        changes: { userIds: { from: [], to: ['u1'] } },
      },
    });
    const state = given(jobSeriesDecider, [scheduledSeries, request, approved]).state;
    expect(state.status === 'scheduled' && state.overrides).toEqual({ '2026-06-02': { userIds: ['u1'] } });
    // Wednesday is still open, and its own requests are separate.
    given(jobSeriesDecider, [scheduledSeries, request, approved])
      .when(
        occurrence('2026-06-03', {
          type: 'RequestJob',
          requestId: 'r2',
          userId: 'u1',
          pickUpJobsEnabled: true,
          at: BEFORE,
        }),
      )
      .then([
        {
          type: 'JobRequested',
          data: {
            ...series,
            occurrenceId: 's1_20260603',
            originalStart: '2026-06-03T13:00:00Z',
            requestId: 'r2',
            userId: 'u1',
            name: 'Gutter cleaning',
            start: '2026-06-03T13:00:00Z',
            end: '2026-06-03T15:00:00Z',
          },
        },
      ]);
  });

  it('refuses an occurrence that does not exist or was deleted', () => {
    const deleted: JobSeriesEvent = { type: 'OccurrenceDeleted', data: { ...series, ...tuesday } };
    given(jobSeriesDecider, [scheduledSeries, deleted])
      .when(
        occurrence('2026-06-02', {
          type: 'RequestJob',
          requestId: 'r1',
          userId: 'u1',
          pickUpJobsEnabled: true,
          at: BEFORE,
        }),
      )
      .thenThrows(NotFoundError);
  });

  it("cancels the requester's request on that occurrence only", () => {
    const ask = (localDate: string, requestId: string) =>
      given(jobSeriesDecider, [scheduledSeries])
        .when(
          occurrence(localDate, { type: 'RequestJob', requestId, userId: 'u1', pickUpJobsEnabled: true, at: BEFORE }),
        )
        .events()[0];
    const history = [scheduledSeries, ask('2026-06-02', 'r1'), ask('2026-06-03', 'r2')];
    given(jobSeriesDecider, history)
      .when(occurrence('2026-06-03', { type: 'CancelJobRequest', userId: 'u1' }))
      .then([
        {
          type: 'JobRequestCancelled',
          data: {
            ...series,
            occurrenceId: 's1_20260603',
            originalStart: '2026-06-03T13:00:00Z',
            requestId: 'r2',
            userId: 'u1',
          },
        },
      ]);
  });
});
