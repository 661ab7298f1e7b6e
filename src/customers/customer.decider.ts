import { EMAIL_MAX, isEmailAddress } from '../shared/email';
import { withoutBidiControls } from '../shared/uploads';
import { Decider } from '../core/decider';
import { NotFoundError, ValidationError } from '../core/errors';
import {
  CUSTOMER_STATUSES,
  CustomerChanges,
  CustomerDetails,
  CustomerDocument,
  CustomerEvent,
  CustomerStatus,
  DEFAULT_CUSTOMER_STATUS,
} from './customers.events';

/** What a caller may send: any field, text or null (null or blank clears an optional field). */
export type CustomerInput = { [K in keyof CustomerDetails]?: string | null };

export type CustomerCommand =
  | ({ type: 'CreateCustomer'; customerId: string; organizationId: string } & CustomerInput)
  | OnCustomer<{ type: 'ChangeCustomerDetails'; changes: CustomerInput }>
  | OnCustomer<{ type: 'DeleteCustomer'; mergedInto?: string }>
  | OnCustomer<{ type: 'AttachCustomerDocument'; document: CustomerDocument; uploadedBy: string | null }>
  | OnCustomer<{ type: 'RemoveCustomerDocument'; attachmentId: string; removedBy: string | null }>;

/** Commands on an existing customer name the organization asking: another organization's customer is not found. */
type OnCustomer<C> = C & { organizationId: string };

/** `lifecycle`, not `status`: a customer's status (Current, Past, …) is one of its details. */
export type CustomerState =
  | { lifecycle: 'none' }
  | {
      lifecycle: 'active' | 'deleted';
      customerId: string;
      organizationId: string;
      details: CustomerDetails;
      /** Attached documents still there: attachment id → file id. */
      documents: Record<string, string>;
    };

export const DOCUMENT_NAME_MAX = 200;
export const CUSTOMER_ID_MESSAGE = 'Choose the customer the document belongs to (field CustomerId).';

/** The document's name (spec §5: "file name required"), or null when it is fine. */
export function documentNameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || !documentName(name)) return 'File name is required';
  if (documentName(name).length > DOCUMENT_NAME_MAX) return `File name must be at most ${DOCUMENT_NAME_MAX} characters`;
  return null;
}

/** A document's name as kept and shown: without bidirectional controls (they disguise a file name), trimmed. */
export const documentName = (name: string): string => withoutBidiControls(name).trim();

/** Digits with the usual separators; the mask is (###) ###-####. */
const PHONE_CHARACTERS = /^[\d\s().+-]*$/;
export const STATUS_MESSAGE = 'Status must be Current, Declined, Tentative or Past';
export const PHONE_MESSAGE = 'Contact phone must have 10 digits, as (###) ###-####';
export const EMAIL_MESSAGE = 'Contact email must be a valid email address';

/** The free-text fields, in the order the form shows them, with the label its messages use and the longest value kept. */
export const CUSTOMER_TEXT_FIELDS = {
  name: { label: 'Company name', max: 200 },
  displayName: { label: 'Display name', max: 200 },
  contactFirstName: { label: 'Contact first name', max: 100 },
  contactLastName: { label: 'Contact last name', max: 100 },
  contactEmail: { label: 'Contact email', max: EMAIL_MAX },
  contactPhone: { label: 'Contact phone', max: 30 },
  address1: { label: 'Address line 1', max: 200 },
  address2: { label: 'Address line 2', max: 200 },
  city: { label: 'City', max: 100 },
  state: { label: 'State/province', max: 100 },
  postalCode: { label: 'Postal code', max: 20 },
  country: { label: 'Country', max: 100 },
  status: { label: 'Status', max: 20 },
  jobType: { label: 'Job type', max: 100 },
  billingFrequency: { label: 'Billing frequency', max: 100 },
  notes: { label: 'Notes', max: 4000 },
} as const satisfies Record<keyof CustomerDetails, { label: string; max: number }>;

const FIELDS = Object.keys(CUSTOMER_TEXT_FIELDS) as (keyof CustomerDetails)[];

export const isCustomerStatus = (value: unknown): value is CustomerStatus =>
  CUSTOMER_STATUSES.includes(value as CustomerStatus);

/** `(555) 123-4567` from any spelling with exactly 10 digits. */
export const formatPhone = (phone: string) => {
  const d = phone.replace(/\D/g, '');
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
};

/** First problem with the details, in the order the form shows its fields. `creating`: every required field must be there. */
export function customerDetailsProblem(d: CustomerInput, creating: boolean): string | null {
  for (const key of FIELDS) {
    const value = d[key];
    const { label, max } = CUSTOMER_TEXT_FIELDS[key];
    if (
      key === 'contactFirstName' &&
      (creating || value !== undefined) &&
      (typeof value !== 'string' || !value.trim())
    ) {
      return 'Contact first name is required';
    }
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') return key === 'status' ? STATUS_MESSAGE : `${label} must be text`;
    const text = value.trim();
    if (key === 'contactEmail') {
      if (text && !isEmailAddress(text)) return EMAIL_MESSAGE;
    } else if (key === 'contactPhone') {
      if (text && (!PHONE_CHARACTERS.test(text) || text.replace(/\D/g, '').length !== 10)) return PHONE_MESSAGE;
    } else if (key === 'status') {
      if (!isCustomerStatus(value)) return STATUS_MESSAGE;
    } else if (text.length > max) {
      return `${label} must be at most ${max} characters`;
    }
  }
  return null;
}

/** Trimmed; blanks become null; e-mail in lower case; phone in the mask. A null status means "not given". */
function clean(d: CustomerInput): Partial<CustomerDetails> {
  const out: Record<string, unknown> = {};
  for (const key of FIELDS) {
    const value = d[key];
    if (value === undefined) continue;
    if (key === 'status') {
      if (value !== null) out.status = value;
      continue;
    }
    const text = value?.trim() || null;
    if (key === 'contactEmail') out[key] = text?.toLowerCase() ?? null;
    else if (key === 'contactPhone') out[key] = text ? formatPhone(text) : null;
    else out[key] = text;
  }
  return out as Partial<CustomerDetails>;
}

const EMPTY: CustomerDetails = {
  name: null,
  displayName: null,
  contactFirstName: '',
  contactLastName: null,
  contactEmail: null,
  contactPhone: null,
  address1: null,
  address2: null,
  city: null,
  state: null,
  postalCode: null,
  country: null,
  status: DEFAULT_CUSTOMER_STATUS,
  jobType: null,
  billingFrequency: null,
  notes: null,
};

export const customerDecider: Decider<CustomerCommand, CustomerState, CustomerEvent> = {
  initialState: { lifecycle: 'none' },

  evolve(state, event) {
    if (event.type === 'CustomerCreated') {
      const { customerId, organizationId, ...details } = event.data;
      return { lifecycle: 'active', customerId, organizationId, details, documents: {} };
    }
    if (state.lifecycle === 'none') return state;
    switch (event.type) {
      case 'CustomerDetailsChanged': {
        const details = { ...state.details } as Record<string, unknown>;
        for (const [key, change] of Object.entries(event.data.changes)) details[key] = change!.to;
        return { ...state, details: details as unknown as CustomerDetails };
      }
      case 'CustomerDeleted':
        return { ...state, lifecycle: 'deleted' };
      case 'CustomerDocumentAttached':
        return { ...state, documents: { ...state.documents, [event.data.attachmentId]: event.data.fileId } };
      case 'CustomerDocumentRemoved': {
        const { [event.data.attachmentId]: _removed, ...documents } = state.documents;
        return { ...state, documents };
      }
    }
  },

  decide(command, state) {
    if (command.type === 'CreateCustomer') {
      if (state.lifecycle !== 'none') return []; // a retried creation: already done
      const { type: _type, customerId, organizationId, ...input } = command;
      const problem = customerDetailsProblem(input, true);
      if (problem) throw new ValidationError(problem);
      return [{ type: 'CustomerCreated', data: { customerId, organizationId, ...EMPTY, ...clean(input) } }];
    }
    if (state.lifecycle !== 'active' || state.organizationId !== command.organizationId) {
      throw new NotFoundError('The customer');
    }
    const ids = { customerId: state.customerId, organizationId: state.organizationId };
    switch (command.type) {
      case 'ChangeCustomerDetails': {
        const problem = customerDetailsProblem(command.changes, false);
        if (problem) throw new ValidationError(problem);
        const wanted = clean(command.changes);
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        for (const key of FIELDS) {
          if (wanted[key] !== undefined && wanted[key] !== state.details[key])
            changes[key] = { from: state.details[key], to: wanted[key] };
        }
        if (!Object.keys(changes).length) return [];
        return [{ type: 'CustomerDetailsChanged', data: { ...ids, changes: changes as CustomerChanges } }];
      }
      case 'DeleteCustomer':
        return [
          { type: 'CustomerDeleted', data: command.mergedInto ? { ...ids, mergedInto: command.mergedInto } : ids },
        ];
      case 'AttachCustomerDocument': {
        const { document, uploadedBy } = command;
        if (document.attachmentId in state.documents) return []; // a retried upload: already attached
        const problem = documentNameProblem(document.name);
        if (problem) throw new ValidationError(problem);
        return [
          {
            type: 'CustomerDocumentAttached',
            data: { ...ids, ...document, name: documentName(document.name), uploadedBy },
          },
        ];
      }
      case 'RemoveCustomerDocument': {
        const fileId = state.documents[command.attachmentId];
        if (!fileId) throw new NotFoundError('The attachment');
        return [
          {
            type: 'CustomerDocumentRemoved',
            data: { ...ids, attachmentId: command.attachmentId, fileId, removedBy: command.removedBy },
          },
        ];
      }
    }
  },
};
