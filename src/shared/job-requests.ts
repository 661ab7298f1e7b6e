// Job requests on the wire (GET /api/jobs/requests), shared by the server and the client: imports nothing (see
// docs/wire-contract.md). A request's status on a job is RequestStatus in jobs.ts.

/** A row of the Job Requests table (spec §3 Job request), with what a manager needs to decide. */
export interface JobRequestView {
  id: string;
  jobId: string;
  requestorId: string;
  requestorName: string;
  startDateTime: string;
  endDateTime: string;
  name: string;
  customer: { id: string; name: string } | null;
  requestedAt: string;
  /** Within the requester's weekly availability. */
  available: boolean;
  /** Names of the requester's other jobs at that time. */
  overlappingJobs: string[];
  /** The job was assigned or moved since the request: it can only be denied. */
  changedSince: 'assigned' | 'moved' | null;
}
