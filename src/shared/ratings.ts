// Ratings on the wire, shared by the server and the client: imports nothing (see docs/wire-contract.md).

export interface FeedbackValues {
  rating: number | null;
  comments: string | null;
}

/** A rating as the ratings tables show it (spec §3 Rating). */
export interface RatingView {
  id: string;
  rating: number | null;
  /** The comment (`comments` too, as the spec names it both ways). */
  notes: string | null;
  comments: string | null;
  jobId: string;
  jobName: string;
  /** The job's start, UTC ISO instant. */
  jobDate: string;
  associateIds: string[];
  associateNames: string[];
  customerId: string;
  customerName: string;
  /** A manager changed it; `original` is what the customer submitted. */
  edited: boolean;
  original: FeedbackValues | null;
  history: (FeedbackValues & { at: string; by: string })[];
  submittedAt: string | null;
}

/** The public feedback page (GET /api/feedback/{token}). `jobDate`: the job's date in the organization's zone, yyyy-MM-dd. */
export interface FeedbackPageView {
  organizationName: string;
  logoUrl: string | null;
  jobName: string;
  jobDate: string;
  associateNames: string[];
  submitted: boolean;
}
