import { everyWordIn } from '../core/read-store/search';
import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { NotFoundError } from '../core/errors';
import { READ_STORE, ReadStore, Sort } from '../core/read-store/read-store.port';
import type { Paged } from '../shared/paging';
import {
  CUSTOMER_SEARCH_FIELDS,
  customerChoices,
  CustomerDoc,
  customersPage,
  liveCustomer,
} from './customers.read-models';

/** Spec §9: customers page 20 at a time, dropdowns load 1000 items. */
export const CUSTOMERS_PAGE_SIZE = 20;
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
export function customerView(c: CustomerDoc) {
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
export type CustomerView = ReturnType<typeof customerView>;

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
    const pageSize = query.pageSize ?? CUSTOMERS_PAGE_SIZE;
    const { items, totalRecords } = await customersPage(this.store, filter, {
      sort,
      skip: ((query.currentPage ?? 1) - 1) * pageSize,
      limit: pageSize,
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
    return customerView(c);
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

  async execute({ organizationId, filter }: LookupCustomers): Promise<{ id: string; name: string }[]> {
    return customerChoices(this.store, customersFilter(organizationId, filter), LOOKUP_LIMIT);
  }
}
