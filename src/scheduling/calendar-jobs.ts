import type { ReadStore } from '../core/read-store/read-store.port';
import {
  JobDoc,
  jobById,
  JobSeriesDoc,
  jobsAndSeriesAround,
  seriesById,
  seriesStateOf,
} from './scheduling.read-models';
import { occurrenceFields, seriesTiming } from './job-series.decider';
import { occurrenceId, plannedBetween, plannedStart, SeriesTiming } from './recurrence';
import { resolveJobId } from './job-ids';
import { isoInstant } from '../core/zoned-time';
import type { JobFields } from './scheduling.events';
import type { RecurrenceRule } from './recurrence';

/** A job or one occurrence of a recurring job, as calendars show it. */
export interface CalendarJob extends JobFields {
  id: string;
  organizationId: string;
  /** The recurring job it belongs to, with its rule; null for a one-time job. */
  series: { id: string; rule: RecurrenceRule; timeZone: string } | null;
}

export const isOwnJob = (userId: string) => (job: CalendarJob) =>
  job.leadUserId === userId || job.userIds.includes(userId);

/**
 * Planned occurrences per recurring job for its first three years, computed once per timing (rule,
 * start, length, zone): a calendar range is then two binary searches instead of an rrule walk.
 * Keyed by content, so a changed series simply gets a new entry; the oldest entries are dropped.
 */
const HORIZON_MS = 3 * 365 * 86_400_000;
const PLANS_KEPT = 5000;

interface Plan {
  startMs: number[];
  starts: string[];
  ends: string[];
  dates: string[];
  /** YYYYMMDD, the occurrence id's suffix. */
  compact: string[];
  until: number;
}
const plans = new Map<string, Plan>();

type Planned = { start: string; end: string; localDate: string; compact: string };

function planFor(timing: SeriesTiming): Plan {
  const key = JSON.stringify(timing);
  let plan = plans.get(key);
  if (!plan) {
    const first = Date.parse(timing.start);
    const duration = timing.durationMinutes * 60_000;
    const all = plannedBetween(timing, new Date(first), new Date(first + HORIZON_MS));
    const startMs = all.map((o) => Date.parse(o.start));
    const dates = all.map((o) => o.localDate);
    plan = {
      startMs,
      starts: all.map((o) => o.start),
      ends: startMs.map((ms) => isoInstant(ms + duration)),
      dates,
      compact: dates.map((d) => d.replace(/-/g, '')),
      until: first + HORIZON_MS,
    };
    if (plans.size >= PLANS_KEPT) plans.delete(plans.keys().next().value!);
    plans.set(key, plan);
  }
  return plan;
}

function planned(timing: SeriesTiming, from: Date, to: Date): Planned[] {
  const plan = planFor(timing);
  const duration = timing.durationMinutes * 60_000;
  if (to.getTime() > plan.until) {
    return plannedBetween(timing, from, to).map((o) => ({
      ...o,
      end: isoInstant(Date.parse(o.start) + duration),
      compact: o.localDate.replace(/-/g, ''),
    }));
  }
  const out: Planned[] = [];
  // the first occurrence that may still be going at `from`
  let lo = 0;
  let hi = plan.startMs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (plan.startMs[mid] + duration <= from.getTime()) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < plan.startMs.length && plan.startMs[i] < to.getTime(); i++)
    out.push({ start: plan.starts[i], end: plan.ends[i], localDate: plan.dates[i], compact: plan.compact[i] });
  return out;
}

const overlaps = (job: JobFields, from: number, to: number) => Date.parse(job.start) < to && Date.parse(job.end) > from;

/**
 * The occurrences of a recurring job that overlap [from, to): those the rule plans there, plus any
 * changed on their own into the range; minus deleted ones and those moved out of it.
 */
export function seriesOccurrences(doc: JobSeriesDoc, from: Date, to: Date): CalendarJob[] {
  const s = seriesStateOf(doc);
  const series = { id: doc._id, rule: doc.rule, timeZone: doc.timeZone };
  const out: CalendarJob[] = [];
  const deleted = new Set(doc.deleted);
  const t = doc.template;
  for (const { start, end, localDate, compact } of planned(seriesTiming(s), from, to)) {
    // Changed on its own: placed below, wherever it now is.
    if (localDate in doc.overrides || deleted.has(localDate)) continue;
    // Spelled out rather than spread: one hidden class for hundreds of occurrences a week.
    out.push({
      id: `${doc._id}_${compact}`,
      organizationId: doc.organizationId,
      series,
      name: t.name,
      notes: t.notes,
      number: t.number,
      type: t.type,
      start,
      end,
      userIds: t.userIds,
      leadUserId: t.leadUserId,
      customerId: t.customerId,
      colorOption: t.colorOption,
      hideFromScheduleView: t.hideFromScheduleView,
      availabilityOnly: t.availabilityOnly,
    });
  }
  for (const localDate of Object.keys(doc.overrides)) {
    const fields = occurrenceFields(s, localDate);
    if (!deleted.has(localDate) && overlaps(fields, from.getTime(), to.getTime())) {
      out.push({ ...fields, id: occurrenceId(doc._id, localDate), organizationId: doc.organizationId, series });
    }
  }
  return out;
}

function oneTime(doc: JobDoc): CalendarJob {
  const { _id, _rev: _r, weeks: _w, createdAt: _c, ...fields } = doc;
  return { id: _id, series: null, ...fields };
}

/** Every job and occurrence of an organization overlapping [from, to), in start order. */
export async function jobsBetween(
  store: ReadStore,
  organizationId: string,
  from: Date,
  to: Date,
): Promise<CalendarJob[]> {
  return calendarJobs(await jobsAndSeriesAround(store, organizationId, from.toISOString(), to.toISOString()), from, to);
}

/**
 * The calendar of [from, to) from the documents read for it (as they stand, or as of a moment: as-of.ts):
 * the one-time jobs that overlap it and the series' occurrences there, in start order.
 */
export function calendarJobs({ jobs, series }: { jobs: JobDoc[]; series: JobSeriesDoc[] }, from: Date, to: Date) {
  const all = [
    ...jobs.filter((j) => overlaps(j, from.getTime(), to.getTime())).map(oneTime),
    ...series.flatMap((s) => seriesOccurrences(s, from, to)),
  ];
  // ISO instants in one format sort as plain strings (localeCompare would cost more than the rest).
  return all.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** One job or occurrence, or null. */
export async function findCalendarJob(
  store: ReadStore,
  organizationId: string,
  id: string,
): Promise<CalendarJob | null> {
  const target = resolveJobId(id);
  if (target.kind === 'job') {
    const doc = await jobById(store, target.jobId);
    if (!doc || doc.organizationId !== organizationId) return null;
    const { _id, _rev: _r, weeks: _w, createdAt: _c, ...fields } = doc;
    return { id: _id, series: null, ...fields };
  }
  const series = await seriesById(store, target.seriesId);
  if (!series || series.organizationId !== organizationId) return null;
  const override = series.overrides[target.localDate];
  const planned = plannedStart({ start: series.template.start, timeZone: series.timeZone }, target.localDate);
  // Look where the occurrence is now: moved on its own, or planned on its date.
  const at = new Date(override?.start ?? planned);
  const until = new Date(Date.parse(override?.end ?? planned) + 1);
  return seriesOccurrences(series, at, until).find((j) => j.id === id) ?? null;
}
