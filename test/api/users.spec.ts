import { randomUUID } from 'node:crypto';
import {
  ApiClient,
  ApiResponse,
  expectError,
  startTestApp,
  TEST_PASSWORD,
  TestApp,
  TestOrganization,
} from '../support/app';
import { kitFor } from '../support/given';

/** Users administration over HTTP: GET /api/users/paged, POST /api/users, PATCH and DELETE /api/users/{id}. */
describe('users over HTTP', () => {
  let app: TestApp;
  /** Every response body of this suite, to check that no password (or its hash) ever leaves the server. */
  const seen: { what: string; body: unknown }[] = [];

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  const uniqueEmail = (name = 'user') => `${name}-${randomUUID().slice(0, 8)}@example.test`;

  async function call(client: ApiClient, method: string, path: string, body?: unknown): Promise<ApiResponse> {
    const response = await client.request(method, path, body);
    seen.push({ what: `${method} ${path}`, body: response.body });
    return response;
  }

  async function list(client: ApiClient, query = '') {
    const response = await call(client, 'GET', `/api/users/paged${query ? `?${query}` : ''}`);
    expect(response.status).toBe(200);
    return response.body as { resultItems: any[]; totalRecords: number };
  }

  const findUser = async (admin: ApiClient, id: string) =>
    (await list(admin, 'pageSize=1000')).resultItems.find((u) => u.id === id);

  describe('GET /api/users/paged', () => {
    let org: TestOrganization;
    beforeAll(async () => {
      org = await app.organization('Listing');
      // Adds to Ada (admin), Mona (manager) and Abe (associate): mixed case to show the sort ignores case.
      for (const [firstName, lastName, email] of [
        ['bella', 'Zimmer', uniqueEmail('bz')],
        ['Carl', 'young', uniqueEmail('cy')],
        ['zoe', 'Quill', `zoe.quill-${randomUUID().slice(0, 6)}@Quill-Mail.test`],
        ['Yusuf', 'Xander', uniqueEmail('yx')],
      ])
        await kitFor(org.admin).user({ firstName, lastName, email });
    });

    it('lists the organization sorted by firstName ascending (ignoring case) by default', async () => {
      const page = await list(org.admin);
      expect(page.totalRecords).toBe(7);
      expect(page.resultItems.map((u) => u.firstName)).toEqual(['Abe', 'Ada', 'bella', 'Carl', 'Mona', 'Yusuf', 'zoe']);
    });

    it('sorts descending with sortDir=desc', async () => {
      const page = await list(org.admin, 'sortDir=desc');
      expect(page.resultItems.map((u) => u.firstName)).toEqual(['zoe', 'Yusuf', 'Mona', 'Carl', 'bella', 'Ada', 'Abe']);
    });

    it('pages with currentPage and pageSize, totalRecords counting every match', async () => {
      const second = await list(org.admin, 'pageSize=3&currentPage=2');
      expect(second.totalRecords).toBe(7);
      expect(second.resultItems.map((u) => u.firstName)).toEqual(['Carl', 'Mona', 'Yusuf']);
      const last = await list(org.admin, 'pageSize=3&currentPage=3');
      expect(last.resultItems.map((u) => u.firstName)).toEqual(['zoe']);
      const beyond = await list(org.admin, 'pageSize=3&currentPage=4');
      expect(beyond).toEqual({ resultItems: [], totalRecords: 7 });
    });

    it('searches first name, last name and e-mail, ignoring case', async () => {
      const names = async (filter: string) =>
        (await list(org.admin, `filter=${encodeURIComponent(filter)}`)).resultItems.map((u) => u.firstName);
      expect(await names('BELLA')).toEqual(['bella']);
      expect(await names('xander')).toEqual(['Yusuf']);
      expect(await names('YOUNG')).toEqual(['Carl']);
      expect(await names('quill-mail')).toEqual(['zoe']);
      expect(await names(org.manager.email.toUpperCase())).toEqual(['Mona']);
      // several words must all match somewhere
      expect(await names('zoe quill')).toEqual(['zoe']);
      expect(await names('zoe young')).toEqual([]);
      const none = await list(org.admin, 'filter=nobody-like-this');
      expect(none).toEqual({ resultItems: [], totalRecords: 0 });
    });

    it('treats search text literally (no pattern syntax)', async () => {
      for (const filter of ['(', '.*', '[a-z]+', '\\']) {
        const page = await list(org.admin, `filter=${encodeURIComponent(filter)}`);
        expect(page.totalRecords).toBe(0);
      }
    });

    it('counts only the matches in totalRecords when searching and paging', async () => {
      const page = await list(org.admin, 'filter=a&pageSize=2');
      const all = await list(org.admin, 'filter=a&pageSize=1000');
      expect(page.resultItems).toHaveLength(2);
      expect(page.totalRecords).toBe(all.resultItems.length);
    });

    it('shows each user with the fields the Users table needs', async () => {
      const page = await list(org.admin, `filter=${encodeURIComponent(org.associate.email)}`);
      expect(page.resultItems).toEqual([
        {
          id: org.associate.userId,
          firstName: 'Abe',
          lastName: 'Associate',
          fullName: 'Abe Associate',
          email: org.associate.email,
          employeeId: null,
          organizationId: org.organizationId,
          colorCode: '#0D1B41',
          phoneNumber: null,
          roles: ['Associate'],
          active: true,
          profilePictureUrl: null,
        },
      ]);
    });

    it('refuses bad paging values with a message', async () => {
      expectError(await call(org.admin, 'GET', '/api/users/paged?pageSize=0'), 400, 'pageSize must be 1 or more');
      expectError(await call(org.admin, 'GET', '/api/users/paged?currentPage=0'), 400, 'currentPage must be 1 or more');
      expectError(
        await call(org.admin, 'GET', '/api/users/paged?sortDir=sideways'),
        400,
        'sortDir must be asc or desc',
      );
    });

    it('hides inactive users with hideInactive=true, and shows them otherwise', async () => {
      const other = await app.organization('Inactive');
      const gone = await kitFor(other.admin).user({ firstName: 'Ina', lastName: 'Active' });
      expect((await call(other.admin, 'PATCH', `/api/users/${gone.id}`, { active: false })).status).toBe(200);
      const all = await list(other.admin);
      expect(all.totalRecords).toBe(4);
      expect(all.resultItems.find((u) => u.id === gone.id)).toMatchObject({ active: false });
      expect((await list(other.admin, 'hideInactive=false')).totalRecords).toBe(4);
      const active = await list(other.admin, 'hideInactive=true');
      expect(active.totalRecords).toBe(3);
      expect(active.resultItems.map((u) => u.id)).not.toContain(gone.id);
    });

    it('pages 50 users at a time by default', async () => {
      const big = await app.organization('Big');
      const extra = 50; // 3 + 50 = 53 users
      for (let i = 0; i < extra; i += 10) {
        await Promise.all(
          Array.from({ length: Math.min(10, extra - i) }, (_, k) =>
            kitFor(big.admin).user({ firstName: `User${String(i + k).padStart(2, '0')}`, lastName: 'Many' }),
          ),
        );
      }
      const first = await list(big.admin);
      expect(first.totalRecords).toBe(53);
      expect(first.resultItems).toHaveLength(50);
      const second = await list(big.admin, 'currentPage=2');
      expect(second.resultItems).toHaveLength(3);
      const ids = new Set([...first.resultItems, ...second.resultItems].map((u) => u.id));
      expect(ids.size).toBe(53);
    });
  });

  describe('POST /api/users', () => {
    let org: TestOrganization;
    beforeAll(async () => {
      org = await app.organization('Create');
    });

    const valid = () => ({
      firstName: 'Nora',
      lastName: 'New',
      email: uniqueEmail('nora'),
      password: TEST_PASSWORD,
      roles: ['Associate'],
    });

    it('creates a user who can then sign in, with the e-mail stored in lower case and the default colour #0D1B41', async () => {
      const email = uniqueEmail('Nora.New').toUpperCase();
      const created = await call(org.admin, 'POST', '/api/users', {
        firstName: 'Pat',
        lastName: 'Person',
        email: `  ${email} `,
        password: TEST_PASSWORD,
        roles: ['Associate'],
        employeeId: 'E-42',
        phoneNumber: '(555) 123-4567',
      });
      expect({ status: created.status, body: created.body }).toEqual({
        status: 201,
        body: { success: true, data: { id: expect.any(String) } },
      });
      const { id } = created.body.data;
      const user = await findUser(org.admin, id);
      expect(user).toMatchObject({
        id,
        firstName: 'Pat',
        lastName: 'Person',
        fullName: 'Pat Person',
        email: email.toLowerCase(),
        employeeId: 'E-42',
        phoneNumber: '(555) 123-4567',
        colorCode: '#0D1B41',
        roles: ['Associate'],
        active: true,
        organizationId: org.organizationId,
      });
      const session = await (
        await new ApiClient(app.url).signIn(email.toLowerCase(), TEST_PASSWORD)
      ).get('/api/session');
      expect(session.body.user.id).toBe(id);
    });

    it('keeps a chosen colour, in upper case', async () => {
      const { id } = await kitFor(org.admin).user({ colorCode: '#e2435b' });
      expect((await findUser(org.admin, id)).colorCode).toBe('#E2435B');
    });

    it('makes a user an Associate when no role is given', async () => {
      const { roles: _roles, ...withoutRole } = valid();
      const response = await call(org.admin, 'POST', '/api/users', withoutRole);
      expect(response.status).toBe(201);
      expect((await findUser(org.admin, response.body.data.id)).roles).toEqual(['Associate']);
      const emptyList = await call(org.admin, 'POST', '/api/users', { ...valid(), roles: [] });
      expect(emptyList.status).toBe(201);
      expect((await findUser(org.admin, emptyList.body.data.id)).roles).toEqual(['Associate']);
    });

    it('accepts the role as `roles` (a one-item list) or `role`', async () => {
      const manager = await kitFor(org.admin).user({ roles: ['Customer Manager'] });
      expect((await findUser(org.admin, manager.id)).roles).toEqual(['Customer Manager']);
      const admin = await kitFor(org.admin).user({ role: 'Company Admin' });
      expect((await findUser(org.admin, admin.id)).roles).toEqual(['Company Admin']);
      const signedIn = await new ApiClient(app.url).signIn(admin.email, TEST_PASSWORD);
      expect((await signedIn.get('/api/session')).body.claims).toEqual([
        'jobs.crud',
        'customers.crud',
        'reports.read',
        'users.crud',
        'settings.crud',
        'audit.read',
      ]);
    });

    it.each([
      ['no first name', { firstName: undefined }, 'First name is required'],
      ['a blank first name', { firstName: '   ' }, 'First name is required'],
      ['no last name', { lastName: undefined }, 'Last name is required'],
      ['a blank last name', { lastName: '' }, 'Last name is required'],
      ['no e-mail', { email: undefined }, 'Email is required'],
      ['a blank e-mail', { email: ' ' }, 'Email is required'],
      ['an invalid e-mail', { email: 'nora-at-example.test' }, 'Email must be a valid email address'],
      ['an e-mail without a domain', { email: 'nora@localhost' }, 'Email must be a valid email address'],
      ['no password', { password: undefined }, 'Password is required'],
      ['an empty password', { password: '' }, 'Password is required'],
      ['a short password', { password: 'short' }, 'Password must be at least 8 characters long'],
      ['an unknown role', { roles: ['Owner'] }, 'Role must be Associate, Company Admin or Customer Manager'],
      [
        'an unknown role given as `role`',
        { roles: undefined, role: 'Owner' },
        'Role must be Associate, Company Admin or Customer Manager',
      ],
      ['an empty role', { roles: [''] }, 'Role must be Associate, Company Admin or Customer Manager'],
      ['a colour that is not #rrggbb', { colorCode: 'navy' }, 'Colour must be a hex colour such as #0D1B41'],
      [
        'a phone number without 10 digits',
        { phoneNumber: '555-1234' },
        'Phone number must have 10 digits, as (###) ###-####',
      ],
    ])('refuses %s with 400 and the message', async (_what, fields, message) => {
      const before = (await list(org.admin, 'pageSize=1000')).totalRecords;
      const response = await call(org.admin, 'POST', '/api/users', { ...valid(), ...fields });
      expectError(response, 400, message);
      expect((await list(org.admin, 'pageSize=1000')).totalRecords).toBe(before);
    });

    it('names the first problem in the order of the form', async () => {
      const response = await call(org.admin, 'POST', '/api/users', { email: 'bad', password: 'x' });
      expectError(response, 400, 'First name is required');
    });

    it('refuses an e-mail another user has, whatever its case, with 409', async () => {
      const taken = await kitFor(org.admin).user();
      const again = await call(org.admin, 'POST', '/api/users', {
        ...valid(),
        email: ` ${taken.email.toUpperCase()} `,
      });
      expectError(again, 409, 'A user with this email already exists.');
      expect((await list(org.admin, `filter=${encodeURIComponent(taken.email)}`)).totalRecords).toBe(1);
    });

    it('adds a user whose e-mail another organization uses, exactly as with a free one (addresses are unique per organization)', async () => {
      const other = await app.organization('Elsewhere');
      const response = await call(other.admin, 'POST', '/api/users', { ...valid(), email: org.associate.email });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ success: true, data: { id: expect.any(String) } });
    });

    it('refused creations leave the e-mail free', async () => {
      const email = uniqueEmail('retry');
      expectError(
        await call(org.admin, 'POST', '/api/users', { ...valid(), email, password: 'short' }),
        400,
        'Password must be at least 8 characters long',
      );
      expect((await call(org.admin, 'POST', '/api/users', { ...valid(), email })).status).toBe(201);
    });

    it('drops fields it does not know, and ignores an organizationId in the body', async () => {
      const other = await app.organization('Target');
      const response = await call(org.admin, 'POST', '/api/users', {
        ...valid(),
        organizationId: other.organizationId,
        active: false,
        id: randomUUID(),
        isAdmin: true,
      });
      expect(response.status).toBe(201);
      const user = await findUser(org.admin, response.body.data.id);
      expect(user).toMatchObject({ organizationId: org.organizationId, active: true });
      expect((await list(other.admin, 'pageSize=1000')).resultItems.map((u) => u.id)).not.toContain(
        response.body.data.id,
      );
    });
  });

  describe('PATCH /api/users/{id}', () => {
    let org: TestOrganization;
    beforeAll(async () => {
      org = await app.organization('Edit');
    });

    it('changes the details and keeps the rest', async () => {
      const { id } = await kitFor(org.admin).user({ firstName: 'Old', lastName: 'Name', phoneNumber: '5551234567' });
      const response = await call(org.admin, 'PATCH', `/api/users/${id}`, {
        firstName: ' New ',
        lastName: 'Surname',
        employeeId: 'E7',
        colorCode: '#123abc',
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true });
      expect(await findUser(org.admin, id)).toMatchObject({
        firstName: 'New',
        lastName: 'Surname',
        fullName: 'New Surname',
        employeeId: 'E7',
        colorCode: '#123ABC',
        phoneNumber: '5551234567',
        roles: ['Associate'],
        active: true,
      });
    });

    it('refuses invalid details with the same messages as on create, and changes nothing', async () => {
      const { id } = await kitFor(org.admin).user({ firstName: 'Stay' });
      for (const [fields, message] of [
        [{ firstName: '' }, 'First name is required'],
        [{ lastName: '  ' }, 'Last name is required'],
        [{ email: '' }, 'Email is required'],
        [{ email: 'not-an-email' }, 'Email must be a valid email address'],
        [{ roles: ['Owner'] }, 'Role must be Associate, Company Admin or Customer Manager'],
      ] as [Record<string, unknown>, string][]) {
        expectError(
          await call(org.admin, 'PATCH', `/api/users/${id}`, { firstName: 'Changed', ...fields }),
          400,
          message,
        );
      }
      expect((await findUser(org.admin, id)).firstName).toBe('Stay');
    });

    it("refuses null for a field a user must have with that field's message, and clears the optional ones", async () => {
      const { id, email } = await kitFor(org.admin).user({
        firstName: 'Keep',
        phoneNumber: '5551234567',
        employeeId: 'E1',
      });
      for (const [fields, message] of [
        [{ email: null }, 'Email is required'],
        [{ firstName: null }, 'First name is required'],
        [{ lastName: null }, 'Last name is required'],
        [{ colorCode: null }, 'Colour must be a hex colour such as #0D1B41'],
        [{ roles: null }, 'Role must be Associate, Company Admin or Customer Manager'],
        [{ role: null }, 'Role must be Associate, Company Admin or Customer Manager'],
      ] as [Record<string, unknown>, string][]) {
        expectError(await call(org.admin, 'PATCH', `/api/users/${id}`, fields), 400, message);
      }
      expect(await findUser(org.admin, id)).toMatchObject({
        firstName: 'Keep',
        email,
        phoneNumber: '5551234567',
        employeeId: 'E1',
        roles: ['Associate'],
      });
      expect((await call(org.admin, 'PATCH', `/api/users/${id}`, { phoneNumber: null, employeeId: null })).status).toBe(
        200,
      );
      expect(await findUser(org.admin, id)).toMatchObject({ phoneNumber: null, employeeId: null });
    });

    it("changes a user's role, and their claims follow at once", async () => {
      const { id, email } = await kitFor(org.admin).user();
      const them = await new ApiClient(app.url).signIn(email, TEST_PASSWORD);
      expect((await them.get('/api/users/paged')).status).toBe(403);
      expect((await call(org.admin, 'PATCH', `/api/users/${id}`, { roles: ['Company Admin'] })).status).toBe(200);
      expect((await findUser(org.admin, id)).roles).toEqual(['Company Admin']);
      expect((await them.get('/api/session')).body.claims).toContain('users.crud');
      expect((await them.get('/api/users/paged')).status).toBe(200);
      expect((await call(org.admin, 'PATCH', `/api/users/${id}`, { role: 'Customer Manager' })).status).toBe(200);
      expect((await them.get('/api/users/paged')).status).toBe(403);
      expect((await them.get('/api/session')).body.roles).toEqual(['Customer Manager']);
    });

    it('changes the e-mail: the user signs in with the new one, and the old one is free for someone else', async () => {
      const { id, email: oldEmail } = await kitFor(org.admin).user();
      const newEmail = uniqueEmail('moved');
      expect((await call(org.admin, 'PATCH', `/api/users/${id}`, { email: newEmail.toUpperCase() })).status).toBe(200);
      expect((await findUser(org.admin, id)).email).toBe(newEmail);
      await new ApiClient(app.url).signIn(newEmail, TEST_PASSWORD);
      expect((await app.client().post('/account/login', { username: oldEmail, password: TEST_PASSWORD })).status).toBe(
        401,
      );
      const successor = await kitFor(org.admin).user({ email: oldEmail, firstName: 'Successor' });
      expect(successor.id).not.toBe(id);
      // …and the new address is held: nobody else can take it.
      expectError(
        await call(org.admin, 'POST', '/api/users', {
          firstName: 'X',
          lastName: 'Y',
          email: newEmail,
          password: TEST_PASSWORD,
        }),
        409,
        'A user with this email already exists.',
      );
    });

    it('refuses an e-mail another user holds with 409, and changes nothing', async () => {
      const a = await kitFor(org.admin).user({ firstName: 'Keep' });
      const b = await kitFor(org.admin).user();
      expectError(
        await call(org.admin, 'PATCH', `/api/users/${a.id}`, { email: b.email, firstName: 'Changed' }),
        409,
        'A user with this email already exists.',
      );
      expect(await findUser(org.admin, a.id)).toMatchObject({ email: a.email, firstName: 'Keep' });
      await new ApiClient(app.url).signIn(a.email, TEST_PASSWORD);
    });

    it('keeps the new address free when the rest of the change is refused', async () => {
      const a = await kitFor(org.admin).user();
      const wanted = uniqueEmail('wanted');
      expectError(
        await call(org.admin, 'PATCH', `/api/users/${a.id}`, { email: wanted, firstName: '' }),
        400,
        'First name is required',
      );
      expect((await findUser(org.admin, a.id)).email).toBe(a.email);
      await kitFor(org.admin).user({ email: wanted });
    });

    it('deactivating a user ends their sessions at once, and they cannot sign in until reactivated', async () => {
      const { id, email } = await kitFor(org.admin).user();
      const them = await new ApiClient(app.url).signIn(email, TEST_PASSWORD);
      const second = await new ApiClient(app.url).signIn(email, TEST_PASSWORD);
      expect((await them.get('/api/session')).status).toBe(200);
      expect((await call(org.admin, 'PATCH', `/api/users/${id}`, { active: false })).status).toBe(200);
      const after = await them.get('/api/profile');
      expect(after.status).toBe(401);
      expect(after.body).toEqual({ success: false, errors: [expect.any(String)] });
      expect((await second.get('/api/session')).status).toBe(401);
      expect((await findUser(org.admin, id)).active).toBe(false);
      const refused = await app.client().post('/account/login', { username: email, password: TEST_PASSWORD });
      expectError(refused, 403, 'Your account is inactive. Contact your company administrator.');
      // deactivating again changes nothing
      expect((await call(org.admin, 'PATCH', `/api/users/${id}`, { active: false })).status).toBe(200);
      expect((await call(org.admin, 'PATCH', `/api/users/${id}`, { active: true })).status).toBe(200);
      expect((await findUser(org.admin, id)).active).toBe(true);
      await new ApiClient(app.url).signIn(email, TEST_PASSWORD);
    });

    it('an inactive user can still be edited', async () => {
      const { id } = await kitFor(org.admin).user();
      expect((await call(org.admin, 'PATCH', `/api/users/${id}`, { active: false })).status).toBe(200);
      expect((await call(org.admin, 'PATCH', `/api/users/${id}`, { lastName: 'Dormant' })).status).toBe(200);
      expect(await findUser(org.admin, id)).toMatchObject({ lastName: 'Dormant', active: false });
    });

    it('refuses to deactivate yourself or change your own role', async () => {
      expectError(
        await call(org.admin, 'PATCH', `/api/users/${org.admin.userId}`, { active: false }),
        403,
        'You cannot deactivate your own account.',
      );
      expectError(
        await call(org.admin, 'PATCH', `/api/users/${org.admin.userId}`, { roles: ['Associate'] }),
        403,
        'You cannot change your own role.',
      );
      expect((await org.admin.get('/api/session')).body.claims).toContain('users.crud');
      // other changes to yourself are fine
      expect(
        (
          await call(org.admin, 'PATCH', `/api/users/${org.admin.userId}`, {
            phoneNumber: '(555) 000-1111',
            active: true,
            roles: ['Company Admin'],
          })
        ).status,
      ).toBe(200);
    });

    it('answers 404 for an unknown id, a malformed id, and a deleted user', async () => {
      expectError(
        await call(org.admin, 'PATCH', `/api/users/${randomUUID()}`, { firstName: 'Ghost' }),
        404,
        'The user was not found.',
      );
      expectError(
        await call(org.admin, 'PATCH', '/api/users/not-a-uuid', { firstName: 'Ghost' }),
        404,
        'The user was not found.',
      );
      expectError(
        await call(org.admin, 'PATCH', '/api/users/%E0%A4%A', { firstName: 'Ghost' }),
        400,
        'This address could not be read: it has a malformed % escape. Check the link and try again.',
      );
      const { id } = await kitFor(org.admin).user();
      expect((await call(org.admin, 'DELETE', `/api/users/${id}`)).status).toBe(200);
      expectError(
        await call(org.admin, 'PATCH', `/api/users/${id}`, { firstName: 'Ghost' }),
        404,
        'The user was not found.',
      );
    });
  });

  describe('DELETE /api/users/{id}', () => {
    let org: TestOrganization;
    beforeAll(async () => {
      org = await app.organization('Delete');
    });

    it('deletes a user: their sessions end at once, they leave the list, and the e-mail can be used again', async () => {
      const { id, email } = await kitFor(org.admin).user({ firstName: 'Doomed' });
      const them = await new ApiClient(app.url).signIn(email, TEST_PASSWORD);
      const response = await call(org.admin, 'DELETE', `/api/users/${id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true });
      expect((await them.get('/api/session')).status).toBe(401);
      const page = await list(org.admin, 'pageSize=1000');
      expect(page.resultItems.map((u) => u.id)).not.toContain(id);
      expect((await list(org.admin, 'filter=Doomed')).totalRecords).toBe(0);
      expect((await app.client().post('/account/login', { username: email, password: TEST_PASSWORD })).status).toBe(
        401,
      );
      const reborn = await kitFor(org.admin).user({ email, firstName: 'Reborn' });
      expect(reborn.id).not.toBe(id);
      const signedIn = await new ApiClient(app.url).signIn(email, TEST_PASSWORD);
      expect((await signedIn.get('/api/session')).body.user).toMatchObject({ id: reborn.id, firstName: 'Reborn' });
    });

    it('deletes an inactive user', async () => {
      const { id } = await kitFor(org.admin).user();
      await call(org.admin, 'PATCH', `/api/users/${id}`, { active: false });
      expect((await call(org.admin, 'DELETE', `/api/users/${id}`)).status).toBe(200);
      expect(await findUser(org.admin, id)).toBeUndefined();
    });

    it('answers 404 when deleting twice, an unknown id or a malformed id', async () => {
      const { id } = await kitFor(org.admin).user();
      expect((await call(org.admin, 'DELETE', `/api/users/${id}`)).status).toBe(200);
      expectError(await call(org.admin, 'DELETE', `/api/users/${id}`), 404, 'The user was not found.');
      expectError(await call(org.admin, 'DELETE', `/api/users/${randomUUID()}`), 404, 'The user was not found.');
      expectError(await call(org.admin, 'DELETE', '/api/users/..%2F..%2Fetc'), 404, 'The user was not found.');
    });

    it('refuses to delete yourself', async () => {
      expectError(
        await call(org.admin, 'DELETE', `/api/users/${org.admin.userId}`),
        403,
        'You cannot delete your own account.',
      );
      expect((await org.admin.get('/api/session')).status).toBe(200);
    });
  });

  it('refuses an active flag that is not true or false, and keeps the user signed in', async () => {
    const org = await app.organization();
    for (const active of [null, 'maybe', 0]) {
      const r = await org.admin.patch(`/api/users/${org.associate.userId}`, { active });
      if (active === null) {
        expect(r.status).toBe(200); // null means "not given"
      } else {
        expect({ active, status: r.status, body: r.body }).toEqual({
          active,
          status: 400,
          body: { success: false, errors: ['Active must be true or false'] },
        });
      }
      expect((await org.associate.get('/api/session')).status).toBe(200);
    }
  });

  it("answers a field of the wrong type with our own message, not the framework's", async () => {
    const org = await app.organization();
    const r = await org.admin.post('/api/users', {
      firstName: 42,
      lastName: 'B',
      email: `x-${randomUUID()}@example.test`,
      password: TEST_PASSWORD,
    });
    expect(r.body.errors[0]).toBe('First name is required');
    const e = await org.admin.post('/api/users', { firstName: 'A', lastName: 'B', email: 42, password: TEST_PASSWORD });
    expect(e.body.errors[0]).toBe('Email is required');
    const t = await org.admin.patch('/api/organization/settings', { timeZone: 5 });
    expect(t.body.errors[0]).toBe('Time zone is required');
    const long = await org.admin.patch('/api/organization/settings', { name: 'x'.repeat(250) });
    expect(long.body.errors[0]).toBe('Organization name must be at most 200 characters');
  });

  it('says a page number must be a whole number before anything else', async () => {
    const org = await app.organization();
    expect((await org.admin.get('/api/users/paged?pageSize=ten')).body.errors).toEqual([
      'pageSize must be a whole number',
    ]);
    expect((await org.admin.get('/api/users/paged?currentPage=first')).body.errors).toEqual([
      'currentPage must be a whole number',
    ]);
    expect((await org.admin.get('/api/users/paged?pageSize=5000')).body.errors).toEqual([
      'pageSize must be at most 1000',
    ]);
  });

  it('lists active employees for the schedule to anyone who schedules jobs, by name', async () => {
    const org = await app.organization();
    await org.admin.patch(`/api/users/${org.associate.userId}`, { active: false });
    const lookup = await org.manager.get('/api/users/lookup');
    expect(lookup.status).toBe(200);
    expect(lookup.body.map((u: { fullName: string }) => u.fullName)).toEqual(['Ada Admin', 'Mona Customer']);
    expect(lookup.body[0]).toEqual({
      id: org.admin.userId,
      fullName: 'Ada Admin',
      colorCode: '#0D1B41',
      profilePictureUrl: null,
    });
    const associate = await app.client().signIn((await app.organization()).associate.email, TEST_PASSWORD);
    expect((await associate.get('/api/users/lookup')).status).toBe(403);
  });

  it('never shows a password or its hash in any response', async () => {
    const org = await app.organization('Secrets');
    const created = await call(org.admin, 'POST', '/api/users', {
      firstName: 'Pat',
      lastName: 'Person',
      email: uniqueEmail(),
      password: 'very-secret-password',
    });
    expect(created.status).toBe(201);
    const { id } = created.body.data;
    await call(org.admin, 'PATCH', `/api/users/${id}`, { firstName: 'Renamed', password: 'another-secret-pass' });
    await call(org.admin, 'GET', '/api/users/paged');
    await call(org.admin, 'GET', '/api/session');
    await call(org.admin, 'GET', '/api/profile');
    expect(seen.length).toBeGreaterThan(4);
    for (const { what, body } of seen) {
      const text = JSON.stringify(body);
      expect({
        what,
        leaks: /"password(Hash)?"\s*:|scrypt\$|very-secret-password|another-secret-pass|correct-horse-battery/i.test(
          text,
        ),
      }).toEqual({ what, leaks: false });
    }
    // PATCH drops a password: it is not how a password changes, and the old one still works.
    const user = await findUser(org.admin, id);
    await new ApiClient(app.url).signIn(user.email, 'very-secret-password');
  });
});
