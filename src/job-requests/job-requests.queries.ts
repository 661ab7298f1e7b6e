import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { organizationUsers, organizationZone } from '../identity/identity.read-models';
import { weeklyAvailability } from '../availability/availability.read-models';
import { customerLabels } from '../customers/customers.read-models';
import { pendingJobRequests } from './job-requests.read-models';
import { isAvailable } from '../availability/availability-check';
import type { CurrentUser } from '../identity/current-user';
import { CalendarJob, findCalendarJob, isOwnJob, jobsBetween } from '../scheduling/calendar-jobs';
import { isOpen } from '../scheduling/job-request.rules';
import { canSeeJob } from '../scheduling/job-visibility';
import type { JobRequestView } from '../shared/job-requests';

/** Pending requests of the organization, soonest job first. */
export class GetJobRequests {
  constructor(readonly viewer: CurrentUser) {}
}

@QueryHandler(GetJobRequests)
export class GetJobRequestsHandler implements IQueryHandler<GetJobRequests> {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async execute({ viewer }: GetJobRequests): Promise<JobRequestView[]> {
    const organizationId = viewer.organizationId;
    const pending = await pendingJobRequests(this.store, organizationId);
    if (!pending.length) return [];
    // Each request's job as it stands now (a deleted one has had its requests closed by the projection).
    // A job hidden from the viewer is left out, and so are the requests for it (src/scheduling/job-visibility.ts).
    const visible = canSeeJob(viewer);
    const jobs = new Map<string, CalendarJob>();
    for (const request of pending) {
      const job = await findCalendarJob(this.store, organizationId, request.jobId);
      if (job && visible(job)) jobs.set(request._id, job);
    }
    const customerIds = [...new Set([...jobs.values()].map((j) => j.customerId).filter((id): id is string => !!id))];
    const [zone, users, entries, customerNames] = await Promise.all([
      organizationZone(this.store, organizationId),
      organizationUsers(this.store, organizationId),
      weeklyAvailability(this.store, organizationId, [...new Set(pending.map((r) => r.userId))]),
      customerLabels(this.store, organizationId, customerIds),
    ]);
    const names = new Map(users.map((u) => [u._id, u.fullName]));
    // Every job in the requests' span, read once; each request then picks its requester's overlaps.
    const spanStart = Math.min(...pending.map((r) => Date.parse(r.start)));
    const spanEnd = Math.max(...pending.map((r) => Date.parse(r.end)));
    const inSpan = (await jobsBetween(this.store, organizationId, new Date(spanStart), new Date(spanEnd))).filter(
      (j) => !j.availabilityOnly && visible(j),
    );
    const rows: JobRequestView[] = [];
    for (const request of pending) {
      const job = jobs.get(request._id);
      if (!job) continue;
      const start = Date.parse(request.start);
      const end = Date.parse(request.end);
      const others = inSpan.filter(
        (j) =>
          j.id !== request.jobId &&
          Date.parse(j.start) < end &&
          Date.parse(j.end) > start &&
          isOwnJob(request.userId)(j),
      );
      rows.push({
        id: request._id,
        jobId: request.jobId,
        requestorId: request.userId,
        requestorName: names.get(request.userId) ?? 'Former employee',
        startDateTime: request.start,
        endDateTime: request.end,
        name: job.name,
        customer: job.customerId ? { id: job.customerId, name: customerNames.get(job.customerId) ?? '' } : null,
        requestedAt: request.requestedAt,
        available: isAvailable(entries.get(request.userId) ?? null, start, end, zone),
        overlappingJobs: others.map((j) => j.name),
        changedSince: !isOpen(job)
          ? 'assigned'
          : job.start !== request.start || job.end !== request.end
            ? 'moved'
            : null,
      });
    }
    return rows;
  }
}
