import type { RecordedEvent } from '../../src/core/event-store/event-store.port';
import { JobEvent, JobSeriesEvent } from '../../src/scheduling/scheduling.events';
import { applyChanges } from '../../src/scheduling/job.rules';
import { localDateOf } from '../../src/scheduling/recurrence';
import { rooms } from '../../src/realtime/rooms';
import { applyOnce } from '../runner/apply-once';
import { newValues } from '../runner/changes';
import { Projection, ProjectionContext } from '../runner/projection';
import {
  CANCELLED_JOBS,
  CancelledJobDoc,
  JOB_PEOPLE_WEEKS,
  JOB_SERIES,
  JOB_WEEKS,
  JOBS,
  JobDoc,
  jobPeople,
  JobPersonWeekDoc,
  JobSeriesDoc,
  JobWeekDoc,
  jobWeekId,
  personWeekKeys,
  weekKeys,
} from '../../src/scheduling/scheduling.read-models';

/**
 * Jobs, recurring jobs and the week indexes of one-time jobs (by week, and by person and week), and what was
 * deleted as it stood then (calendar feeds show it cancelled); every change is pushed to the organization.
 */
export const schedulingProjection: Projection = {
  name: 'scheduling',
  // 2: a document per job and week in jobWeeks; 3: jobPeopleWeeks; 4: rebuilt, a replay had moved lists back;
  // 5: cancelledJobs
  version: 5,
  collections: [JOBS, JOB_SERIES, JOB_WEEKS, JOB_PEOPLE_WEEKS, CANCELLED_JOBS],
  streams: ['job', 'jobSeries'],
  async setup(store) {
    await store.collection(JOB_SERIES).createIndex({ organizationId: 1 }, { name: 'organization' });
    await store.collection(JOB_WEEKS).createIndex({ week: 1 }, { name: 'week' });
    await store.collection(JOB_PEOPLE_WEEKS).createIndex({ key: 1 }, { name: 'key' });
    await store
      .collection(CANCELLED_JOBS)
      .createIndex({ organizationId: 1, cancelledAt: 1 }, { name: 'organization_cancelled' });
    // A customer's Jobs & Ratings, latest first, ties by id the same way: no sort in memory.
    await store
      .collection(JOBS)
      .createIndex(
        { organizationId: 1, customerId: 1, start: -1, _id: -1 },
        { name: 'organization_customer_start_id' },
      );
  },
  async apply(event, context) {
    if (event.streamId.startsWith('job-')) await applyJob(event, context);
    else if (event.streamId.startsWith('jobSeries-')) await applySeries(event, context);
  },
};

type Listing = { weeks: string[]; people: string[] };
const NOWHERE: Listing = { weeks: [], people: [] };
const listingOf = (job: JobDoc | null): Listing => (job ? { weeks: job.weeks, people: jobPeople(job) } : NOWHERE);

/** Moves a job's entries in the week indexes from where it was listed to where it is now. */
async function listInWeeks({ store }: ProjectionContext, jobId: string, before: Listing, after: Listing) {
  const weeks = store.collection<JobWeekDoc>(JOB_WEEKS);
  for (const week of before.weeks.filter((k) => !after.weeks.includes(k)))
    await weeks.deleteOne({ _id: jobWeekId(week, jobId) });
  for (const week of after.weeks.filter((k) => !before.weeks.includes(k)))
    await weeks.replaceOne(
      { _id: jobWeekId(week, jobId) },
      { _id: jobWeekId(week, jobId), week, jobId },
      { upsert: true },
    );
  const people = store.collection<JobPersonWeekDoc>(JOB_PEOPLE_WEEKS);
  const was = personWeekKeys(before.weeks, before.people);
  const is = personWeekKeys(after.weeks, after.people);
  for (const key of was.filter((k) => !is.includes(k))) await people.deleteOne({ _id: jobWeekId(key, jobId) });
  for (const key of is.filter((k) => !was.includes(k)))
    await people.replaceOne(
      { _id: jobWeekId(key, jobId) },
      { _id: jobWeekId(key, jobId), key, jobId },
      { upsert: true },
    );
}

/** A deleted job as it stood, written whole: a replay finds it gone from the live ones and writes nothing. */
async function keepCancelled({ store }: Pick<ProjectionContext, 'store'>, doc: CancelledJobDoc) {
  await store.collection<CancelledJobDoc>(CANCELLED_JOBS).replaceOne({ _id: doc._id }, doc, { upsert: true });
}

async function applyJob(event: RecordedEvent, context: ProjectionContext) {
  const e = { type: event.type, data: event.data } as JobEvent;
  const jobs = context.store.collection<JobDoc>(JOBS);
  const { jobId, organizationId } = e.data;
  const current = await jobs.findOne({ _id: jobId });
  switch (e.type) {
    case 'JobScheduled': {
      const { jobId: _id, organizationId: _org, ...fields } = e.data;
      const weeks = weekKeys(organizationId, fields.start, fields.end);
      const applied = await applyOnce(
        jobs,
        jobId,
        event.revision,
        { $set: { ...fields, organizationId, weeks, createdAt: event.metadata.timestamp } },
        { upsert: true },
      );
      // A replayed event lists the job where it is now (listed from this event, it would go back in time); listing
      // it there again also completes a listing a crash cut short on a store without transactions.
      if (applied) await listInWeeks(context, jobId, listingOf(current), { weeks, people: jobPeople(fields) });
      else await listInWeeks(context, jobId, NOWHERE, listingOf(current));
      break;
    }
    case 'JobChanged':
    case 'JobRequestApproved': {
      if (!current) return;
      const next = applyChanges(current, e.data.changes);
      const weeks = weekKeys(organizationId, next.start, next.end);
      const $set = newValues(e.data.changes);
      if (await applyOnce(jobs, jobId, event.revision, { $set: { ...$set, weeks } }))
        await listInWeeks(context, jobId, listingOf(current), { weeks, people: jobPeople(next) });
      else await listInWeeks(context, jobId, NOWHERE, listingOf(current)); // a replay: as for JobScheduled
      break;
    }
    case 'JobDeleted':
      if (current) {
        await listInWeeks(context, jobId, listingOf(current), NOWHERE);
        await keepCancelled(context, {
          ...current,
          kind: 'job',
          cancelledAt: event.metadata.timestamp,
          _rev: event.revision,
        });
      }
      await jobs.deleteOne({ _id: jobId });
      break;
    default: // a request or a denial changes nothing on the calendar: projections/job-requests
      return;
  }
  context.notify({
    rooms: [rooms.organization(organizationId)],
    event: 'schedule.changed',
    payload: { organizationId, jobIds: [jobId] },
  });
}

async function applySeries(event: RecordedEvent, { store, notify }: ProjectionContext) {
  const e = { type: event.type, data: event.data } as JobSeriesEvent;
  const series = store.collection<JobSeriesDoc>(JOB_SERIES);
  const { seriesId, organizationId } = e.data;
  const at = event.revision;
  let jobIds = [seriesId];
  switch (e.type) {
    case 'JobSeriesScheduled': {
      const { seriesId: _id, organizationId: _org, timeZone, rule, ...template } = e.data;
      await applyOnce(
        series,
        seriesId,
        at,
        {
          $set: {
            organizationId,
            timeZone,
            rule,
            template,
            overrides: {},
            deleted: [],
            createdAt: event.metadata.timestamp,
          },
        },
        { upsert: true },
      );
      break;
    }
    case 'JobSeriesChanged': {
      const current = await series.findOne({ _id: seriesId });
      if (!current) return;
      await applyOnce(series, seriesId, at, {
        $set: {
          template: applyChanges(current.template, e.data.changes),
          ...(e.data.rule ? { rule: e.data.rule.to } : {}),
        },
      });
      break;
    }
    case 'OccurrenceChanged':
    case 'JobRequestApproved': {
      const current = await series.findOne({ _id: seriesId });
      if (!current) return;
      const date = localDateOf(e.data.originalStart, current.timeZone);
      await applyOnce(series, seriesId, at, {
        $set: { [`overrides.${date}`]: applyChanges(current.overrides[date] ?? {}, e.data.changes) },
      });
      jobIds = [e.data.occurrenceId];
      break;
    }
    case 'OccurrenceDeleted': {
      const current = await series.findOne({ _id: seriesId });
      if (!current) return;
      await applyOnce(series, seriesId, at, {
        $addToSet: { deleted: localDateOf(e.data.originalStart, current.timeZone) },
      });
      jobIds = [e.data.occurrenceId];
      break;
    }
    case 'JobSeriesDeleted': {
      const current = await series.findOne({ _id: seriesId });
      if (current)
        await keepCancelled({ store }, { ...current, kind: 'series', cancelledAt: event.metadata.timestamp, _rev: at });
      await series.deleteOne({ _id: seriesId });
      break;
    }
    default:
      return;
  }
  notify({
    rooms: [rooms.organization(organizationId)],
    event: 'schedule.changed',
    payload: { organizationId, jobIds },
  });
}
