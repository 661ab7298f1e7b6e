import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allProjections } from '../../projections/all-projections';
import type { Projection } from '../../projections/runner/projection';
import { CHECKPOINTS, ProjectionRunner } from '../../projections/runner/projection-runner';
import { createApp } from '../../src/app';
import { loadConfig } from '../../src/config/config';
import { SqliteEventStore } from '../../src/core/event-store/sqlite-event-store';
import type { AnyDoc } from '../../src/core/read-store/read-store.port';
import { SqliteReadStore } from '../../src/core/read-store/sqlite-read-store';
import { IdentityLog } from '../support/identity-log';
import { within } from '../support/time';

jest.setTimeout(within(120_000));

/**
 * The runner hands a projection only the events of the aggregates it names (`Projection.streams`, issue #45 item 2).
 * Over the log of the demo organization a first start seeds (people, customers, a week of jobs and a series, job
 * requests) and more identity events, the read models it builds so are those it builds when every projection hears
 * every event. Each feature's API suite checks its own read models through the same runner.
 */
describe('projections routed by the aggregates they name', () => {
  const dir = mkdtempSync(join(tmpdir(), 'crewclock-routing-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function build(projections: Projection[], file: string): Promise<Record<string, AnyDoc[]>> {
    const events = new SqliteEventStore(join(dir, 'events.sqlite'));
    const store = new SqliteReadStore(join(dir, file));
    const runner = new ProjectionRunner(events, store, projections);
    try {
      await runner.start();
      const models: Record<string, AnyDoc[]> = {};
      for (const name of new Set(projections.flatMap((p) => p.collections)))
        models[name] = await store.collection(name).find({}, { sort: { _id: 1 } });
      const checkpoints = await store.collection(CHECKPOINTS).find({}, { sort: { _id: 1 } });
      models[CHECKPOINTS] = checkpoints.map(({ updatedAt: _ignored, ...rest }) => rest as AnyDoc);
      return models;
    } finally {
      await runner.stop();
      await store.close();
      await events.close();
    }
  }

  it('build the same read models as when every projection hears every event', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      DATA_DIR: dir,
      SEED_DEMO: 'true',
      SCRYPT_LOG_N: '10',
      LOG_LEVEL: 'silent',
    });
    const app = await createApp(config);
    await app.close();
    const log = new SqliteEventStore(join(dir, 'events.sqlite'));
    await new IdentityLog(log, 45).generate(120);
    await log.close();

    expect(allProjections.filter((p) => !p.streams).map((p) => p.name)).toEqual(['audit']);
    const routed = await build(allProjections, 'routed.sqlite');
    const unrouted = await build(
      allProjections.map(({ streams: _all, ...p }) => p),
      'unrouted.sqlite',
    );
    expect(routed.jobs.length).toBeGreaterThan(10);
    expect(routed.customers.length).toBeGreaterThanOrEqual(3);
    expect(routed).toEqual(unrouted);
  });
});
