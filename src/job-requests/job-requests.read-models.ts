import type { RequestStatus } from '../scheduling/job-request.events';

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
  status: RequestStatus;
  requestedAt: string;
  answeredAt: string | null;
  answeredBy: string | null;
  _rev?: number;
}
