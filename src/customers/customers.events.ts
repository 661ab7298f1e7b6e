import { derivedId } from '../core/clock';
import type { DomainEvent } from '../core/decider';
import type { Change } from '../identity/identity.events';
import type { CustomerAddress } from '../shared/customers';

/** Spec §4: any status can be changed to any other by edit. */
export const CUSTOMER_STATUSES = ['Current', 'Declined', 'Tentative', 'Past'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];
export const DEFAULT_CUSTOMER_STATUS: CustomerStatus = 'Current';

/**
 * What a customer is (spec §3). Only the contact's first name is required (spec §5); every other text
 * is null when not given. averageRating and totalReviews are not here: they are the read model's,
 * computed from ratings.
 */
export interface CustomerDetails extends CustomerAddress {
  /** The company name. */
  name: string | null;
  displayName: string | null;
  contactFirstName: string;
  contactLastName: string | null;
  /** Lower case. */
  contactEmail: string | null;
  /** Always `(###) ###-####` when set. */
  contactPhone: string | null;
  status: CustomerStatus;
  jobType: string | null;
  billingFrequency: string | null;
  notes: string | null;
}

export type CustomerChanges = { [K in keyof CustomerDetails]?: Change<CustomerDetails[K]> };

/**
 * A document attached to a customer (spec §3 Attachment). Its bytes are in the FileStore under `fileId`,
 * stored before the event was appended; `contentType` is what the bytes were found to be, never what the
 * upload claimed.
 */
export interface CustomerDocument {
  attachmentId: string;
  /** The name shown in the Attached Documents table. */
  name: string;
  fileId: string;
  /** The name the file was uploaded with, offered back on download. */
  fileName: string;
  contentType: string;
  /** Bytes. */
  size: number;
}

/** Stream `customer-<id>`. */
export type CustomerEvent =
  | DomainEvent<'CustomerCreated', { customerId: string; organizationId: string } & CustomerDetails>
  | DomainEvent<'CustomerDetailsChanged', { customerId: string; organizationId: string; changes: CustomerChanges }>
  /** `mergedInto` (#24): a manager merged this customer (one an online booking created) into that one. */
  | DomainEvent<'CustomerDeleted', { customerId: string; organizationId: string; mergedInto?: string }>
  | DomainEvent<
      'CustomerDocumentAttached',
      { customerId: string; organizationId: string; uploadedBy: string | null } & CustomerDocument
    >
  | DomainEvent<
      'CustomerDocumentRemoved',
      { customerId: string; organizationId: string; attachmentId: string; fileId: string; removedBy: string | null }
    >;

/**
 * Stream `mailOptOut-<derivedId(organization:address)>` (issue #31 item 5): an address that asked the organization
 * for no more visit reminders and feedback requests, and took it back. Per address, not per customer: every
 * customer with that address (an online booking makes a new one each time) is covered. `customerId`: whose e-mail's
 * link was used.
 */
export type MailOptOutEvent =
  | DomainEvent<'CustomerUnsubscribed', { organizationId: string; customerId: string; address: string }>
  | DomainEvent<'CustomerResubscribed', { organizationId: string; customerId: string; address: string }>;

export const customersStreams = {
  customer: (id: string) => `customer-${id}`,
  mailOptOut: (organizationId: string, address: string) =>
    `mailOptOut-${derivedId(`mail opt-out:${organizationId}:${address.toLowerCase()}`)}`,
};
