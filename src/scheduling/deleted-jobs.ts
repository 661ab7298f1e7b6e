import { toDomainEvent } from '../core/commands/aggregates';
import { fold } from '../core/decider';
import type { EventStore, RecordedEvent } from '../core/event-store/event-store.port';
import { resolveJobId } from './job-ids';
import { jobDecider } from './job.decider';
import { jobSeriesDecider, occurrenceExists, occurrenceFields } from './job-series.decider';
import { localDateOf, occurrenceId } from './recurrence';
import { JobEvent, JobFields, JobSeriesEvent, schedulingStreams } from './scheduling.events';

/** A job (or one occurrence) as it was when it was deleted, with who deleted it and when. */
export interface DeletedJob {
  id: string;
  fields: JobFields;
  /** The person who deleted it (null: no person, e.g. a visitor cancelling a self-booked visit). */
  deletedBy: string | null;
  /** When the deletion reached us (its event's timestamp), UTC ISO. */
  deletedAt: string;
}

/**
 * The job or occurrence `id` names, if it existed in this organization and was deleted since: its stream ends in
 * the deletion (a one-time job's JobDeleted; an occurrence's OccurrenceDeleted, or its series' JobSeriesDeleted).
 * Null for an id that never named a job here (another organization's among them). Read from the log, since the read
 * models forget a deleted job (issue #44 item 5: time worked on it offline is kept).
 */
export async function deletedJob(events: EventStore, organizationId: string, id: string): Promise<DeletedJob | null> {
  let target: ReturnType<typeof resolveJobId>;
  try {
    target = resolveJobId(id);
  } catch {
    return null;
  }
  const stream = await events.readStream(
    target.kind === 'job' ? schedulingStreams.job(target.jobId) : schedulingStreams.series(target.seriesId),
  );
  if (!stream.length || stream[0].metadata.organizationId !== organizationId) return null;
  const deleted = (deletion: RecordedEvent) => ({
    deletedBy: deletion.metadata.actorUserId,
    deletedAt: deletion.metadata.timestamp,
  });
  if (target.kind === 'job') {
    const last = stream[stream.length - 1];
    if (last.type !== 'JobDeleted') return null;
    const before = fold(
      jobDecider,
      stream.slice(0, -1).map((e) => toDomainEvent<JobEvent>(e)),
    );
    return before.status === 'scheduled' ? { id: target.jobId, fields: before.fields, ...deleted(last) } : null;
  }
  const series = stream.map((e) => toDomainEvent<JobSeriesEvent>(e));
  const at = series.findIndex(
    (e, i) =>
      (e.type === 'JobSeriesDeleted' && i === series.length - 1) ||
      (e.type === 'OccurrenceDeleted' && localDateOf(e.data.originalStart, seriesZone(series)) === target.localDate),
  );
  if (at < 0) return null;
  const before = fold(jobSeriesDecider, series.slice(0, at));
  if (before.status !== 'scheduled' || !occurrenceExists(before, target.localDate)) return null;
  return {
    id: occurrenceId(target.seriesId, target.localDate),
    fields: occurrenceFields(before, target.localDate),
    ...deleted(stream[at]),
  };
}

/** A recurring job's zone, from its first event. */
const seriesZone = (series: JobSeriesEvent[]) =>
  series[0].type === 'JobSeriesScheduled' ? series[0].data.timeZone : 'UTC';
