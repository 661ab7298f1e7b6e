import type { DomainEvent } from '../core/decider';
import type { Change } from '../identity/identity.events';

/** Spec §4: any status can be changed to any other by edit. */
export const CUSTOMER_STATUSES = ['Current', 'Declined', 'Tentative', 'Past'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];
export const DEFAULT_CUSTOMER_STATUS: CustomerStatus = 'Current';

/**
 * What a customer is (spec §3). Only the contact's first name is required (spec §5); every other text
 * is null when not given. averageRating and totalReviews are not here: they are the read model's,
 * computed from ratings.
 */
export interface CustomerDetails {
  /** The company name. */
  name: string | null;
  displayName: string | null;
  contactFirstName: string;
  contactLastName: string | null;
  /** Lower case. */
  contactEmail: string | null;
  /** Always `(###) ###-####` when set. */
  contactPhone: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  /** State or province. */
  state: string | null;
  postalCode: string | null;
  country: string | null;
  status: CustomerStatus;
  jobType: string | null;
  billingFrequency: string | null;
  notes: string | null;
}

export type CustomerChanges = { [K in keyof CustomerDetails]?: Change<CustomerDetails[K]> };

/** Stream `customer-<id>`. */
export type CustomerEvent =
  | DomainEvent<'CustomerCreated', { customerId: string; organizationId: string } & CustomerDetails>
  | DomainEvent<'CustomerDetailsChanged', { customerId: string; organizationId: string; changes: CustomerChanges }>
  | DomainEvent<'CustomerDeleted', { customerId: string; organizationId: string }>;

export const customersStreams = {
  customer: (id: string) => `customer-${id}`,
};
