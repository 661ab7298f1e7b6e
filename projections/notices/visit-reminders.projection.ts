import type { VisitReminderEvent } from '../../src/notices/notices.events';
import { VISIT_REMINDERS, VisitReminderDoc } from '../../src/notices/notices.read-models';
import { Projection } from '../runner/projection';

/**
 * The visits whose customer was reminded (src/notices/notices.read-models.ts), so the reminders process can tell a
 * reminded customer when the visit is cancelled. Written whole per event: a replay writes the same documents.
 */
export const visitRemindersProjection: Projection = {
  name: 'visitReminders',
  version: 1,
  collections: [VISIT_REMINDERS],
  streams: ['visitReminder', 'visitCancelled'],
  async setup(store) {
    await store
      .collection(VISIT_REMINDERS)
      .createIndex({ organizationId: 1, start: 1 }, { name: 'organization_start' });
  },
  async apply(event, { store }) {
    if (!event.streamId.startsWith('visitReminder-') && !event.streamId.startsWith('visitCancelled-')) return;
    const e = { type: event.type, data: event.data } as VisitReminderEvent;
    const reminders = store.collection<VisitReminderDoc>(VISIT_REMINDERS);
    switch (e.type) {
      case 'VisitReminderSent': {
        const { jobId, organizationId, customerId, start } = e.data;
        if (!e.data.to) return;
        await reminders.replaceOne(
          { _id: jobId },
          {
            _id: jobId,
            organizationId,
            customerId,
            start,
            remindedAt: event.metadata.timestamp,
            cancellationSentAt: null,
          },
          { upsert: true },
        );
        break;
      }
      case 'VisitCancellationSent':
        await reminders.updateOne({ _id: e.data.jobId }, { $set: { cancellationSentAt: event.metadata.timestamp } });
        break;
    }
  },
};
