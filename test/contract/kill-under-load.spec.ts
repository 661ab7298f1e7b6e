import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../support/app';
import { demoAccount } from '../support/browser';
import { pool } from '../support/pool';
import { freePort } from '../support/started-app';
import { Child, embeddedEnv, healthy, startAgain, startChild } from '../support/children';
import { within } from '../support/time';

/**
 * kill -9 through HTTP under load (#11): the BUILT app (`node dist/src/main.js`, as `make start`; `make
 * test` builds first) on the embedded default (SQLite events and read models in DATA_DIR), with CLIENTS
 * concurrent clients creating customers. It is killed with SIGKILL at a random moment mid-load and
 * restarted on the same data folder, ROUNDS times: every customer acknowledged with a 201 before a kill
 * must be readable after the restart (the read models caught up from their checkpoints).
 */

const repoRoot = join(__dirname, '..', '..');
const ROUNDS = 5;
const CLIENTS = 16;
/**
 * So the test cannot pass vacuously, each round's kill is drawn only once this many customers were
 * acknowledged in it: alone here a round acknowledges 200-550 in its ~1 s, but with a browser suite
 * beside it in CI five rounds once managed 211 in all.
 */
const MIN_PER_ROUND = 50;
const BUILD_UP_MS = 30_000;

/** Starts the built app on `dataDir` and `port`; resolves once it has printed that it is running. */
const start = (dataDir: string, port: number) =>
  startChild(
    'dist/src/main.js',
    embeddedEnv({ DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }),
    'CrewClock is running at',
  );

describe('the built app killed with SIGKILL under HTTP load', () => {
  let dataDir: string;
  let app: Child | undefined;

  beforeAll(() => {
    if (!existsSync(join(repoRoot, 'dist/src/main.js')))
      throw new Error('dist/src/main.js is missing: run `npm run build:server` (make test does) first');
    dataDir = mkdtempSync(join(tmpdir(), 'crewclock-kill-load-'));
  });
  afterAll(async () => {
    if (app && app.process.exitCode === null && app.process.signalCode === null) {
      app.process.kill('SIGKILL');
      await app.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'keeps every customer acknowledged with 201 before each of 5 kills',
    async () => {
      let port = await freePort();
      const url = () => `http://127.0.0.1:${port}`;
      app = await start(dataDir, port);
      await healthy(url());
      const account = demoAccount(app.output(), 'Company Admin');
      let admin = await new ApiClient(url()).signIn(account.email, account.password);
      const before = await admin.get('/api/customers/paged?pageSize=1');
      expect(before.status).toBe(200);
      const baseline = before.body.totalRecords as number;

      const acknowledgedInAll: string[] = [];
      const rounds: { round: number; acknowledged: number; found: number; lost: number; restartMs: number }[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        // Load: CLIENTS clients create customers back to back until the connection dies under them.
        const acknowledged: string[] = [];
        const failures: string[] = [];
        let killed = false;
        const load = Array.from({ length: CLIENTS }, async (_, c) => {
          const client = admin.sharingSession();
          for (let i = 0; !killed; i++) {
            try {
              const response = await client.post('/api/customers', {
                name: `Kill ${round}-${c}-${i}`,
                contactFirstName: 'Pat',
                contactLastName: `R${round}`,
              });
              if (response.status === 201) acknowledged.push(response.body.data.id as string);
              else failures.push(`${response.status} ${JSON.stringify(response.body)}`);
            } catch (error) {
              // After the kill, the app went away mid-request: not acknowledged. Before it, a real failure.
              if (!killed) failures.push(`client ${c}: ${String(error)}`);
              return;
            }
          }
        });
        const loadStartedAt = Date.now();
        while (acknowledged.length < MIN_PER_ROUND && !failures.length && Date.now() - loadStartedAt < BUILD_UP_MS)
          await new Promise((resolve) => setTimeout(resolve, 10));
        expect({ round, acknowledgedBeforeTheKillIsDrawn: acknowledged.length >= MIN_PER_ROUND || failures }).toEqual({
          round,
          acknowledgedBeforeTheKillIsDrawn: true,
        });
        const delayMs = 500 + Math.random() * 1000;
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        const killedAfterMs = Date.now() - loadStartedAt;
        app.process.kill('SIGKILL');
        killed = true;
        expect(await app.exited).toBe('SIGKILL');
        await Promise.all(load);
        expect(failures).toEqual([]);

        // Restart on the same data folder and port; time until /healthz says healthy and caught up.
        const restartedAt = Date.now();
        ({ app, port } = await startAgain((on) => start(dataDir, on), port));
        await healthy(url());
        admin = admin.sharingSession(url());
        const restartMs = Date.now() - restartedAt;

        // The session lives in the data folder too; sign in again only if it did not survive.
        if ((await admin.get('/api/customers/paged?pageSize=1')).status !== 200)
          await admin.signIn(account.email, account.password);
        let found = 0;
        const missing: string[] = [];
        await pool(
          acknowledged.map((id) => async () => {
            const response = await admin.get(`/api/customers/${id}`);
            if (response.status === 200 && response.body?.id === id) found++;
            else missing.push(`${id}: ${response.status}`);
          }),
          8,
        );
        acknowledgedInAll.push(...acknowledged);
        const listed = (await admin.get('/api/customers/paged?pageSize=1')).body.totalRecords as number;
        const lost = acknowledged.length - found;
        rounds.push({ round, acknowledged: acknowledged.length, found, lost, restartMs });
        console.log(
          `round ${round}: killed after ${killedAfterMs} ms (drawn ${Math.round(delayMs)}); acknowledged ${acknowledged.length}, found ${found}, ` +
            `lost ${lost}; restart to healthy ${restartMs} ms; listed ${listed - baseline} of ${acknowledgedInAll.length} in all`,
        );
        expect({ round, missing }).toEqual({ round, missing: [] });
        // Listed: every acknowledged one, and at most the CLIENTS requests in flight at each kill besides.
        expect(listed - baseline).toBeGreaterThanOrEqual(acknowledgedInAll.length);
        expect(listed - baseline).toBeLessThanOrEqual(acknowledgedInAll.length + CLIENTS * round);
      }
      console.log(
        `in all: acknowledged ${acknowledgedInAll.length}, lost ${rounds.reduce((sum, r) => sum + r.lost, 0)}`,
      );
      expect(rounds.map((r) => r.lost)).toEqual(rounds.map(() => 0));
      expect(new Set(acknowledgedInAll).size).toBe(acknowledgedInAll.length);
      expect(acknowledgedInAll.length).toBeGreaterThanOrEqual(ROUNDS * MIN_PER_ROUND);
    },
    within(600_000),
  );
});
