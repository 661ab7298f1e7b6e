import { CustomerEvent } from '../../src/customers/customers.events';
import { applyOnce } from '../runner/apply-once';
import { Projection } from '../runner/projection';
import {
  CUSTOMER_SEARCH_FIELDS,
  CUSTOMERS,
  CustomerDoc,
  customerLabel,
} from '../../src/customers/customers.read-models';

const digitsOf = (phone: string | null) => (phone ? phone.replace(/\D/g, '') : null);

/**
 * The Customer List, the customer detail and the customer dropdowns. No push yet: a
 * `customers.changed` notice needs an entry in src/shared/client-events.ts first.
 */
export const customersProjection: Projection = {
  name: 'customers',
  version: 1,
  collections: [CUSTOMERS],
  async setup(store) {
    // The Customer List and lookup by name, ties by id: a MongoDB server walks it in either direction, no sort.
    await store
      .collection(CUSTOMERS)
      .createIndex(
        { organizationId: 1, deleted: 1, sortName: 1, _id: 1 },
        { name: 'organization_deleted_sortName_id' },
      );
    await store.collection(CUSTOMERS).createSearchIndex([...CUSTOMER_SEARCH_FIELDS, 'phoneDigits'], { name: 'search' });
  },
  async apply(event, { store }) {
    if (!event.streamId.startsWith('customer-')) return;
    const e = { type: event.type, data: event.data } as CustomerEvent;
    const customers = store.collection<CustomerDoc>(CUSTOMERS);
    const { customerId } = e.data;
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
        return;
      }
      case 'CustomerDetailsChanged': {
        const $set: Record<string, unknown> = Object.fromEntries(
          Object.entries(e.data.changes).map(([k, c]) => [k, c!.to]),
        );
        $set.updatedAt = when;
        if (e.data.changes.contactPhone) $set.phoneDigits = digitsOf(e.data.changes.contactPhone.to);
        const current = await customers.findOne({ _id: customerId });
        if (current) {
          const label = customerLabel({ ...current, ...$set } as CustomerDoc);
          $set.label = label;
          $set.sortName = label.toLowerCase();
        }
        await applyOnce(customers, customerId, at, { $set });
        return;
      }
      case 'CustomerDeleted':
        await applyOnce(customers, customerId, at, { $set: { deleted: true, updatedAt: when } });
        return;
    }
  },
};
