import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { PROCESS_NAMES, ProcessName, Topology } from '../../src/topology/topology';
import { ApiClient } from '../support/app';
import { demoAccount } from '../support/browser';
import { healthy } from '../support/children';
import { pool } from '../support/pool';
import { freshDatabase } from '../support/postgres';
import { within } from '../support/time';

/**
 * kill -9 across the production topology on PostgreSQL (#25 Must show): clients create customers through both API
 * instances while any of API A, API B, the projections worker or its standby is killed with SIGKILL and started
 * again, at random. Every customer acknowledged with a 201 is then read on both instances. After it, two visitors
 * booking one slot, each through another instance, get one 201 and one 409. (Rating e-mails exactly once across the
 * same kills: rating-requests-kill.spec.)
 */

const repoRoot = join(__dirname, '..', '..');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const KILLS = 6;
const CLIENTS_PER_INSTANCE = 6;
const ZONE = 'America/New_York';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const APIS = ['api-a', 'api-b'] as const;

describe('the production topology on PostgreSQL killed with SIGKILL under HTTP load', () => {
  let topology: Topology | undefined;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let dataDir: string;

  beforeAll(async () => {
    for (const built of ['dist/src/main.js', 'dist/projections/runner/worker.js'])
      if (!existsSync(join(repoRoot, built)))
        throw new Error(`${built} is missing: run \`npm run build:server\` (make test does) first`);
    dataDir = mkdtempSync(join(tmpdir(), 'crewclock-topology-kill-'));
    database = await freshDatabase('topology_kill');
  });
  afterAll(async () => {
    await topology?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  });

  it(
    `keeps every customer acknowledged through either instance across ${KILLS} kills of any process, and books a slot once across instances`,
    async () => {
      topology = await Topology.start({ databaseUrl: database.url, redisUrl: REDIS_URL, dataDir });
      const running = topology;
      const urlOf = (name: 'api-a' | 'api-b') => `http://127.0.0.1:${running.portOf(name)}`;
      const account = demoAccount(running.output('api-a'), 'Company Admin');
      const admins = await Promise.all(
        APIS.map((name) => new ApiClient(urlOf(name)).signIn(account.email, account.password)),
      );

      // Load: clients on each instance create customers back to back; a request its instance died under is not
      // acknowledged, and the client tries again once the instance is back.
      const acknowledged: string[] = [];
      const failures: string[] = [];
      let unavailable = 0;
      let loading = true;
      const load = admins.flatMap((admin, instance) =>
        Array.from({ length: CLIENTS_PER_INSTANCE }, async (_, c) => {
          const client = admin.sharingSession();
          for (let i = 0; loading; i++) {
            try {
              const response = await client.post('/api/customers', {
                name: `Topology ${instance}-${c}-${i}`,
                contactFirstName: 'Pat',
                contactLastName: 'Kill',
              });
              if (response.status === 201) acknowledged.push(response.body.data.id as string);
              // A 5xx while a process restarts is an answer the client sees and may retry; anything else is a bug.
              else if (response.status < 500) failures.push(`${response.status} ${JSON.stringify(response.body)}`);
              else unavailable++;
            } catch {
              await sleep(100); // the instance is down: not acknowledged
            }
          }
        }),
      );

      // Every process in turn, in a random order: six draws at random once all fell on the worker (1 in 1,024).
      const order = Array.from({ length: KILLS }, (_, k) => PROCESS_NAMES[k % PROCESS_NAMES.length]);
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        [order[i], order[j]] = [order[j], order[i]];
      }
      const kills: ProcessName[] = [];
      for (const name of order) {
        const k = kills.length;
        await sleep(700 + Math.random() * 1300);
        const before = acknowledged.length;
        await running.kill(name);
        kills.push(name);
        await sleep(200 + Math.random() * 600);
        await running.restart(name);
        console.log(`kill ${k + 1}: ${name}; ${acknowledged.length - before} acknowledged meanwhile`);
      }
      await sleep(1000);
      loading = false;
      await Promise.all(load);
      expect(failures).toEqual([]);

      // Both instances caught up with the log, then every acknowledged customer is read on each.
      for (const name of APIS) await healthy(urlOf(name));
      const missing: string[] = [];
      for (const admin of admins)
        await pool(
          acknowledged.map((id) => async () => {
            const response = await admin.get(`/api/customers/${id}`);
            if (response.status !== 200 || response.body?.id !== id)
              missing.push(`${admin.baseUrl} ${id}: ${response.status}`);
          }),
          8,
        );
      console.log(
        `${kills.length} kills (${kills.join(', ')}); ${acknowledged.length} customers acknowledged, ${missing.length} missing; ${unavailable} answers 5xx`,
      );
      expect(missing).toEqual([]);
      expect(new Set(kills).size).toBeGreaterThanOrEqual(2);
      expect(acknowledged.length).toBeGreaterThanOrEqual(100);

      // Two visitors, one slot, each through another instance: one 201, one 409.
      const users = (await admins[0].get('/api/users/paged?currentPage=1&pageSize=50')).body.resultItems as {
        id: string;
        roles: string[];
      }[];
      const associate = users.find((u) => u.roles.includes('Associate'))!.id;
      const week = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((weekDay) => ({
        weekDay,
        startTime: '09:00',
        endTime: '12:00',
      }));
      expect((await admins[0].patch('/api/organization/settings', { timeZone: ZONE })).status).toBe(200);
      expect((await admins[0].patch(`/api/employee-availability/${associate}`, week)).status).toBe(200);
      const link = await admins[1].post('/api/booking-links', {
        serviceName: 'Window cleaning',
        durationMinutes: 60,
        staffIds: [associate],
        minimumNoticeMinutes: 60,
        horizonDays: 14,
        bufferMinutes: 0,
      });
      expect(link.status).toBe(201);
      const linkId = link.body.data.id as string;
      const day = DateTime.now().setZone(ZONE).plus({ days: 2 }).toISODate();
      const slots = (
        await new ApiClient(urlOf('api-b')).get(`/api/booking-links/${linkId}/slots?from=${day}&to=${day}`)
      ).body.slots as { start: string }[];
      expect(slots.length).toBeGreaterThan(0);
      const visitor = (name: string) => ({
        name,
        email: `${name.toLowerCase().replace(' ', '.')}@example.test`,
        phone: '(555) 123-4567',
        address: '1 Main Street',
        note: '',
      });
      const answers = await Promise.all([
        new ApiClient(urlOf('api-a')).post(`/api/booking-links/${linkId}/bookings`, {
          start: slots[0].start,
          ...visitor('Vera Visitor'),
        }),
        new ApiClient(urlOf('api-b')).post(`/api/booking-links/${linkId}/bookings`, {
          start: slots[0].start,
          ...visitor('Walt Walker'),
        }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    },
    within(600_000),
  );
});
