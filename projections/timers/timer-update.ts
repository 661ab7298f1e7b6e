import type { RecordedEvent } from '../../src/core/event-store/event-store.port';
import type { TimerEvent } from '../../src/timers/timers.events';
import { startsAt, TimerDoc } from '../../src/timers/timers.read-models';

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

/** A timer document's fields (all but its id and revision). */
export type TimerFieldsSet = Partial<Omit<TimerDoc, '_id' | '_rev'>>;

/**
 * What a timer's event needs from other read models: its owner's name when it starts, and the customer of a job
 * it was set to without one (timers recorded before their events carried it). The timers projection looks them up
 * in the live read models; the report history in its own versions.
 */
export interface TimerLookups {
  userFullName(userId: string): Promise<string | null>;
  customerOfJob(organizationId: string, jobId: string | null | undefined): Promise<string | null>;
}

/**
 * The fields a timer's event sets on the timer's document, or 'deleted': what the timers projection writes, and
 * (laid over the version before) the report history's next version of the timer.
 */
export async function timerUpdate(
  event: Pick<RecordedEvent, 'type' | 'data' | 'position' | 'metadata'>,
  lookups: TimerLookups,
): Promise<TimerFieldsSet | 'deleted'> {
  const e = { type: event.type, data: event.data } as TimerEvent;
  const { organizationId, userId } = e.data;
  switch (e.type) {
    case 'TimerStarted': {
      const { timerId: _t, organizationId: _o, userId: _u, start, ...fields } = e.data;
      return {
        organizationId,
        userId,
        userFullName: (await lookups.userFullName(userId)) ?? 'Former employee',
        ...fields,
        customerId:
          fields.customerId !== undefined
            ? fields.customerId
            : await lookups.customerOfJob(organizationId, fields.jobId),
        startDateTime: start,
        startsAt: startsAt(start),
        endDateTime: null,
        mileageEnd: null,
        createdAt: event.metadata.timestamp,
        sequence: event.position.commit,
      };
    }
    case 'TimeAdded': {
      const { timerId: _t, organizationId: _o, userId: _u, addedBy: _a, start, end, ...fields } = e.data;
      return {
        organizationId,
        userId,
        userFullName: (await lookups.userFullName(userId)) ?? 'Former employee',
        ...fields,
        startDateTime: start,
        startsAt: startsAt(start),
        endDateTime: end,
        createdAt: event.metadata.timestamp,
        sequence: event.position.commit,
      };
    }
    case 'TimerChanged': {
      const $set: Record<string, unknown> = Object.fromEntries(
        Object.entries(e.data.changes).map(([k, c]) => [FIELD_NAMES[k], c!.to]),
      );
      if (e.data.changes.start) $set.startsAt = startsAt(e.data.changes.start.to);
      const jobChange = e.data.changes.jobId;
      if (jobChange && !e.data.changes.customerId)
        $set.customerId = await lookups.customerOfJob(organizationId, jobChange.to);
      return $set as TimerFieldsSet;
    }
    case 'TimerStopped':
      return { endDateTime: e.data.end, mileageEnd: e.data.mileageEnd };
    case 'TimerDeleted':
      return 'deleted';
    default: {
      // Exhaustive: a new timer event must say what it sets.
      const unknown: never = e;
      void unknown;
      return {};
    }
  }
}
