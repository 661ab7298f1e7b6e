import { given } from '../core/decider.testing';
import { NotFoundError, ValidationError } from '../core/errors';
import {
  customerDecider,
  CustomerCommand,
  customerDetailsProblem,
  formatPhone,
  isCustomerStatus,
} from './customer.decider';
import { CustomerDetails, CustomerEvent } from './customers.events';
import { customerDetails } from './customers.testing';

/** The whole message, not a part of it: toThrow compares an Error's message exactly. */
const exactly = (message: string) => new Error(message);

const ORG = 'org-1';
const CUSTOMER = 'customer-1';
const ids = { customerId: CUSTOMER, organizationId: ORG };
const details: CustomerDetails = {
  name: 'Acme Plumbing',
  displayName: 'Acme',
  contactFirstName: 'Pat',
  contactLastName: 'Jones',
  contactEmail: 'pat@acme.test',
  contactPhone: '(555) 123-4567',
  address1: '1 Main St',
  address2: 'Suite 2',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  country: 'USA',
  status: 'Current',
  jobType: 'Residential',
  billingFrequency: 'Monthly',
  notes: 'Gate code 1234',
};
const minimal = customerDetails();
const created: CustomerEvent = { type: 'CustomerCreated', data: { ...ids, ...details } };
const deleted: CustomerEvent = { type: 'CustomerDeleted', data: ids };
const changed = (changes: Record<string, { from: unknown; to: unknown }>): CustomerEvent =>
  ({ type: 'CustomerDetailsChanged', data: { ...ids, changes } }) as CustomerEvent;

const create = (overrides: Record<string, unknown> = {}): CustomerCommand =>
  ({ type: 'CreateCustomer', customerId: CUSTOMER, organizationId: ORG, ...details, ...overrides }) as CustomerCommand;
const change = (changes: Record<string, unknown>, organizationId = ORG): CustomerCommand =>
  ({ type: 'ChangeCustomerDetails', organizationId, changes }) as CustomerCommand;
const remove = (organizationId = ORG): CustomerCommand => ({ type: 'DeleteCustomer', organizationId });

/** Each refusal the details can earn, on create and on edit alike. */
const REFUSALS: [string, Record<string, unknown>, string][] = [
  ['a missing contact first name', { contactFirstName: null }, 'Contact first name is required'],
  ['a blank contact first name', { contactFirstName: '   ' }, 'Contact first name is required'],
  ['a contact first name that is not text', { contactFirstName: 42 }, 'Contact first name is required'],
  [
    'a contact first name over 100 characters',
    { contactFirstName: 'p'.repeat(101) },
    'Contact first name must be at most 100 characters',
  ],
  [
    'a contact last name over 100 characters',
    { contactLastName: 'j'.repeat(101) },
    'Contact last name must be at most 100 characters',
  ],
  ['a company name over 200 characters', { name: 'n'.repeat(201) }, 'Company name must be at most 200 characters'],
  ['a company name that is not text', { name: 7 }, 'Company name must be text'],
  [
    'a display name over 200 characters',
    { displayName: 'd'.repeat(201) },
    'Display name must be at most 200 characters',
  ],
  ['an e-mail without @', { contactEmail: 'pat.acme.test' }, 'Contact email must be a valid email address'],
  ['an e-mail without a domain dot', { contactEmail: 'pat@acme' }, 'Contact email must be a valid email address'],
  ['an e-mail with a space', { contactEmail: 'pat jones@acme.test' }, 'Contact email must be a valid email address'],
  [
    'an e-mail over 254 characters',
    { contactEmail: `${'a'.repeat(250)}@acme.test` },
    'Contact email must be a valid email address',
  ],
  ['a phone with 7 digits', { contactPhone: '555-1234' }, 'Contact phone must have 10 digits, as (###) ###-####'],
  [
    'a phone with 11 digits',
    { contactPhone: '1 (555) 123-4567' },
    'Contact phone must have 10 digits, as (###) ###-####',
  ],
  ['a phone with letters', { contactPhone: '555-123-CALL' }, 'Contact phone must have 10 digits, as (###) ###-####'],
  [
    'a phone with 10 digits among letters',
    { contactPhone: 'x5551234567' },
    'Contact phone must have 10 digits, as (###) ###-####',
  ],
  [
    'an address line 1 over 200 characters',
    { address1: 'a'.repeat(201) },
    'Address line 1 must be at most 200 characters',
  ],
  [
    'an address line 2 over 200 characters',
    { address2: 'a'.repeat(201) },
    'Address line 2 must be at most 200 characters',
  ],
  ['a city over 100 characters', { city: 'c'.repeat(101) }, 'City must be at most 100 characters'],
  ['a state over 100 characters', { state: 's'.repeat(101) }, 'State/province must be at most 100 characters'],
  ['a postal code over 20 characters', { postalCode: '1'.repeat(21) }, 'Postal code must be at most 20 characters'],
  ['a country over 100 characters', { country: 'c'.repeat(101) }, 'Country must be at most 100 characters'],
  ['an unknown status', { status: 'Prospect' }, 'Status must be Current, Declined, Tentative or Past'],
  ['a status in the wrong case', { status: 'current' }, 'Status must be Current, Declined, Tentative or Past'],
  ['an empty status', { status: '' }, 'Status must be Current, Declined, Tentative or Past'],
  ['a status that is not text', { status: 1 }, 'Status must be Current, Declined, Tentative or Past'],
  ['a job type over 100 characters', { jobType: 'j'.repeat(101) }, 'Job type must be at most 100 characters'],
  [
    'a billing frequency over 100 characters',
    { billingFrequency: 'b'.repeat(101) },
    'Billing frequency must be at most 100 characters',
  ],
  ['notes over 4000 characters', { notes: 'n'.repeat(4001) }, 'Notes must be at most 4000 characters'],
];

describe('customer decider', () => {
  describe('CreateCustomer', () => {
    it('creates a customer with the given details', () => {
      given(customerDecider, []).when(create()).then([created]);
    });

    it('needs only the contact first name: every other text is null and the status is Current', () => {
      given(customerDecider, [])
        .when({ type: 'CreateCustomer', customerId: CUSTOMER, organizationId: ORG, contactFirstName: 'Pat' })
        .then([{ type: 'CustomerCreated', data: { ...ids, ...minimal } }]);
    });

    it('gives the default status Current when the status is null', () => {
      const [event] = given(customerDecider, [])
        .when(create({ status: null }))
        .events();
      expect(event.data).toMatchObject({ status: 'Current' });
    });

    it('accepts each of the four statuses', () => {
      for (const status of ['Current', 'Declined', 'Tentative', 'Past'] as const) {
        expect(given(customerDecider, []).when(create({ status })).events()[0].data).toMatchObject({ status });
      }
    });

    it('cleans the details: trims, blanks become null, the e-mail in lower case, the phone in the mask', () => {
      given(customerDecider, [])
        .when(
          create({
            name: '  Acme Plumbing ',
            displayName: '   ',
            contactFirstName: ' Pat ',
            contactLastName: '',
            contactEmail: ' Pat@ACME.test ',
            contactPhone: ' 555.123.4567 ',
            address1: ' 1 Main St',
            address2: '',
            city: 'Springfield ',
            state: ' ',
            postalCode: ' 62701 ',
            country: '',
            jobType: ' ',
            billingFrequency: '',
            notes: '  line one\nline two  ',
          }),
        )
        .then([
          {
            type: 'CustomerCreated',
            data: {
              ...ids,
              ...minimal,
              name: 'Acme Plumbing',
              contactEmail: 'pat@acme.test',
              contactPhone: '(555) 123-4567',
              address1: '1 Main St',
              city: 'Springfield',
              postalCode: '62701',
              notes: 'line one\nline two',
            },
          },
        ]);
    });

    it.each([
      ['5551234567'],
      ['555-123-4567'],
      ['(555) 123-4567'],
      ['555 123 4567'],
      ['(555)123-4567'],
      ['+555 123 4567'],
    ])('writes the phone %s as (555) 123-4567', (phone) => {
      expect(
        given(customerDecider, [])
          .when(create({ contactPhone: phone }))
          .events()[0].data,
      ).toMatchObject({ contactPhone: '(555) 123-4567' });
    });

    it('accepts every field at its longest', () => {
      const longest = {
        name: 'n'.repeat(200),
        displayName: 'd'.repeat(200),
        contactFirstName: 'p'.repeat(100),
        contactLastName: 'j'.repeat(100),
        address1: 'a'.repeat(200),
        address2: 'a'.repeat(200),
        city: 'c'.repeat(100),
        state: 's'.repeat(100),
        postalCode: '1'.repeat(20),
        country: 'c'.repeat(100),
        jobType: 'j'.repeat(100),
        billingFrequency: 'b'.repeat(100),
        notes: 'n'.repeat(4000),
      };
      expect(given(customerDecider, []).when(create(longest)).events()[0].data).toMatchObject(longest);
    });

    it('counts a length after trimming', () => {
      expect(
        given(customerDecider, [])
          .when(create({ city: ` ${'c'.repeat(100)} ` }))
          .events(),
      ).toHaveLength(1);
    });

    it('refuses a missing contact first name (it is required on create)', () => {
      given(customerDecider, [])
        .when({ type: 'CreateCustomer', customerId: CUSTOMER, organizationId: ORG })
        .thenThrows(ValidationError, exactly('Contact first name is required'));
      given(customerDecider, [])
        .when(create({ contactFirstName: undefined }))
        .thenThrows(ValidationError, exactly('Contact first name is required'));
    });

    it('refuses a very long e-mail by its length, before reading it with a pattern', () => {
      // 'a@' and dots: the shape on which the earlier pattern backtracked, in time quadratic in the length.
      const started = performance.now();
      given(customerDecider, [])
        .when(create({ contactEmail: `a@${'.'.repeat(50_000)}@` }))
        .thenThrows(ValidationError, exactly('Contact email must be a valid email address'));
      expect(performance.now() - started).toBeLessThan(50);
    });

    it.each(REFUSALS)('refuses %s', (_what, overrides, message) => {
      given(customerDecider, []).when(create(overrides)).thenThrows(ValidationError, exactly(message));
    });

    it('names the first problem in the order the form shows its fields', () => {
      given(customerDecider, [])
        .when(create({ name: 'n'.repeat(201), contactFirstName: '', contactEmail: 'bad', status: 'Nope' }))
        .thenThrows(ValidationError, exactly('Company name must be at most 200 characters'));
      given(customerDecider, [])
        .when(create({ contactFirstName: '', contactEmail: 'bad', status: 'Nope' }))
        .thenThrows(ValidationError, exactly('Contact first name is required'));
      given(customerDecider, [])
        .when(create({ contactEmail: 'bad', contactPhone: '1', status: 'Nope' }))
        .thenThrows(ValidationError, exactly('Contact email must be a valid email address'));
      given(customerDecider, [])
        .when(create({ contactPhone: '1', status: 'Nope' }))
        .thenThrows(ValidationError, exactly('Contact phone must have 10 digits, as (###) ###-####'));
    });

    it('does nothing for a retried creation (idempotent), even with other details', () => {
      given(customerDecider, [created]).when(create()).then([]);
      given(customerDecider, [created])
        .when(create({ contactFirstName: '' }))
        .then([]);
      given(customerDecider, [created, deleted]).when(create()).then([]);
    });
  });

  describe('commands on a customer that is not there', () => {
    const commands: [string, CustomerCommand][] = [
      ['ChangeCustomerDetails', change({ name: 'X' })],
      ['DeleteCustomer', remove()],
    ];

    it.each(commands)('%s refuses a customer that was never created', (_name, command) => {
      given(customerDecider, []).when(command).thenThrows(NotFoundError, exactly('The customer was not found.'));
    });

    it.each(commands)('%s refuses a deleted customer', (_name, command) => {
      given(customerDecider, [created, deleted])
        .when(command)
        .thenThrows(NotFoundError, exactly('The customer was not found.'));
    });

    it.each(commands)("%s refuses another organization's customer as not found", (_name, command) => {
      given(customerDecider, [created])
        .when({ ...command, organizationId: 'org-2' } as CustomerCommand)
        .thenThrows(NotFoundError, exactly('The customer was not found.'));
    });

    it("refuses another organization's customer before looking at the details (nothing is revealed)", () => {
      given(customerDecider, [created])
        .when(change({ contactFirstName: '' }, 'org-2'))
        .thenThrows(NotFoundError, exactly('The customer was not found.'));
    });
  });

  describe('ChangeCustomerDetails', () => {
    it('records each changed field as from → to, cleaned', () => {
      given(customerDecider, [created])
        .when(
          change({
            name: ' Acme Heating ',
            displayName: null,
            contactFirstName: 'Sam',
            contactLastName: '',
            contactEmail: 'SAM@acme.test',
            contactPhone: '555 987 6543',
            address1: '2 Elm St',
            address2: ' ',
            city: 'Shelbyville',
            state: 'IN',
            postalCode: '46176',
            country: 'United States',
            status: 'Past',
            jobType: 'Commercial',
            billingFrequency: 'Weekly',
            notes: '',
          }),
        )
        .then([
          changed({
            name: { from: 'Acme Plumbing', to: 'Acme Heating' },
            displayName: { from: 'Acme', to: null },
            contactFirstName: { from: 'Pat', to: 'Sam' },
            contactLastName: { from: 'Jones', to: null },
            contactEmail: { from: 'pat@acme.test', to: 'sam@acme.test' },
            contactPhone: { from: '(555) 123-4567', to: '(555) 987-6543' },
            address1: { from: '1 Main St', to: '2 Elm St' },
            address2: { from: 'Suite 2', to: null },
            city: { from: 'Springfield', to: 'Shelbyville' },
            state: { from: 'IL', to: 'IN' },
            postalCode: { from: '62701', to: '46176' },
            country: { from: 'USA', to: 'United States' },
            status: { from: 'Current', to: 'Past' },
            jobType: { from: 'Residential', to: 'Commercial' },
            billingFrequency: { from: 'Monthly', to: 'Weekly' },
            notes: { from: 'Gate code 1234', to: null },
          }),
        ]);
    });

    it('records only what differs after cleaning', () => {
      given(customerDecider, [created])
        .when(
          change({
            name: 'Acme Plumbing ',
            contactEmail: 'PAT@acme.test',
            contactPhone: '5551234567',
            city: 'Chicago',
          }),
        )
        .then([changed({ city: { from: 'Springfield', to: 'Chicago' } })]);
    });

    it('does nothing when nothing changes (idempotent)', () => {
      given(customerDecider, [created]).when(change({})).then([]);
      given(customerDecider, [created])
        .when(change({ ...details }))
        .then([]);
    });

    it('leaves the status as it is when it is null', () => {
      given(customerDecider, [created])
        .when(change({ status: null }))
        .then([]);
    });

    it('changes any status to any other (spec §4)', () => {
      const statuses = ['Current', 'Declined', 'Tentative', 'Past'] as const;
      for (const from of statuses) {
        for (const to of statuses) {
          const history =
            from === 'Current' ? [created] : [created, changed({ status: { from: 'Current', to: from } })];
          const expected = from === to ? [] : [changed({ status: { from, to } })];
          given(customerDecider, history)
            .when(change({ status: to }))
            .then(expected);
        }
      }
    });

    it('checks only the fields it is given: a missing contact first name is not a change', () => {
      given(customerDecider, [created])
        .when(change({ notes: 'Call first' }))
        .then([changed({ notes: { from: 'Gate code 1234', to: 'Call first' } })]);
    });

    it('checks the e-mail format on edit too', () => {
      given(customerDecider, [created])
        .when(change({ contactEmail: 'nope' }))
        .thenThrows(ValidationError, exactly('Contact email must be a valid email address'));
    });

    it.each(REFUSALS)('refuses %s', (_what, changes, message) => {
      given(customerDecider, [created]).when(change(changes)).thenThrows(ValidationError, exactly(message));
    });

    it('edits a customer changed before', () => {
      given(customerDecider, [created, changed({ city: { from: 'Springfield', to: 'Chicago' } })])
        .when(change({ city: 'Springfield' }))
        .then([changed({ city: { from: 'Chicago', to: 'Springfield' } })]);
    });
  });

  describe('DeleteCustomer', () => {
    it('deletes a customer', () => {
      given(customerDecider, [created]).when(remove()).then([deleted]);
    });

    it('deletes a customer of any status', () => {
      given(customerDecider, [created, changed({ status: { from: 'Current', to: 'Declined' } })])
        .when(remove())
        .then([deleted]);
    });

    it('refuses to delete twice: the customer is gone', () => {
      given(customerDecider, [created, deleted])
        .when(remove())
        .thenThrows(NotFoundError, exactly('The customer was not found.'));
    });
  });

  describe('AttachCustomerDocument', () => {
    const document = {
      attachmentId: 'attachment-1',
      name: 'Service contract',
      fileId: 'file-1',
      fileName: 'contract.pdf',
      contentType: 'application/pdf',
      size: 1234,
    };
    const attach = (overrides: Partial<typeof document> = {}, organizationId = ORG): CustomerCommand => ({
      type: 'AttachCustomerDocument',
      organizationId,
      document: { ...document, ...overrides },
      uploadedBy: 'user-1',
    });
    const attached: CustomerEvent = {
      type: 'CustomerDocumentAttached',
      data: { ...ids, ...document, uploadedBy: 'user-1' },
    };

    it('attaches a document to a customer, recording who uploaded it', () => {
      given(customerDecider, [created]).when(attach()).then([attached]);
    });

    it('trims the name', () => {
      given(customerDecider, [created])
        .when(attach({ name: '  Service contract ' }))
        .then([attached]);
    });

    it('does nothing when the same upload is retried', () => {
      given(customerDecider, [created, attached]).when(attach()).then([]);
    });

    it.each([
      ['no name', '', 'File name is required'],
      ['a blank name', '   ', 'File name is required'],
      ['a name over 200 characters', 'n'.repeat(201), 'File name must be at most 200 characters'],
    ])('refuses %s', (_what, name, message) => {
      given(customerDecider, [created]).when(attach({ name })).thenThrows(ValidationError, exactly(message));
    });

    it('accepts a name of 200 characters', () => {
      expect(
        given(customerDecider, [created])
          .when(attach({ name: 'n'.repeat(200) }))
          .events(),
      ).toHaveLength(1);
    });

    it('refuses a deleted customer, an unknown one and another organization’s as not found', () => {
      for (const [history, organizationId] of [
        [[created, deleted], ORG],
        [[], ORG],
        [[created], 'org-2'],
      ] as const) {
        given(customerDecider, [...history])
          .when(attach({}, organizationId))
          .thenThrows(NotFoundError, exactly('The customer was not found.'));
      }
    });
  });

  describe('RemoveCustomerDocument', () => {
    const attached: CustomerEvent = {
      type: 'CustomerDocumentAttached',
      data: {
        ...ids,
        attachmentId: 'attachment-1',
        name: 'Contract',
        fileId: 'file-1',
        fileName: 'contract.pdf',
        contentType: 'application/pdf',
        size: 10,
        uploadedBy: 'user-1',
      },
    };
    const removeDocument = (attachmentId = 'attachment-1', organizationId = ORG): CustomerCommand => ({
      type: 'RemoveCustomerDocument',
      organizationId,
      attachmentId,
      removedBy: 'user-2',
    });
    const removed: CustomerEvent = {
      type: 'CustomerDocumentRemoved',
      data: { ...ids, attachmentId: 'attachment-1', fileId: 'file-1', removedBy: 'user-2' },
    };

    it('removes a document, recording who removed it and which file it was', () => {
      given(customerDecider, [created, attached]).when(removeDocument()).then([removed]);
    });

    it('refuses to remove it twice, or a document the customer never had', () => {
      given(customerDecider, [created, attached, removed])
        .when(removeDocument())
        .thenThrows(NotFoundError, exactly('The attachment was not found.'));
      given(customerDecider, [created, attached])
        .when(removeDocument('attachment-2'))
        .thenThrows(NotFoundError, exactly('The attachment was not found.'));
    });

    it('refuses another organization, and a deleted customer, as not found', () => {
      given(customerDecider, [created, attached])
        .when(removeDocument('attachment-1', 'org-2'))
        .thenThrows(NotFoundError, exactly('The customer was not found.'));
      given(customerDecider, [created, attached, deleted])
        .when(removeDocument())
        .thenThrows(NotFoundError, exactly('The customer was not found.'));
    });

    it('keeps the documents in the state: attached, then removed', () => {
      expect(given(customerDecider, [created, attached]).state).toMatchObject({
        documents: { 'attachment-1': 'file-1' },
      });
      expect(given(customerDecider, [created, attached, removed]).state).toMatchObject({ documents: {} });
    });
  });

  describe('evolve', () => {
    it('folds the whole life of a customer', () => {
      const { state } = given(customerDecider, [
        created,
        changed({
          name: { from: 'Acme Plumbing', to: 'Acme Heating' },
          status: { from: 'Current', to: 'Tentative' },
          notes: { from: 'Gate code 1234', to: null },
        }),
      ]);
      expect(state).toEqual({
        lifecycle: 'active',
        ...ids,
        details: { ...details, name: 'Acme Heating', status: 'Tentative', notes: null },
        documents: {},
      });
    });

    it('deletion', () => {
      expect(given(customerDecider, [created, deleted]).state).toEqual({
        lifecycle: 'deleted',
        ...ids,
        details,
        documents: {},
      });
    });

    it('ignores events of a customer that was never created', () => {
      expect(given(customerDecider, [deleted, changed({ city: { from: 'A', to: 'B' } })]).state).toEqual({
        lifecycle: 'none',
      });
    });
  });

  describe('helpers', () => {
    it('customerDetailsProblem accepts complete details and a partial change, and needs a contact first name on create', () => {
      expect(customerDetailsProblem(details, true)).toBeNull();
      expect(customerDetailsProblem({}, false)).toBeNull();
      expect(customerDetailsProblem({}, true)).toBe('Contact first name is required');
    });

    it('formatPhone writes 10 digits in the mask', () => {
      expect(formatPhone('555.123.4567')).toBe('(555) 123-4567');
    });

    it('isCustomerStatus knows the four statuses', () => {
      expect(['Current', 'Declined', 'Tentative', 'Past', 'Other', null].map(isCustomerStatus)).toEqual([
        true,
        true,
        true,
        true,
        false,
        false,
      ]);
    });
  });
});
