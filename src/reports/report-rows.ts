import type { ReadStore } from '../core/read-store/read-store.port';
import { customersByIds } from '../customers/customers.read-models';
import { usersByIds } from '../identity/identity.read-models';
import { RatingDoc, submittedRatingsByJobIds } from '../ratings/ratings.read-models';
import type { JobsReportRow, RatingsReportRow } from '../shared/reports';
import type { ReportTimer } from '../timers/timers.read-models';
import { hoursBetween } from './report-filters';

const unique = <T>(values: (T | null | undefined)[]) => [...new Set(values.filter((v): v is T => v != null))];

/**
 * Report rows of a page or a batch of timers: the customer as it is now (name, billing frequency; a deleted one
 * still named) and the job's rating, each looked up once per batch.
 */
export async function jobsReportRows(
  store: ReadStore,
  organizationId: string,
  timers: ReportTimer[],
): Promise<JobsReportRow[]> {
  const [customers, ratings] = await Promise.all([
    customersByIds(store, organizationId, unique(timers.map((t) => t.customerId))),
    submittedRatingsByJobIds(store, organizationId, unique(timers.map((t) => t.jobId))),
  ]);
  const customerById = new Map(customers.map((c) => [c._id, c]));
  return timers.map((t) => {
    const customer = t.customerId ? customerById.get(t.customerId) : undefined;
    return {
      id: t._id,
      associateName: t.userFullName,
      label: t.label,
      timerType: t.type,
      startDateTime: t.startsAt,
      endDateTime: t.endDateTime ? new Date(Date.parse(t.endDateTime)).toISOString() : null,
      hours: hoursBetween(t.startDateTime, t.endDateTime),
      mileageStart: t.mileageStart,
      mileageEnd: t.mileageEnd,
      rating: (t.jobId ? ratings.get(t.jobId)?.rating : null) ?? null,
      jobName: t.jobName,
      customerName: customer?.label ?? t.customerName,
      customerBillingFrequency: customer?.billingFrequency ?? null,
    };
  });
}

/** Report rows of a page or a batch of ratings: staff and customers named as they are now. */
export async function ratingsReportRows(
  store: ReadStore,
  organizationId: string,
  ratings: RatingDoc[],
): Promise<RatingsReportRow[]> {
  const [users, customers] = await Promise.all([
    usersByIds(store, unique(ratings.flatMap((r) => r.associateIds))),
    customersByIds(store, organizationId, unique(ratings.map((r) => r.customerId))),
  ]);
  const names = new Map(users.filter((u) => u.organizationId === organizationId).map((u) => [u._id, u.fullName]));
  const customerNames = new Map(customers.map((c) => [c._id, c.label]));
  return ratings.map((r) => ({
    id: r._id,
    customerName: customerNames.get(r.customerId) ?? '',
    jobDate: r.jobStartsAt,
    jobName: r.jobName,
    jobNumber: r.jobNumber ?? null,
    associateName: r.associateIds.map((id) => names.get(id) ?? 'Former employee').join(', '),
    rating: r.rating,
    comments: r.comments,
  }));
}
