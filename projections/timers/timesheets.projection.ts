import type { TimesheetEvent } from '../../src/timers/timers.events';
import { rooms } from '../../src/realtime/rooms';
import { TIMESHEETS, timesheetId, TimesheetDoc } from '../../src/timers/timers.read-models';
import { applyOnce } from '../runner/apply-once';
import { Projection } from '../runner/projection';

const STATE_AFTER = {
  TimesheetSubmitted: 'submitted',
  TimesheetApproved: 'approved',
  TimesheetSentBack: 'open',
  TimesheetUnapproved: 'open',
} as const;

const NOTE_KIND = {
  TimesheetSubmitted: 'submitted',
  TimesheetApproved: 'approved',
  TimesheetSentBack: 'sentBack',
  TimesheetUnapproved: 'unapproved',
} as const;

/**
 * Timesheets' states (issue #30 item 3), which lock the tracked times of approved ones. Pushed to the person's
 * devices and to the organization's time admins (users.crud: they approve), item 7.
 */
export const timesheetsProjection: Projection = {
  name: 'timesheets',
  version: 1,
  collections: [TIMESHEETS],
  streams: ['timesheet'],
  async setup(store) {
    await store
      .collection(TIMESHEETS)
      .createIndex({ organizationId: 1, periodStart: 1 }, { name: 'organization_period' });
    await store
      .collection(TIMESHEETS)
      .createIndex(
        { organizationId: 1, userId: 1, state: 1, periodStart: 1 },
        { name: 'organization_user_state_period' },
      );
  },
  async apply(event, { store, notify }) {
    if (!event.streamId.startsWith('timesheet-')) return;
    const e = { type: event.type, data: event.data } as TimesheetEvent;
    if (!(e.type in STATE_AFTER)) return;
    const { organizationId, userId, periodStart, periodEnd } = e.data;
    await applyOnce(
      store.collection<TimesheetDoc>(TIMESHEETS),
      timesheetId(userId, periodStart),
      event.revision,
      {
        $set: {
          organizationId,
          userId,
          periodStart,
          periodEnd,
          state: STATE_AFTER[e.type],
          lastNote: {
            kind: NOTE_KIND[e.type],
            byUserId: event.metadata.actorUserId ?? null,
            at: event.metadata.timestamp,
            reason: 'reason' in e.data ? e.data.reason : null,
          },
        },
      },
      { upsert: true },
    );
    notify({
      rooms: [rooms.timeAdmins(organizationId), rooms.user(userId)],
      event: 'timesheets.changed',
      payload: { organizationId, userId, periodStart },
    });
  },
};
