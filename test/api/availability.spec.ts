import { randomUUID } from 'node:crypto';
import { io, Socket } from 'socket.io-client';
import type { ServerToClientEvents } from '../../src/shared/client-events';
import { ApiClient, expectError, startTestApp, TestApp, TestOrganization } from '../support/app';
import { kitFor } from '../support/given';
import { PUSH_WITHIN_MS } from '../support/sockets';

/**
 * Employee weekly availability over HTTP: GET /api/employee-availability/user/{userId},
 * PATCH /api/employee-availability/{userId}, GET /api/employee-availability/date-filter/users.
 */
describe('employee availability over HTTP', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  const userUrl = (userId: string) => `/api/employee-availability/user/${userId}`;
  const saveUrl = (userId: string) => `/api/employee-availability/${userId}`;
  const filterUrl = (startDate?: string, endDate?: string) => {
    const query = new URLSearchParams();
    if (startDate !== undefined) query.set('startDate', startDate);
    if (endDate !== undefined) query.set('endDate', endDate);
    return `/api/employee-availability/date-filter/users?${query}`;
  };
  const entry = (weekDay: string, startTime: string, endTime: string, id?: string) => ({
    ...(id ? { id } : {}),
    weekDay,
    startTime,
    endTime,
  });
  const nineToFive = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((d) => entry(d, '08:00', '17:00'));

  async function save(client: ApiClient, userId: string, body: unknown) {
    const response = await client.patch(saveUrl(userId), body);
    expect({ status: response.status, body: response.body }).toEqual({
      status: 200,
      body: { success: true, data: expect.any(Array) },
    });
    return response.body.data as any[];
  }

  describe("GET and PATCH of a user's week", () => {
    let org: TestOrganization;
    beforeAll(async () => {
      org = await app.organization('Week');
    });

    it('answers an empty list for a user who never saved a week, and says so in X-Availability-Saved', async () => {
      const response = await org.admin.get(userUrl(org.associate.userId));
      expect(response.status).toBe(200);
      expect(response.body).toEqual([]);
      expect(response.headers.get('x-availability-saved')).toBe('false');
    });

    it('saves a list of availabilities and lists them Monday first, by start time, with ids and the user id', async () => {
      const userId = org.associate.userId;
      const data = await save(org.admin, userId, [
        entry('Wednesday', '13:00', '17:00'),
        entry('Monday', '08:00', '17:00'),
        entry('wednesday', '8:00', '12:00'),
      ]);
      const response = await org.admin.get(userUrl(userId));
      expect(response.status).toBe(200);
      expect(response.headers.get('x-availability-saved')).toBe('true');
      expect(response.body).toEqual([
        { id: expect.any(String), weekDay: 'Monday', userId, startTime: '08:00', endTime: '17:00' },
        { id: expect.any(String), weekDay: 'Wednesday', userId, startTime: '08:00', endTime: '12:00' },
        { id: expect.any(String), weekDay: 'Wednesday', userId, startTime: '13:00', endTime: '17:00' },
      ]);
      expect(data).toEqual(response.body);
      expect(new Set(response.body.map((e: any) => e.id)).size).toBe(3);
    });

    it('accepts { availabilities: [...] } as well, and replaces the whole week', async () => {
      const userId = org.manager.userId;
      await save(org.admin, userId, [entry('Friday', '06:00', '10:00')]);
      const data = await save(org.admin, userId, { availabilities: [entry('Saturday', '09:00', '24:00')] });
      expect(data).toEqual([
        { id: expect.any(String), weekDay: 'Saturday', userId, startTime: '09:00', endTime: '24:00' },
      ]);
      expect((await org.manager.get('/api/profile')).status).toBe(200);
    });

    it('keeps the ids of entries sent back, and gives new entries new ids', async () => {
      const { id: userId } = await kitFor(org.admin).user({ firstName: 'Ida', lastName: 'Ids' });
      const first = await save(org.admin, userId, [entry('Monday', '08:00', '12:00')]);
      const second = await save(org.admin, userId, [
        { ...first[0], endTime: '13:00' },
        entry('Tuesday', '08:00', '12:00'),
      ]);
      expect(second[0]).toEqual({ ...first[0], endTime: '13:00' });
      expect(second[1].id).not.toBe(first[0].id);
      // Saved again without ids: same week, same ids.
      const third = await save(
        org.admin,
        userId,
        second.map(({ id: _id, ...rest }) => rest),
      );
      expect(third).toEqual(second);
    });

    it('saves an empty week (then the user is saved as not available at all)', async () => {
      const { id: userId } = await kitFor(org.admin).user({ firstName: 'Emma', lastName: 'Empty' });
      expect(await save(org.admin, userId, [])).toEqual([]);
      const response = await org.admin.get(userUrl(userId));
      expect(response.body).toEqual([]);
      expect(response.headers.get('x-availability-saved')).toBe('true');
    });

    it('works for an inactive user', async () => {
      const { id: userId } = await kitFor(org.admin).user({ firstName: 'Ina', lastName: 'Active' });
      expect((await org.admin.patch(`/api/users/${userId}`, { active: false })).status).toBe(200);
      expect(await save(org.admin, userId, [entry('Monday', '08:00', '17:00')])).toHaveLength(1);
    });

    it.each([
      [
        'an end before the start',
        [entry('Monday', '17:00', '08:00')],
        'The end time must be after the start time on Monday',
      ],
      [
        'overlapping entries',
        [entry('Tuesday', '08:00', '12:00'), entry('Tuesday', '11:00', '14:00')],
        'Availability entries on Tuesday overlap',
      ],
      [
        'an unknown day',
        [entry('Someday', '08:00', '17:00')],
        'Week day must be Monday, Tuesday, Wednesday, Thursday, Friday, Saturday or Sunday',
      ],
      [
        'a time that is not a time',
        [entry('Monday', 'noon', '17:00')],
        'The start time on Monday must be a time such as 08:00',
      ],
      [
        'a time off the 15-minute grid',
        [entry('Friday', '08:05', '17:00')],
        'Times on Friday must be on a 15-minute step (:00, :15, :30 or :45)',
      ],
      ['a missing start time', [{ weekDay: 'Monday', endTime: '17:00' }], 'Start time is required'],
      ['a missing week day', [{ startTime: '08:00', endTime: '17:00' }], 'Week day is required'],
      ['a number for a time', [{ weekDay: 'Monday', startTime: 800, endTime: '17:00' }], 'Start time is required'],
      [
        'an entry that is not an object',
        ['Monday 8-17'],
        'Each availability must have a weekDay, a startTime and an endTime',
      ],
      ['a null entry', [null], 'Each availability must have a weekDay, a startTime and an endTime'],
      [
        'a body that is not a list',
        { weekDay: 'Monday', startTime: '08:00', endTime: '17:00' },
        'Send a list of availabilities',
      ],
      ['an empty body', {}, 'Send a list of availabilities'],
      ['availabilities that are not a list', { availabilities: 'all week' }, 'Send a list of availabilities'],
      [
        'more than 100 entries',
        Array.from({ length: 101 }, (_, i) => entry('Monday', '00:00', '00:15', String(i))),
        'Send at most 100 availabilities',
      ],
    ])('refuses %s with 400 and the message, and changes nothing', async (_what, body, message) => {
      const userId = org.associate.userId;
      const before = (await org.admin.get(userUrl(userId))).body;
      expectError(await org.admin.patch(saveUrl(userId), body), 400, message);
      expect((await org.admin.get(userUrl(userId))).body).toEqual(before);
    });

    it('drops fields it does not know, including a userId in an entry', async () => {
      const { id: other } = await kitFor(org.admin).user({ firstName: 'Otto', lastName: 'Other' });
      const { id: userId } = await kitFor(org.admin).user({ firstName: 'Dora', lastName: 'Drop' });
      const data = await save(org.admin, userId, [
        { ...entry('Monday', '08:00', '09:00'), userId: other, organizationId: randomUUID(), colour: 'red' },
      ]);
      expect(data).toEqual([
        { id: expect.any(String), weekDay: 'Monday', userId, startTime: '08:00', endTime: '09:00' },
      ]);
      expect((await org.admin.get(userUrl(other))).body).toEqual([]);
    });

    it('answers 404 for an unknown id, a malformed id and a deleted user', async () => {
      for (const id of [randomUUID(), 'not-a-uuid']) {
        expectError(await org.admin.get(userUrl(id)), 404, 'The user was not found.');
        expectError(
          await org.admin.patch(saveUrl(id), [entry('Monday', '08:00', '17:00')]),
          404,
          'The user was not found.',
        );
      }
      const { id: gone } = await kitFor(org.admin).user({ firstName: 'Del', lastName: 'Eted' });
      expect((await org.admin.delete(`/api/users/${gone}`)).status).toBe(200);
      expectError(await org.admin.get(userUrl(gone)), 404, 'The user was not found.');
      expectError(await org.admin.patch(saveUrl(gone), []), 404, 'The user was not found.');
    });

    it("answers 404 for another organization's user, to reading and to saving, and changes nothing there", async () => {
      const other = await app.organization('Elsewhere');
      await save(other.admin, other.associate.userId, [entry('Monday', '08:00', '17:00')]);
      const before = (await other.admin.get(userUrl(other.associate.userId))).body;
      expectError(await org.admin.get(userUrl(other.associate.userId)), 404, 'The user was not found.');
      expectError(await org.manager.get(userUrl(other.associate.userId)), 404, 'The user was not found.');
      expectError(
        await org.admin.patch(saveUrl(other.associate.userId), [entry('Sunday', '00:00', '24:00')]),
        404,
        'The user was not found.',
      );
      expect((await other.admin.get(userUrl(other.associate.userId))).body).toEqual(before);
    });
  });

  describe('claims', () => {
    let org: TestOrganization;
    beforeAll(async () => {
      org = await app.organization('Claims');
    });
    const slot = filterUrl('2025-06-02T13:00:00Z', '2025-06-02T14:00:00Z');

    it('refuses an Associate every call with 403, even about themselves', async () => {
      for (const response of [
        await org.associate.get(userUrl(org.associate.userId)),
        await org.associate.patch(saveUrl(org.associate.userId), [entry('Monday', '08:00', '17:00')]),
        await org.associate.get(slot),
      ])
        expectError(response, 403, 'You do not have permission to do this.');
      expect((await org.admin.get(userUrl(org.associate.userId))).body).toEqual([]);
    });

    it('lets a Customer Manager (jobs.crud) read a week and the date filter, but not save a week (users.crud)', async () => {
      expect((await org.manager.get(userUrl(org.associate.userId))).status).toBe(200);
      expect((await org.manager.get(slot)).status).toBe(200);
      expectError(
        await org.manager.patch(saveUrl(org.associate.userId), [entry('Monday', '08:00', '17:00')]),
        403,
        'You do not have permission to do this.',
      );
    });

    it('lets a Company Admin do all three', async () => {
      expect((await org.admin.patch(saveUrl(org.associate.userId), [entry('Monday', '08:00', '17:00')])).status).toBe(
        200,
      );
      expect((await org.admin.get(userUrl(org.associate.userId))).status).toBe(200);
      expect((await org.admin.get(slot)).status).toBe(200);
    });

    it('answers 401 without a session, and 403 to a save without the CSRF token', async () => {
      expect((await app.client().get(userUrl(org.associate.userId))).status).toBe(401);
      const noToken = await org.admin.request('PATCH', saveUrl(org.associate.userId), [], { 'x-csrf-token': '' });
      expect(noToken.status).toBe(403);
    });
  });

  describe('GET working-hours', () => {
    it("opens calendars at 7:00 until staff save hours, then at the hour the earliest active staff member's hours begin", async () => {
      const org = await app.organization('Working hours');
      for (const client of [org.associate, org.manager, org.admin])
        expect((await client.get('/api/employee-availability/working-hours')).body).toEqual({
          startTime: '07:00',
          endTime: '17:00',
        });
      const { id: early } = await kitFor(org.admin).user({ firstName: 'Erin', lastName: 'Early' });
      await org.admin.patch(saveUrl(org.associate.userId), [entry('Monday', '09:00', '17:00')]);
      // A whole day says nothing of when work starts.
      await org.admin.patch(saveUrl(org.manager.userId), [entry('Tuesday', '00:00', '24:00')]);
      expect((await org.associate.get('/api/employee-availability/working-hours')).body).toEqual({
        startTime: '09:00',
        endTime: '17:00',
      });
      await org.admin.patch(saveUrl(early), [entry('Saturday', '06:30', '12:00')]);
      expect((await org.associate.get('/api/employee-availability/working-hours')).body).toEqual({
        startTime: '06:00',
        endTime: '17:00',
      });
      // An inactive employee's hours no longer count.
      expect((await org.admin.patch(`/api/users/${early}`, { active: false })).status).toBe(200);
      expect((await org.manager.get('/api/employee-availability/working-hours')).body).toEqual({
        startTime: '09:00',
        endTime: '17:00',
      });
      // The latest end, up to the next hour, is where the working day ends.
      await org.admin.patch(saveUrl(org.associate.userId), [entry('Monday', '09:00', '19:30')]);
      expect((await org.manager.get('/api/employee-availability/working-hours')).body).toEqual({
        startTime: '09:00',
        endTime: '20:00',
      });
    });
  });

  describe('GET date-filter/users', () => {
    let org: TestOrganization;
    let ids: Record<string, string>;
    beforeAll(async () => {
      // Ada Admin, Mona Customer and Abe Associate, plus:
      org = await app.organization('Filter');
      ids = {
        ada: org.admin.userId,
        mona: org.manager.userId,
        abe: org.associate.userId,
        zed: (await kitFor(org.admin).user({ firstName: 'zed', lastName: 'Night' })).id,
        bea: (await kitFor(org.admin).user({ firstName: 'Bea', lastName: 'Weekend' })).id,
        ina: (await kitFor(org.admin).user({ firstName: 'Ina', lastName: 'Inactive' })).id,
        nil: (await kitFor(org.admin).user({ firstName: 'Nil', lastName: 'Nothing' })).id,
      };
      await save(org.admin, ids.ada, nineToFive);
      await save(org.admin, ids.mona, [entry('Monday', '12:00', '20:00')]);
      // Abe never saves a week: available.
      await save(org.admin, ids.zed, [entry('Friday', '20:00', '24:00'), entry('Saturday', '00:00', '04:00')]);
      await save(org.admin, ids.bea, [entry('Saturday', '08:00', '12:00'), entry('Saturday', '12:00', '16:00')]);
      await save(org.admin, ids.ina, nineToFive);
      expect((await org.admin.patch(`/api/users/${ids.ina}`, { active: false })).status).toBe(200);
      await save(org.admin, ids.nil, []);
    });

    async function filter(startDate: string, endDate: string, client: ApiClient = org.manager) {
      const response = await client.get(filterUrl(startDate, endDate));
      expect(response.status).toBe(200);
      return response.body as { id: string; employeeName: string; available: boolean }[];
    }
    const availableNames = async (startDate: string, endDate: string) =>
      (await filter(startDate, endDate)).filter((u) => u.available).map((u) => u.employeeName);

    it('lists every active user by name with whether the slot lies in their week (organization in New York)', async () => {
      // Monday 2 June 2025, 09:00–10:00 EDT
      expect(await filter('2025-06-02T13:00:00Z', '2025-06-02T14:00:00Z')).toEqual([
        { id: ids.abe, employeeName: 'Abe Associate', available: true },
        { id: ids.ada, employeeName: 'Ada Admin', available: true },
        { id: ids.bea, employeeName: 'Bea Weekend', available: false },
        { id: ids.mona, employeeName: 'Mona Customer', available: false },
        { id: ids.nil, employeeName: 'Nil Nothing', available: false },
        { id: ids.zed, employeeName: 'zed Night', available: false },
      ]);
    });

    it('compares local wall-clock times: 16:30–17:30 EDT sticks out of 8:00–17:00', async () => {
      expect(await availableNames('2025-06-02T20:30:00Z', '2025-06-02T21:30:00Z')).toEqual([
        'Abe Associate',
        'Mona Customer',
      ]);
      expect(await availableNames('2025-06-02T16:00:00Z', '2025-06-02T21:00:00Z')).toEqual([
        'Abe Associate',
        'Ada Admin',
        'Mona Customer',
      ]);
    });

    it('reads the weekday in the organization time zone: Monday 23:00 UTC is Monday evening in New York', async () => {
      // 19:00–20:00 EDT Monday: Mona only (and Abe, who never saved a week)
      expect(await availableNames('2025-06-02T23:00:00Z', '2025-06-03T00:00:00Z')).toEqual([
        'Abe Associate',
        'Mona Customer',
      ]);
    });

    it('reads a date-time without an offset as local time of the organization', async () => {
      expect(await availableNames('2025-06-02T08:00', '2025-06-02T09:00')).toEqual(['Abe Associate', 'Ada Admin']);
    });

    it('needs both days covered for a slot across midnight', async () => {
      // Friday 22:00 → Saturday 02:00 EDT
      expect(await availableNames('2025-06-07T02:00:00Z', '2025-06-07T06:00:00Z')).toEqual([
        'Abe Associate',
        'zed Night',
      ]);
      // Friday 22:00 → Saturday 05:00 EDT: Saturday ends at 04:00
      expect(await availableNames('2025-06-07T02:00:00Z', '2025-06-07T09:00:00Z')).toEqual(['Abe Associate']);
    });

    it('treats touching entries as one stretch', async () => {
      // Saturday 11:00–13:00 EDT, across Bea's 8–12 and 12–16
      expect(await availableNames('2025-06-07T15:00:00Z', '2025-06-07T17:00:00Z')).toEqual([
        'Abe Associate',
        'Bea Weekend',
      ]);
    });

    it('keeps 8:00–17:00 local across the DST switch (Monday 3 March EST and Monday 10 March EDT)', async () => {
      expect(await availableNames('2025-03-03T13:00:00Z', '2025-03-03T22:00:00Z')).toEqual([
        'Abe Associate',
        'Ada Admin',
      ]);
      expect(await availableNames('2025-03-10T13:00:00Z', '2025-03-10T22:00:00Z')).toEqual(['Abe Associate']);
      expect(await availableNames('2025-03-10T12:00:00Z', '2025-03-10T21:00:00Z')).toEqual([
        'Abe Associate',
        'Ada Admin',
      ]);
    });

    it('follows a change of the organization time zone', async () => {
      const other = await app.organization('London');
      await save(other.admin, other.associate.userId, [entry('Monday', '08:00', '09:00')]);
      const abe = async () =>
        (await filter('2025-06-02T07:00:00Z', '2025-06-02T08:00:00Z', other.admin)).find(
          (u) => u.id === other.associate.userId,
        )!.available;
      expect(await abe()).toBe(false); // 03:00 in New York
      expect((await other.admin.patch('/api/organization/settings', { timeZone: 'Europe/London' })).status).toBe(200);
      expect(await abe()).toBe(true); // 08:00 in London
    });

    it("never lists another organization's users", async () => {
      const other = await app.organization('Outsider');
      const listed = (await filter('2025-06-02T13:00:00Z', '2025-06-02T14:00:00Z', other.manager)).map((u) => u.id);
      expect(listed.sort()).toEqual([other.admin.userId, other.manager.userId, other.associate.userId].sort());
    });

    it.each([
      [
        'no startDate',
        filterUrl(undefined, '2025-06-02T14:00:00Z'),
        'startDate is required, as an ISO 8601 date and time such as 2025-03-10T13:00:00Z',
      ],
      [
        'no endDate',
        filterUrl('2025-06-02T13:00:00Z'),
        'endDate is required, as an ISO 8601 date and time such as 2025-03-10T13:00:00Z',
      ],
      [
        'no dates at all',
        filterUrl(),
        [
          'startDate is required, as an ISO 8601 date and time such as 2025-03-10T13:00:00Z',
          'endDate is required, as an ISO 8601 date and time such as 2025-03-10T13:00:00Z',
        ],
      ],
      [
        'a startDate that is not ISO',
        filterUrl('06/02/2025', '2025-06-02T14:00:00Z'),
        'startDate must be an ISO 8601 date and time such as 2025-03-10T13:00:00Z',
      ],
      [
        'an impossible endDate',
        filterUrl('2025-06-02T13:00:00Z', '2025-02-30T14:00:00Z'),
        'endDate must be an ISO 8601 date and time such as 2025-03-10T13:00:00Z',
      ],
      [
        'an empty startDate',
        filterUrl('', '2025-06-02T14:00:00Z'),
        'startDate must be an ISO 8601 date and time such as 2025-03-10T13:00:00Z',
      ],
      // Both are ISO 8601 (fractions of a second may be that long), but no date needs more than 40 characters.
      [
        'a startDate over 40 characters',
        filterUrl(`2025-06-02T13:00:00.${'0'.repeat(30)}Z`, '2025-06-02T14:00:00Z'),
        'startDate must be at most 40 characters',
      ],
      [
        'an endDate over 40 characters',
        filterUrl('2025-06-02T13:00:00Z', `2025-06-02T14:00:00.${'0'.repeat(30)}Z`),
        'endDate must be at most 40 characters',
      ],
      [
        'an endDate before startDate',
        filterUrl('2025-06-02T14:00:00Z', '2025-06-02T13:00:00Z'),
        'endDate must be after startDate',
      ],
      [
        'an endDate equal to startDate',
        filterUrl('2025-06-02T14:00:00Z', '2025-06-02T10:00:00-04:00'),
        'endDate must be after startDate',
      ],
      [
        'more than 31 days',
        filterUrl('2025-06-01T00:00:00Z', '2025-07-02T00:00:01Z'),
        'The time between startDate and endDate must be at most 31 days',
      ],
    ])('refuses %s with 400 and the message', async (_what, url, message) => {
      expectError(await org.manager.get(url), 400, message);
    });

    it('refuses a repeated startDate with 400', async () => {
      const response = await org.manager.get(
        '/api/employee-availability/date-filter/users?startDate=2025-06-02T13:00:00Z&startDate=2025-06-02T13:30:00Z&endDate=2025-06-02T14:00:00Z',
      );
      expectError(response, 400, 'startDate must be an ISO 8601 date and time such as 2025-03-10T13:00:00Z');
    });
  });

  describe('push', () => {
    const sockets: Socket[] = [];
    afterEach(() => {
      for (const s of sockets.splice(0)) s.disconnect();
    });

    async function connect(client: ApiClient) {
      const socket: Socket<ServerToClientEvents> = io(app.url, {
        path: '/socket.io',
        forceNew: true,
        reconnection: false,
        extraHeaders: { cookie: client.cookie },
      });
      sockets.push(socket);
      const received: { event: string; payload: unknown }[] = [];
      socket.onAny((event: string, payload: unknown) => received.push({ event, payload }));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return { socket, received };
    }

    it("tells the organization's managers after a save, once the read model shows it, and nobody else", async () => {
      const org = await app.organization('Push');
      const other = await app.organization('Quiet');
      const manager = await connect(org.manager);
      const associate = await connect(org.associate);
      const outsider = await connect(other.manager);
      const seen = new Promise<{ payload: unknown; week: unknown }>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no 'availability.changed' within ${PUSH_WITHIN_MS} ms`)),
          PUSH_WITHIN_MS,
        );
        manager.socket.once('availability.changed', (payload) => {
          clearTimeout(timer);
          org.manager.get(userUrl(org.associate.userId)).then((r) => resolve({ payload, week: r.body }), reject);
        });
      });
      await save(org.admin, org.associate.userId, [entry('Thursday', '10:00', '11:00')]);
      const { payload, week } = await seen;
      expect(payload).toEqual({ organizationId: org.organizationId, userId: org.associate.userId });
      expect(week).toEqual([expect.objectContaining({ weekDay: 'Thursday', startTime: '10:00', endTime: '11:00' })]);
      await new Promise((r) => setTimeout(r, 300));
      expect(associate.received.filter((r) => r.event === 'availability.changed')).toEqual([]);
      expect(outsider.received).toEqual([]);
    });
  });
});
