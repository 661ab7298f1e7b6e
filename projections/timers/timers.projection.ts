import type { TimerEvent } from '../../src/timers/timers.events';
import { rooms } from '../../src/realtime/rooms';
import { UserDoc, USERS } from '../../src/identity/identity.read-models';
import { applyOnce } from '../runner/apply-once';
import { Projection } from '../runner/projection';
import {
  JOB_TIMES,
  JobTimesDoc,
  ORGANIZATION_TIMER_SEARCH_FIELDS,
  startsAt,
  TIMERS,
  TimerDoc,
} from '../../src/timers/timers.read-models';
import type { ReadStore } from '../../src/core/read-store/read-store.port';
import { findCalendarJob } from '../../src/calendar/calendar';

/** Spec §3 Timer fields, named as the API shows them. */
const FIELD_NAMES: Record<string, keyof TimerDoc> = {
  type: 'type',
  start: 'startDateTime',
  end: 'endDateTime',
  mileageStart: 'mileageStart',
  mileageEnd: 'mileageEnd',
  jobId: 'jobId',
  jobName: 'jobName',
  customerId: 'customerId',
  customerName: 'customerName',
  label: 'label',
};

/** Timers, pushed to every device of their owner, the organization's time admins and its managers. */
export const timersProjection: Projection = {
  name: 'timers',
  // 2: startsAt, and the indexes of date ranges. 3: customerId (the Jobs report's filter), found from the job
  // for timers recorded before their events carried it.
  version: 3,
  collections: [TIMERS, JOB_TIMES],
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
    switch (e.type) {
      case 'TimerStarted': {
        const { timerId: _t, organizationId: _o, userId: _u, start, ...fields } = e.data;
        const user = await store.collection<UserDoc>(USERS).findOne({ _id: userId });
        await applyOnce(
          timers,
          timerId,
          event.revision,
          {
            $set: {
              organizationId,
              userId,
              userFullName: user?.fullName ?? 'Former employee',
              ...fields,
              customerId:
                fields.customerId !== undefined
                  ? fields.customerId
                  : await customerOfJob(store, organizationId, fields.jobId),
              startDateTime: start,
              startsAt: startsAt(start),
              endDateTime: null,
              mileageEnd: null,
              createdAt: event.metadata.timestamp,
              sequence: event.position.commit,
            },
          },
          { upsert: true },
        );
        break;
      }
      case 'TimerChanged': {
        const $set: Record<string, unknown> = Object.fromEntries(
          Object.entries(e.data.changes).map(([k, c]) => [FIELD_NAMES[k], c!.to]),
        );
        if (e.data.changes.start) $set.startsAt = startsAt(e.data.changes.start.to);
        const jobChange = e.data.changes.jobId;
        if (jobChange && !e.data.changes.customerId)
          $set.customerId = await customerOfJob(store, organizationId, jobChange.to);
        await applyOnce(timers, timerId, event.revision, { $set });
        break;
      }
      case 'TimerStopped':
        await applyOnce(timers, timerId, event.revision, {
          $set: { endDateTime: e.data.end, mileageEnd: e.data.mileageEnd },
        });
        break;
      case 'TimerDeleted':
        await timers.deleteOne({ _id: timerId });
        break;
    }
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

/** The customer of the job a timer was set to, as the schedule has it now (null without a job or customer). */
async function customerOfJob(store: ReadStore, organizationId: string, jobId: string | null | undefined) {
  if (!jobId) return null;
  const job = await findCalendarJob(store, organizationId, jobId).catch(() => null);
  return job?.customerId ?? null;
}
