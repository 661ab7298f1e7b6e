import type { ReadStore } from '../core/read-store/read-store.port';
import type { RequestStatus } from '../shared/jobs';

/** Read model of job requests. */
export const JOB_REQUESTS = 'jobRequests';

/** One request to pick up a job or occurrence; the job's current fields are joined when read. */
export interface JobRequestDoc {
  _id: string;
  organizationId: string;
  /** The calendar id: a one-time job's id or an occurrence's `<seriesId>_<YYYYMMDD>`. */
  jobId: string;
  seriesId: string | null;
  userId: string;
  /** The job's name and time when requested. */
  name: string;
  start: string;
  end: string;
  /** 'cancelled': closed unanswered, the job deleted (answeredBy: who deleted it) or withdrawn by its requester. */
  status: RequestStatus;
  requestedAt: string;
  answeredAt: string | null;
  answeredBy: string | null;
  _rev?: number;
}

/*
 * The readers of this read model: queries and handlers read job requests through them (the
 * projection, which writes it, keeps its own access).
 */

const jobRequests = (store: ReadStore) => store.collection<JobRequestDoc>(JOB_REQUESTS);

/** A request, of any organization: check `organizationId`. */
export function jobRequestById(store: ReadStore, requestId: string): Promise<JobRequestDoc | null> {
  return jobRequests(store).findOne({ _id: requestId });
}

/** The organization's unanswered requests, by the job's start, then by when they were made. */
export function pendingJobRequests(store: ReadStore, organizationId: string): Promise<JobRequestDoc[]> {
  return jobRequests(store).find({ organizationId, status: 'pending' }, { sort: { start: 1, requestedAt: 1 } });
}
