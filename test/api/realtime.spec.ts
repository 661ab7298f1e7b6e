import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, Socket } from 'socket.io-client';
import type { ServerToClientEvents } from '../../src/shared/client-events';
import { ApiClient, startTestApp, TestApp, TestOrganization, TEST_PASSWORD } from '../support/app';
import { kitFor } from '../support/given';
import { freshDatabase } from '../support/postgres';
import { disconnection, nextPush, PUSH_WITHIN_MS } from '../support/sockets';

type ClientSocket = Socket<ServerToClientEvents, Record<string, never>>;
type Received = { event: string; payload: unknown };

/** How long a socket must stay silent (or connected) for a negative to count. */
const QUIET_MS = 500;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Where one run of the suite keeps its data: the engines /healthz must name, the app's environment, and what
 * removes that data after.
 */
interface Row {
  where: string;
  engines: { events: string; readModels: string; files: string };
  open(): Promise<{ env: Record<string, string>; dispose(): Promise<void> }>;
}

const rows: Row[] = [
  {
    where: 'embedded: SQLite log and read models in a temporary data folder',
    engines: { events: 'SQLite', readModels: 'SQLite', files: 'folder' },
    // startTestApp makes the data folder and removes it at stop.
    open: async () => ({ env: {}, dispose: async () => undefined }),
  },
  {
    where: 'PostgreSQL: log, read models and files in a fresh database',
    engines: { events: 'PostgreSQL', readModels: 'PostgreSQL', files: 'PostgreSQL' },
    async open() {
      const database = await freshDatabase('realtime');
      const dataDir = mkdtempSync(join(tmpdir(), 'crewclock-realtime-pg-'));
      return {
        env: { DATABASE_URL: database.url, DATA_DIR: dataDir },
        async dispose() {
          rmSync(dataDir, { recursive: true, force: true });
          await database.drop();
        },
      };
    },
  },
];

describe.each(rows)('realtime over socket.io ($where)', (row) => {
  let app: TestApp;
  let data: Awaited<ReturnType<Row['open']>> | undefined;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    data = await row.open();
    app = await startTestApp(data.env);
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(async () => {
    try {
      await app?.stop();
    } finally {
      await data?.dispose();
    }
  });

  /** A socket.io client as a browser tab opens it: with the tab's cookies, no reconnection (so a refusal is final). */
  function open(cookie: string | null, headers: Record<string, string> = {}): ClientSocket & { received: Received[] } {
    const socket = io(app.url, {
      path: '/socket.io',
      forceNew: true,
      reconnection: false,
      timeout: PUSH_WITHIN_MS,
      extraHeaders: { ...(cookie ? { cookie } : {}), ...headers },
    }) as ClientSocket & { received: Received[] };
    socket.received = [];
    socket.onAny((event: string, payload: unknown) => socket.received.push({ event, payload }));
    sockets.push(socket);
    return socket;
  }

  async function connect(client: ApiClient, headers: Record<string, string> = {}) {
    const socket = open(client.cookie, headers);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => reject(new Error(`socket refused: ${error.message}`)));
    });
    return socket;
  }

  function refusal(cookie: string | null, headers: Record<string, string> = {}): Promise<Error> {
    const socket = open(cookie, headers);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => reject(new Error('the handshake was accepted')));
      socket.once('connect_error', (error) => resolve(error));
    });
  }

  const signIn = (email: string) => app.client().signIn(email, TEST_PASSWORD);
  const eventsOf = (socket: { received: Received[] }, event: string) =>
    socket.received.filter((r) => r.event === event);

  it('runs on the engines its title names', async () => {
    expect((await app.client().get('/healthz')).body.engines).toMatchObject(row.engines);
  });

  describe('handshake', () => {
    let org: TestOrganization;
    beforeAll(async () => {
      org = await app.organization('Handshake');
    });

    it('accepts a signed-in session', async () => {
      const socket = await connect(org.associate);
      expect(socket.connected).toBe(true);
    });

    it('refuses a handshake without a session cookie', async () => {
      expect((await refusal(null)).message).toBe('Please sign in to continue.');
      expect((await refusal('cc_session=not-a-real-session-token-at-all')).message).toBe('Please sign in to continue.');
    });

    it('refuses the cookie of a session that was signed out', async () => {
      const client = await signIn(org.manager.email);
      const cookie = client.cookie;
      await connect(client); // valid before
      expect((await client.post('/account/logout')).status).toBe(200);
      expect((await refusal(cookie)).message).toBe('Please sign in to continue.');
    });

    it('refuses a handshake from a foreign Origin, even with a valid cookie', async () => {
      await refusal(org.admin.cookie, { origin: 'https://evil.example' });
      // The same cookie from the app's own origin is fine.
      expect((await connect(org.admin, { origin: app.url })).connected).toBe(true);
    });
  });

  describe('pushes', () => {
    let acme: TestOrganization;
    let other: TestOrganization;
    beforeAll(async () => {
      [acme, other] = [await app.organization('Acme'), await app.organization('Other')];
    });

    it('pushes organization.changed to the organization after its read model shows the change, and to no other organization', async () => {
      // A second tab of the admin holds the socket and refetches on the push, as the client does.
      const tab = await signIn(acme.admin.email);
      const socket = await connect(tab);
      const associate = await connect(acme.associate);
      const outsider = await connect(other.admin);
      const outsiderAssociate = await connect(other.associate);

      const refetched = new Promise<{ organizationId: string; settings: Record<string, unknown> }>(
        (resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`no 'organization.changed' within ${PUSH_WITHIN_MS} ms`)),
            PUSH_WITHIN_MS,
          );
          socket.once('organization.changed', (payload) => {
            clearTimeout(timer);
            // Refetch on receipt: the read model must already hold the change.
            tab
              .get('/api/organization/settings')
              .then((r) => resolve({ organizationId: payload.organizationId, settings: r.body }), reject);
          });
        },
      );
      const toAssociate = nextPush(associate, 'organization.changed');

      const response = await acme.admin.patch('/api/organization/settings', {
        name: 'Acme Renamed',
        pickUpJobsEnabled: true,
      });
      expect(response.status).toBe(200);

      const seen = await refetched;
      expect(seen.organizationId).toBe(acme.organizationId);
      expect(seen.settings).toMatchObject({ name: 'Acme Renamed', pickUpJobsEnabled: true });
      expect(await toAssociate).toEqual({ organizationId: acme.organizationId });

      await sleep(QUIET_MS);
      expect(outsider.received).toEqual([]);
      expect(outsiderAssociate.received).toEqual([]);
      expect(eventsOf(socket, 'organization.changed')).toHaveLength(1);
    });

    it('pushes users.changed to the organization of the edited user only', async () => {
      const admin = await connect(acme.admin);
      const manager = await connect(acme.manager);
      const outsider = await connect(other.admin);
      const refetched = new Promise<unknown[]>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no 'users.changed' within ${PUSH_WITHIN_MS} ms`)),
          PUSH_WITHIN_MS,
        );
        admin.once('users.changed', () => {
          clearTimeout(timer);
          acme.admin
            .get('/api/users/paged?pageSize=100')
            .then((r) => resolve(JSON.stringify(r.body).includes('Abraham') ? ['Abraham'] : [r.body]), reject);
        });
      });
      const toManager = nextPush(manager, 'users.changed');

      expect((await acme.admin.patch(`/api/users/${acme.associate.userId}`, { firstName: 'Abraham' })).status).toBe(
        200,
      );

      expect(await toManager).toEqual({ organizationId: acme.organizationId });
      expect(await refetched).toEqual(['Abraham']);
      await sleep(QUIET_MS);
      expect(outsider.received).toEqual([]);
    });

    it("ends and disconnects the sockets of a signed-out session, not those of the same user's other session", async () => {
      const laptop = await signIn(acme.manager.email);
      const phone = await signIn(acme.manager.email);
      const laptopTab1 = await connect(laptop);
      const laptopTab2 = await connect(laptop);
      const phoneTab = await connect(phone);

      const ended = [nextPush(laptopTab1, 'session.ended'), nextPush(laptopTab2, 'session.ended')];
      const closed = [disconnection(laptopTab1), disconnection(laptopTab2)];
      expect((await laptop.post('/account/logout')).status).toBe(200);

      expect(await Promise.all(ended)).toEqual([{ reason: 'signed out' }, { reason: 'signed out' }]);
      expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
      await sleep(QUIET_MS);
      expect(phoneTab.connected).toBe(true);
      expect(eventsOf(phoneTab, 'session.ended')).toEqual([]);
      expect((await phone.get('/api/session')).status).toBe(200);
    });

    it("moves an open socket out of the managers' and time admins' rooms when its user is demoted, and back when promoted", async () => {
      const org = await app.organization('Demote');
      const { id: secondId, email } = await kitFor(org.admin).user({
        firstName: 'Sol',
        lastName: 'Second',
        roles: ['Company Admin'],
      });
      const second = await connect(await signIn(email));
      const first = await connect(org.admin);

      /** A timer start and stop by the associate: heard by time admins and managers (and the owner) only. */
      async function timerNotices() {
        const heard = nextPush(first, 'timers.changed');
        await kitFor(org.associate).timer({ label: 'Sweeping', endDateTime: () => new Date().toISOString() });
        await heard;
        await sleep(QUIET_MS);
      }
      const rolesTo = async (role: string) => {
        const told = nextPush(second, 'profile.changed');
        expect((await org.admin.patch(`/api/users/${secondId}`, { roles: [role] })).status).toBe(200);
        expect(await told).toEqual({ userId: secondId });
      };

      await timerNotices();
      expect(eventsOf(second, 'timers.changed').length).toBeGreaterThan(0);

      await rolesTo('Associate');
      second.received.length = 0;
      await timerNotices();
      expect(eventsOf(second, 'timers.changed')).toEqual([]);
      // Its own and its organization's notices still arrive on the same socket.
      const own = nextPush(second, 'users.changed');
      await org.admin.patch(`/api/users/${org.associate.userId}`, { firstName: 'Abel' });
      expect(await own).toEqual({ organizationId: org.organizationId });

      await rolesTo('Customer Manager'); // jobs.crud: back in the managers' room, who hear who is on the clock
      second.received.length = 0;
      await timerNotices();
      expect(eventsOf(second, 'timers.changed').length).toBeGreaterThan(0);

      await rolesTo('Company Admin');
      second.received.length = 0;
      await timerNotices();
      expect(eventsOf(second, 'timers.changed').length).toBeGreaterThan(0);
      expect(second.connected).toBe(true);
    });

    it('disconnects every socket of a user who is deactivated', async () => {
      const org = await app.organization('Deactivate');
      const second = await signIn(org.associate.email);
      const bystander = await connect(org.manager);
      const tabs = [await connect(org.associate), await connect(org.associate), await connect(second)];
      const ended = tabs.map((t) => nextPush(t, 'session.ended'));
      const closed = tabs.map((t) => disconnection(t));

      expect((await org.admin.patch(`/api/users/${org.associate.userId}`, { active: false })).status).toBe(200);

      expect(await Promise.all(ended)).toEqual(tabs.map(() => ({ reason: 'account deactivated' })));
      expect(await Promise.all(closed)).toEqual(tabs.map(() => 'io server disconnect'));
      // The colleagues stay connected (and are told the user list changed).
      await sleep(QUIET_MS);
      expect(bystander.connected).toBe(true);
      expect(eventsOf(bystander, 'users.changed')).toEqual([
        { event: 'users.changed', payload: { organizationId: org.organizationId } },
      ]);
      // And the cookie no longer opens a socket.
      expect((await refusal(org.associate.cookie)).message).toBe('Please sign in to continue.');
    });
  });
});
