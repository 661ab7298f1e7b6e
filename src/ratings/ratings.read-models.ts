import type { Filter, ReadStore } from '../core/read-store/read-store.port';
import { batchesInOrder } from '../core/read-store/in-order';
import type { Feedback } from './ratings.events';

/** Read models of ratings: one document per rating (requested or answered) and one per link's token. */
export const RATINGS = 'ratings';
export const RATING_TOKENS = 'ratingTokens';
/** One document per request with an id: whether its e-mail is recorded as sent (the process's outbox). */
export const RATING_MAILS = 'ratingMails';

export interface RatingHistoryEntry extends Feedback {
  at: string;
  /** 'customer' for the submission, else the editing user's id. */
  by: string;
}

export interface RatingDoc {
  /** The rating id: the job's calendar id. */
  _id: string;
  organizationId: string;
  jobId: string;
  customerId: string;
  jobName: string;
  jobNumber?: string | null;
  jobStart: string;
  /** jobStart as a UTC ISO instant (with milliseconds): what a date range compares. */
  jobStartsAt: string;
  jobEnd: string;
  associateIds: string[];
  /** The latest request's link (only it works) and when it expires. */
  tokenHash: string;
  expiresAt: string;
  requestedAt: string;
  requestedBy: string;
  submitted: boolean;
  rating: number | null;
  comments: string | null;
  submittedAt: string | null;
  edited: boolean;
  /** What the customer submitted, whatever managers changed since. */
  original: Feedback | null;
  /** The submission, then each edit. */
  history: RatingHistoryEntry[];
  _rev?: number;
  [key: string]: unknown;
}

/** A link's token, by its SHA-256: which rating it opens. Replaced links stay here, pointing at their rating. */
export interface RatingTokenDoc {
  _id: string;
  ratingId: string;
  organizationId: string;
  [key: string]: unknown;
}

export interface RatingMailDoc {
  /** The request's id. */
  _id: string;
  ratingId: string;
  organizationId: string;
  requestedAt: string;
  mailed: boolean;
  [key: string]: unknown;
}

/** Requests whose e-mail is not recorded as sent, oldest first. */
export function unmailedRatingRequests(store: ReadStore, limit: number): Promise<RatingMailDoc[]> {
  return store
    .collection<RatingMailDoc>(RATING_MAILS)
    .find({ mailed: false }, { sort: { requestedAt: 1, _id: 1 }, limit });
}

const ratings = (store: ReadStore) => store.collection<RatingDoc>(RATINGS);

export async function ratingByTokenHash(store: ReadStore, tokenHash: string): Promise<RatingDoc | null> {
  const token = await store.collection<RatingTokenDoc>(RATING_TOKENS).findOne({ _id: tokenHash });
  return token ? ratings(store).findOne({ _id: token.ratingId }) : null;
}

/** The organization's rating, requested or answered. */
export function ratingOf(store: ReadStore, organizationId: string, ratingId: string): Promise<RatingDoc | null> {
  return ratings(store).findOne({ _id: ratingId, organizationId });
}

/** Answered ratings of the jobs given (job id → rating doc). */
export async function submittedRatingsByJobIds(
  store: ReadStore,
  organizationId: string,
  jobIds: string[],
): Promise<Map<string, RatingDoc>> {
  if (!jobIds.length) return new Map();
  const found = await ratings(store).find({ _id: { $in: jobIds }, organizationId, submitted: true });
  return new Map(found.map((r) => [r.jobId, r]));
}

/** A customer's answered ratings, for its average. */
export function customerSubmittedRatings(store: ReadStore, organizationId: string, customerId: string) {
  return ratings(store).find({ organizationId, customerId, submitted: true }, { projection: { _id: 1, rating: 1 } });
}

/** One page of answered ratings matching `filter` (scoped to an organization), newest answer first. */
export async function ratingsPage(
  store: ReadStore,
  filter: Record<string, unknown>,
  page: { skip: number; limit: number },
): Promise<{ items: RatingDoc[]; totalRecords: number }> {
  const scoped = { ...filter, submitted: true };
  const [items, totalRecords] = await Promise.all([
    ratings(store).find(scoped, { sort: { submittedAt: -1, _id: -1 }, ...page }),
    ratings(store).countDocuments(scoped),
  ]);
  return { items, totalRecords };
}

/** Answered ratings whose job starts in [from, to), the organization's or one customer's: the Ratings report. */
export function reportRatingsFilter(
  organizationId: string,
  range: { from: string; to: string },
  customerId?: string,
): Filter {
  return {
    organizationId,
    ...(customerId ? { customerId } : {}),
    submitted: true,
    jobStartsAt: { $gte: range.from, $lt: range.to },
  };
}

export function countRatings(store: ReadStore, filter: Filter): Promise<number> {
  return ratings(store).countDocuments(filter);
}

/** One page of the Ratings report, by the job's start (ties by id). */
export function reportRatingsPage(
  store: ReadStore,
  filter: Filter,
  direction: 1 | -1,
  window: { skip: number; limit: number },
): Promise<RatingDoc[]> {
  return ratings(store).find(filter, { sort: { jobStartsAt: direction, _id: direction }, ...window });
}

/** Every rating `filter` (a reportRatingsFilter) matches, by the job's start, a batch at a time. */
export const reportRatingsInOrder = (store: ReadStore, filter: Filter): AsyncGenerator<RatingDoc[]> =>
  batchesInOrder<RatingDoc>(ratings(store), filter, 'jobStartsAt', '_id');
