import { CustomerEvent } from '../../src/customers/customers.events';
import { applyOnce } from '../runner/apply-once';
import { newValues } from '../runner/changes';
import { Projection } from '../runner/projection';
import {
  CUSTOMER_DOCUMENTS,
  CUSTOMER_SEARCH_FIELDS,
  CUSTOMERS,
  CustomerDoc,
  CustomerDocumentDoc,
  customerLabel,
} from '../../src/customers/customers.read-models';
import { rooms } from '../../src/realtime/rooms';

const digitsOf = (phone: string | null) => (phone ? phone.replace(/\D/g, '') : null);

/**
 * The Customer List, the customer detail, the customer dropdowns and each customer's Attached Documents.
 * Every event of a customer pushes `customers.changed` to the organization's holders of customers.crud.
 */
export const customersProjection: Projection = {
  name: 'customers',
  // Still 1 with customerDocuments added: no document event existed before it, so there is nothing to rebuild.
  version: 1,
  collections: [CUSTOMERS, CUSTOMER_DOCUMENTS],
  streams: ['customer'],
  async setup(store) {
    // The Customer List and lookup by name, ties by id: a MongoDB server walks it in either direction, no sort.
    await store
      .collection(CUSTOMERS)
      .createIndex(
        { organizationId: 1, deleted: 1, sortName: 1, _id: 1 },
        { name: 'organization_deleted_sortName_id' },
      );
    await store.collection(CUSTOMERS).createSearchIndex([...CUSTOMER_SEARCH_FIELDS, 'phoneDigits'], { name: 'search' });
    // A customer's Attached Documents, newest first, ties by id in the same direction: no sort in memory.
    await store
      .collection(CUSTOMER_DOCUMENTS)
      .createIndex(
        { organizationId: 1, customerId: 1, removed: 1, dateUploaded: -1, _id: -1 },
        { name: 'organization_customer_removed_uploaded_id' },
      );
    // GET /api/files/{id} refuses a document's file (it is served only through its attachment).
    await store.collection(CUSTOMER_DOCUMENTS).createIndex({ fileId: 1 }, { name: 'file' });
  },
  async apply(event, { store, notify }) {
    if (!event.streamId.startsWith('customer-')) return;
    const e = { type: event.type, data: event.data } as CustomerEvent;
    const customers = store.collection<CustomerDoc>(CUSTOMERS);
    const { customerId, organizationId } = e.data;
    const at = event.revision;
    const when = event.metadata.timestamp;
    switch (e.type) {
      case 'CustomerCreated': {
        const { customerId: _id, ...details } = e.data;
        const label = customerLabel(details);
        await applyOnce(
          customers,
          customerId,
          at,
          {
            $set: {
              ...details,
              label,
              sortName: label.toLowerCase(),
              phoneDigits: digitsOf(details.contactPhone),
              averageRating: null,
              totalReviews: 0,
              deleted: false,
              createdAt: when,
              updatedAt: when,
            },
          },
          { upsert: true },
        );
        break;
      }
      case 'CustomerDetailsChanged': {
        const $set: Record<string, unknown> = newValues(e.data.changes);
        $set.updatedAt = when;
        if (e.data.changes.contactPhone) $set.phoneDigits = digitsOf(e.data.changes.contactPhone.to);
        const current = await customers.findOne({ _id: customerId });
        if (current) {
          const label = customerLabel({ ...current, ...$set } as CustomerDoc);
          $set.label = label;
          $set.sortName = label.toLowerCase();
        }
        await applyOnce(customers, customerId, at, { $set });
        break;
      }
      case 'CustomerDeleted':
        await applyOnce(customers, customerId, at, { $set: { deleted: true, updatedAt: when } });
        break;
      case 'CustomerDocumentAttached': {
        const { attachmentId, ...fields } = e.data;
        await applyOnce(
          store.collection<CustomerDocumentDoc>(CUSTOMER_DOCUMENTS),
          attachmentId,
          at,
          { $set: { ...fields, dateUploaded: when, removed: false } },
          { upsert: true },
        );
        break;
      }
      case 'CustomerDocumentRemoved':
        await applyOnce(store.collection<CustomerDocumentDoc>(CUSTOMER_DOCUMENTS), e.data.attachmentId, at, {
          $set: { removed: true, removedBy: e.data.removedBy, removedAt: when },
        });
        break;
      default: {
        const unknown: never = e;
        return unknown;
      }
    }
    notify({
      rooms: [rooms.customerManagers(organizationId)],
      event: 'customers.changed',
      payload: { organizationId, customerId },
    });
  },
};
