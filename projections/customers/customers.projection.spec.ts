import type { RecordedEvent } from '../../src/core/event-store/event-store.port';
import { SqliteReadStore } from '../../src/core/read-store/sqlite-read-store';
import type { CustomerDetails, CustomerEvent } from '../../src/customers/customers.events';
import { customersProjection } from './customers.projection';
import {
  CUSTOMER_DOCUMENTS,
  CUSTOMERS,
  CustomerDoc,
  CustomerDocumentDoc,
} from '../../src/customers/customers.read-models';
import type { ChangeNotice } from '../../src/realtime/change-notice';

const ORG = 'org-1';
const ID = '6f1c0b7e-0000-4000-8000-000000000001';
const details: CustomerDetails = {
  name: 'Acme Plumbing',
  displayName: null,
  contactFirstName: 'Pat',
  contactLastName: 'Jones',
  contactEmail: 'pat@acme.test',
  contactPhone: '(555) 123-4567',
  address1: null,
  address2: null,
  city: 'Springfield',
  state: null,
  postalCode: null,
  country: null,
  status: 'Current',
  jobType: null,
  billingFrequency: null,
  notes: null,
};

let sequence = 0;
function recorded(
  event: CustomerEvent,
  revision: number,
  timestamp = `2030-01-01T10:00:0${revision}.000Z`,
): RecordedEvent {
  sequence += 1;
  return {
    id: `event-${sequence}`,
    type: event.type,
    data: event.data,
    streamId: `customer-${ID}`,
    revision,
    position: { commit: sequence, prepare: sequence },
    metadata: { organizationId: ORG, actorUserId: 'user-1', correlationId: 'c', causationId: null, timestamp },
  };
}

const created = (overrides: Partial<CustomerDetails> = {}) =>
  recorded({ type: 'CustomerCreated', data: { customerId: ID, organizationId: ORG, ...details, ...overrides } }, 0);
const changed = (changes: Record<string, { from: unknown; to: unknown }>, revision = 1) =>
  recorded(
    { type: 'CustomerDetailsChanged', data: { customerId: ID, organizationId: ORG, changes } } as CustomerEvent,
    revision,
  );
const deleted = (revision: number) =>
  recorded({ type: 'CustomerDeleted', data: { customerId: ID, organizationId: ORG } }, revision);

describe('customers projection', () => {
  let store: SqliteReadStore;
  const apply = async (...events: RecordedEvent[]) => {
    for (const e of events)
      await customersProjection.apply(e, { store, notify: () => undefined, mail: () => undefined });
  };
  const doc = () => store.collection<CustomerDoc>(CUSTOMERS).findOne({ _id: ID });

  beforeEach(async () => {
    store = new SqliteReadStore(':memory:');
    await customersProjection.setup!(store);
  });
  afterEach(() => store.close());

  it('builds the document a created customer reads from, with no ratings yet', async () => {
    await apply(created());
    expect(await doc()).toEqual({
      _id: ID,
      organizationId: ORG,
      ...details,
      label: 'Acme Plumbing',
      sortName: 'acme plumbing',
      phoneDigits: '5551234567',
      averageRating: null,
      totalReviews: 0,
      deleted: false,
      createdAt: '2030-01-01T10:00:00.000Z',
      updatedAt: '2030-01-01T10:00:00.000Z',
      _rev: 0,
    });
  });

  it('labels a customer without a company name by its display name, else by its contact', async () => {
    await apply(created({ name: null, displayName: 'The Smiths' }));
    expect(await doc()).toMatchObject({ label: 'The Smiths', sortName: 'the smiths' });
    await apply(changed({ displayName: { from: 'The Smiths', to: null } }));
    expect(await doc()).toMatchObject({ label: 'Pat Jones', sortName: 'pat jones' });
    await apply(changed({ name: { from: null, to: 'Zed Co' } }, 2));
    expect(await doc()).toMatchObject({ label: 'Zed Co', sortName: 'zed co' });
  });

  it('applies changes and keeps the sort keys in step', async () => {
    await apply(
      created(),
      changed({
        name: { from: 'Acme Plumbing', to: 'BETA Works' },
        contactPhone: { from: '(555) 123-4567', to: null },
        status: { from: 'Current', to: 'Past' },
      }),
    );
    expect(await doc()).toMatchObject({
      name: 'BETA Works',
      label: 'BETA Works',
      sortName: 'beta works',
      contactPhone: null,
      phoneDigits: null,
      status: 'Past',
      updatedAt: '2030-01-01T10:00:01.000Z',
      _rev: 1,
    });
  });

  it('keeps a deleted customer as a tombstone', async () => {
    await apply(created(), deleted(1));
    expect(await doc()).toMatchObject({ deleted: true, name: 'Acme Plumbing', _rev: 1 });
  });

  it('is idempotent: replaying any event or suffix changes nothing', async () => {
    const history = [
      created(),
      changed({ city: { from: 'Springfield', to: 'Chicago' } }),
      changed({ city: { from: 'Chicago', to: 'Boston' } }, 2),
    ];
    await apply(...history);
    const once = await doc();
    await apply(history[1]);
    await apply(...history);
    expect(await doc()).toEqual(once);
    expect(once).toMatchObject({ city: 'Boston', _rev: 2 });
  });

  it('a replayed creation does not bring a deleted customer back', async () => {
    await apply(created(), deleted(1), created());
    expect(await doc()).toMatchObject({ deleted: true, _rev: 1 });
  });

  describe('documents', () => {
    const ATTACHMENT = '6f1c0b7e-0000-4000-8000-0000000000a1';
    const file = {
      attachmentId: ATTACHMENT,
      name: 'Contract',
      fileId: 'file-1',
      fileName: 'contract.pdf',
      contentType: 'application/pdf',
      size: 1234,
    };
    const attached = (revision = 1) =>
      recorded(
        {
          type: 'CustomerDocumentAttached',
          data: { customerId: ID, organizationId: ORG, uploadedBy: 'user-1', ...file },
        },
        revision,
      );
    const removed = (revision: number) =>
      recorded(
        {
          type: 'CustomerDocumentRemoved',
          data: {
            customerId: ID,
            organizationId: ORG,
            attachmentId: ATTACHMENT,
            fileId: 'file-1',
            removedBy: 'user-2',
          },
        },
        revision,
      );
    const document = () => store.collection<CustomerDocumentDoc>(CUSTOMER_DOCUMENTS).findOne({ _id: ATTACHMENT });

    it('keeps an attached document, dated by its event', async () => {
      await apply(created(), attached());
      expect(await document()).toEqual({
        _id: ATTACHMENT,
        customerId: ID,
        organizationId: ORG,
        uploadedBy: 'user-1',
        name: 'Contract',
        fileId: 'file-1',
        fileName: 'contract.pdf',
        contentType: 'application/pdf',
        size: 1234,
        dateUploaded: '2030-01-01T10:00:01.000Z',
        removed: false,
        _rev: 1,
      });
    });

    it('keeps a removed document as a tombstone that a replay does not revive', async () => {
      await apply(created(), attached(), removed(2), attached());
      expect(await document()).toMatchObject({
        removed: true,
        removedBy: 'user-2',
        removedAt: '2030-01-01T10:00:02.000Z',
        _rev: 2,
      });
    });

    it("pushes customers.changed to the organization's customer managers for every event of a customer", async () => {
      const notices: ChangeNotice[] = [];
      for (const e of [
        created(),
        changed({ city: { from: 'Springfield', to: 'Boston' } }),
        attached(2),
        removed(3),
        deleted(4),
      ])
        await customersProjection.apply(e, { store, notify: (n) => notices.push(n), mail: () => undefined });
      expect(notices).toHaveLength(5);
      for (const n of notices)
        expect(n).toEqual({
          rooms: [`customerManagers:${ORG}`],
          event: 'customers.changed',
          payload: { organizationId: ORG, customerId: ID },
        });
    });
  });

  it('ignores other streams', async () => {
    await customersProjection.apply(
      { ...created(), streamId: `user-${ID}` },
      { store, notify: () => undefined, mail: () => undefined },
    );
    expect(await doc()).toBeNull();
  });
});
