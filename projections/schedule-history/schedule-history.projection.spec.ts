import type { RecordedEvent } from '../../src/core/event-store/event-store.port';
import { SqliteReadStore } from '../../src/core/read-store/sqlite-read-store';
import { jobsBetween } from '../../src/scheduling/calendar-jobs';
import { jobsBetweenAsOf } from '../../src/as-of/schedule-as-of';
import type { JobFields } from '../../src/scheduling/scheduling.events';
import { JOB_VERSION_WEEKS, JOB_VERSIONS, SERIES_VERSIONS } from '../../src/as-of/schedule-history.read-models';
import { schedulingProjection } from '../scheduling/scheduling.projection';
import { scheduleHistoryProjection } from './schedule-history.projection';

const ORG = 'org-1';
const JOB = '6f1c0b7e-0000-4000-8000-000000000001';
const SERIES = '6f1c0b7e-0000-4000-8000-000000000002';
const fields: JobFields = {
  name: 'Lawn care',
  notes: null,
  number: null,
  type: null,
  userIds: ['u1'],
  leadUserId: null,
  customerId: null,
  colorOption: null,
  hideFromScheduleView: false,
  availabilityOnly: false,
  start: '2026-06-01T13:00:00.000Z',
  end: '2026-06-01T14:00:00.000Z',
};

/** A log of one job's and one recurring job's life, every kind of event the calendar reads. */
function log(): RecordedEvent[] {
  const revisions = new Map<string, number>();
  const at = (stream: string, type: string, data: Record<string, unknown>, position: number): RecordedEvent => {
    const revision = revisions.get(stream) ?? 0;
    revisions.set(stream, revision + 1);
    return {
      id: `event-${position}`,
      type,
      data: { organizationId: ORG, ...data },
      streamId: stream,
      revision,
      position: { commit: position, prepare: position },
      metadata: {
        organizationId: ORG,
        actorUserId: 'u0',
        correlationId: 'c',
        causationId: null,
        timestamp: `2026-05-01T10:00:${String(position).padStart(2, '0')}.000Z`,
      },
    };
  };
  const job = (type: string, data: Record<string, unknown> = {}, position: number) =>
    at(`job-${JOB}`, type, { jobId: JOB, ...data }, position);
  const series = (type: string, data: Record<string, unknown> = {}, position: number) =>
    at(`jobSeries-${SERIES}`, type, { seriesId: SERIES, ...data }, position);
  const occurrence = { occurrenceId: `${SERIES}_20260602`, originalStart: '2026-06-02T12:00:00.000Z' };
  return [
    job('JobScheduled', { ...fields }, 3),
    series(
      'JobSeriesScheduled',
      {
        ...fields,
        name: 'Office cleaning',
        start: '2026-06-01T12:00:00.000Z',
        end: '2026-06-01T12:30:00.000Z',
        timeZone: 'America/New_York',
        rule: { frequency: 'Daily', days: [], weeklyRecurrence: 1, expireDate: '2026-06-20' },
      },
      5,
    ),
    // Into the next week and back: the week lists follow.
    job(
      'JobChanged',
      {
        changes: {
          start: { from: fields.start, to: '2026-06-09T13:00:00.000Z' },
          end: { from: fields.end, to: '2026-06-09T14:00:00.000Z' },
        },
      },
      6,
    ),
    job('JobRequested', { requestId: 'r1', userId: 'u2', name: 'Lawn care', start: fields.start, end: fields.end }, 7),
    series('OccurrenceChanged', { ...occurrence, changes: { name: { from: 'Office cleaning', to: 'Deep clean' } } }, 8),
    job(
      'JobRequestApproved',
      { requestId: 'r1', userId: 'u2', notChosen: [], changes: { userIds: { from: ['u1'], to: ['u1', 'u2'] } } },
      9,
    ),
    series('OccurrenceDeleted', { occurrenceId: `${SERIES}_20260603`, originalStart: '2026-06-03T12:00:00.000Z' }, 11),
    job(
      'JobChanged',
      {
        changes: {
          start: { from: '2026-06-09T13:00:00.000Z', to: fields.start },
          end: { from: '2026-06-09T14:00:00.000Z', to: fields.end },
          colorOption: { from: null, to: '#0D1B41' },
        },
      },
      12,
    ),
    series('JobSeriesChanged', { changes: { notes: { from: null, to: 'Side door' } } }, 13),
    job('JobDeleted', {}, 15),
    series('JobSeriesDeleted', {}, 16),
  ];
}

describe('schedule-history projection', () => {
  let current: SqliteReadStore;
  let history: SqliteReadStore;
  const context = (store: SqliteReadStore) => ({ store, notify: () => undefined });
  const from = new Date('2026-05-25T00:00:00.000Z');
  const to = new Date('2026-06-22T00:00:00.000Z');
  const dump = async (store: SqliteReadStore) =>
    Promise.all(
      [JOB_VERSIONS, JOB_VERSION_WEEKS, SERIES_VERSIONS].map((c) => store.collection(c).find({}, { sort: { _id: 1 } })),
    );

  beforeEach(async () => {
    [current, history] = [new SqliteReadStore(':memory:'), new SqliteReadStore(':memory:')];
    await schedulingProjection.setup!(current);
    await scheduleHistoryProjection.setup!(history);
  });
  afterEach(async () => {
    await current.close();
    await history.close();
  });

  it('reads, as of every position, exactly the calendar the scheduling projection had then', async () => {
    const events = log();
    const then = new Map<number, unknown>();
    then.set(0, await jobsBetween(current, ORG, from, to));
    for (const event of events) {
      await schedulingProjection.apply(event, context(current));
      await scheduleHistoryProjection.apply(event, context(history));
      then.set(event.position.commit, await jobsBetween(current, ORG, from, to));
    }
    let expected = then.get(0);
    for (let position = 0; position <= 17; position++) {
      expected = then.get(position) ?? expected;
      expect({ position, jobs: await jobsBetweenAsOf(history, ORG, from, to, position) }).toEqual({
        position,
        jobs: expected,
      });
    }
    expect(await jobsBetweenAsOf(history, ORG, from, to, Number.MAX_SAFE_INTEGER)).toEqual([]);
    expect(await jobsBetweenAsOf(history, 'org-2', from, to, 9)).toEqual([]);
  });

  it('changes nothing when events are delivered again, from any point, or after a cut-short write', async () => {
    const events = log();
    for (const event of events) await scheduleHistoryProjection.apply(event, context(history));
    const once = await dump(history);
    expect(once[0].map((v) => v._id)).toEqual([`${JOB}@12`, `${JOB}@3`, `${JOB}@6`, `${JOB}@9`]);
    for (const start of [0, 4, 9])
      for (const event of events.slice(start)) await scheduleHistoryProjection.apply(event, context(history));
    expect(await dump(history)).toEqual(once);

    // A write cut short: the change at 6 opened its version but did not close the one of 3.
    const fresh = new SqliteReadStore(':memory:');
    await scheduleHistoryProjection.setup!(fresh);
    for (const event of events.slice(0, 3)) await scheduleHistoryProjection.apply(event, context(fresh));
    await fresh.collection(JOB_VERSIONS).updateOne({ _id: `${JOB}@3` }, { $set: { to: Number.MAX_SAFE_INTEGER } });
    await fresh.collection(JOB_VERSIONS).deleteOne({ _id: `${JOB}@6` });
    for (const event of events.slice(2)) await scheduleHistoryProjection.apply(event, context(fresh));
    expect(await dump(fresh)).toEqual(once);
    await fresh.close();
  });
});
