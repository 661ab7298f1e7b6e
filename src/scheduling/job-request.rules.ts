import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../core/errors';
import type { JobFields } from './scheduling.events';
import type { RequestDecision } from './job-request.events';
import type { RequestStatus } from '../shared/jobs';

/**
 * Requests to pick up an open job (spec §4 Job openness). They live in the job's own stream (or the
 * recurring job's, per occurrence), so approving one and assigning the job is one append: two
 * managers approving at once cannot both win, and the job's history shows its requests.
 */
export interface JobRequest {
  requestId: string;
  userId: string;
  /** The job's time when it was requested: an approval must not assign a job that has moved since. */
  start: string;
  end: string;
  /** 'withdrawn': its requester cancelled it (the read models drop it; on the wire it is no request at all). */
  status: RequestStatus | 'withdrawn';
}

/** A job's requests by id. */
export type RequestBook = Record<string, JobRequest>;

export const PICK_UP_OFF = 'Picking up open jobs is turned off for your organization.';
/** The job has its crew: someone else was given it (also meanwhile, while a phone's request waited to be sent). */
export const NOT_OPEN = 'This job was given to someone else, so it is no longer open for requests.';
export const ALREADY_YOURS = 'This job is already assigned to you.';
/** An availability entry on the calendar, not a job. */
export const NOT_REQUESTABLE = 'This is not a job that can be requested.';
export const ALREADY_STARTED = 'This job has already started and can no longer be requested.';
export const ALREADY_REQUESTED = 'You have already requested this job.';
export const ASSIGNED_SINCE = 'This job was assigned after the request was made; deny the request instead.';
export const MOVED_SINCE =
  'This job was moved after the request was made; deny the request, and the employee can request it again.';
export const NO_PENDING = 'This job has no pending request: it has already been answered.';
export const NO_REQUEST_OF_YOURS = 'You have no pending request for this job.';
export const ANSWERED_AT_ONCE =
  'This job changed at the same moment, most likely another manager answered the request. Reload to see where it stands.';
const ANSWERED: Record<Exclude<JobRequest['status'], 'pending'>, string> = {
  approved: 'This request has already been approved.',
  denied: 'This request has already been denied.',
  notChosen: "This request was closed when another employee's request for the job was approved.",
  cancelled: 'This request was closed because the job was deleted.',
  withdrawn: 'This request was cancelled by the employee who made it.',
};

export type RequestCommand =
  | { type: 'RequestJob'; requestId: string; userId: string; pickUpJobsEnabled: boolean; at: string }
  | { type: 'ApproveJobRequest'; requestId: string | null }
  | { type: 'DenyJobRequest'; requestId: string | null }
  /** The requester withdraws their own pending request. */
  | { type: 'CancelJobRequest'; userId: string };

export const isOpen = (job: Pick<JobFields, 'leadUserId' | 'userIds'>) => !job.leadUserId && job.userIds.length === 0;

const pending = (book: RequestBook) => Object.values(book).filter((r) => r.status === 'pending');

/** The request a manager answers: the one named, or the only pending one. */
function chosen(book: RequestBook, requestId: string | null): JobRequest {
  if (requestId) {
    const request = book[requestId];
    if (!request) throw new NotFoundError('The request');
    return request;
  }
  const open = pending(book);
  if (open.length === 0) {
    if (Object.keys(book).length) throw new ConflictError(NO_PENDING);
    throw new NotFoundError('The request');
  }
  if (open.length > 1)
    throw new ValidationError('Several employees requested this job: choose whose request to answer.');
  return open[0];
}

export function decideRequest(book: RequestBook, job: JobFields, command: RequestCommand): RequestDecision {
  switch (command.type) {
    case 'RequestJob': {
      if (!command.pickUpJobsEnabled) throw new ForbiddenError(PICK_UP_OFF);
      if (job.availabilityOnly) throw new ConflictError(NOT_REQUESTABLE);
      if (job.leadUserId === command.userId || job.userIds.includes(command.userId))
        throw new ConflictError(ALREADY_YOURS);
      if (!isOpen(job)) throw new ConflictError(NOT_OPEN);
      if (Date.parse(job.start) <= Date.parse(command.at)) throw new ConflictError(ALREADY_STARTED);
      // A request its requester withdrew does not count: they may ask again.
      if (Object.values(book).some((r) => r.userId === command.userId && r.status !== 'withdrawn'))
        throw new ConflictError(ALREADY_REQUESTED);
      return {
        type: 'JobRequested',
        data: { requestId: command.requestId, userId: command.userId, name: job.name, start: job.start, end: job.end },
      };
    }
    case 'ApproveJobRequest': {
      const request = chosen(book, command.requestId);
      if (request.status !== 'pending') throw new ConflictError(ANSWERED[request.status]);
      if (!isOpen(job)) throw new ConflictError(ASSIGNED_SINCE);
      if (request.start !== job.start || request.end !== job.end) throw new ConflictError(MOVED_SINCE);
      const notChosen = pending(book)
        .filter((r) => r.requestId !== request.requestId)
        .map(({ requestId, userId }) => ({ requestId, userId }));
      return {
        type: 'JobRequestApproved',
        data: {
          requestId: request.requestId,
          userId: request.userId,
          notChosen,
          changes: { userIds: { from: job.userIds, to: [request.userId] } },
        },
      };
    }
    case 'DenyJobRequest': {
      const request = chosen(book, command.requestId);
      if (request.status !== 'pending') throw new ConflictError(ANSWERED[request.status]);
      return { type: 'JobRequestDenied', data: { requestId: request.requestId, userId: request.userId } };
    }
    case 'CancelJobRequest': {
      const own = pending(book).find((r) => r.userId === command.userId);
      if (!own) throw new NotFoundError('The request', NO_REQUEST_OF_YOURS);
      return { type: 'JobRequestCancelled', data: { requestId: own.requestId, userId: own.userId } };
    }
  }
}

/** The book after a request event; a deleted job closes what is still pending. */
export function evolveBook(book: RequestBook, event: RequestDecision | { type: 'JobDeleted' }): RequestBook {
  switch (event.type) {
    case 'JobRequested': {
      const { requestId, userId, start, end } = event.data;
      return { ...book, [requestId]: { requestId, userId, start, end, status: 'pending' } };
    }
    case 'JobRequestApproved': {
      const next = { ...book, [event.data.requestId]: { ...book[event.data.requestId], status: 'approved' as const } };
      for (const { requestId } of event.data.notChosen) next[requestId] = { ...book[requestId], status: 'notChosen' };
      return next;
    }
    case 'JobRequestDenied':
      return { ...book, [event.data.requestId]: { ...book[event.data.requestId], status: 'denied' } };
    case 'JobRequestCancelled':
      return { ...book, [event.data.requestId]: { ...book[event.data.requestId], status: 'withdrawn' } };
    case 'JobDeleted':
      return Object.fromEntries(
        Object.entries(book).map(([id, r]) => [
          id,
          r.status === 'pending' ? { ...r, status: 'cancelled' as const } : r,
        ]),
      );
  }
}
