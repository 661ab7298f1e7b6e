/**
 * Requests to pick up an open job or occurrence, as the job's stream records them: the data both the
 * events (`scheduling.events.ts`) and the rules (`job-request.rules.ts`) use, so neither imports the
 * other. Type-only, no imports; a request's status on the wire (RequestStatus) is src/shared/jobs.ts's.
 */

export type RequestDecision =
  /** `name`: the job's name when requested, for the notice e-mail and the history. */
  | { type: 'JobRequested'; data: { requestId: string; userId: string; name: string; start: string; end: string } }
  | {
      type: 'JobRequestApproved';
      data: {
        requestId: string;
        userId: string;
        notChosen: { requestId: string; userId: string }[];
        changes: { userIds: { from: string[]; to: string[] } };
      };
    }
  | { type: 'JobRequestDenied'; data: { requestId: string; userId: string } }
  /** The requester withdrew their pending request. */
  | { type: 'JobRequestCancelled'; data: { requestId: string; userId: string } };
