import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventStore } from '../../src/core/event-store/event-store.port';
import { SqliteEventStore } from '../../src/core/event-store/sqlite-event-store';
import { startTestApp, TestApp } from '../support/app';
import { IdentityLog } from '../support/identity-log';
import { deliveredThrough } from '../support/log-delivery';
import { freePort } from '../support/started-app';
import { within } from '../support/time';

const LOG_EVENTS = 4_000;
/** The build is held here until the test has seen what a starting server answers. */
const HELD_AT = 2_000;
const STARTED_WITHIN_MS = within(60_000);

/** Every subscription to the log hands its events on up to HELD_AT, then waits for `released`. */
const heldHalfway = (log: EventStore, released: Promise<void>) =>
  deliveredThrough(log, async (event) => {
    if (event.position.commit > HELD_AT) await released;
  });

async function poll<T>(read: () => Promise<T>, until: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + STARTED_WITHIN_MS;
  for (;;) {
    const value = await read().catch(() => null);
    if (value !== null && until(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`not seen within ${STARTED_WITHIN_MS} ms: last ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A first start on a log with no read models builds all of them before it serves (issue #28 item 3). It listens from
 * the beginning all the same: /healthz says how far the build is, a browser gets a page that says so and reloads
 * itself, and the API answers 503 with when to try again, until the read models have caught up.
 */
describe('a first start that builds the read models from a long log', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'crewclock-first-start-'));
  let app: TestApp | undefined;
  afterAll(async () => {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers /healthz with how far it is while it builds, and serves once it has', async () => {
    const events = new SqliteEventStore(join(dataDir, 'events.sqlite'));
    await new IdentityLog(events, 7, { organizations: 4, users: 40 }).generate(LOG_EVENTS);
    await events.close();

    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const starting = startTestApp(
      { DATA_DIR: dataDir, PORT: String(port) },
      { engines: (opened) => ({ ...opened, eventStore: heldHalfway(opened.eventStore, released) }) },
    );
    starting.catch(() => undefined); // awaited below; a failure meanwhile must not be unhandled

    const health = await poll(
      async () => {
        const response = await fetch(`${url}/healthz`);
        return { status: response.status, body: (await response.json()) as { status: string; building?: string } };
      },
      // Held halfway, the build shows progress once its first batches have committed.
      (h) => h.status === 503 && h.body.building !== undefined && Number.parseInt(h.body.building, 10) > 0,
    );
    expect(health.body).toEqual({ status: 'starting', building: expect.stringMatching(/^\d{1,2} %$/) });
    expect(Number.parseInt(health.body.building!, 10)).toBeLessThanOrEqual(50);

    const api = await fetch(`${url}/api/session`);
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('10');
    const refused = (await api.json()) as { success: boolean; errors: string[] };
    expect(refused.success).toBe(false);
    expect(refused.errors).toHaveLength(1);
    expect(refused.errors[0]).toMatch(
      /^CrewClock is starting up: its records are being prepared \(\d{1,2} % done\)\. Try again in a minute\.$/,
    );
    const screen = await fetch(`${url}/schedule`, { headers: { accept: 'text/html' } });
    expect(screen.status).toBe(503);
    const page = await screen.text();
    expect(page).toContain('<meta http-equiv="refresh" content="10">');
    expect(page).toMatch(/its records are being prepared \(\d{1,2} % done\)\./);

    release();
    app = await starting;
    // The build held this process's event loop for seconds: a kept-alive socket of the polls above may have timed out
    // on the server meanwhile, and a reused one is reset (a browser asks again on a new one, as poll does).
    const started = await poll(
      async () => {
        const response = await fetch(`${url}/healthz`);
        return { status: response.status, body: (await response.json()) as unknown };
      },
      () => true,
    );
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ status: 'ok', projections: { caughtUp: true } });
    expect((await fetch(`${url}/api/session`)).status).toBe(401);
  });
});
