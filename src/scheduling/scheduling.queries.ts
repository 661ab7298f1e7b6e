import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { NotFoundError } from '../core/errors';
import { isUuid } from '../core/clock';
import { EVENT_STORE, EventStore } from '../core/event-store/event-store.port';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { OrganizationDoc, ORGANIZATIONS, UserDoc, USERS } from '../identity/identity.read-models';
import { AVAILABILITY, AvailabilityDoc } from '../availability/availability.read-models';
import { WEEK_DAYS } from '../availability/availability.events';
import { minutesOf } from '../availability/availability-times';
import { JOB_SERIES, JOBS, JobDoc, JobSeriesDoc } from './scheduling.read-models';
import type { CurrentUser } from '../identity/current-user';
import { CalendarJob, jobsBetween, seriesOccurrences } from './calendar';
import { resolveJobId } from './commands/job.handlers';
import { describeJobEvent, HistoryEntry } from './job-history';
import { localDateOf, plannedStart } from './recurrence';
import { fromWallMs, isoInstant, toWallMs } from './zoned-time';
import { schedulingStreams } from './scheduling.events';
import { JOB_REQUESTS, JobRequestDoc } from '../job-requests/job-requests.read-models';
import { JOB_TIMES, JobTimeEntry, JobTimesDoc } from '../timers/timers.read-models';
import { isOpen, RequestStatus } from '../job-requests/job-request.rules';
import { AVAILABILITY_COLOR, AVAILABLE_COLOR, INTERNAL_COLOR } from '../shared/job-colours';

/** Spec §4: its own colour, else its lead's, else red when assigned without a customer (Internal), else navy (Available for Requests). */
export function jobColor(
  job: Pick<CalendarJob, 'colorOption' | 'userIds' | 'customerId' | 'availabilityOnly'>,
  leadColor: string | null,
): string {
  if (job.colorOption) return job.colorOption;
  if (job.availabilityOnly) return AVAILABILITY_COLOR;
  return leadColor ?? (job.userIds.length && !job.customerId ? INTERNAL_COLOR : AVAILABLE_COLOR);
}

/** Hidden jobs are seen by their lead and by Company Admins only. */
export const visibleTo = (viewer: CurrentUser) => (job: CalendarJob) =>
  !job.hideFromScheduleView || viewer.role === 'Company Admin' || job.leadUserId === viewer.userId;

export const isOwnJob = (userId: string) => (job: CalendarJob) =>
  job.leadUserId === userId || job.userIds.includes(userId);

interface CustomerDoc {
  _id: string;
  name?: string;
  displayName?: string;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  country?: string | null;
}

/** Most jobs have no time on them: one frozen array serves every such view. */
const NO_TRACKED_TIMES: readonly JobTimeEntry[] = Object.freeze([]);

/**
 * The job as the API shows it (spec §3 Job), with names, colours and the recurrence it belongs to.
 * A week holds hundreds of occurrences of a few series: their assignees, lead, customer and
 * recurrence fragments are built once per request and shared, so a view costs one object.
 */
export async function jobViews(store: ReadStore, organizationId: string, jobs: CalendarJob[]) {
  const users = new Map((await store.collection<UserDoc>(USERS).find({ organizationId })).map((u) => [u._id, u]));
  const customerIds = [...new Set(jobs.map((j) => j.customerId).filter((id): id is string => !!id))];
  const customers = new Map(
    (customerIds.length
      ? await store.collection<CustomerDoc>('customers').find({ _id: { $in: customerIds } })
      : []
    ).map((c) => [
      c._id,
      {
        id: c._id,
        name: c.displayName || c.name || '',
        address1: c.address1 ?? null,
        address2: c.address2 ?? null,
        city: c.city ?? null,
        state: c.state ?? null,
        postalCode: c.postalCode ?? null,
        country: c.country ?? null,
      },
    ]),
  );
  const times = new Map(
    (
      await store
        .collection<JobTimesDoc>(JOB_TIMES)
        .find({ _id: { $in: jobs.filter((j) => !j.availabilityOnly).map((j) => j.id) } })
    ).map((d) => [d._id, d.timers]),
  );
  const person = (id: string) => ({
    id,
    fullName: users.get(id)?.fullName ?? 'Former employee',
    colorCode: users.get(id)?.colorCode ?? null,
  });
  const leads = new Map<string, { id: string; fullName: string; colorCode: string | null } | null>();
  const leadOf = (id: string) => {
    if (!leads.has(id)) {
      const lead = users.get(id);
      leads.set(id, lead ? { id: lead._id, fullName: lead.fullName, colorCode: lead.colorCode } : null);
    }
    return leads.get(id)!;
  };
  // Occurrences of one series share their userIds array and series object, so these memos hit by reference.
  const crews = new Map<string[], ReturnType<typeof person>[]>();
  const crewOf = (userIds: string[]) => {
    let crew = crews.get(userIds);
    if (!crew) crews.set(userIds, (crew = userIds.map(person)));
    return crew;
  };
  const recurrences = new Map<NonNullable<CalendarJob['series']>, ReturnType<typeof recurrenceModel>>();
  const recurrenceOf = (series: NonNullable<CalendarJob['series']>) => {
    let model = recurrences.get(series);
    if (!model) recurrences.set(series, (model = recurrenceModel(series)));
    return model;
  };
  return jobs.map((job) => {
    const lead = job.leadUserId ? leadOf(job.leadUserId) : null;
    return {
      id: job.id,
      name: job.name,
      notes: job.notes,
      number: job.number,
      type: job.type,
      startDateTime: job.start,
      endDateTime: job.end,
      userIds: job.userIds,
      users: crewOf(job.userIds),
      leadUserId: job.leadUserId,
      leadUser: lead,
      customerId: job.customerId,
      customer: (job.customerId && customers.get(job.customerId)) || null,
      colorOption: job.colorOption,
      color: jobColor(job, lead?.colorCode ?? null),
      hideFromScheduleView: job.hideFromScheduleView,
      availabilityOnly: job.availabilityOnly,
      isOpen: !job.leadUserId && job.userIds.length === 0,
      /** Time and mileage recorded on it (the calendars' "time submitted" and "mileage submitted" marks). */
      trackedTimes: times.get(job.id) ?? NO_TRACKED_TIMES,
      /** The viewer's own request to pick this job up, on requestable calendars (src/job-requests). */
      requestStatus: null as RequestStatus | null,
      jobRecurrenceModel: job.series ? recurrenceOf(job.series) : null,
    };
  });
}

function recurrenceModel(series: NonNullable<CalendarJob['series']>) {
  return {
    id: series.id,
    recurringFrequency: series.rule.frequency,
    recurrenceDays: series.rule.days.join(','),
    weeklyRecurrence: series.rule.weeklyRecurrence,
    expireDate: series.rule.expireDate,
  };
}

export type JobView = Awaited<ReturnType<typeof jobViews>>[number];

export class GetCalendarJobs {
  constructor(
    readonly viewer: CurrentUser,
    readonly from: Date,
    readonly to: Date,
    readonly scope: 'own' | 'organization',
    /** Also return this employee's weekly availability in the range, as availability-only entries. */
    readonly availabilityUserId: string | null = null,
    /** Own calendar: also the open jobs the viewer may request (when the organization allows picking up jobs). */
    readonly requestable = false,
    readonly now = new Date(),
  ) {}
}

@QueryHandler(GetCalendarJobs)
export class GetCalendarJobsHandler implements IQueryHandler<GetCalendarJobs> {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async execute({ viewer, from, to, scope, availabilityUserId, requestable, now }: GetCalendarJobs) {
    const organization = requestable
      ? await this.store.collection<OrganizationDoc>(ORGANIZATIONS).findOne({ _id: viewer.organizationId })
      : null;
    const offered = (job: CalendarJob) =>
      !!organization?.pickUpJobsEnabled &&
      isOpen(job) &&
      !job.availabilityOnly &&
      Date.parse(job.start) > now.getTime();
    const own = isOwnJob(viewer.userId);
    const jobs = (await jobsBetween(this.store, viewer.organizationId, from, to))
      .filter(visibleTo(viewer))
      .filter(scope === 'own' ? (job) => own(job) || offered(job) : () => true);
    const blocks = availabilityUserId
      ? await availabilityBlocks(this.store, viewer.organizationId, availabilityUserId, from, to)
      : [];
    const views = await jobViews(this.store, viewer.organizationId, [...jobs, ...blocks]);
    if (!organization?.pickUpJobsEnabled) return views;
    const mine = await this.store
      .collection<JobRequestDoc>(JOB_REQUESTS)
      .find({ organizationId: viewer.organizationId, userId: viewer.userId });
    const status = new Map(mine.map((r) => [r.jobId, r.status]));
    for (const view of views) view.requestStatus = status.get(view.id) ?? null;
    return views;
  }
}

/** An employee's weekly availability laid over [from, to) in the organization's zone, as calendar entries. */
export async function availabilityBlocks(
  store: ReadStore,
  organizationId: string,
  userId: string,
  from: Date,
  to: Date,
): Promise<CalendarJob[]> {
  const user = isUuid(userId) ? await store.collection<UserDoc>(USERS).findOne({ _id: userId }) : null;
  if (!user || user.organizationId !== organizationId) throw new NotFoundError('The employee');
  const [availability, organization] = await Promise.all([
    store.collection<AvailabilityDoc>(AVAILABILITY).findOne({ _id: userId }),
    store.collection<OrganizationDoc>(ORGANIZATIONS).findOne({ _id: organizationId }),
  ]);
  if (!availability || !organization) return [];
  const zone = organization.timeZone;
  const blocks: CalendarJob[] = [];
  // Each local day touching the range, Monday = 0.
  for (
    let day = Date.parse(`${localDateOf(from.toISOString(), zone)}T00:00:00Z`);
    day < toWallMs(to.getTime(), zone);
    day += 86_400_000
  ) {
    const date = new Date(day).toISOString().slice(0, 10);
    const weekDay = WEEK_DAYS[(new Date(day).getUTCDay() + 6) % 7];
    availability.entries
      .filter((e) => e.weekDay === weekDay)
      .forEach((entry, index) => {
        const start = fromWallMs(day + minutesOf(entry.startTime)! * 60_000, zone);
        const end = fromWallMs(day + minutesOf(entry.endTime)! * 60_000, zone);
        if (start >= to.getTime() || end <= from.getTime()) return;
        blocks.push({
          id: `availability_${userId}_${date.replace(/-/g, '')}_${index}`,
          organizationId,
          series: null,
          name: `${user.fullName} available`,
          notes: null,
          number: null,
          type: null,
          userIds: [userId],
          leadUserId: null,
          customerId: null,
          colorOption: null,
          hideFromScheduleView: false,
          availabilityOnly: true,
          start: isoInstant(start),
          end: isoInstant(end),
        });
      });
  }
  return blocks;
}

/** Own jobs from now on, soonest first: the next 30 days, at most 50. */
export class GetUpcomingJobs {
  constructor(
    readonly viewer: CurrentUser,
    readonly now: Date,
  ) {}
}

@QueryHandler(GetUpcomingJobs)
export class GetUpcomingJobsHandler implements IQueryHandler<GetUpcomingJobs> {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async execute({ viewer, now }: GetUpcomingJobs) {
    const to = new Date(now.getTime() + 30 * 86_400_000);
    const jobs = (await jobsBetween(this.store, viewer.organizationId, now, to))
      .filter(isOwnJob(viewer.userId))
      .slice(0, 50);
    return jobViews(this.store, viewer.organizationId, jobs);
  }
}

/** One job or occurrence, or null. */
export async function findCalendarJob(
  store: ReadStore,
  organizationId: string,
  id: string,
): Promise<CalendarJob | null> {
  const target = resolveJobId(id);
  if (target.kind === 'job') {
    const doc = await store.collection<JobDoc>(JOBS).findOne({ _id: target.jobId });
    if (!doc || doc.organizationId !== organizationId) return null;
    const { _id, _rev: _r, weeks: _w, createdAt: _c, ...fields } = doc;
    return { id: _id, series: null, ...fields };
  }
  const series = await store.collection<JobSeriesDoc>(JOB_SERIES).findOne({ _id: target.seriesId });
  if (!series || series.organizationId !== organizationId) return null;
  const override = series.overrides[target.localDate];
  const planned = plannedStart({ start: series.template.start, timeZone: series.timeZone }, target.localDate);
  // Look where the occurrence is now: moved on its own, or planned on its date.
  const at = new Date(override?.start ?? planned);
  const until = new Date(Date.parse(override?.end ?? planned) + 1);
  return seriesOccurrences(series, at, until).find((j) => j.id === id) ?? null;
}

export class GetJob {
  constructor(
    readonly viewer: CurrentUser,
    readonly jobId: string,
  ) {}
}

@QueryHandler(GetJob)
export class GetJobHandler implements IQueryHandler<GetJob> {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async execute({ viewer, jobId }: GetJob) {
    const job = await findCalendarJob(this.store, viewer.organizationId, jobId);
    if (!job || !visibleTo(viewer)(job)) throw new NotFoundError('The job');
    return (await jobViews(this.store, viewer.organizationId, [job]))[0];
  }
}

/** Every event of the job's stream, in order and in words; for an occurrence, the series' events that concern it. */
export class GetJobHistory {
  constructor(
    readonly viewer: CurrentUser,
    readonly jobId: string,
  ) {}
}

@QueryHandler(GetJobHistory)
export class GetJobHistoryHandler implements IQueryHandler<GetJobHistory> {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  async execute({ viewer, jobId }: GetJobHistory): Promise<HistoryEntry[]> {
    const target = resolveJobId(jobId);
    const stream =
      target.kind === 'job' ? schedulingStreams.job(target.jobId) : schedulingStreams.series(target.seriesId);
    const recorded = await this.events.readStream(stream);
    if (!recorded.length || recorded[0].metadata.organizationId !== viewer.organizationId)
      throw new NotFoundError('The job');
    const job = await findCalendarJob(this.store, viewer.organizationId, jobId);
    if (job && !visibleTo(viewer)(job)) throw new NotFoundError('The job');
    const organization = await this.store.collection('organizations').findOne({ _id: viewer.organizationId });
    const users = new Map(
      (await this.store.collection<UserDoc>(USERS).find({ organizationId: viewer.organizationId })).map((u) => [
        u._id,
        u.fullName,
      ]),
    );
    const occurrence = target.kind === 'occurrence' ? jobId : null;
    return recorded
      .filter(
        (e) =>
          !occurrence ||
          !('occurrenceId' in (e.data as object)) ||
          (e.data as { occurrenceId: string }).occurrenceId === occurrence,
      )
      .map((e) =>
        describeJobEvent(e, {
          timeZone: (organization?.timeZone as string) ?? 'UTC',
          userName: (id) => users.get(id) ?? 'a former employee',
        }),
      );
  }
}
