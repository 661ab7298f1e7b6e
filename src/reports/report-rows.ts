import type { JobsReportRow, RatingsReportRow } from '../shared/reports';
import type { ReportTimer } from '../timers/timers.read-models';
import { hoursBetween } from './report-filters';
import type { ReportRating } from '../as-of/report-history.read-models';
import type { ReportSource } from './report-source';

const unique = <T>(values: (T | null | undefined)[]) => [...new Set(values.filter((v): v is T => v != null))];

/**
 * Report rows of a page or a batch of timers: the customer (name, billing frequency; a deleted one still named) and
 * the job's rating as `source` has them (now, or at the report's moment), each looked up once per batch.
 */
export async function jobsReportRows(source: ReportSource, timers: ReportTimer[]): Promise<JobsReportRow[]> {
  const [customers, ratings] = await Promise.all([
    source.customers(unique(timers.map((t) => t.customerId))),
    source.jobRatings(unique(timers.map((t) => t.jobId))),
  ]);
  return timers.map((t) => {
    const customer = t.customerId ? customers.get(t.customerId) : undefined;
    return {
      id: t._id,
      associateName: t.userFullName,
      // A job timer is usually started without a label of its own (the label is optional): its row is then named by
      // its job, as every screen names such a timer, instead of an empty Label.
      label: t.label || (t.type === 'Job' ? t.jobName : null),
      timerType: t.type,
      startDateTime: t.startsAt,
      endDateTime: t.endDateTime ? new Date(Date.parse(t.endDateTime)).toISOString() : null,
      hours: hoursBetween(t.startDateTime, t.endDateTime),
      mileageStart: t.mileageStart,
      mileageEnd: t.mileageEnd,
      rating: (t.jobId ? ratings.get(t.jobId) : null) ?? null,
      jobName: t.jobName,
      customerName: customer?.label ?? t.customerName,
      customerBillingFrequency: customer?.billingFrequency ?? null,
    };
  });
}

/** Report rows of a page or a batch of ratings: staff and customers named as `source` has them. */
export async function ratingsReportRows(source: ReportSource, ratings: ReportRating[]): Promise<RatingsReportRow[]> {
  const [names, customers] = await Promise.all([
    source.staffNames(unique(ratings.flatMap((r) => r.associateIds))),
    source.customers(unique(ratings.map((r) => r.customerId))),
  ]);
  return ratings.map((r) => ({
    id: r._id,
    customerName: customers.get(r.customerId)?.label ?? '',
    jobDate: r.jobStartsAt,
    jobName: r.jobName,
    jobNumber: r.jobNumber ?? null,
    associateName: r.associateIds.map((id) => names.get(id) ?? 'Former employee').join(', '),
    rating: r.rating,
    comments: r.comments,
  }));
}
