import { phoneProblem } from '../../shared/phone';
import { emailProblem } from '../account/passwordRules';
import type { Customer, CustomerStatus } from './customers';

export interface CustomerFormValues {
  name: string;
  displayName: string;
  contactFirstName: string;
  contactLastName: string;
  contactEmail: string;
  contactPhone: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  status: CustomerStatus;
  jobType: string;
  billingFrequency: string;
  notes: string;
}

const TEXT_FIELDS = [
  'name',
  'displayName',
  'contactFirstName',
  'contactLastName',
  'contactEmail',
  'contactPhone',
  'address1',
  'address2',
  'city',
  'state',
  'postalCode',
  'country',
  'jobType',
  'billingFrequency',
  'notes',
] as const;

/** A new customer is Current (spec §9); an edited one starts from what it is. */
export function customerFormValues(customer: Customer | null): CustomerFormValues {
  const values = Object.fromEntries(TEXT_FIELDS.map((f) => [f, customer?.[f] ?? ''])) as Omit<
    CustomerFormValues,
    'status'
  >;
  return { ...values, status: customer?.status ?? 'Current' };
}

/**
 * Spec §5: the contact's first name is required; the e-mail's format is checked on create (an old address
 * the server kept is not refused on edit); the phone is masked and, when given, complete.
 */
export function customerFormRules(mode: 'create' | 'edit') {
  return {
    contactFirstName: (value: string) => (value.trim() ? null : 'Contact first name is required'),
    contactEmail: (value: string) =>
      mode === 'create' && value.trim() && emailProblem(value) ? 'Contact email must be a valid email address' : null,
    contactPhone: (value: string) => phoneProblem(value),
  };
}

/**
 * The body of POST /api/customers or PATCH /api/customers/{id}: trimmed texts, blank as null (which clears
 * a field on edit).
 */
export function customerPayload(values: CustomerFormValues) {
  const body: Record<string, string | null> = {};
  for (const field of TEXT_FIELDS) body[field] = values[field].trim() || null;
  return { ...body, contactFirstName: values.contactFirstName.trim(), status: values.status };
}
