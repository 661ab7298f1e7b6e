import type { CustomerDetails } from './customers.events';

/** Read models of customers, as the REST queries read them. */
export const CUSTOMERS = 'customers';

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

export function customerLabel(
  d: Pick<CustomerDetails, 'name' | 'displayName' | 'contactFirstName' | 'contactLastName'>,
): string {
  return d.name || d.displayName || [d.contactFirstName, d.contactLastName].filter(Boolean).join(' ');
}
