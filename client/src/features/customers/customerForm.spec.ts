import { describe, expect, it } from 'vitest';
import { customerFormRules, customerFormValues, customerPayload } from './customerForm';
import {
  addressLines,
  customerLabel,
  fileSizeLabel,
  documentProblem,
  INITIAL_CUSTOMERS_QUERY,
  sortedBy,
} from './customers';
import type { Customer } from './customers';

const customer: Customer = {
  id: 'c1',
  name: 'Harbor View Apartments',
  displayName: null,
  contactFirstName: 'Dana',
  contactLastName: 'Lopez',
  contactEmail: 'dana@harborview.example',
  contactPhone: '(555) 201-3344',
  address1: '8 Harbor View Drive',
  address2: null,
  city: 'Springfield',
  state: 'NJ',
  postalCode: '07081',
  country: 'USA',
  status: 'Tentative',
  jobType: 'Lawn care',
  billingFrequency: 'Monthly',
  notes: null,
  averageRating: 4.5,
  totalReviews: 2,
};

describe('the customer form', () => {
  it('starts a new customer as Current with every field empty, an edit from the customer', () => {
    const fresh = customerFormValues(null);
    expect(fresh.status).toBe('Current');
    expect(fresh.contactFirstName).toBe('');
    expect(customerFormValues(customer)).toMatchObject({
      name: 'Harbor View Apartments',
      notes: '',
      status: 'Tentative',
    });
  });

  it('requires the contact first name, checks the e-mail on create only, and wants a whole phone number', () => {
    const create = customerFormRules('create');
    const edit = customerFormRules('edit');
    expect(create.contactFirstName('  ')).toBe('Contact first name is required');
    expect(create.contactFirstName('Dana')).toBeNull();
    expect(create.contactEmail('not-an-address')).toBe('Contact email must be a valid email address');
    expect(create.contactEmail('')).toBeNull();
    expect(edit.contactEmail('not-an-address')).toBeNull();
    expect(create.contactPhone('(555) 201')).toBe('Enter a 10-digit phone number');
    expect(create.contactPhone('')).toBeNull();
  });

  it('sends trimmed text, blank as null', () => {
    const values = { ...customerFormValues(null), contactFirstName: ' Dana ', name: '  ', city: ' Springfield ' };
    expect(customerPayload(values)).toMatchObject({
      contactFirstName: 'Dana',
      name: null,
      city: 'Springfield',
      status: 'Current',
    });
  });
});

describe('customers', () => {
  it('names a customer by company, else display name, else contact', () => {
    expect(customerLabel(customer)).toBe('Harbor View Apartments');
    expect(customerLabel({ ...customer, name: null, displayName: 'HVA' })).toBe('HVA');
    expect(customerLabel({ ...customer, name: null })).toBe('Dana Lopez');
  });

  it('lays the address out in lines', () => {
    expect(addressLines(customer)).toEqual(['8 Harbor View Drive', 'Springfield, NJ 07081', 'USA']);
    expect(
      addressLines({ ...customer, address1: null, city: null, state: null, postalCode: null, country: null }),
    ).toEqual([]);
  });

  it('sorts by a column: the same one turns its direction, another starts ascending, each from page 1', () => {
    const onPage3 = { ...INITIAL_CUSTOMERS_QUERY, currentPage: 3 };
    expect(sortedBy(onPage3, 'name')).toMatchObject({ sortBy: 'name', sortDir: 'asc', currentPage: 1 });
    expect(sortedBy(onPage3, 'status')).toMatchObject({ sortBy: 'status', sortDir: 'asc', currentPage: 1 });
    expect(sortedBy({ ...onPage3, sortBy: 'status', sortDir: 'asc' }, 'status')).toMatchObject({ sortDir: 'desc' });
  });

  it('reads file sizes and refuses a missing, empty or too large document before sending', () => {
    expect(fileSizeLabel(12)).toBe('12 bytes');
    expect(fileSizeLabel(2048)).toBe('2 KB');
    expect(fileSizeLabel(2.4 * 1024 * 1024)).toBe('2.4 MB');
    expect(documentProblem(null)).toBe('Choose a file to upload');
    expect(documentProblem(new File([], 'empty.pdf'))).toBe('The file is empty');
    expect(documentProblem({ size: 2.6 * 1024 * 1024 } as File)).toBe('The file is too large. The maximum is 2.5 MB.');
    expect(documentProblem(new File(['%PDF-1.4'], 'a.pdf'))).toBeNull();
  });
});
