import { pageWindow } from '../core/http/page-query.dto';
import { everyWordIn } from '../core/read-store/search';
import { Inject } from '@nestjs/common';
import { mailOptOutOf } from './mail-opt-out';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { isUuid } from '../core/clock';
import { NotFoundError } from '../core/errors';
import { FILE_STORE, FileStore, isFileId, type StoredFile } from '../core/files/files.port';
import { withoutBidiControls } from '../shared/uploads';
import { READ_STORE, ReadStore, Sort } from '../core/read-store/read-store.port';
import { usersByIds } from '../identity/identity.read-models';
import type { AttachmentView, CustomerOption, CustomerView } from '../shared/customers';
import { ATTACHMENTS_PAGE_SIZE, CUSTOMERS_PAGE_SIZE, type Paged } from '../shared/paging';
import {
  CUSTOMER_SEARCH_FIELDS,
  customerChoices,
  CustomerDoc,
  customerDocumentsPage,
  CustomerDocumentDoc,
  customersPage,
  isCustomerDocumentFile,
  liveCustomer,
  liveCustomerDocument,
} from './customers.read-models';

/** Spec §9: dropdowns load 1000 items. */
export const LOOKUP_LIMIT = 1000;

/** The columns the Customer List sorts by, and the read model's key for each (case folded where it matters). */
export const CUSTOMER_SORT_KEYS = {
  name: 'sortName',
  email: 'contactEmail', // stored in lower case
  phone: 'phoneDigits',
  status: 'status',
} as const;
export type CustomerSortBy = keyof typeof CUSTOMER_SORT_KEYS;

/** The customer as the API shows it: never internal fields (sort keys, revision, tombstone). */
export function customerView(c: CustomerDoc): CustomerView {
  return {
    id: c._id,
    name: c.name,
    displayName: c.displayName,
    contactFirstName: c.contactFirstName,
    contactLastName: c.contactLastName,
    contactEmail: c.contactEmail,
    contactPhone: c.contactPhone,
    address1: c.address1,
    address2: c.address2,
    city: c.city,
    state: c.state,
    postalCode: c.postalCode,
    country: c.country,
    status: c.status,
    jobType: c.jobType,
    billingFrequency: c.billingFrequency,
    notes: c.notes,
    averageRating: c.averageRating,
    totalReviews: c.totalReviews,
  };
}

/** The organization's live customers matching every word of the search somewhere, ignoring case. */
function customersFilter(organizationId: string, search: string | undefined): Record<string, unknown> {
  const filter: Record<string, unknown> = { organizationId, deleted: false };
  const words = everyWordIn(search, CUSTOMER_SEARCH_FIELDS, (w) => {
    // 555-1234 or 5551234 finds (555) 123-4567 whatever separators either side uses.
    const digits = w.replace(/\D/g, '');
    return digits && /^[\d\s().+-]+$/.test(w) ? [{ phoneDigits: { $regex: digits } }] : [];
  });
  if (words) filter.$and = words;
  return filter;
}

export class ListCustomers {
  constructor(
    readonly organizationId: string,
    readonly query: {
      filter?: string;
      sortBy?: CustomerSortBy;
      sortDir?: string;
      currentPage?: number;
      pageSize?: number;
    },
  ) {}
}

/** Customer List: server-side search, paging (20) and sorting (name descending by default, spec §9). */
@QueryHandler(ListCustomers)
export class ListCustomersHandler implements IQueryHandler<ListCustomers> {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async execute({ organizationId, query }: ListCustomers): Promise<Paged<CustomerView>> {
    const filter = customersFilter(organizationId, query.filter);
    const direction = query.sortDir?.startsWith('asc') ? 1 : -1;
    const key = CUSTOMER_SORT_KEYS[query.sortBy ?? 'name'];
    // Ties (same status, no e-mail, …) fall back to the name, then the id, so that pages never overlap. By name,
    // the id follows the name's direction, so the index organization_deleted_sortName_id serves the order as it is.
    const sort: Sort =
      key === 'sortName' ? { sortName: direction, _id: direction } : { [key]: direction, sortName: 1, _id: 1 };
    const { items, totalRecords } = await customersPage(this.store, filter, {
      sort,
      ...pageWindow(query, CUSTOMERS_PAGE_SIZE),
    });
    return { resultItems: items.map(customerView), totalRecords };
  }
}

export class GetCustomer {
  constructor(
    readonly organizationId: string,
    readonly customerId: string,
  ) {}
}

@QueryHandler(GetCustomer)
export class GetCustomerHandler implements IQueryHandler<GetCustomer> {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async execute({ organizationId, customerId }: GetCustomer): Promise<CustomerView> {
    const c = await liveCustomer(this.store, organizationId, customerId);
    if (!c) throw new NotFoundError('The customer');
    const optOut = c.contactEmail ? await mailOptOutOf(this.store, organizationId, c.contactEmail) : null;
    return { ...customerView(c), unsubscribedAt: optOut?.unsubscribedAt ?? null };
  }
}

export class LookupCustomers {
  constructor(
    readonly organizationId: string,
    readonly filter?: string,
  ) {}
}

/** Dropdowns (scheduling, reports): up to 1000 `{ id, name }`, name ascending. */
@QueryHandler(LookupCustomers)
export class LookupCustomersHandler implements IQueryHandler<LookupCustomers> {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async execute({ organizationId, filter }: LookupCustomers): Promise<CustomerOption[]> {
    return customerChoices(this.store, customersFilter(organizationId, filter), LOOKUP_LIMIT);
  }
}

/** Where an attachment's file downloads from. */
export const attachmentUrl = (attachmentId: string) => `/api/attachments/${attachmentId}/file`;

export class ListCustomerDocuments {
  constructor(
    readonly organizationId: string,
    readonly customerId: string,
    readonly query: { currentPage?: number; pageSize?: number },
  ) {}
}

/** A customer's Attached Documents: 10 a page (spec §9), newest first. 404 for a customer that is not there. */
@QueryHandler(ListCustomerDocuments)
export class ListCustomerDocumentsHandler implements IQueryHandler<ListCustomerDocuments> {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async execute({ organizationId, customerId, query }: ListCustomerDocuments): Promise<Paged<AttachmentView>> {
    if (!isUuid(customerId) || !(await liveCustomer(this.store, organizationId, customerId)))
      throw new NotFoundError('The customer');
    const { items, totalRecords } = await customerDocumentsPage(this.store, organizationId, customerId, {
      ...pageWindow(query, ATTACHMENTS_PAGE_SIZE),
    });
    return { resultItems: await attachmentViews(this.store, organizationId, items), totalRecords };
  }
}

export class GetCustomerDocument {
  constructor(
    readonly organizationId: string,
    readonly attachmentId: string,
  ) {}
}

@QueryHandler(GetCustomerDocument)
export class GetCustomerDocumentHandler implements IQueryHandler<GetCustomerDocument> {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async execute({ organizationId, attachmentId }: GetCustomerDocument): Promise<AttachmentView> {
    const found = isUuid(attachmentId) ? await liveCustomerDocument(this.store, organizationId, attachmentId) : null;
    if (!found) throw new NotFoundError('The attachment');
    return (await attachmentViews(this.store, organizationId, [found]))[0];
  }
}

export class GetCustomerDocumentFile {
  constructor(
    readonly organizationId: string,
    readonly attachmentId: string,
  ) {}
}

/** The document's bytes, with the type they were found to be and the name they were uploaded with. */
@QueryHandler(GetCustomerDocumentFile)
export class GetCustomerDocumentFileHandler implements IQueryHandler<GetCustomerDocumentFile> {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {}

  async execute({ organizationId, attachmentId }: GetCustomerDocumentFile) {
    const found = isUuid(attachmentId) ? await liveCustomerDocument(this.store, organizationId, attachmentId) : null;
    // A deleted customer's documents stay in the log and the store, but like the customer they are not found.
    const customer = found && (await liveCustomer(this.store, organizationId, found.customerId));
    const stored = customer ? await this.files.read(organizationId, found.fileId) : null;
    if (!found || !stored) throw new NotFoundError('The attachment');
    return { fileName: found.fileName, contentType: found.contentType, bytes: stored.bytes };
  }
}

/** A stored image of the organization (a logo, a picture): never a customer's document, which is an attachment. */
export class GetStoredImage {
  constructor(
    readonly organizationId: string,
    readonly fileId: string,
  ) {}
}

@QueryHandler(GetStoredImage)
export class GetStoredImageHandler implements IQueryHandler<GetStoredImage> {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {}

  async execute({ organizationId, fileId }: GetStoredImage): Promise<{ file: StoredFile; bytes: Buffer }> {
    // Ids are minted in lower case: another spelling is refused here, before any store reads it.
    const found = isFileId(fileId) ? await this.files.read(organizationId, fileId) : null;
    if (!found || !(await this.isImage(organizationId, found.file))) throw new NotFoundError('The file');
    return found;
  }

  /**
   * A customer's document is served only through its attachment, to holders of customers.crud: decided by the kind the
   * file was stored as; a file stored before kinds were recorded, by the documents read model.
   */
  private async isImage(organizationId: string, file: StoredFile): Promise<boolean> {
    if (file.kind) return file.kind === 'image';
    return !(await isCustomerDocumentFile(this.store, organizationId, file.id));
  }
}

async function attachmentViews(
  store: ReadStore,
  organizationId: string,
  docs: CustomerDocumentDoc[],
): Promise<AttachmentView[]> {
  const uploaderIds = [...new Set(docs.map((d) => d.uploadedBy).filter((id): id is string => !!id))];
  const uploaders = new Map(
    (uploaderIds.length ? await usersByIds(store, uploaderIds) : [])
      .filter((u) => u.organizationId === organizationId)
      .map((u) => [u._id, u.fullName]),
  );
  return docs.map((d) => ({
    id: d._id,
    // Names attached before bidirectional controls were cleaned on the way in lose them here too.
    name: withoutBidiControls(d.name),
    fileName: withoutBidiControls(d.fileName),
    url: attachmentUrl(d._id),
    dateUploaded: d.dateUploaded,
    customerId: d.customerId,
    size: d.size,
    contentType: d.contentType,
    uploadedBy: d.uploadedBy ? { id: d.uploadedBy, fullName: uploaders.get(d.uploadedBy) ?? 'Former employee' } : null,
  }));
}
