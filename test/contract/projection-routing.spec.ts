import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allProjections } from '../../projections/all-projections';
import type { Projection } from '../../projections/runner/projection';
import { CHECKPOINTS, ProjectionRunner, type RunnerOptions } from '../../projections/runner/projection-runner';
import { apartFor } from '../../projections/runner/build-apart';
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

  async function build(
    projections: Projection[],
    file: string,
    options: (store: SqliteReadStore) => RunnerOptions = () => ({}),
  ): Promise<Record<string, AnyDoc[]>> {
    const events = new SqliteEventStore(join(dir, 'events.sqlite'));
    const store = new SqliteReadStore(join(dir, file));
    const runner = new ProjectionRunner(events, store, projections, options(store));
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

  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dir,
    SEED_DEMO: 'true',
    SCRYPT_LOG_N: '10',
    LOG_LEVEL: 'silent',
  });
  beforeAll(async () => {
    const app = await createApp(config);
    await app.close();
    const log = new SqliteEventStore(join(dir, 'events.sqlite'));
    await new IdentityLog(log, 45).generate(120);
    await log.close();
  });

  it('build the same read models as when every projection hears every event', async () => {
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

  it('a first start of a long log builds the audit log in a thread and a file of its own: the same read models', async () => {
    const lines: string[] = [];
    const apart = await build(allProjections, 'apart.sqlite', (store) => ({
      apart: { ...apartFor(config, store)!, fromEvents: 100 },
      logger: { info: (line) => lines.push(line), error: (line) => lines.push(line) },
    }));
    expect(lines).toContain('Building audit in a thread of its own meanwhile.');
    expect(apart.auditEntries.length).toBeGreaterThan(100);
    expect(apart).toEqual(await build(allProjections, 'together.sqlite'));
    expect(existsSync(join(dir, 'apart-build.sqlite'))).toBe(false);
  });
});
