import type { ReadStore } from '../core/read-store/read-store.port';
import { calendarCustomers, calendarOrganization, CalendarCustomer } from './calendar.read-models';
import { customerAddress } from '../shared/customers';
import type { CalendarFeedDoc } from './calendar.read-models';
import { occurrenceFields, seriesTiming } from '../scheduling/job-series.decider';
import { canSeeJob, JobViewer } from '../scheduling/job-visibility';
import { isPlannedOn, occurrenceId } from '../scheduling/recurrence';
import type { JobFields } from '../scheduling/scheduling.events';
import {
  cancelledSince,
  JobDoc,
  jobsAndSeriesAround,
  JobSeriesDoc,
  organizationSeries,
  peopleJobsAround,
  seriesStateOf,
} from '../scheduling/scheduling.read-models';
import type { CalendarFeed, FeedChangedOccurrence, FeedEntry, FeedEventText } from './calendar-feed';

const DAY_MS = 86_400_000;
/** A feed holds the jobs from 30 days back to a year ahead, and what was cancelled in the last 30 days. */
export const FEED_DAYS_BACK = 30;
export const FEED_DAYS_AHEAD = 365;

/** Who the feed is for and what it holds: a person's own jobs, or the organization's (optionally one person's). */
export interface FeedReader {
  feed: Pick<CalendarFeedDoc, 'organizationId' | 'userId' | 'scope'>;
  viewer: JobViewer;
  /** The calendar's title. */
  name: string;
  /** Organization feeds only: just this person's jobs. */
  personId: string | null;
}

/**
 * A feed's content as of `now`, before it is written out (calendarFeed): also what its ETag is made from, so a
 * calendar app that polls is answered 304 without the text being written again.
 */
export async function feedContent(
  store: ReadStore,
  { feed, viewer, name, personId }: FeedReader,
  now: Date,
): Promise<Omit<CalendarFeed, 'stamp'>> {
  const { organizationId } = feed;
  // Whole UTC days: the content, and so the ETag, stays the same all day when nothing changes.
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const from = new Date(today - FEED_DAYS_BACK * DAY_MS).toISOString();
  const to = new Date(today + FEED_DAYS_AHEAD * DAY_MS).toISOString();
  const whose = feed.scope === 'person' ? feed.userId : personId;
  const [organization, { jobs: jobsAround, series }, cancelled] = await Promise.all([
    calendarOrganization(store, organizationId),
    // A person's jobs are read by their own index; the series, few, are all read either way.
    whose
      ? Promise.all([
          peopleJobsAround(store, organizationId, [whose], from, to),
          organizationSeries(store, organizationId),
        ]).then(([jobs, all]) => ({ jobs, series: all }))
      : jobsAndSeriesAround(store, organizationId, from, to),
    cancelledSince(store, organizationId, from),
  ]);
  const timeZone = organization?.timeZone ?? 'UTC';
  const sees = canSeeJob(viewer);
  const holds = (job: JobFields) =>
    !job.availabilityOnly && sees(job) && (whose === null || job.leadUserId === whose || job.userIds.includes(whose));
  // As instants: the read models write them with and without milliseconds.
  const [fromMs, toMs] = [Date.parse(from), Date.parse(to)];
  const overlaps = (job: JobFields) => Date.parse(job.start) < toMs && Date.parse(job.end) > fromMs;

  const jobs = jobsAround.filter((j) => overlaps(j) && holds(j));
  const cancelledJobs = cancelled.filter((c) => c.kind === 'job' && overlaps(c) && holds(c)) as JobDoc[];
  const cancelledSeries = cancelled.filter((c) => c.kind === 'series') as JobSeriesDoc[];

  const customerIds = new Set<string>();
  const note = (job: JobFields) => job.customerId && customerIds.add(job.customerId);
  [...jobs, ...cancelledJobs].forEach(note);
  for (const s of [...series, ...cancelledSeries]) {
    note(s.template);
    Object.values(s.overrides).forEach((o) => o.customerId && customerIds.add(o.customerId));
  }
  const customers = new Map(
    (await calendarCustomers(store, organizationId, [...customerIds].sort())).map((c) => [c._id, c]),
  );
  const text = (job: JobFields, status: FeedEventText['status'] = 'CONFIRMED'): FeedEventText =>
    eventText(job, job.customerId ? (customers.get(job.customerId) ?? null) : null, status);

  const entries: FeedEntry[] = [
    ...jobs.map((j) => single(uidOf(`job-${j._id}`), j, j._rev ?? 0, text(j))),
    ...cancelledJobs.map((j) => single(uidOf(`job-${j._id}`), j, j._rev ?? 0, text(j, 'CANCELLED'))),
  ];
  for (const doc of series) entries.push(...seriesEntries(doc, holds, overlaps, text, 'CONFIRMED'));
  for (const doc of cancelledSeries) entries.push(...seriesEntries(doc, holds, overlaps, text, 'CANCELLED'));
  // One order for one content: the ETag is made from it.
  entries.sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
  return { name, timeZone, from, to, entries };
}

const uidOf = (id: string) => `${id}@crewclock`;

function single(uid: string, job: JobFields, sequence: number, shown: FeedEventText): FeedEntry {
  return { kind: 'single', uid, sequence, start: job.start, end: job.end, ...shown };
}

/**
 * A recurring job as the feed shows it: one VEVENT with its rule when the feed holds the series itself, its
 * occurrences that the feed does not hold (deleted, or someone else's) as EXDATEs and those changed on their own as
 * RECURRENCE-IDs; an occurrence the feed holds while not holding the series (the person added to that day only, or
 * a day the rule no longer plans) is an event of its own.
 */
function seriesEntries(
  doc: JobSeriesDoc,
  holds: (job: JobFields) => boolean,
  overlaps: (job: JobFields) => boolean,
  text: (job: JobFields, status?: FeedEventText['status']) => FeedEventText,
  status: FeedEventText['status'],
): FeedEntry[] {
  const state = seriesStateOf(doc);
  const timing = seriesTiming(state);
  const sequence = doc._rev ?? 0;
  const occurrenceUid = (date: string) => uidOf(`occurrence-${occurrenceId(doc._id, date)}`);
  const dates = Object.keys(doc.overrides)
    .filter((d) => !doc.deleted.includes(d))
    .sort();
  const own: FeedEntry[] = [];
  if (!holds(doc.template)) {
    for (const date of dates) {
      const fields = occurrenceFields(state, date);
      if (holds(fields) && overlaps(fields))
        own.push(single(occurrenceUid(date), fields, sequence, text(fields, status)));
    }
    return own;
  }
  const excluded = new Set(doc.deleted);
  const changed: FeedChangedOccurrence[] = [];
  for (const date of dates) {
    const fields = occurrenceFields(state, date);
    const planned = isPlannedOn(timing, date);
    if (!holds(fields)) {
      if (planned) excluded.add(date);
    } else if (!planned) {
      if (overlaps(fields)) own.push(single(occurrenceUid(date), fields, sequence, text(fields, status)));
    } else {
      changed.push({ plannedDate: date, start: fields.start, end: fields.end, sequence, ...text(fields, status) });
    }
  }
  return [
    {
      kind: 'series',
      uid: uidOf(`series-${doc._id}`),
      occurrenceUid,
      sequence,
      start: timing.start,
      durationMinutes: timing.durationMinutes,
      rule: timing.rule,
      excludedDates: [...excluded].sort(),
      changed,
      ...text(doc.template, status),
    },
    ...own,
  ];
}

/** Summary, the customer's address as LOCATION, and the customer, number, type and notes as DESCRIPTION. */
function eventText(job: JobFields, customer: CalendarCustomer | null, status: FeedEventText['status']): FeedEventText {
  const address = customerAddress(customer);
  const description = [
    customer ? `Customer: ${customer.label}` : null,
    job.number ? `Job #${job.number}` : null,
    job.type ? `Type: ${job.type}` : null,
    job.notes ?? null,
  ].filter((line): line is string => !!line);
  return {
    summary: job.name,
    location: address || null,
    description: description.length ? description.join('\n') : null,
    status,
  };
}
