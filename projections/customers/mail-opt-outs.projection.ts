import type { MailOptOutEvent } from '../../src/customers/customers.events';
import { MAIL_OPT_OUTS, MailOptOutDoc } from '../../src/customers/mail-opt-out';
import { rooms } from '../../src/realtime/rooms';
import { Projection } from '../runner/projection';

/**
 * The addresses that unsubscribed from an organization's visit reminders and feedback requests
 * (src/customers/mail-opt-out.ts): one document while unsubscribed, none after a resubscribe. Written whole per
 * event, so a replay writes the same documents. The customer's page shows it: `customers.changed` to its managers.
 */
export const mailOptOutsProjection: Projection = {
  name: 'mailOptOuts',
  version: 1,
  collections: [MAIL_OPT_OUTS],
  streams: ['mailOptOut'],
  async apply(event, { store, notify }) {
    if (!event.streamId.startsWith('mailOptOut-')) return;
    const e = { type: event.type, data: event.data } as MailOptOutEvent;
    const { organizationId, customerId, address } = e.data;
    const optOuts = store.collection<MailOptOutDoc>(MAIL_OPT_OUTS);
    if (e.type === 'CustomerUnsubscribed')
      await optOuts.replaceOne(
        { _id: event.streamId },
        { _id: event.streamId, organizationId, address, customerId, unsubscribedAt: event.metadata.timestamp },
        { upsert: true },
      );
    else await optOuts.deleteOne({ _id: event.streamId });
    notify({
      rooms: [rooms.customerManagers(organizationId)],
      event: 'customers.changed',
      payload: { organizationId, customerId },
    });
  },
};
