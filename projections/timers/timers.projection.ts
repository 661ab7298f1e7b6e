import type { TimerEvent } from '../../src/timers/timers.events';
import { rooms } from '../../src/realtime/rooms';
import { UserDoc, USERS } from '../../src/identity/identity.read-models';
import { applyOnce } from '../runner/apply-once';
import { TimerLookups, timerUpdate } from './timer-update';
import { Projection } from '../runner/projection';
import {
  JOB_TIMES,
  JobTimesDoc,
  ORGANIZATION_TIMER_SEARCH_FIELDS,
  TIMERS,
  TimerDoc,
} from '../../src/timers/timers.read-models';
import type { ReadStore } from '../../src/core/read-store/read-store.port';
import { findCalendarJob } from '../../src/scheduling/calendar-jobs';

/** Timers, pushed to every device of their owner, the organization's time admins and its managers. */
export const timersProjection: Projection = {
  name: 'timers',
  // 2: startsAt, and the indexes of date ranges. 3: customerId (the Jobs report's filter), found from the job
  // for timers recorded before their events carried it.
  version: 3,
  collections: [TIMERS, JOB_TIMES],
  streams: ['timer'],
  async setup(store) {
    await store.collection(TIMERS).createIndex({ userId: 1, endDateTime: 1 }, { name: 'user_running' });
    // Who is on the clock now (Home's today panel): the organization's timers without an end.
    await store.collection(TIMERS).createIndex({ organizationId: 1, endDateTime: 1 }, { name: 'organization_running' });
    // Organization and My Tracked Times: newest first (ties by sequence), walked in either direction.
    await store
      .collection(TIMERS)
      .createIndex({ organizationId: 1, createdAt: -1, sequence: -1 }, { name: 'organization_created_sequence' });
    await store
      .collection(TIMERS)
      .createIndex({ userId: 1, createdAt: -1, sequence: -1 }, { name: 'user_created_sequence' });
    // A date range of tracked times: the organization's, or one person's.
    await store.collection(TIMERS).createIndex({ organizationId: 1, startsAt: -1 }, { name: 'organization_starts' });
    await store.collection(TIMERS).createIndex({ userId: 1, startsAt: -1 }, { name: 'user_starts' });
    // The Jobs report: a range by start, the organization's, one person's or one customer's, in either direction.
    await store
      .collection(TIMERS)
      .createIndex({ organizationId: 1, startsAt: 1, sequence: 1 }, { name: 'organization_starts_sequence' });
    await store
      .collection(TIMERS)
      .createIndex(
        { organizationId: 1, userId: 1, startsAt: 1, sequence: 1 },
        { name: 'organization_user_starts_sequence' },
      );
    await store
      .collection(TIMERS)
      .createIndex(
        { organizationId: 1, customerId: 1, startsAt: 1, sequence: 1 },
        { name: 'organization_customer_starts_sequence' },
      );
    await store.collection(TIMERS).createSearchIndex(ORGANIZATION_TIMER_SEARCH_FIELDS, { name: 'search' });
  },
  async apply(event, { store, notify }) {
    if (!event.streamId.startsWith('timer-')) return;
    const e = { type: event.type, data: event.data } as TimerEvent;
    const timers = store.collection<TimerDoc>(TIMERS);
    const { timerId, organizationId, userId } = e.data;
    const before = await timers.findOne({ _id: timerId });
    const update = await timerUpdate(event, liveLookups(store));
    if (update === 'deleted') await timers.deleteOne({ _id: timerId });
    else
      await applyOnce(
        timers,
        timerId,
        event.revision,
        { $set: update },
        { upsert: e.type === 'TimerStarted' || e.type === 'TimeAdded' },
      );
    await listOnJobs(store, before, await timers.findOne({ _id: timerId }));
    notify({
      // Managers see who is on the clock on Home (ids only: they refetch what their claims allow).
      rooms: [rooms.user(userId), rooms.timeAdmins(organizationId), rooms.managers(organizationId)],
      event: 'timers.changed',
      payload: { userId, timerId },
    });
  },
};

/**
 * Keeps each job's list of timers equal to what the timer documents say. Derived from the timer's
 * document rather than from the event, so a replayed event writes the same lists (many timer streams
 * share one job's document, so revision checks cannot guard it).
 */
async function listOnJobs(store: ReadStore, before: TimerDoc | null, after: TimerDoc | null) {
  const jobTimes = store.collection<JobTimesDoc>(JOB_TIMES);
  const timerId = (after ?? before)?._id;
  if (!timerId) return;
  for (const jobId of new Set([before?.jobId, after?.jobId].filter((id): id is string => !!id))) {
    const doc = await jobTimes.findOne({ _id: jobId });
    const others = (doc?.timers ?? []).filter((t) => t.id !== timerId);
    const entry =
      after && after.jobId === jobId
        ? [
            {
              id: after._id,
              userId: after.userId,
              type: after.type,
              startDateTime: after.startDateTime,
              endDateTime: after.endDateTime,
              mileageStart: after.mileageStart,
              mileageEnd: after.mileageEnd,
            },
          ]
        : [];
    const timers = [...others, ...entry];
    if (timers.length)
      await jobTimes.updateOne(
        { _id: jobId },
        { $set: { organizationId: (after ?? before)!.organizationId, timers } },
        { upsert: true },
      );
    else await jobTimes.deleteOne({ _id: jobId });
  }
}

/** A timer's lookups in the live read models: the owner's name now, the job's customer as the schedule has it now. */
export const liveLookups = (store: ReadStore): TimerLookups => ({
  userFullName: async (userId) => (await store.collection<UserDoc>(USERS).findOne({ _id: userId }))?.fullName ?? null,
  customerOfJob: (organizationId, jobId) => customerOfJob(store, organizationId, jobId),
});

/** The customer of the job a timer was set to, as the schedule has it now (null without a job or customer). */
export async function customerOfJob(store: ReadStore, organizationId: string, jobId: string | null | undefined) {
  if (!jobId) return null;
  const job = await findCalendarJob(store, organizationId, jobId).catch(() => null);
  return job?.customerId ?? null;
}
