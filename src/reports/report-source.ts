import type { ReadStore } from '../core/read-store/read-store.port';
import { OPEN, validAt } from '../as-of/versions';
import { customersByIds } from '../customers/customers.read-models';
import { usersByIds } from '../identity/identity.read-models';
import {
  countRatings,
  reportRatingsFilter,
  reportRatingsInOrder,
  reportRatingsPage,
  submittedRatingsByJobIds,
} from '../ratings/ratings.read-models';
import {
  countTimers,
  ReportTimer,
  reportTimersFilter,
  reportTimersInOrder,
  reportTimersPage,
} from '../timers/timers.read-models';
import {
  countRatingVersions,
  countTimerVersions,
  jobRatingsAt,
  namesAt,
  ratingVersionsInOrder,
  ratingVersionsPage,
  ReportRating,
  timerVersionsInOrder,
  timerVersionsPage,
} from '../as-of/report-history.read-models';
import type { CustomerLookup, ResolvedFilters } from './report-filters';
import { notHiddenFilter } from '../scheduling/job-visibility';

type Window = { skip: number; limit: number };

/** A customer as the reports name it. */
export interface ReportCustomer {
  label: string;
  billingFrequency: string | null;
}

/**
 * Where a report reads its rows and the names it joins: the read models as they are now, or the report history
 * at one position of the log (a moment, and every export).
 */
export interface ReportSource {
  countTimers(f: ResolvedFilters): Promise<number>;
  timersPage(f: ResolvedFilters, direction: 1 | -1, window: Window): Promise<ReportTimer[]>;
  timersInOrder(f: ResolvedFilters): AsyncGenerator<ReportTimer[]>;
  countRatings(f: ResolvedFilters): Promise<number>;
  ratingsPage(f: ResolvedFilters, direction: 1 | -1, window: Window): Promise<ReportRating[]>;
  ratingsInOrder(f: ResolvedFilters): AsyncGenerator<ReportRating[]>;
  /** The customer a report may be narrowed to, named as this source names it. */
  customer: CustomerLookup;
  /** Customer id → its name and billing frequency (deleted customers still named). */
  customers(ids: string[]): Promise<Map<string, ReportCustomer>>;
  /** Job id → the stars of its answered rating. */
  jobRatings(jobIds: string[]): Promise<Map<string, number | null>>;
  /** User id → the person's full name (people deleted since are absent). */
  staffNames(ids: string[]): Promise<Map<string, string>>;
}

/** The filters of each report as stored rows see them. */
const jobsFilter = (f: ResolvedFilters) => ({
  ...reportTimersFilter(f.organizationId, f.range, { userId: f.employee?._id, customerId: f.customer?._id }),
  ...notHiddenFilter(f.hidden),
});
const ratingsFilter = (f: ResolvedFilters) => ({
  ...reportRatingsFilter(f.organizationId, f.range, f.customer?._id),
  ...notHiddenFilter(f.hidden),
});

/** The read models as they are now. */
export function sourceNow(store: ReadStore, organizationId: string): ReportSource {
  return {
    countTimers: (f) => countTimers(store, jobsFilter(f)),
    timersPage: (f, direction, window) => reportTimersPage(store, jobsFilter(f), direction, window),
    timersInOrder: (f) => reportTimersInOrder(store, jobsFilter(f)),
    countRatings: (f) => countRatings(store, ratingsFilter(f)),
    ratingsPage: (f, direction, window) => reportRatingsPage(store, ratingsFilter(f), direction, window),
    ratingsInOrder: (f) => reportRatingsInOrder(store, ratingsFilter(f)),
    async customer(id) {
      const [found] = await customersByIds(store, organizationId, [id]);
      return found ? { _id: found._id, label: found.label } : null;
    },
    async customers(ids) {
      const found = await customersByIds(store, organizationId, ids);
      return new Map(found.map((c) => [c._id, { label: c.label, billingFrequency: c.billingFrequency ?? null }]));
    },
    async jobRatings(jobIds) {
      const found = await submittedRatingsByJobIds(store, organizationId, jobIds);
      return new Map([...found].map(([jobId, r]) => [jobId, r.rating]));
    },
    async staffNames(ids) {
      const users = ids.length ? await usersByIds(store, ids) : [];
      return new Map(users.filter((u) => u.organizationId === organizationId).map((u) => [u._id, u.fullName]));
    },
  };
}

/**
 * The report history at `position`: every event up to and including it, none after. The same filters narrowed to
 * the versions valid then: the indexes `organization_(user_|customer_)starts_sequence_from_to` give the timers in
 * start order, with from and to tested on the index's entries.
 */
export function sourceAt(store: ReadStore, organizationId: string, position: number): ReportSource {
  const timers = (f: ResolvedFilters) => validAt(jobsFilter(f), position);
  const ratings = (f: ResolvedFilters) => validAt(ratingsFilter(f), position);
  return {
    countTimers: (f) => countTimerVersions(store, timers(f)),
    timersPage: (f, direction, window) => timerVersionsPage(store, timers(f), direction, window),
    timersInOrder: (f) => timerVersionsInOrder(store, timers(f)),
    countRatings: (f) => countRatingVersions(store, ratings(f)),
    ratingsPage: (f, direction, window) => ratingVersionsPage(store, ratings(f), direction, window),
    ratingsInOrder: (f) => ratingVersionsInOrder(store, ratings(f)),
    // A customer added since the position is narrowed to as it is named now: its rows then are none.
    async customer(id) {
      const name =
        (await namesAt(store, 'customer', organizationId, [id], position)).get(id) ??
        (await namesAt(store, 'customer', organizationId, [id], OPEN)).get(id);
      return name ? { _id: id, label: name.label } : null;
    },
    async customers(ids) {
      const found = await namesAt(store, 'customer', organizationId, ids, position);
      return new Map([...found].map(([id, n]) => [id, { label: n.label, billingFrequency: n.billingFrequency }]));
    },
    jobRatings: (jobIds) => jobRatingsAt(store, organizationId, jobIds, position),
    async staffNames(ids) {
      const found = await namesAt(store, 'user', organizationId, ids, position);
      return new Map([...found].map(([id, n]) => [id, n.label]));
    },
  };
}
