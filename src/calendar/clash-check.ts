import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { timeOffOfUsers, weeklyAvailability } from '../availability/availability.read-models';
import { NotFoundError, ValidationError } from '../core/errors';
import { TurnBudget } from '../core/loop-turns';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { organizationById, usersByIds } from '../identity/identity.read-models';
import { jobProblem } from '../scheduling/job.rules';
import { isoInstant } from '../core/zoned-time';
import { plannedBetween, recurrenceProblem, RecurrenceRule } from '../scheduling/recurrence';
import type { JobFields } from '../scheduling/scheduling.events';
import { jobPeople, organizationSeries, peopleJobsAround, seriesById } from '../scheduling/scheduling.read-models';
import { findCalendarJob, seriesOccurrences } from '../scheduling/calendar-jobs';
import { BusyJob, clashesOf, DayOff, Interval, PersonTimes } from './clashes';
import type { ClashReport } from '../shared/clashes';
import { CLOCK, type Clock } from '../core/clock';

const DAY = 86_400_000;
/** How far ahead a series is checked, and how many of its occurrences at most (a daily job for a year). */
export const CLASH_HORIZON_DAYS = 366;
const MAX_OCCURRENCES = 400;
/** The clashes listed at most; the rest are counted. */
export const MAX_CLASHES = 200;

/** A job as it would be saved: new (no id), or a change of a job, an occurrence, or (scope series) its series. */
export class CheckClashes {
  constructor(
    readonly organizationId: string,
    readonly id: string | null,
    readonly scope: 'occurrence' | 'series',
    /** What the save would send: a new job's fields, or a change's (the rest as the job stands). */
    readonly fields: Partial<JobFields>,
    /** A new series' rule, or a series' new one; undefined: as it stands (none for a one-time job). */
    readonly rule: RecurrenceRule | null | undefined,
  ) {}
}

interface Proposal {
  start: string;
  end: string;
  people: string[];
  rule: RecurrenceRule | null;
  /** What its own time never clashes with: a job id, or a whole series (a series-wide change). */
  self: { jobId: string | null; seriesId: string | null };
  /** A series' dates deleted on their own: they are not there to clash. */
  deleted: string[];
}

/**
 * Every clash of a proposed job with its people's days off, weeks and other jobs, over all its occurrences (a
 * series: from its start, or from now, for a year). Managers ask it before every save; nothing is refused here.
 */
@QueryHandler(CheckClashes)
export class CheckClashesHandler implements IQueryHandler<CheckClashes> {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(query: CheckClashes): Promise<ClashReport> {
    const organization = await organizationById(this.store, query.organizationId);
    if (!organization) throw new NotFoundError('The organization');
    const zone = organization.timeZone;
    const proposal = await this.proposal(query, zone);
    const occurrences = occurrencesOf(proposal, zone, this.clock.now());
    if (!occurrences.length || !proposal.people.length)
      return { clashes: [], more: 0, occurrences: occurrences.length, until: untilOf(occurrences) };

    const from = occurrences[0].start - DAY;
    const to = occurrences[occurrences.length - 1].end + DAY;
    const orgId = query.organizationId;
    const [users, weeks, timeOff, jobs, series] = await Promise.all([
      usersByIds(this.store, proposal.people),
      weeklyAvailability(this.store, orgId, proposal.people),
      timeOffOfUsers(this.store, orgId, proposal.people),
      peopleJobsAround(this.store, orgId, proposal.people, new Date(from).toISOString(), new Date(to).toISOString()),
      organizationSeries(this.store, orgId),
    ]);
    const busy = new Map<string, BusyJob[]>(proposal.people.map((id) => [id, []]));
    const isSelf = (id: string, seriesId: string | null) =>
      id === proposal.self.jobId || (seriesId !== null && seriesId === proposal.self.seriesId);
    const keepBusy = (job: JobFields & { id: string }, seriesId: string | null) => {
      if (isSelf(job.id, seriesId)) return;
      const interval = { id: job.id, name: job.name, start: Date.parse(job.start), end: Date.parse(job.end) };
      if (!(interval.end > from && interval.start < to)) return;
      for (const userId of jobPeople(job)) busy.get(userId)?.push(interval);
    };
    for (const job of jobs) keepBusy({ ...job, id: job._id }, null);
    const involved = (fields: Partial<JobFields>) =>
      [fields.leadUserId, ...(fields.userIds ?? [])].some((id) => id && busy.has(id));
    for (const doc of series) {
      if (doc._id === proposal.self.seriesId) continue;
      if (!involved(doc.template) && !Object.values(doc.overrides).some(involved)) continue;
      for (const occurrence of seriesOccurrences(doc, new Date(from), new Date(to))) keepBusy(occurrence, doc._id);
    }

    const holidays: DayOff[] = (organization.holidays ?? []).map((h) => ({
      from: h.date,
      to: h.date,
      label: h.name,
      kind: 'holiday',
    }));
    const people: PersonTimes[] = users
      .filter((u) => u.organizationId === orgId)
      .map((u) => ({
        userId: u._id,
        name: u.fullName,
        week: weeks.get(u._id) ?? null,
        daysOff: [
          ...holidays,
          ...(timeOff.get(u._id) ?? []).map((t): DayOff => ({
            from: t.from,
            to: t.to,
            startTime: t.startTime,
            endTime: t.endTime,
            label: t.note,
            kind: 'timeOff',
          })),
        ],
        busy: busy.get(u._id)!.sort((a, b) => a.start - b.start),
      }));
    const budget = await TurnBudget.begin();
    const { clashes, more } = await clashesOf(occurrences, people, zone, MAX_CLASHES, () => budget.spent());
    return { clashes, more, occurrences: occurrences.length, until: untilOf(occurrences) };
  }

  /** The job as it would be: the fields asked for over the job as it stands (a change), checked as a save would. */
  private async proposal({ organizationId, id, scope, fields, rule }: CheckClashes, zone: string): Promise<Proposal> {
    let current: JobFields | null = null;
    let seriesId: string | null = null;
    let currentRule: RecurrenceRule | null = null;
    let deleted: string[] = [];
    if (id !== null) {
      const job = await findCalendarJob(this.store, organizationId, id);
      if (!job) throw new NotFoundError('The job');
      current = job;
      if (job.series) {
        seriesId = job.series.id;
        currentRule = job.series.rule;
        deleted = (await seriesById(this.store, seriesId))?.deleted ?? [];
      }
    }
    const merged = {
      name: 'Job',
      userIds: [],
      leadUserId: null,
      availabilityOnly: false,
      ...current,
      ...fields,
    } as JobFields;
    const problem = jobProblem({
      ...merged,
      name: merged.name || 'Job',
      colorOption: null,
      hideFromScheduleView: false,
    });
    if (problem) throw new ValidationError(problem);
    const wholeSeries = seriesId !== null && scope === 'series';
    const effectiveRule = id === null ? (rule ?? null) : wholeSeries ? (rule ?? currentRule) : null;
    if (effectiveRule) {
      const ruleProblem = recurrenceProblem(effectiveRule, merged.start, zone);
      if (ruleProblem) throw new ValidationError(ruleProblem);
    }
    return {
      start: new Date(merged.start).toISOString(),
      end: new Date(merged.end).toISOString(),
      people: jobPeople(merged),
      rule: effectiveRule,
      self: wholeSeries ? { jobId: null, seriesId } : { jobId: id, seriesId: null },
      deleted: wholeSeries ? deleted : [],
    };
  }
}

const untilOf = (occurrences: Interval[]) =>
  occurrences.length ? isoInstant(occurrences[occurrences.length - 1].end) : null;

/** The proposal's occurrences: itself, or a series' from its start (or now, if later) for a year, at most 400. */
function occurrencesOf(proposal: Proposal, zone: string, now: Date): Interval[] {
  const start = Date.parse(proposal.start);
  const end = Date.parse(proposal.end);
  if (!proposal.rule) return [{ start, end }];
  const timing = {
    start: proposal.start,
    durationMinutes: (end - start) / 60_000,
    timeZone: zone,
    rule: proposal.rule,
  };
  const from = Math.max(start, now.getTime());
  const deleted = new Set(proposal.deleted);
  return plannedBetween(timing, new Date(from), new Date(from + CLASH_HORIZON_DAYS * DAY))
    .filter((o) => !deleted.has(o.localDate))
    .slice(0, MAX_OCCURRENCES)
    .map((o) => ({ start: Date.parse(o.start), end: Date.parse(o.start) + (end - start) }));
}
