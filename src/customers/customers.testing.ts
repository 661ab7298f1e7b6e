import type { CustomerDetails } from './customers.events';

/** A customer's details for specs: a contact named Pat, Current, nothing else unless `fields` says. */
export function customerDetails(fields: Partial<CustomerDetails> = {}): CustomerDetails {
  return {
    name: null,
    displayName: null,
    contactFirstName: 'Pat',
    contactLastName: null,
    contactEmail: null,
    contactPhone: null,
    address1: null,
    address2: null,
    city: null,
    state: null,
    postalCode: null,
    country: null,
    status: 'Current',
    jobType: null,
    billingFrequency: null,
    notes: null,
    ...fields,
  };
}
