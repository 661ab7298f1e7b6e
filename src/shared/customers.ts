// Customer views on the wire, shared by the server and the client: imports nothing (see docs/wire-contract.md).

/** GET /api/customers/lookup: a dropdown's choice (up to 1000, name ascending). */
export interface CustomerOption {
  id: string;
  name: string;
}

/** Spec §4: any status can be changed to any other by edit; Current by default. */
export const CUSTOMER_STATUS_VALUES = ['Current', 'Declined', 'Tentative', 'Past'] as const;

/**
 * A customer's address (spec §3 Customer), as the customer's events, its view and a job's customer all hold it:
 * written once here.
 */
export interface CustomerAddress {
  address1: string | null;
  address2: string | null;
  city: string | null;
  /** State or province. */
  state: string | null;
  postalCode: string | null;
  country: string | null;
}

/** A customer as the API shows it (spec §3 Customer). */
export interface CustomerView extends CustomerAddress {
  id: string;
  /** The company name. */
  name: string | null;
  displayName: string | null;
  contactFirstName: string;
  contactLastName: string | null;
  contactEmail: string | null;
  /** (###) ###-#### when set. */
  contactPhone: string | null;
  status: (typeof CUSTOMER_STATUS_VALUES)[number];
  jobType: string | null;
  billingFrequency: string | null;
  notes: string | null;
  /** To 2 decimals; null until the customer's jobs have ratings. */
  averageRating: number | null;
  totalReviews: number;
  /**
   * GET /api/customers/{id} only: when the contact's address unsubscribed from the organization's visit reminders and
   * feedback requests (UTC ISO), else null.
   */
  unsubscribedAt?: string | null;
}

/** The public unsubscribe page (GET /api/unsubscribe/{token}); POST unsubscribes, DELETE subscribes again. */
export interface UnsubscribePageView {
  organizationName: string;
  /** The organization's logo for the page (public), or null. */
  logoUrl: string | null;
  unsubscribed: boolean;
}

/**
 * The one name a customer is shown by: the company name first, then the display name (spec §3 Customer is
 * "name (company), displayName"; the list's column and default sort are by name, §2 and §9), then the
 * contact's name: contactFirstName is the one name a customer must have (§5), so every customer has one.
 */
export function customerLabel(
  c: Pick<CustomerView, 'name' | 'displayName' | 'contactFirstName' | 'contactLastName'>,
): string {
  return c.name || c.displayName || [c.contactFirstName, c.contactLastName].filter(Boolean).join(' ');
}

/** A document in a customer's Attached Documents (spec §3 Attachment). */
export interface AttachmentView {
  id: string;
  /** The name shown. */
  name: string;
  /** The name the file was uploaded with, offered back on download. */
  fileName: string;
  /** Where the file downloads from (`/api/attachments/{id}/file`). */
  url: string;
  /** UTC ISO instant. */
  dateUploaded: string;
  customerId: string;
  /** Bytes. */
  size: number;
  /** What the bytes were found to be (never what the upload claimed). */
  contentType: string;
  uploadedBy: { id: string; fullName: string } | null;
}

/** A row of a customer's Jobs & Ratings: a one-time job or one occurrence of a recurring job. */
/**
 * A customer's Jobs & Ratings opens on today (issue #26): whole days from 30 days back to 60 days ahead in the
 * organization's zone unless fromDate/toDate (MM/DD/YYYY) say otherwise; one of them alone spans the same 91 days.
 * Today's and upcoming visits come first, soonest first, then past ones, latest first.
 */
export const CUSTOMER_JOBS_DAYS_BACK = 30;
export const CUSTOMER_JOBS_DAYS_AHEAD = 60;

export interface CustomerJobView {
  id: string;
  name: string;
  startDateTime: string;
  endDateTime: string;
  users: { id: string; fullName: string }[];
  leadUser: { id: string; fullName: string } | null;
  /** The rating's stars: null until the customer answers, or when they gave none. */
  rating: number | null;
  /**
   * The customer's answer as it stands (null until answered; its id is the job's). `edited`: a manager
   * changed it, and `original` is what the customer sent.
   */
  review: CustomerJobReview | null;
  isRecurring: boolean;
}

export interface CustomerJobReview {
  rating: number | null;
  comments: string | null;
  edited: boolean;
  original: { rating: number | null; comments: string | null } | null;
}

/** The parts of a customer's address one line is made of. */
export type AddressParts = Partial<Omit<CustomerAddress, 'country'>>;

/** One line of a customer's address: '120 Maple Street, Springfield, NJ 07081' ('' without one). */
export function customerAddress(customer: AddressParts | null): string {
  if (!customer) return '';
  const region = [customer.state, customer.postalCode].filter(Boolean).join(' ');
  return [customer.address1, customer.address2, customer.city, region].filter((p) => p && p.trim()).join(', ');
}

/** A maps query for an address (spec §2 Customers: a maps link opens a maps query). */
export const mapsUrl = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
