import type { Filter, ReadStore, Sort } from '../core/read-store/read-store.port';
import type { CustomerDetails, CustomerDocument } from './customers.events';

/** Read models of customers, as the REST queries read them. */
export const CUSTOMERS = 'customers';

/** What the Customer List and the customer dropdowns search (a search index covers them and `phoneDigits`). */
export const CUSTOMER_SEARCH_FIELDS = [
  'name',
  'displayName',
  'contactFirstName',
  'contactLastName',
  'contactEmail',
  'contactPhone',
  'city',
];

export interface CustomerDoc extends CustomerDetails {
  /** The customer id. */
  _id: string;
  organizationId: string;
  /** What a dropdown shows: the company name, else the display name, else the contact's name. */
  label: string;
  /** `label` in lower case: the name sort key (FerretDB has no collations, so case is folded here). */
  sortName: string;
  /** The contact phone's digits, so that a search for 5551234 finds (555) 123-4567. */
  phoneDigits: string | null;
  /**
   * Rounded to 2 decimals; null and 0 until the customer's jobs have ratings. The ratings feature
   * keeps them up to date from its events (nothing sets them yet).
   */
  averageRating: number | null;
  totalReviews: number;
  /** Soft delete: the document stays (with its `_rev`, so a replay cannot revive it) but no query shows it. */
  deleted: boolean;
  createdAt: string;
  updatedAt: string;
  _rev?: number;
  [key: string]: unknown;
}

/**
 * The one name a customer is shown by, everywhere: the picker, the calendars, job requests, timers, and the
 * client's Customer List (so it lives in the wire contract). The projection stores it as `label`; readers
 * show `label` rather than building a name of their own.
 */
export { customerLabel } from '../shared/customers';

/*
 * The readers of this read model: every query and handler in src reads customers through them
 * (the projection, which writes it, keeps its own access).
 */

const customers = (store: ReadStore) => store.collection<CustomerDoc>(CUSTOMERS);

/** A customer by id alone, deleted or not, of any organization: for a link whose own key names the organization. */
export const customerById = (store: ReadStore, customerId: string) => customers(store).findOne({ _id: customerId });

/** The organization's customer, unless it was deleted. */
export function liveCustomer(
  store: ReadStore,
  organizationId: string,
  customerId: string,
): Promise<CustomerDoc | null> {
  return customers(store).findOne({ _id: customerId, organizationId, deleted: false });
}

/** The organization's customer whose contact has this e-mail (stored lower case), if any: a booking's visitor. */
export async function liveCustomerByContactEmail(
  store: ReadStore,
  organizationId: string,
  email: string,
): Promise<CustomerDoc | null> {
  const [found] = await customers(store).find(
    { organizationId, deleted: false, contactEmail: email.toLowerCase() },
    { sort: { createdAt: 1, _id: 1 }, limit: 1 },
  );
  return found ?? null;
}

/** The organization's customers by id, deleted ones included (a job still names the customer it had). */
export function customersByIds(
  store: ReadStore,
  organizationId: string,
  customerIds: string[],
): Promise<CustomerDoc[]> {
  return customerIds.length
    ? customers(store).find({ _id: { $in: customerIds }, organizationId })
    : Promise.resolve([]);
}

/** customer id → `customerLabel`, for the customers found (deleted ones included). */
export async function customerLabels(
  store: ReadStore,
  organizationId: string,
  customerIds: string[],
): Promise<Map<string, string>> {
  const found = customerIds.length
    ? await customers(store).find({ _id: { $in: customerIds }, organizationId }, { projection: { _id: 1, label: 1 } })
    : [];
  return new Map(found.map((c) => [c._id, c.label]));
}

/** The customer's `customerLabel`, or null when there is no such customer in the organization. */
export async function customerLabelOf(
  store: ReadStore,
  organizationId: string,
  customerId: string,
): Promise<string | null> {
  return (await customerLabels(store, organizationId, [customerId])).get(customerId) ?? null;
}

/** One page of the Customer List and the count of all that match `filter` (always scope it to an organization). */
export async function customersPage(
  store: ReadStore,
  filter: Filter,
  page: { sort: Sort; skip: number; limit: number },
): Promise<{ items: CustomerDoc[]; totalRecords: number }> {
  const [items, totalRecords] = await Promise.all([
    customers(store).find(filter, page),
    customers(store).countDocuments(filter),
  ]);
  return { items, totalRecords };
}

/** A dropdown's customers matching `filter`: `{ id, name: label }` by name, at most `limit`. */
export async function customerChoices(
  store: ReadStore,
  filter: Filter,
  limit: number,
): Promise<{ id: string; name: string }[]> {
  const found = await customers(store).find(filter, {
    sort: { sortName: 1, _id: 1 },
    limit,
    projection: { _id: 1, label: 1 },
  });
  return found.map((c) => ({ id: c._id, name: c.label }));
}

/** Documents attached to customers (the Attached Documents table), one per attachment, removed ones kept as tombstones. */
export const CUSTOMER_DOCUMENTS = 'customerDocuments';

export interface CustomerDocumentDoc extends CustomerDocument {
  /** The attachment id. */
  _id: string;
  organizationId: string;
  customerId: string;
  /** The user who uploaded it. */
  uploadedBy: string | null;
  dateUploaded: string;
  /** Its bytes are deleted when it is removed; the tombstone keeps `_rev`, so a replay cannot revive it. */
  removed: boolean;
  removedBy?: string | null;
  removedAt?: string;
  _rev?: number;
}

const documents = (store: ReadStore) => store.collection<CustomerDocumentDoc>(CUSTOMER_DOCUMENTS);

/** The organization's attachment, unless it was removed. */
export function liveCustomerDocument(
  store: ReadStore,
  organizationId: string,
  attachmentId: string,
): Promise<CustomerDocumentDoc | null> {
  return documents(store).findOne({ _id: attachmentId, organizationId, removed: false });
}

/** One page of a customer's documents, newest first (index organization_customer_removed_uploaded_id). */
export async function customerDocumentsPage(
  store: ReadStore,
  organizationId: string,
  customerId: string,
  page: { skip: number; limit: number },
): Promise<{ items: CustomerDocumentDoc[]; totalRecords: number }> {
  const filter = { organizationId, customerId, removed: false };
  const [items, totalRecords] = await Promise.all([
    documents(store).find(filter, { sort: { dateUploaded: -1, _id: -1 }, ...page }),
    documents(store).countDocuments(filter),
  ]);
  return { items, totalRecords };
}

/** Whether a stored file holds a customer document (removed or not): those are served only through their attachment. */
export async function isCustomerDocumentFile(store: ReadStore, organizationId: string, fileId: string) {
  return (await documents(store).countDocuments({ fileId, organizationId })) > 0;
}

/** The notes of a customer an online booking created begin so (src/booking/booked-customers.ts). */
export const BOOKED_ONLINE_MARK = 'Booked online';

/**
 * Whether an online booking created the customer: its contact's name and address are what a visitor typed, so
 * e-mails to it echo none of it (anyone may type anyone's address), and a manager may merge it into another.
 */
export const isBookedOnline = (customer: { notes?: string | null }) =>
  customer.notes?.startsWith(BOOKED_ONLINE_MARK) === true;
