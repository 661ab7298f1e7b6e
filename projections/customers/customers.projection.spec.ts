import { eventLog, projection } from '../../src/core/projection.testing';
import type { CustomerDetails, CustomerEvent } from '../../src/customers/customers.events';
import { customerDetails } from '../../src/customers/customers.testing';
import { CUSTOMER_DOCUMENTS, CUSTOMERS } from '../../src/customers/customers.read-models';
import { customersProjection } from './customers.projection';

const ORG = 'org-1';
const ID = '6f1c0b7e-0000-4000-8000-000000000001';
const ATTACHMENT = '6f1c0b7e-0000-4000-8000-0000000000a1';
const details = customerDetails({
  name: 'Acme Plumbing',
  contactLastName: 'Jones',
  contactEmail: 'pat@acme.test',
  contactPhone: '(555) 123-4567',
  city: 'Springfield',
});
const file = {
  attachmentId: ATTACHMENT,
  name: 'Contract',
  fileId: 'file-1',
  fileName: 'contract.pdf',
  contentType: 'application/pdf',
  size: 1234,
};

describe('customers projection', () => {
  const spec = projection(customersProjection);
  let log: ReturnType<typeof eventLog>;
  beforeEach(() => (log = eventLog({ organizationId: ORG, actorUserId: 'user-1' })));
  const customer = (e: CustomerEvent) => log.event(`customer-${ID}`, e);
  const created = (overrides: Partial<CustomerDetails> = {}) =>
    customer({ type: 'CustomerCreated', data: { customerId: ID, organizationId: ORG, ...details, ...overrides } });
  const changed = (changes: Extract<CustomerEvent, { type: 'CustomerDetailsChanged' }>['data']['changes']) =>
    customer({ type: 'CustomerDetailsChanged', data: { customerId: ID, organizationId: ORG, changes } });
  const deleted = () => customer({ type: 'CustomerDeleted', data: { customerId: ID, organizationId: ORG } });
  const attached = () =>
    customer({
      type: 'CustomerDocumentAttached',
      data: { customerId: ID, organizationId: ORG, uploadedBy: 'user-1', ...file },
    });
  const removed = () =>
    customer({
      type: 'CustomerDocumentRemoved',
      data: { customerId: ID, organizationId: ORG, attachmentId: ATTACHMENT, fileId: 'file-1', removedBy: 'user-2' },
    });

  it('builds the document a created customer reads from, with no ratings yet', async () => {
    await spec.given(created()).then(CUSTOMERS, [
      {
        _id: ID,
        organizationId: ORG,
        ...details,
        label: 'Acme Plumbing',
        sortName: 'acme plumbing',
        phoneDigits: '5551234567',
        averageRating: null,
        totalReviews: 0,
        deleted: false,
        createdAt: log.at(1),
        updatedAt: log.at(1),
        _rev: 0,
      },
    ]);
  });

  it('labels a customer without a company name by its display name', async () => {
    await spec
      .given(created({ name: null, displayName: 'The Smiths' }))
      .then(CUSTOMERS, [expect.objectContaining({ label: 'The Smiths', sortName: 'the smiths' })]);
  });

  it('labels a customer by its contact once it has neither, and by a company name given later', async () => {
    await spec
      .given(
        created({ name: null, displayName: 'The Smiths' }),
        changed({ displayName: { from: 'The Smiths', to: null } }),
      )
      .then(CUSTOMERS, [expect.objectContaining({ label: 'Pat Jones', sortName: 'pat jones' })]);
    log = eventLog({ organizationId: ORG });
    await spec
      .given(
        created({ name: null, displayName: 'The Smiths' }),
        changed({ displayName: { from: 'The Smiths', to: null } }),
        changed({ name: { from: null, to: 'Zed Co' } }),
      )
      .then(CUSTOMERS, [expect.objectContaining({ label: 'Zed Co', sortName: 'zed co' })]);
  });

  it('applies changes and keeps the sort keys in step', async () => {
    await spec
      .given(
        created(),
        changed({
          name: { from: 'Acme Plumbing', to: 'BETA Works' },
          contactPhone: { from: '(555) 123-4567', to: null },
          status: { from: 'Current', to: 'Past' },
        }),
      )
      .then(CUSTOMERS, [
        expect.objectContaining({
          name: 'BETA Works',
          label: 'BETA Works',
          sortName: 'beta works',
          contactPhone: null,
          phoneDigits: null,
          status: 'Past',
          updatedAt: log.at(2),
          _rev: 1,
        }),
      ]);
  });

  it('keeps a deleted customer as a tombstone, which a replayed creation does not bring back', async () => {
    await spec
      .given(created(), changed({ city: { from: 'Springfield', to: 'Boston' } }), deleted())
      .then(CUSTOMERS, [expect.objectContaining({ deleted: true, name: 'Acme Plumbing', city: 'Boston', _rev: 2 })]);
  });

  it('keeps an attached document, dated by its event', async () => {
    await spec.given(created(), attached()).then(CUSTOMER_DOCUMENTS, [
      {
        _id: ATTACHMENT,
        customerId: ID,
        organizationId: ORG,
        uploadedBy: 'user-1',
        name: 'Contract',
        fileId: 'file-1',
        fileName: 'contract.pdf',
        contentType: 'application/pdf',
        size: 1234,
        dateUploaded: log.at(2),
        removed: false,
        _rev: 1,
      },
    ]);
  });

  it('keeps a removed document as a tombstone that a replay does not revive', async () => {
    await spec
      .given(created(), attached(), removed())
      .then(CUSTOMER_DOCUMENTS, [
        expect.objectContaining({ removed: true, removedBy: 'user-2', removedAt: log.at(3), _rev: 2 }),
      ]);
  });

  it("pushes customers.changed to the organization's customer managers for every event of a customer", async () => {
    const { notices } = await spec
      .given(created(), changed({ city: { from: 'Springfield', to: 'Boston' } }), attached(), removed(), deleted())
      .effects();
    const notice = {
      rooms: [`customerManagers:${ORG}`],
      event: 'customers.changed',
      payload: { organizationId: ORG, customerId: ID },
    };
    expect(notices).toEqual([notice, notice, notice, notice, notice]);
  });

  it('ignores other streams', async () => {
    await spec
      .given(
        log.event(`user-${ID}`, { type: 'CustomerCreated', data: { customerId: ID, organizationId: ORG, ...details } }),
      )
      .thenNothing();
  });
});
