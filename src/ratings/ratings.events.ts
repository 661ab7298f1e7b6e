import type { DomainEvent } from '../core/decider';

/** What the customer (or a manager's edit) says about a job: 1 to 5 stars or none, and a comment or none. */
export interface Feedback {
  rating: number | null;
  comments: string | null;
}

/**
 * A job's rating: stream `rating-<jobId>`, one per one-time job or occurrence (`<seriesId>_<yyyymmdd>`,
 * no hyphen of its own before the id). The rating's id is the job's calendar id, so a retried request for
 * the same job lands on the same stream. The request carries the job as it was when asked about (name,
 * times, staff): the read side needs no job lookup, and an occurrence needs no recomputation.
 */
export type RatingEvent =
  | DomainEvent<
      'RatingRequested',
      {
        ratingId: string;
        jobId: string;
        organizationId: string;
        customerId: string;
        jobName: string;
        /** Absent in requests recorded before the Ratings report. */
        jobNumber?: string | null;
        jobStart: string;
        jobEnd: string;
        /** The job's lead and assigned staff: the associates whose My Job Ratings show it. */
        associateIds: string[];
        /** SHA-256 (hex) of the link's token; the token itself is only in the e-mail. */
        tokenHash: string;
        expiresAt: string;
        /** A user id, or 'system' for the automated request. */
        requestedBy: string;
        /**
         * The request's identity: the e-mail's (outbox file, SMTP Message-ID) and the link's token, which is
         * derived from it with the server's secret so that the e-mail can be written again after a crash. The
         * automated request's derives from the job. Absent in requests recorded before it existed: those were
         * mailed as they were recorded.
         */
        requestId?: string;
      }
    >
  | DomainEvent<
      'RatingSubmitted',
      { ratingId: string; organizationId: string; customerId: string; tokenHash: string } & Feedback
    >
  | DomainEvent<
      'RatingEdited',
      { ratingId: string; organizationId: string; customerId: string; by: string; from: Feedback; to: Feedback }
    >;

/** Stream `ratingMail-<requestId>`: the request's e-mail went out (or had nowhere to go), recorded once. */
export type RatingMailEvent = DomainEvent<
  'RatingRequestMailed',
  {
    requestId: string;
    ratingId: string;
    organizationId: string;
    /** The contact it went to; null when it was not sent (answered, replaced by a newer request, no e-mail). */
    to: string | null;
  }
>;

export const ratingsStreams = {
  rating: (ratingId: string) => `rating-${ratingId}`,
  mail: (requestId: string) => `ratingMail-${requestId}`,
};
