import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { DateTime } from 'luxon';
import type { MongoReadStore } from '../../src/core/read-store/mongo-read-store';
import { CreateCustomer } from '../../src/customers/customers.commands';
import { ApiClient, ApiResponse, expectError, startTestApp, TestApp, TestOrganization } from '../support/app';
import { withDatabase } from '../support/ferretdb';
import { freshDatabase } from '../support/postgres';
import { Fields, kitFor } from '../support/given';
import { mailsWhen } from '../support/outbox';
import { nextPush, openSocket, TestSocket } from '../support/sockets';
import { within } from '../support/time';

/**
 * Customers over HTTP: GET /api/customers/paged, GET /api/customers/lookup, GET /api/customers/{id},
 * POST /api/customers, PATCH and DELETE /api/customers/{id}. The listing checks also run with the
 * read models in PostgreSQL, and in FerretDB (a MongoDB wire-protocol server) when it is available.
 */

const FERRETDB_URL = process.env.FERRETDB_URL;
const NOT_FOUND = 'The customer was not found.';
const FORBIDDEN = 'You do not have permission to do this.';

async function list(client: ApiClient, query = '') {
  const response = await client.get(`/api/customers/paged${query ? `?${query}` : ''}`);
  expect(response.status).toBe(200);
  return response.body as { resultItems: any[]; totalRecords: number };
}

async function lookup(client: ApiClient, query = '') {
  const response = await client.get(`/api/customers/lookup${query ? `?${query}` : ''}`);
  expect(response.status).toBe(200);
  return response.body as { id: string; name: string }[];
}

/** Five customers whose every sortable column orders them differently. */
const LISTED: Fields[] = [
  {
    name: 'Acme Plumbing',
    displayName: 'Acme',
    contactFirstName: 'Pat',
    contactLastName: 'Jones',
    contactEmail: 'pat@acme.test',
    contactPhone: '(555) 100-0003',
    city: 'Springfield',
    status: 'Current',
  },
  {
    name: 'bravo builders',
    contactFirstName: 'Quinn',
    contactLastName: 'Lee',
    contactEmail: 'quinn@bravo.test',
    contactPhone: '5551000001',
    city: 'Shelbyville',
    status: 'Past',
  },
  {
    name: 'Charlie Co',
    contactFirstName: 'Robin',
    contactLastName: 'Smith',
    contactEmail: 'ROBIN@charlie.test',
    contactPhone: '555-100-0002',
    city: 'Capital City',
    status: 'Tentative',
  },
  {
    displayName: 'The Dunns',
    contactFirstName: 'Dana',
    contactLastName: 'Dunn',
    city: 'Ogdenville',
    status: 'Declined',
  },
  { name: 'echo electric', contactFirstName: 'Eve', contactEmail: 'eve@echo.test', contactPhone: '(555) 100-0000' },
];
/** How a listed customer is told apart in expectations: its company name, else its display name. */
const labelOf = (c: any) => c.name ?? c.displayName;
/** A customer as the list shows it: without `unsubscribedAt`, which only its own answer has. */
const listed = <T extends { unsubscribedAt?: unknown }>({ unsubscribedAt, ...rest }: T) => rest;

/** Where a run of the listing checks keeps its read models: the app's environment, and its removal after. */
interface ReadModels {
  env(): Promise<Record<string, string>>;
  dispose(app: TestApp): Promise<void>;
}

/** Listing, sorting, search, paging and lookup: run against each read store. */
function listingChecks(engine: string, readModels: ReadModels) {
  describe(`listing customers (read models: ${engine})`, () => {
    let app: TestApp;
    let org: TestOrganization;
    let other: TestOrganization;

    beforeAll(async () => {
      app = await startTestApp(await readModels.env());
      [org, other] = await Promise.all([app.organization('Listing'), app.organization('Neighbour')]);
      for (const fields of LISTED) await kitFor(org.admin).customer(fields);
      // The neighbour's customers look alike: none of them may ever show up in org's answers.
      for (const fields of LISTED) await kitFor(other.admin).customer({ ...fields, notes: 'neighbour' });
    }, within(60_000));
    afterAll(async () => {
      await readModels.dispose(app);
    });

    const labels = async (query = '') => (await list(org.admin, query)).resultItems.map(labelOf);

    it('sorts by name descending by default (spec §9), ignoring case, a customer without a company name by its display name', async () => {
      const page = await list(org.admin);
      expect(page.totalRecords).toBe(5);
      expect(page.resultItems.map(labelOf)).toEqual([
        'The Dunns',
        'echo electric',
        'Charlie Co',
        'bravo builders',
        'Acme Plumbing',
      ]);
      expect(await labels('sortBy=name&sortDir=desc')).toEqual([
        'The Dunns',
        'echo electric',
        'Charlie Co',
        'bravo builders',
        'Acme Plumbing',
      ]);
    });

    it('sorts by name ascending with sortDir=asc', async () => {
      expect(await labels('sortDir=asc')).toEqual([
        'Acme Plumbing',
        'bravo builders',
        'Charlie Co',
        'echo electric',
        'The Dunns',
      ]);
      expect(await labels('sortDir=ascending&sortBy=name')).toEqual([
        'Acme Plumbing',
        'bravo builders',
        'Charlie Co',
        'echo electric',
        'The Dunns',
      ]);
    });

    it('sorts by email (stored in lower case), a customer without one first when ascending', async () => {
      expect(await labels('sortBy=email&sortDir=asc')).toEqual([
        'The Dunns',
        'echo electric',
        'Acme Plumbing',
        'bravo builders',
        'Charlie Co',
      ]);
      expect(await labels('sortBy=email&sortDir=desc')).toEqual([
        'Charlie Co',
        'bravo builders',
        'Acme Plumbing',
        'echo electric',
        'The Dunns',
      ]);
    });

    it('sorts by phone', async () => {
      expect(await labels('sortBy=phone&sortDir=asc')).toEqual([
        'The Dunns',
        'echo electric',
        'bravo builders',
        'Charlie Co',
        'Acme Plumbing',
      ]);
      expect(await labels('sortBy=phone')).toEqual([
        'Acme Plumbing',
        'Charlie Co',
        'bravo builders',
        'echo electric',
        'The Dunns',
      ]);
    });

    it('sorts by status, ties by name ascending', async () => {
      expect(await labels('sortBy=status&sortDir=asc')).toEqual([
        'Acme Plumbing',
        'echo electric',
        'The Dunns',
        'bravo builders',
        'Charlie Co',
      ]);
      expect(await labels('sortBy=status&sortDir=desc')).toEqual([
        'Charlie Co',
        'bravo builders',
        'The Dunns',
        'Acme Plumbing',
        'echo electric',
      ]);
    });

    it('pages with currentPage and pageSize, totalRecords counting every match', async () => {
      const second = await list(org.admin, 'pageSize=2&currentPage=2&sortDir=asc');
      expect(second.totalRecords).toBe(5);
      expect(second.resultItems.map(labelOf)).toEqual(['Charlie Co', 'echo electric']);
      expect((await list(org.admin, 'pageSize=2&currentPage=3&sortDir=asc')).resultItems.map(labelOf)).toEqual([
        'The Dunns',
      ]);
      expect(await list(org.admin, 'pageSize=2&currentPage=4')).toEqual({ resultItems: [], totalRecords: 5 });
    });

    it('searches name, display name, contact names, e-mail, phone and city, ignoring case', async () => {
      const found = async (filter: string) => labels(`sortDir=asc&filter=${encodeURIComponent(filter)}`);
      expect(await found('ACME')).toEqual(['Acme Plumbing']);
      expect(await found('dunns')).toEqual(['The Dunns']);
      expect(await found('quinn')).toEqual(['bravo builders']);
      expect(await found('SMITH')).toEqual(['Charlie Co']);
      expect(await found('robin@CHARLIE')).toEqual(['Charlie Co']);
      expect(await found('ogdenVILLE')).toEqual(['The Dunns']);
      expect(await found('spring')).toEqual(['Acme Plumbing']);
      // the phone, whatever separators the search uses
      expect(await found('555-100-0002')).toEqual(['Charlie Co']);
      expect(await found('1000001')).toEqual(['bravo builders']);
      expect(await found('(555) 100-0003')).toEqual(['Acme Plumbing']);
      expect(await found('555')).toEqual(['Acme Plumbing', 'bravo builders', 'Charlie Co', 'echo electric']);
      // several words must all match somewhere
      expect(await found('pat springfield')).toEqual(['Acme Plumbing']);
      expect(await found('pat shelbyville')).toEqual([]);
      expect(await list(org.admin, 'filter=nobody-like-this')).toEqual({ resultItems: [], totalRecords: 0 });
    });

    it('does not search the notes or other fields', async () => {
      expect((await list(org.admin, 'filter=neighbour')).totalRecords).toBe(0);
    });

    it('treats search text literally (no pattern syntax)', async () => {
      for (const filter of ['.*', '[a-z]+', '\\', 'a|e']) {
        expect({ filter, total: (await list(org.admin, `filter=${encodeURIComponent(filter)}`)).totalRecords }).toEqual(
          { filter, total: 0 },
        );
      }
    });

    it('counts only the matches in totalRecords when searching and paging', async () => {
      const page = await list(org.admin, 'filter=e&pageSize=2');
      const all = await list(org.admin, 'filter=e&pageSize=1000');
      expect(page.resultItems).toHaveLength(2);
      expect(page.totalRecords).toBe(all.resultItems.length);
      expect(all.totalRecords).toBeGreaterThan(2);
    });

    it("never lists another organization's customers, however it is searched, sorted or paged", async () => {
      for (const query of [
        '',
        'pageSize=1000',
        'sortBy=email&sortDir=asc',
        'sortBy=phone',
        'sortBy=status',
        'filter=acme',
        'filter=555',
        'pageSize=1&currentPage=5',
        'pageSize=1&currentPage=6',
      ]) {
        const page = await list(org.admin, query);
        expect({
          query,
          total: page.totalRecords <= 5,
          foreign: page.resultItems.filter((c) => c.notes === 'neighbour'),
        }).toEqual({ query, total: true, foreign: [] });
      }
      expect((await lookup(org.admin)).length).toBe(5);
    });

    it('lookup: { id, name } of every customer, name ascending, searchable, a customer without a company name under its display name', async () => {
      const all = await lookup(org.admin);
      expect(all.map((c) => c.name)).toEqual([
        'Acme Plumbing',
        'bravo builders',
        'Charlie Co',
        'echo electric',
        'The Dunns',
      ]);
      for (const entry of all) expect(Object.keys(entry).sort()).toEqual(['id', 'name']);
      const ownIds = new Set((await list(org.admin, 'pageSize=1000')).resultItems.map((c) => c.id));
      expect(all.every((c) => ownIds.has(c.id))).toBe(true);
      expect((await lookup(org.admin, 'filter=DUNN')).map((c) => c.name)).toEqual(['The Dunns']);
      expect(await lookup(org.admin, 'filter=nobody-like-this')).toEqual([]);
    });
  });
}

listingChecks('embedded', { env: async () => ({}), dispose: (app) => app.stop() });
// With the read models in PostgreSQL, a database of their own dropped after (PostgreSQL runs on every machine).
let postgres: Awaited<ReturnType<typeof freshDatabase>> | null = null;
listingChecks('PostgreSQL', {
  async env() {
    postgres = await freshDatabase('customers_listing');
    return { DATABASE_URL: postgres.url };
  },
  async dispose(app) {
    await app.stop();
    await postgres?.drop();
  },
});
// With the read models in FerretDB too, where it runs (always in CI here); otherwise not listed.
if (FERRETDB_URL)
  listingChecks('FerretDB', {
    env: async () => ({
      MONGODB_URL: withDatabase(FERRETDB_URL, `crewclock_customers_${Date.now()}_${randomUUID().slice(0, 8)}`),
    }),
    async dispose(app) {
      await (app.engines.readStore as MongoReadStore).dropDatabase();
      await app.stop();
    },
  });

describe('customers over HTTP', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  describe('GET /api/customers/paged: default page size', () => {
    it('pages 20 customers at a time by default (spec §9)', async () => {
      const big = await app.organization('Big');
      for (let i = 0; i < 23; i += 6) {
        await Promise.all(
          Array.from({ length: Math.min(6, 23 - i) }, (_, k) =>
            kitFor(big.manager).customer({ name: `Customer ${String(i + k).padStart(2, '0')}` }),
          ),
        );
      }
      const first = await list(big.admin);
      expect(first.totalRecords).toBe(23);
      expect(first.resultItems).toHaveLength(20);
      expect(first.resultItems[0].name).toBe('Customer 22');
      const second = await list(big.admin, 'currentPage=2');
      expect(second.resultItems.map((c) => c.name)).toEqual(['Customer 02', 'Customer 01', 'Customer 00']);
      expect(new Set([...first.resultItems, ...second.resultItems].map((c) => c.id)).size).toBe(23);
    });

    it('refuses bad paging and sorting values with a message', async () => {
      const org = await app.organization();
      expectError(await org.admin.get('/api/customers/paged?pageSize=0'), 400, 'pageSize must be 1 or more');
      expectError(await org.admin.get('/api/customers/paged?pageSize=1001'), 400, 'pageSize must be at most 1000');
      expectError(await org.admin.get('/api/customers/paged?pageSize=ten'), 400, 'pageSize must be a whole number');
      expectError(await org.admin.get('/api/customers/paged?currentPage=0'), 400, 'currentPage must be 1 or more');
      expectError(
        await org.admin.get('/api/customers/paged?currentPage=1.5'),
        400,
        'currentPage must be a whole number',
      );
      expectError(await org.admin.get('/api/customers/paged?sortDir=sideways'), 400, 'sortDir must be asc or desc');
      expectError(
        await org.admin.get('/api/customers/paged?sortBy=notes'),
        400,
        'sortBy must be name, email, phone or status',
      );
      expectError(
        await org.admin.get(`/api/customers/paged?filter=${'x'.repeat(201)}`),
        400,
        'The search must be at most 200 characters',
      );
      expectError(
        await org.admin.get(`/api/customers/lookup?filter=${'x'.repeat(201)}`),
        400,
        'The search must be at most 200 characters',
      );
    });
  });

  describe('GET /api/customers/lookup: the dropdown limit', () => {
    it(
      'returns at most 1000 customers (spec §9: dropdown lists load 1000 items), the first 1000 by name',
      async () => {
        const many = await app.organization('Many');
        const commands = app.app.get(CommandBus);
        const meta = () => ({
          organizationId: many.organizationId,
          actorUserId: many.admin.userId,
          correlationId: randomUUID(),
          causationId: null,
          at: new Date().toISOString(),
        });
        for (let i = 0; i < 1001; i += 100) {
          await Promise.all(
            Array.from({ length: Math.min(100, 1001 - i) }, (_, k) =>
              commands.execute(
                new CreateCustomer(
                  { name: `Bulk ${String(i + k).padStart(4, '0')}`, contactFirstName: 'Bulk' },
                  meta(),
                ),
              ),
            ),
          );
        }
        const entries = await lookup(many.manager);
        expect(entries).toHaveLength(1000);
        expect(entries[0].name).toBe('Bulk 0000');
        expect(entries[999].name).toBe('Bulk 0999');
        expect((await list(many.admin, 'pageSize=1')).totalRecords).toBe(1001);
      },
      within(120_000),
    );
  });

  describe('POST /api/customers', () => {
    let org: TestOrganization;
    beforeAll(async () => {
      org = await app.organization('Create');
    });

    it('creates a customer and answers { success: true, data } with every field, ratings empty', async () => {
      const response = await org.manager.post('/api/customers', {
        name: ' Acme Plumbing ',
        displayName: 'Acme',
        contactFirstName: ' Pat ',
        contactLastName: 'Jones',
        contactEmail: ' Pat@Acme.TEST ',
        contactPhone: '555.123.4567',
        address1: '1 Main St',
        address2: 'Suite 2',
        city: 'Springfield',
        state: 'IL',
        postalCode: '62701',
        country: 'USA',
        status: 'Tentative',
        jobType: 'Residential',
        billingFrequency: 'Monthly',
        notes: 'Gate code 1234',
      });
      expect(response.status).toBe(201);
      const expected = {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
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
        status: 'Tentative',
        jobType: 'Residential',
        billingFrequency: 'Monthly',
        notes: 'Gate code 1234',
        averageRating: null,
        totalReviews: 0,
        // A customer's own answer (create, edit, GET) says whether their address unsubscribed; the list does not.
        unsubscribedAt: null,
      };
      expect(response.body).toEqual({ success: true, data: expected });
      const id = response.body.data.id;
      expect((await org.admin.get(`/api/customers/${id}`)).body).toEqual({ ...expected, id });
      expect((await list(org.admin, 'filter=acme')).resultItems).toEqual([listed({ ...expected, id })]);
    });

    it('needs only the contact first name: the rest is null and the status Current', async () => {
      const customer = await kitFor(org.admin).customer({ contactFirstName: 'Solo' });
      expect(customer).toEqual({
        id: customer.id,
        name: null,
        displayName: null,
        contactFirstName: 'Solo',
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
        averageRating: null,
        totalReviews: 0,
        unsubscribedAt: null,
      });
    });

    it('accepts each of the four statuses', async () => {
      for (const status of ['Current', 'Declined', 'Tentative', 'Past']) {
        expect((await kitFor(org.admin).customer({ status })).status).toBe(status);
      }
    });

    it.each([
      ['no contact first name', { contactFirstName: undefined }, 'Contact first name is required'],
      ['a null contact first name', { contactFirstName: null }, 'Contact first name is required'],
      ['a blank contact first name', { contactFirstName: '   ' }, 'Contact first name is required'],
      ['a contact first name that is not text', { contactFirstName: 42 }, 'Contact first name is required'],
      [
        'a contact first name over 100 characters',
        { contactFirstName: 'p'.repeat(101) },
        'Contact first name must be at most 100 characters',
      ],
      ['an invalid e-mail', { contactEmail: 'pat-at-acme.test' }, 'Contact email must be a valid email address'],
      ['an e-mail without a domain', { contactEmail: 'pat@localhost' }, 'Contact email must be a valid email address'],
      [
        'an e-mail over 254 characters',
        { contactEmail: `${'a'.repeat(250)}@acme.test` },
        'Contact email must be at most 254 characters',
      ],
      [
        'a phone without 10 digits',
        { contactPhone: '555-1234' },
        'Contact phone must have 10 digits, as (###) ###-####',
      ],
      [
        'a phone with 11 digits',
        { contactPhone: '1 (555) 123-4567' },
        'Contact phone must have 10 digits, as (###) ###-####',
      ],
      [
        'a phone with letters',
        { contactPhone: '555-CALL-NOW' },
        'Contact phone must have 10 digits, as (###) ###-####',
      ],
      ['a phone that is not text', { contactPhone: 5551234567 }, 'Contact phone must be text'],
      ['an unknown status', { status: 'Prospect' }, 'Status must be Current, Declined, Tentative or Past'],
      ['a status in lower case', { status: 'past' }, 'Status must be Current, Declined, Tentative or Past'],
      ['an empty status', { status: '' }, 'Status must be Current, Declined, Tentative or Past'],
      ['a status that is not text', { status: 3 }, 'Status must be Current, Declined, Tentative or Past'],
      ['a company name over 200 characters', { name: 'n'.repeat(201) }, 'Company name must be at most 200 characters'],
      [
        'a display name over 200 characters',
        { displayName: 'd'.repeat(201) },
        'Display name must be at most 200 characters',
      ],
      [
        'a contact last name over 100 characters',
        { contactLastName: 'l'.repeat(101) },
        'Contact last name must be at most 100 characters',
      ],
      [
        'an address over 200 characters',
        { address1: 'a'.repeat(201) },
        'Address line 1 must be at most 200 characters',
      ],
      [
        'a second address line over 200 characters',
        { address2: 'a'.repeat(201) },
        'Address line 2 must be at most 200 characters',
      ],
      ['a city over 100 characters', { city: 'c'.repeat(101) }, 'City must be at most 100 characters'],
      ['a city that is not text', { city: 12 }, 'City must be text'],
      ['a state over 100 characters', { state: 's'.repeat(101) }, 'State/province must be at most 100 characters'],
      ['a postal code over 20 characters', { postalCode: '1'.repeat(21) }, 'Postal code must be at most 20 characters'],
      ['a country over 100 characters', { country: 'c'.repeat(101) }, 'Country must be at most 100 characters'],
      ['a job type over 100 characters', { jobType: 'j'.repeat(101) }, 'Job type must be at most 100 characters'],
      [
        'a billing frequency over 100 characters',
        { billingFrequency: 'b'.repeat(101) },
        'Billing frequency must be at most 100 characters',
      ],
      ['notes over 4000 characters', { notes: 'n'.repeat(4001) }, 'Notes must be at most 4000 characters'],
      ['notes that are not text', { notes: ['a'] }, 'Notes must be text'],
    ])('refuses %s with 400 and the message, and creates nothing', async (_what, fields, message) => {
      const before = (await list(org.admin, 'pageSize=1000')).totalRecords;
      expectError(
        await org.admin.post('/api/customers', {
          name: 'Refused',
          contactFirstName: 'Pat',
          contactEmail: 'pat@acme.test',
          ...fields,
        }),
        400,
        message,
      );
      expect((await list(org.admin, 'pageSize=1000')).totalRecords).toBe(before);
    });

    it('names the first problem in the order of the form', async () => {
      expectError(
        await org.admin.post('/api/customers', { contactEmail: 'bad', contactPhone: '1', status: 'Nope' }),
        400,
        'Contact first name is required',
      );
      expectError(
        await org.admin.post('/api/customers', { contactFirstName: 'Pat', contactEmail: 'bad', contactPhone: '1' }),
        400,
        'Contact email must be a valid email address',
      );
    });

    it('drops fields it does not know, and ignores an organizationId, ratings or an id in the body', async () => {
      const other = await app.organization('Target');
      const id = randomUUID();
      const response = await org.admin.post('/api/customers', {
        contactFirstName: 'Sneaky',
        organizationId: other.organizationId,
        id,
        averageRating: 5,
        totalReviews: 99,
        deleted: true,
        sortName: 'aaa',
      });
      expect(response.status).toBe(201);
      expect(response.body.data).toMatchObject({ contactFirstName: 'Sneaky', averageRating: null, totalReviews: 0 });
      expect(response.body.data.id).not.toBe(id);
      expect((await org.admin.get(`/api/customers/${response.body.data.id}`)).status).toBe(200);
      expect((await other.admin.get(`/api/customers/${response.body.data.id}`)).status).toBe(404);
      expect((await list(other.admin)).totalRecords).toBe(0);
    });
  });

  describe('GET /api/customers/{id}', () => {
    it('answers the customer for the detail screen, and 404 for an unknown, malformed or deleted id', async () => {
      const org = await app.organization('Detail');
      const customer = await kitFor(org.admin).customer({ name: 'Detail Co', notes: null });
      expect((await org.manager.get(`/api/customers/${customer.id}`)).body).toEqual(customer);
      expectError(await org.admin.get(`/api/customers/${randomUUID()}`), 404, NOT_FOUND);
      expectError(await org.admin.get('/api/customers/not-a-uuid'), 404, NOT_FOUND);
      expect((await org.admin.delete(`/api/customers/${customer.id}`)).status).toBe(200);
      expectError(await org.admin.get(`/api/customers/${customer.id}`), 404, NOT_FOUND);
    });
  });

  describe('PATCH /api/customers/{id}', () => {
    let org: TestOrganization;
    beforeAll(async () => {
      org = await app.organization('Edit');
    });

    it('changes the fields given, keeps the rest, and answers the customer', async () => {
      const customer = await kitFor(org.admin).customer({
        name: 'Old Name',
        contactLastName: 'Keep',
        city: 'Springfield',
        contactPhone: '5551234567',
      });
      const response = await org.manager.patch(`/api/customers/${customer.id}`, {
        name: ' New Name ',
        contactEmail: 'NEW@example.test',
        jobType: 'Commercial',
      });
      expect(response.status).toBe(200);
      const expected = { ...customer, name: 'New Name', contactEmail: 'new@example.test', jobType: 'Commercial' };
      expect(response.body).toEqual({ success: true, data: expected });
      expect((await org.admin.get(`/api/customers/${customer.id}`)).body).toEqual(expected);
      expect((await list(org.admin, 'filter=new%20name')).resultItems).toEqual([listed(expected)]);
    });

    it('clears optional fields with null or a blank', async () => {
      const customer = await kitFor(org.admin).customer({
        name: 'Full',
        displayName: 'F',
        contactPhone: '5551234567',
        notes: 'n',
        city: 'X',
      });
      const response = await org.admin.patch(`/api/customers/${customer.id}`, {
        displayName: null,
        contactPhone: '',
        notes: '  ',
        city: null,
      });
      expect(response.body.data).toMatchObject({
        name: 'Full',
        displayName: null,
        contactPhone: null,
        notes: null,
        city: null,
      });
    });

    it('changes any status to any other, and keeps it when none is given', async () => {
      const customer = await kitFor(org.admin).customer();
      for (const status of ['Declined', 'Tentative', 'Past', 'Current', 'Past', 'Declined', 'Current', 'Tentative']) {
        const response = await org.admin.patch(`/api/customers/${customer.id}`, { status });
        expect({ status, answer: response.status, now: response.body.data.status }).toEqual({
          status,
          answer: 200,
          now: status,
        });
      }
      expect((await org.admin.patch(`/api/customers/${customer.id}`, { notes: 'still' })).body.data.status).toBe(
        'Tentative',
      );
      expect((await org.admin.patch(`/api/customers/${customer.id}`, { status: null })).body.data.status).toBe(
        'Tentative',
      );
    });

    it('changes nothing with an empty body', async () => {
      const customer = await kitFor(org.admin).customer({ name: 'Same' });
      expect((await org.admin.patch(`/api/customers/${customer.id}`, {})).body).toEqual({
        success: true,
        data: customer,
      });
    });

    it('refuses invalid details with the same messages as on create, and changes nothing', async () => {
      const customer = await kitFor(org.admin).customer({ name: 'Stay', contactEmail: 'stay@example.test' });
      for (const [fields, message] of [
        [{ contactFirstName: '' }, 'Contact first name is required'],
        [{ contactFirstName: null }, 'Contact first name is required'],
        [{ contactEmail: 'not-an-email' }, 'Contact email must be a valid email address'],
        [{ contactPhone: '12345' }, 'Contact phone must have 10 digits, as (###) ###-####'],
        [{ status: 'Gone' }, 'Status must be Current, Declined, Tentative or Past'],
        [{ notes: 'n'.repeat(4001) }, 'Notes must be at most 4000 characters'],
      ] as [Fields, string][]) {
        expectError(
          await org.admin.patch(`/api/customers/${customer.id}`, { name: 'Changed', ...fields }),
          400,
          message,
        );
      }
      expect((await org.admin.get(`/api/customers/${customer.id}`)).body).toEqual(customer);
    });

    it('answers 404 for an unknown id, a malformed id and a deleted customer', async () => {
      expectError(await org.admin.patch(`/api/customers/${randomUUID()}`, { name: 'Ghost' }), 404, NOT_FOUND);
      expectError(await org.admin.patch('/api/customers/not-a-uuid', { name: 'Ghost' }), 404, NOT_FOUND);
      const customer = await kitFor(org.admin).customer();
      expect((await org.admin.delete(`/api/customers/${customer.id}`)).status).toBe(200);
      expectError(await org.admin.patch(`/api/customers/${customer.id}`, { name: 'Ghost' }), 404, NOT_FOUND);
    });
  });

  describe('DELETE /api/customers/{id}', () => {
    let org: TestOrganization;
    beforeAll(async () => {
      org = await app.organization('Delete');
    });

    it('deletes a customer: it leaves the list, the search, the lookup and its own address', async () => {
      const keep = await kitFor(org.admin).customer({ name: 'Keeper' });
      const doomed = await kitFor(org.admin).customer({ name: 'Doomed Co', status: 'Past' });
      const response = await org.manager.delete(`/api/customers/${doomed.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, data: { id: doomed.id } });
      const page = await list(org.admin, 'pageSize=1000');
      expect(page.resultItems.map((c) => c.id)).toEqual([keep.id]);
      expect(page.totalRecords).toBe(1);
      expect(await list(org.admin, 'filter=doomed')).toEqual({ resultItems: [], totalRecords: 0 });
      expect((await list(org.admin, 'sortBy=status')).totalRecords).toBe(1);
      expect(await lookup(org.admin)).toEqual([{ id: keep.id, name: 'Keeper' }]);
      expectError(await org.admin.get(`/api/customers/${doomed.id}`), 404, NOT_FOUND);
    });

    it('answers 404 when deleting twice, an unknown id or a malformed id', async () => {
      const customer = await kitFor(org.admin).customer();
      expect((await org.admin.delete(`/api/customers/${customer.id}`)).status).toBe(200);
      expectError(await org.admin.delete(`/api/customers/${customer.id}`), 404, NOT_FOUND);
      expectError(await org.admin.delete(`/api/customers/${randomUUID()}`), 404, NOT_FOUND);
      expectError(await org.admin.delete('/api/customers/..%2F..%2Fetc'), 404, NOT_FOUND);
    });
  });

  describe('GET /api/customers/{id}/jobs/paged', () => {
    let org: TestOrganization;
    let other: TestOrganization;
    const zone = 'America/New_York';
    beforeAll(async () => {
      [org, other] = await Promise.all([app.organization('Jobs'), app.organization('Other jobs')]);
    });

    const iso = (d: DateTime) => d.toUTC().toISO({ suppressMilliseconds: true })!;
    /** 9:00 New York, `days` from today. */
    const nineAm = (days: number) =>
      DateTime.now().setZone(zone).plus({ days }).set({ hour: 9, minute: 0, second: 0, millisecond: 0 });

    const jobsOf = async (client: ApiClient, customerId: string, query = '') => {
      const response = await client.get(`/api/customers/${customerId}/jobs/paged${query ? `?${query}` : ''}`);
      expect(response.status).toBe(200);
      return response.body as { resultItems: any[]; totalRecords: number };
    };

    it("lists a customer's one-time jobs and the occurrences of its weekly job: today's and upcoming ones soonest first, then past ones latest first", async () => {
      const customer = await kitFor(org.admin).customer({ name: 'Harbor View' });
      const elsewhere = await kitFor(org.admin).customer({ name: 'Elsewhere' });
      const once = nineAm(-2);
      const oneTime = await kitFor(org.manager).job({
        name: 'Gutter cleaning',
        startDateTime: iso(once),
        endDateTime: iso(once.plus({ hours: 2 })),
        userIds: [org.associate.userId, org.manager.userId],
        leadUserId: org.associate.userId,
        customerId: customer.id,
      });
      await kitFor(org.manager).job({
        name: 'Not theirs',
        startDateTime: iso(once),
        endDateTime: iso(once.plus({ hours: 1 })),
        userIds: [],
        customerId: elsewhere.id,
      });
      // Weekly from three weeks ago, ending in about five weeks: six occurrences (0, 7, … 35 days from its start).
      const first = nineAm(-21);
      const weekly = await kitFor(org.manager).job(
        {
          name: 'Pool service',
          startDateTime: iso(first),
          endDateTime: iso(first.plus({ hours: 1 })),
          userIds: [org.associate.userId],
          customerId: customer.id,
        },
        {
          recurringFrequency: 'Weekly',
          recurrenceDays: first.setLocale('en-US').weekdayLong!.toLowerCase(),
          weeklyRecurrence: 1,
          expireDate: first.plus({ days: 40 }).toISODate(),
        },
      );
      const occurrence = (weeks: number) => {
        const start = first.plus({ weeks });
        return {
          id: `${weekly.recurrenceId}_${start.toFormat('yyyyMMdd')}`,
          name: 'Pool service',
          startDateTime: iso(start),
          endDateTime: iso(start.plus({ hours: 1 })),
          users: [{ id: org.associate.userId, fullName: 'Abe Associate' }],
          leadUser: null,
          rating: null,
          review: null,
          isRecurring: true,
        };
      };
      const one = {
        id: oneTime.id,
        name: 'Gutter cleaning',
        startDateTime: iso(once),
        endDateTime: iso(once.plus({ hours: 2 })),
        users: [
          { id: org.associate.userId, fullName: 'Abe Associate' },
          { id: org.manager.userId, fullName: 'Mona Customer' },
        ],
        leadUser: { id: org.associate.userId, fullName: 'Abe Associate' },
        rating: null,
        review: null,
        isRecurring: false,
      };
      // Today at 9:00, then in one and two weeks; then two days ago, one, two and three weeks ago.
      const byStart = [occurrence(3), occurrence(4), occurrence(5), one, occurrence(2), occurrence(1), occurrence(0)];
      expect(await jobsOf(org.manager, customer.id)).toEqual({ resultItems: byStart, totalRecords: 7 });
      expect(await jobsOf(org.admin, customer.id, 'pageSize=3&currentPage=2')).toEqual({
        resultItems: byStart.slice(3, 6),
        totalRecords: 7,
      });
      expect(await jobsOf(org.admin, customer.id, 'pageSize=3&currentPage=3')).toEqual({
        resultItems: byStart.slice(6),
        totalRecords: 7,
      });
      expect((await jobsOf(org.admin, elsewhere.id)).resultItems.map((j) => j.name)).toEqual(['Not theirs']);
    });

    /** A job of today for the customer that has ended, rated five stars by the customer from the e-mailed link. */
    async function ratedToday(customer: { id: string; contactEmail: string }) {
      const now = DateTime.now().setZone(zone);
      const start = DateTime.max(now.startOf('day'), now.minus({ hours: 2 }));
      const job = await kitFor(org.manager).job({
        name: 'Window cleaning',
        startDateTime: iso(start),
        endDateTime: iso(DateTime.min(start.plus({ hours: 1 }), now.minus({ seconds: 30 }))),
        userIds: [org.associate.userId],
        customerId: customer.id,
      });
      await kitFor(org.manager).ratingRequest(job.id);
      const [mail] = await mailsWhen(app.dataDir, (m) => m.to === customer.contactEmail, 1);
      const token = /\/feedback\/([\w-]+)/.exec(mail.text)![1];
      const answered = await app.client().post(`/api/feedback/${token}`, { rating: 5, comments: 'Spotless.' });
      expect(answered.status).toBe(200);
      return job.id;
    }

    it("opens on today: with a weekly series running for a year, the first page holds today's rated job; 30 days back to 60 ahead, 10 a page", async () => {
      const customer = await kitFor(org.admin).customer({
        name: 'Endless Co',
        contactEmail: `endless-${randomUUID().slice(0, 8)}@example.test`,
      });
      // Weekly, endless, on today's weekday since 52 weeks ago: an occurrence every 7 days up to today and on.
      const first = nineAm(-364);
      await kitFor(org.manager).job(
        {
          name: 'Weekly forever',
          startDateTime: iso(first),
          endDateTime: iso(first.plus({ hours: 1 })),
          userIds: [],
          customerId: customer.id,
        },
        {
          recurringFrequency: 'Weekly',
          recurrenceDays: first.setLocale('en-US').weekdayLong!.toLowerCase(),
          weeklyRecurrence: 1,
        },
      );
      const ratedId = await ratedToday(customer as { id: string; contactEmail: string });

      const page = await jobsOf(org.manager, customer.id);
      // Occurrences 28, 21, 14 and 7 days back, today, and 7 … 56 days ahead (63 is past the 60 days): 13, and the rated job.
      expect(page.totalRecords).toBe(14);
      expect(page.resultItems).toHaveLength(10);
      expect(page.resultItems.find((j) => j.id === ratedId)).toMatchObject({
        name: 'Window cleaning',
        rating: 5,
        review: { rating: 5, comments: 'Spotless.', edited: false },
        isRecurring: false,
      });
      const today = DateTime.now().setZone(zone).toISODate();
      const day = (j: { startDateTime: string }) => DateTime.fromISO(j.startDateTime).setZone(zone).toISODate()!;
      const days = page.resultItems.map(day);
      // Today's two first, then the next eight weeks soonest first.
      expect(days.slice(0, 2)).toEqual([today, today]);
      expect(days.slice(2)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((w) => nineAm(7 * w).toISODate()));
      // Page 2: the past, latest first.
      const past = await jobsOf(org.manager, customer.id, 'currentPage=2');
      expect(past.resultItems.map(day)).toEqual([7, 14, 21, 28].map((d) => nineAm(-d).toISODate()));
    });

    it('lists the days asked: fromDate and toDate (MM/DD/YYYY, both included), or 91 days from the one given', async () => {
      const customer = await kitFor(org.admin).customer({ name: 'Ranged' });
      const first = nineAm(-364);
      await kitFor(org.manager).job(
        {
          name: 'Weekly visit',
          startDateTime: iso(first),
          endDateTime: iso(first.plus({ hours: 1 })),
          userIds: [],
          customerId: customer.id,
        },
        {
          recurringFrequency: 'Weekly',
          recurrenceDays: first.setLocale('en-US').weekdayLong!.toLowerCase(),
          weeklyRecurrence: 1,
        },
      );
      const once = nineAm(-330);
      await kitFor(org.manager).job({
        name: 'Spring check',
        startDateTime: iso(once),
        endDateTime: iso(once.plus({ hours: 1 })),
        userIds: [],
        customerId: customer.id,
      });
      const date = (days: number) => nineAm(days).toFormat('MM/dd/yyyy');
      // 364 … 301 days back: the series' first ten weeks and the one-time job, all past: latest first.
      const ranged = await jobsOf(org.manager, customer.id, `fromDate=${date(-364)}&toDate=${date(-301)}&pageSize=20`);
      expect(ranged.totalRecords).toBe(11);
      expect(ranged.resultItems.map((j) => j.name)).toEqual([
        ...Array(5).fill('Weekly visit'),
        'Spring check',
        ...Array(5).fill('Weekly visit'),
      ]);
      expect(ranged.resultItems.at(-1).startDateTime).toBe(iso(first));
      // Both days are included: a range of one day holds that day's visit.
      const dayBefore = await jobsOf(org.manager, customer.id, `fromDate=${date(-331)}&toDate=${date(-331)}`);
      expect(dayBefore).toEqual({ resultItems: [], totalRecords: 0 });
      const itsDay = await jobsOf(org.manager, customer.id, `fromDate=${date(-330)}&toDate=${date(-330)}`);
      expect(itsDay.resultItems.map((j) => j.name)).toEqual(['Spring check']);
      // The default range leaves it out; fromDate alone spans 91 days (13 weeks: 364 … 280 days back).
      expect((await jobsOf(org.manager, customer.id)).resultItems.map((j) => j.name)).not.toContain('Spring check');
      expect((await jobsOf(org.manager, customer.id, `fromDate=${date(-364)}`)).totalRecords).toBe(14);
      // toDate alone: the 91 days up to it (56 … 147 days ahead: 14 weeks, 63 … 147).
      expect((await jobsOf(org.manager, customer.id, `toDate=${date(147)}`)).totalRecords).toBe(13);
    });

    it("leaves out jobs hidden from a manager's schedule, which a Company Admin sees", async () => {
      const customer = await kitFor(org.admin).customer({ name: 'Discreet' });
      const at = nineAm(3);
      await kitFor(org.admin).job({
        name: 'Hidden visit',
        startDateTime: iso(at),
        endDateTime: iso(at.plus({ hours: 1 })),
        userIds: [org.associate.userId],
        leadUserId: org.associate.userId,
        hideFromScheduleView: true,
        customerId: customer.id,
      });
      expect((await jobsOf(org.admin, customer.id)).totalRecords).toBe(1);
      expect(await jobsOf(org.manager, customer.id)).toEqual({ resultItems: [], totalRecords: 0 });
    });

    it('refuses bad paging values and dates, an Associate (403), and answers 404 for an unknown, deleted or another organization’s customer', async () => {
      const customer = await kitFor(org.admin).customer({ name: 'Checked' });
      for (const [query, message] of [
        ['currentPage=0', 'currentPage must be 1 or more'],
        ['pageSize=ten', 'pageSize must be a whole number'],
        ['pageSize=1001', 'pageSize must be at most 1000'],
        ['fromDate=2026-11-01', 'From date must be a date (MM/DD/YYYY)'],
        ['toDate=13/45/2026', 'To date must be a date (MM/DD/YYYY)'],
        ['fromDate=11/01/2026&fromDate=11/02/2026', 'From date must be a date (MM/DD/YYYY)'],
        [`toDate=${'1'.repeat(21)}`, 'To date must be at most 20 characters'],
        ['fromDate=11/02/2026&toDate=11/01/2026', 'To date cannot be before From date'],
        [
          'fromDate=01/01/2026&toDate=01/02/2027',
          'A date range can cover at most 366 days (a year). Choose a later From date or an earlier To date.',
        ],
      ])
        expectError(await org.admin.get(`/api/customers/${customer.id}/jobs/paged?${query}`), 400, message);
      expectError(await org.associate.get(`/api/customers/${customer.id}/jobs/paged`), 403, FORBIDDEN);
      const deleted = await kitFor(org.admin).customer({ name: 'Gone' });
      expect((await org.admin.delete(`/api/customers/${deleted.id}`)).status).toBe(200);
      const theirs = await kitFor(other.admin).customer({ name: 'Theirs' });
      for (const id of [randomUUID(), 'nope', deleted.id, theirs.id])
        expectError(await org.manager.get(`/api/customers/${id}/jobs/paged`), 404, NOT_FOUND);
    });
  });

  describe('a deleted customer and its jobs', () => {
    it('keeps its jobs, which name it marked as deleted, while the pickers leave it out', async () => {
      const org = await app.organization('Deleted jobs');
      const customer = await kitFor(org.admin).customer({ name: 'Harbor View', city: 'Portland' });
      const { id: jobId } = await kitFor(org.manager).job({
        name: 'Dock repair',
        startDateTime: '2026-06-02T13:00:00Z',
        endDateTime: '2026-06-02T15:00:00Z',
        userIds: [org.associate.userId],
        customerId: customer.id,
      });
      expect((await org.manager.get(`/api/jobs/${jobId}`)).body.customer).toMatchObject({
        id: customer.id,
        name: 'Harbor View',
        deleted: false,
      });
      expect((await org.admin.delete(`/api/customers/${customer.id}`)).status).toBe(200);
      const marked = { id: customer.id, name: 'Harbor View (deleted)', deleted: true, city: 'Portland' };
      expect((await org.manager.get(`/api/jobs/${jobId}`)).body.customer).toMatchObject(marked);
      const week = await org.manager.get('/api/jobs/syncfusion/fetch?StartDate=06/01/2026&EndDate=06/07/2026');
      expect(week.body.find((j: { id: string }) => j.id === jobId).customer).toMatchObject(marked);
      const own = await org.associate.get('/api/jobs/user?StartDate=06/01/2026&EndDate=06/07/2026');
      expect(own.body.find((j: { id: string }) => j.id === jobId).customer).toMatchObject(marked);
      expect((await lookup(org.manager)).map((c) => c.id)).not.toContain(customer.id);
    });
  });

  describe('pushes', () => {
    const sockets: TestSocket[] = [];
    afterEach(() => {
      for (const s of sockets.splice(0)) s.disconnect();
    });

    it("pushes customers.changed to the organization's customer managers when a customer is created, changed or deleted, and to nobody else", async () => {
      const [org, other] = await Promise.all([app.organization('Pushes'), app.organization('Quiet')]);
      const [admin, manager, associate, stranger] = await Promise.all(
        [org.admin, org.manager, org.associate, other.admin].map((c) => openSocket(app.url, c.cookie, sockets)),
      );
      const heard = () => Promise.all([nextPush(admin, 'customers.changed'), nextPush(manager, 'customers.changed')]);
      let pushes = heard();
      const customer = await kitFor(org.manager).customer({ name: 'Live Co' });
      const expected = { organizationId: org.organizationId, customerId: customer.id };
      expect(await pushes).toEqual([expected, expected]);
      // On receipt, a refetch shows the change.
      expect((await list(org.manager, 'filter=live')).totalRecords).toBe(1);
      pushes = heard();
      expect((await org.admin.patch(`/api/customers/${customer.id}`, { city: 'Salem' })).status).toBe(200);
      expect(await pushes).toEqual([expected, expected]);
      pushes = heard();
      expect((await org.admin.delete(`/api/customers/${customer.id}`)).status).toBe(200);
      expect(await pushes).toEqual([expected, expected]);
      await new Promise((r) => setTimeout(r, 300));
      expect(associate.received.filter((r) => r.event === 'customers.changed')).toEqual([]);
      expect(stranger.received).toEqual([]);
    });

    it('moves a demoted manager out of the room at once: a Customer Manager made an Associate hears no more', async () => {
      const org = await app.organization('Demoted');
      const socket = await openSocket(app.url, org.manager.cookie, sockets);
      const demoted = nextPush(socket, 'profile.changed');
      expect((await org.admin.patch(`/api/users/${org.manager.userId}`, { roles: ['Associate'] })).status).toBe(200);
      await demoted;
      await kitFor(org.admin).customer({ name: 'Unheard' });
      await new Promise((r) => setTimeout(r, 300));
      expect(socket.received.filter((r) => r.event === 'customers.changed')).toEqual([]);
    });
  });

  describe('claims and organizations', () => {
    let a: TestOrganization;
    let b: TestOrganization;
    beforeAll(async () => {
      [a, b] = await Promise.all([app.organization('Alpha'), app.organization('Beta')]);
    });

    it('lets a Company Admin and a Customer Manager (customers.crud) use every call', async () => {
      for (const client of [a.admin, a.manager]) {
        const customer = await kitFor(client).customer({ name: 'Allowed' });
        expect((await client.get('/api/customers/paged')).status).toBe(200);
        expect((await client.get('/api/customers/lookup')).status).toBe(200);
        expect((await client.get(`/api/customers/${customer.id}`)).status).toBe(200);
        expect((await client.patch(`/api/customers/${customer.id}`, { notes: 'ok' })).status).toBe(200);
        expect((await client.delete(`/api/customers/${customer.id}`)).status).toBe(200);
      }
    });

    it('refuses an Associate with 403 on every call, and changes nothing', async () => {
      const customer = await kitFor(a.admin).customer({ name: 'Guarded' });
      const before = await list(a.admin, 'pageSize=1000');
      for (const [what, response] of [
        ['list', await a.associate.get('/api/customers/paged')],
        ['lookup', await a.associate.get('/api/customers/lookup')],
        ['get', await a.associate.get(`/api/customers/${customer.id}`)],
        ['create', await a.associate.post('/api/customers', { contactFirstName: 'Nope' })],
        ['edit', await a.associate.patch(`/api/customers/${customer.id}`, { name: 'Hijacked' })],
        ['delete', await a.associate.delete(`/api/customers/${customer.id}`)],
      ] as [string, ApiResponse][]) {
        expect({ what, status: response.status, body: response.body }).toEqual({
          what,
          status: 403,
          body: { success: false, errors: [FORBIDDEN] },
        });
      }
      expect(await list(a.admin, 'pageSize=1000')).toEqual(before);
    });

    it("answers 404 for another organization's customer on GET, PATCH and DELETE, and leaves it unchanged", async () => {
      const theirs = await kitFor(b.admin).customer({
        name: 'Beta Only',
        contactEmail: 'beta@example.test',
        status: 'Current',
      });
      for (const client of [a.admin, a.manager]) {
        expectError(await client.get(`/api/customers/${theirs.id}`), 404, NOT_FOUND);
        expectError(
          await client.patch(`/api/customers/${theirs.id}`, { name: 'Hijacked', status: 'Past', contactFirstName: '' }),
          404,
          NOT_FOUND,
        );
        expectError(await client.patch(`/api/customers/${theirs.id}`, { name: 'Hijacked' }), 404, NOT_FOUND);
        expectError(await client.delete(`/api/customers/${theirs.id}`), 404, NOT_FOUND);
        expect((await list(client, 'filter=beta')).totalRecords).toBe(0);
        expect(await lookup(client, 'filter=beta')).toEqual([]);
      }
      expect((await b.admin.get(`/api/customers/${theirs.id}`)).body).toEqual(theirs);
      expect((await list(b.admin, 'filter=beta')).resultItems).toEqual([listed(theirs)]);
    });
  });
});
