import { Decider } from '../core/decider';
import { ConflictError, NotFoundError } from '../core/errors';
import { applyChanges, checkJob, cleanFields, diff } from './job.rules';
import { JobEvent, JobFields } from './scheduling.events';
import { decideRequest, evolveBook, RequestBook, RequestCommand } from './job-request.rules';

/** A one-time job. Commands name the organization asking: another organization's job is not found. */
export type JobCommand =
  | { type: 'ScheduleJob'; jobId: string; organizationId: string; fields: JobFields; actorIsCompanyAdmin: boolean }
  | { type: 'ChangeJob'; organizationId: string; changes: Partial<JobFields>; actorIsCompanyAdmin: boolean }
  | { type: 'AssignJob'; organizationId: string; userId: string }
  | { type: 'DeleteJob'; organizationId: string }
  /** A request to pick up the job, or a manager's answer to one. */
  | { type: 'PickUp'; organizationId: string; request: RequestCommand };

export type JobState =
  | { status: 'none' }
  | { status: 'deleted'; requests: RequestBook }
  | { status: 'scheduled'; jobId: string; organizationId: string; fields: JobFields; requests: RequestBook };

export const jobDecider: Decider<JobCommand, JobState, JobEvent> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'JobScheduled': {
        const { jobId, organizationId, ...fields } = event.data;
        return { status: 'scheduled', jobId, organizationId, fields, requests: {} };
      }
      case 'JobChanged':
        return state.status === 'scheduled'
          ? { ...state, fields: applyChanges(state.fields, event.data.changes) }
          : state;
      case 'JobDeleted':
        return { status: 'deleted', requests: state.status === 'scheduled' ? evolveBook(state.requests, event) : {} };
      case 'JobRequested':
      case 'JobRequestApproved':
      case 'JobRequestDenied':
      case 'JobRequestCancelled': {
        if (state.status !== 'scheduled') return state;
        const requests = evolveBook(state.requests, event);
        return event.type === 'JobRequestApproved'
          ? { ...state, requests, fields: applyChanges(state.fields, event.data.changes) }
          : { ...state, requests };
      }
    }
  },

  decide(command, state) {
    if (command.type === 'ScheduleJob') {
      if (state.status !== 'none') throw new ConflictError('This job already exists.');
      const fields = cleanFields(command.fields);
      checkJob(fields, null, command.actorIsCompanyAdmin);
      return [
        { type: 'JobScheduled', data: { jobId: command.jobId, organizationId: command.organizationId, ...fields } },
      ];
    }
    if (state.status !== 'scheduled' || state.organizationId !== command.organizationId)
      throw new NotFoundError('The job');
    const ids = { jobId: state.jobId, organizationId: state.organizationId };
    switch (command.type) {
      case 'ChangeJob': {
        const changes = diff(state.fields, cleanFields(command.changes));
        if (!Object.keys(changes).length) return [];
        checkJob(applyChanges(state.fields, changes), state.fields, command.actorIsCompanyAdmin);
        return [{ type: 'JobChanged', data: { ...ids, changes } }];
      }
      case 'AssignJob': {
        if (state.fields.userIds.includes(command.userId)) return [];
        return [
          {
            type: 'JobChanged',
            data: {
              ...ids,
              changes: { userIds: { from: state.fields.userIds, to: [...state.fields.userIds, command.userId] } },
            },
          },
        ];
      }
      case 'DeleteJob':
        return [{ type: 'JobDeleted', data: ids }];
      case 'PickUp': {
        const decision = decideRequest(state.requests, state.fields, command.request);
        return [{ ...decision, data: { ...ids, ...decision.data } } as JobEvent];
      }
    }
  },
};
