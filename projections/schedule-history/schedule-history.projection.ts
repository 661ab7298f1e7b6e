import type { RecordedEvent } from '../../src/core/event-store/event-store.port';
import { PAST_READ_MODELS } from '../../src/as-of/read-models-of-the-past';
import type { ReadStore } from '../../src/core/read-store/read-store.port';
import { OPEN, versionId } from '../../src/as-of/versions';
import { JobEvent, JobSeriesEvent } from '../../src/scheduling/scheduling.events';
import { jobDecider, type JobState } from '../../src/scheduling/job.decider';
import { jobSeriesDecider, type JobSeriesState } from '../../src/scheduling/job-series.decider';
import { JobDoc, JobSeriesDoc, seriesStateOf, weekKeys } from '../../src/scheduling/scheduling.read-models';
import {
  JOB_VERSION_WEEKS,
  JOB_VERSIONS,
  JobVersionDoc,
  JobVersionWeekDoc,
  SERIES_VERSIONS,
  SeriesVersionDoc,
  versionWeekId,
} from '../../src/as-of/schedule-history.read-models';
import { Projection } from '../runner/projection';

/**
 * The schedule's past: every state of each one-time job and recurring job as a version valid over a range
 * of log positions (src/as-of/schedule-history.read-models.ts), so the calendar as of any moment is an
 * indexed read and never a replay. Wherever the scheduling projection changes a job or a series document,
 * this closes the open version at the event's commit position and opens the next one there; a deletion
 * only closes. Idempotent: a version's id is its record's id and its first position, and an event whose
 * version is written (or whose record has moved past it) changes nothing.
 */
export const scheduleHistoryProjection: Projection = {
  name: PAST_READ_MODELS.schedule,
  ofThePast: true,
  version: 2, // 2: the week documents hold the job, so that a week is one read
  collections: [JOB_VERSIONS, JOB_VERSION_WEEKS, SERIES_VERSIONS],
  streams: ['job', 'jobSeries'],
  async setup(store) {
    await store.collection(JOB_VERSIONS).createIndex({ jobId: 1, from: 1 }, { name: 'job_from' });
    await store.collection(JOB_VERSION_WEEKS).createIndex({ week: 1, from: 1 }, { name: 'week_from' });
    await store.collection(SERIES_VERSIONS).createIndex({ seriesId: 1, from: 1 }, { name: 'series_from' });
    await store.collection(SERIES_VERSIONS).createIndex({ organizationId: 1, from: 1 }, { name: 'organization_from' });
  },
  async apply(event, { store }) {
    if (event.streamId.startsWith('job-')) await applyJob(event, store);
    else if (event.streamId.startsWith('jobSeries-')) await applySeries(event, store);
  },
};

/** Requests, denials and withdrawals change nothing on the calendar (an approval assigns, and does). */
const KEEPS_THE_CALENDAR = new Set(['JobRequested', 'JobRequestDenied', 'JobRequestCancelled']);

/**
 * The job after the event, folded by its decider: a document, null when deleted, undefined when the calendar
 * does not change.
 */
function nextJob(current: JobDoc | null, event: RecordedEvent): JobDoc | null | undefined {
  if (KEEPS_THE_CALENDAR.has(event.type)) return undefined;
  const { _id, organizationId, weeks: _w, createdAt: _c, _rev: _r, ...fields } = current ?? ({} as JobDoc);
  const before: JobState = current ? { status: 'scheduled', jobId: _id, organizationId, fields, requests: {} } : NONE;
  const after = jobDecider.evolve(before, { type: event.type, data: event.data } as JobEvent);
  if (after === before || after.status === 'none') return undefined;
  if (after.status === 'deleted') return current ? null : undefined;
  return {
    ...after.fields,
    _id: after.jobId,
    organizationId: after.organizationId,
    weeks: weekKeys(after.organizationId, after.fields.start, after.fields.end),
    createdAt: event.type === 'JobScheduled' ? event.metadata.timestamp : current!.createdAt,
  };
}

/** The recurring job after the event, as nextJob. */
function nextSeries(current: JobSeriesDoc | null, event: RecordedEvent): JobSeriesDoc | null | undefined {
  if (KEEPS_THE_CALENDAR.has(event.type)) return undefined;
  const before: JobSeriesState = current ? seriesStateOf(current) : NONE;
  const after = jobSeriesDecider.evolve(before, { type: event.type, data: event.data } as JobSeriesEvent);
  if (after === before || after.status === 'none') return undefined;
  if (after.status === 'deleted') return current ? null : undefined;
  return {
    _id: after.seriesId,
    organizationId: after.organizationId,
    timeZone: after.timeZone,
    rule: after.rule,
    template: after.template,
    overrides: after.overrides,
    // A date deleted twice is listed once, as the scheduling projection's $addToSet keeps it.
    deleted: [...new Set(after.deleted)],
    createdAt: event.type === 'JobSeriesScheduled' ? event.metadata.timestamp : current!.createdAt,
  };
}

const NONE = { status: 'none' } as const;

/**
 * The record's last version before `position`, and whether the event at `position` is still to apply: not
 * when its version exists or a later event has closed that one (a replay).
 */
async function lastBefore<V extends { _id: string; from: number; to: number }>(
  versions: ReturnType<ReadStore['collection']>,
  key: Record<string, string>,
  id: string,
  position: number,
): Promise<{ pending: boolean; last: V | null }> {
  if (await versions.findOne({ _id: versionId(id, position) })) return { pending: false, last: null };
  const [last] = (await versions.find(
    { ...key, from: { $lt: position } },
    { sort: { from: -1 }, limit: 1 },
  )) as unknown as V[];
  if (!last) return { pending: true, last: null };
  // Open, or closed by this very event (a write cut short): the state before it. Closed earlier: deleted.
  // Closed later: this event is a replay of one that changed nothing.
  return { pending: last.to <= position || last.to === OPEN, last: last.to >= position ? last : null };
}

async function applyJob(event: RecordedEvent, store: ReadStore) {
  const { jobId, organizationId } = event.data as { jobId: string; organizationId: string };
  const at = event.position.commit;
  const versions = store.collection<JobVersionDoc>(JOB_VERSIONS);
  const weeks = store.collection<JobVersionWeekDoc>(JOB_VERSION_WEEKS);
  const { pending, last } = await lastBefore<JobVersionDoc>(versions, { jobId }, jobId, at);
  if (!pending) return;
  const next = nextJob(last?.job ?? null, event);
  if (next === undefined) return;
  if (next) {
    const id = versionId(jobId, at);
    for (const week of next.weeks)
      await weeks.replaceOne(
        { _id: versionWeekId(week, id) },
        { _id: versionWeekId(week, id), week, versionId: id, from: at, to: OPEN, job: next },
        { upsert: true },
      );
    await versions.replaceOne(
      { _id: id },
      { _id: id, jobId, organizationId, from: at, to: OPEN, job: next },
      { upsert: true },
    );
  }
  if (last) {
    for (const week of last.job.weeks)
      await weeks.updateOne({ _id: versionWeekId(week, last._id) }, { $set: { to: at } });
    await versions.updateOne({ _id: last._id }, { $set: { to: at } });
  }
}

async function applySeries(event: RecordedEvent, store: ReadStore) {
  const { seriesId, organizationId } = event.data as { seriesId: string; organizationId: string };
  const at = event.position.commit;
  const versions = store.collection<SeriesVersionDoc>(SERIES_VERSIONS);
  const { pending, last } = await lastBefore<SeriesVersionDoc>(versions, { seriesId }, seriesId, at);
  if (!pending) return;
  const next = nextSeries(last?.series ?? null, event);
  if (next === undefined) return;
  if (next) {
    const id = versionId(seriesId, at);
    await versions.replaceOne(
      { _id: id },
      { _id: id, seriesId, organizationId, from: at, to: OPEN, series: next },
      { upsert: true },
    );
  }
  if (last) await versions.updateOne({ _id: last._id }, { $set: { to: at } });
}
