import type { Filter, FindOptions, ReadStore } from '../../src/core/read-store/read-store.port';
import {
  ListCustomers,
  ListCustomersHandler,
  LookupCustomers,
  LookupCustomersHandler,
} from '../../src/customers/customers.queries';
import { ListUsers, ListUsersHandler } from '../../src/identity/identity.queries';
import { CUSTOMER_DOCUMENTS, customerDocumentsPage } from '../../src/customers/customers.read-models';
import {
  customerJobsPage,
  JOB_PEOPLE_WEEKS,
  JOB_WEEKS,
  jobsAndSeriesAround,
  peopleJobsAround,
} from '../../src/scheduling/scheduling.read-models';
import { ListTimers, ListTimersHandler } from '../../src/timers/timers.queries';

/*
 * The reads of the paged lists, the customer lookup and the calendar as the query handlers make them, with the
 * index each must walk: the plans tests of each engine (test/contract/list-plans.spec.ts for MongoDB,
 * postgres-list-plans.spec.ts) explain them.
 */

export type Read = { label: string; collection: string; filter: Filter; options: FindOptions; index: string };

export const ORGANIZATION = 'org-plans';
export const USER = 'user-plans';

/** A read store that notes every find a handler makes, with the label of the read being made. */
function recording(inner: ReadStore, reads: Omit<Read, 'index'>[], label: () => string): ReadStore {
  return {
    collection(name) {
      const collection = inner.collection(name);
      return Object.assign(Object.create(collection), {
        find(filter: Filter, options: FindOptions = {}) {
          reads.push({ label: label(), collection: name, filter, options });
          return collection.find(filter, options);
        },
      });
    },
    dropCollection: (name) => inner.dropCollection(name),
    ping: () => inner.ping(),
    close: () => inner.close(),
  };
}

/** The reads of each list as the app makes them, with the index MongoDB must walk for each. */
export async function recordReads(store: ReadStore): Promise<Read[]> {
  const reads: Omit<Read, 'index'>[] = [];
  let label = '';
  const recorder = recording(store, reads, () => label);
  const as = async (name: string, run: () => Promise<unknown>) => {
    label = name;
    await run();
  };
  const customers = new ListCustomersHandler(recorder);
  const lookup = new LookupCustomersHandler(recorder);
  const users = new ListUsersHandler(recorder);
  const timers = new ListTimersHandler(recorder);
  await as('Customer List', () => customers.execute(new ListCustomers(ORGANIZATION, {})));
  await as('Customer List, name ascending', () =>
    customers.execute(new ListCustomers(ORGANIZATION, { sortDir: 'asc' })),
  );
  await as('Customer List, search', () => customers.execute(new ListCustomers(ORGANIZATION, { filter: 'shah' })));
  await as('customer lookup', () => lookup.execute(new LookupCustomers(ORGANIZATION)));
  await as('customer lookup, search', () => lookup.execute(new LookupCustomers(ORGANIZATION, 'shah')));
  await as('Users', () => users.execute(new ListUsers(ORGANIZATION, {})));
  await as('Users, descending, active only', () =>
    users.execute(new ListUsers(ORGANIZATION, { sortDir: 'desc', hideInactive: true })),
  );
  await as('Users, search', () => users.execute(new ListUsers(ORGANIZATION, { filter: 'baker' })));
  await as('Organization Tracked Times', () => timers.execute(new ListTimers(ORGANIZATION, null, {})));
  await as('Organization Tracked Times, oldest first', () =>
    timers.execute(new ListTimers(ORGANIZATION, null, { sortDir: 'asc' })),
  );
  await as('Organization Tracked Times, search', () =>
    timers.execute(new ListTimers(ORGANIZATION, null, { filter: 'ito' })),
  );
  await as('My Tracked Times', () => timers.execute(new ListTimers(ORGANIZATION, USER, {})));
  await as('My Tracked Times, search', () => timers.execute(new ListTimers(ORGANIZATION, USER, { filter: 'mileage' })));
  await as("a customer's documents", () =>
    customerDocumentsPage(recorder, ORGANIZATION, 'customer-1', { skip: 0, limit: 10 }),
  );
  await as("a customer's jobs", () =>
    customerJobsPage(recorder, ORGANIZATION, 'customer-1', { visible: {}, limit: 20 }),
  );
  // Jobs & Ratings' two parts: today and on, soonest first; the days before, latest first.
  await as("a customer's jobs from today", () =>
    customerJobsPage(recorder, ORGANIZATION, 'customer-1', {
      visible: {},
      limit: 10,
      starts: { from: '2026-11-26T05:00:00Z', to: '2027-01-26T05:00:00Z' },
      order: 'earliest',
    }),
  );
  await as("a customer's jobs before today", () =>
    customerJobsPage(recorder, ORGANIZATION, 'customer-1', {
      visible: {},
      limit: 10,
      starts: { from: '2026-10-27T04:00:00Z', to: '2026-11-26T05:00:00Z' },
      order: 'latest',
    }),
  );
  await as('calendar week', () =>
    jobsAndSeriesAround(recorder, ORGANIZATION, '2026-11-23T00:00:00.000Z', '2026-11-30T00:00:00.000Z'),
  );
  await as("a person's jobs (a clash check)", () =>
    peopleJobsAround(recorder, ORGANIZATION, [USER], '2026-11-23T00:00:00.000Z', '2026-11-30T00:00:00.000Z'),
  );
  return reads.map((read) => ({ ...read, index: expectedIndex(read) }));
}

/** The index each read is meant to walk (the names the projections give them). */
export function expectedIndex({ collection, filter }: Omit<Read, 'index'>): string {
  if (collection === 'customers') return 'organization_deleted_sortName_id';
  if (collection === 'users') return 'organization_sortName_id';
  if (collection === 'timers') return 'userId' in filter ? 'user_created_sequence' : 'organization_created_sequence';
  if (collection === JOB_WEEKS) return 'week';
  if (collection === JOB_PEOPLE_WEEKS) return 'key';
  if (collection === CUSTOMER_DOCUMENTS) return 'organization_customer_removed_uploaded_id';
  if (collection === 'jobs') return 'customerId' in filter ? 'organization_customer_start_id' : '_id_';
  if (collection === 'jobSeries') return 'organization';
  throw new Error(`No index is named for a read of ${collection}`);
}
