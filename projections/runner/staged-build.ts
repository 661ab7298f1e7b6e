import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { AppConfig } from '../../src/config/config';
import type { EventStore } from '../../src/core/event-store/event-store.port';
import type { ReadStore } from '../../src/core/read-store/read-store.port';
import type { PostgresReadStore } from '../../src/core/read-store/postgres-read-store';
import { SqliteReadStore } from '../../src/core/read-store/sqlite-read-store';
import type { Projection } from './projection';
import { type Apart, apartFor, buildApart } from './build-apart';
import { CHECKPOINTS, ProjectionRunner, RunnerOptions } from './projection-runner';

/**
 * Builds the read models from the start of the log into PostgreSQL the fast way (the rebuild command, the move from
 * the embedded default): the runner applies the log into an embedded SQLite store in `stagingFile` — no round trip
 * per read or write, no index kept up row by row — and the result, checkpoints included, is then loaded into
 * PostgreSQL in one transaction (PostgresReadStore.load), each table's indexes built once over all its rows. Applied
 * straight into PostgreSQL, the same log went at about 500 events/s (docs/topology.md, "Building read models into
 * PostgreSQL"). Interrupted before the load, nothing changed in PostgreSQL; the staging file is removed either way.
 * `onLoad` is told when the load starts (a progress bar's last step). Given the configuration (`config`: its event
 * log), the audit log is built in a thread of its own meanwhile (build-apart.ts) and moved into the staging file first.
 */
export async function buildStaged(
  events: EventStore,
  target: PostgresReadStore,
  projections: Projection[],
  stagingFile: string,
  options: RunnerOptions & { onLoad?: () => void; config?: AppConfig; log?: (line: string) => void } = {},
): Promise<void> {
  const remove = () => ['', '-wal', '-shm'].forEach((end) => rmSync(`${stagingFile}${end}`, { force: true }));
  remove(); // a staging left by an interrupted build starts over
  const staging = new SqliteReadStore(stagingFile, { staging: true });
  try {
    // Effects belong to live events only, which a build from the start has none of.
    await rebuildFromStart(
      events,
      staging,
      projections,
      { ...options, notifier: null, live: null },
      options.config ? apartFor(options.config, staging, dirname(stagingFile)) : null,
      options.log,
    );
    // The tables and indexes the projections make, in PostgreSQL (idempotent), which the load then fills.
    for (const p of projections) await p.setup?.(target);
    options.onLoad?.();
    const names = [...new Set(projections.flatMap((p) => p.collections)), CHECKPOINTS];
    await target.load(names.map((name) => staging.exportCollection(name)));
  } finally {
    await staging.close();
    remove();
  }
}

/**
 * Drops the projections' read models and builds them again from the start of the log: where the store takes a build
 * made apart (`apart`), those that stand alone in a thread of their own meanwhile (build-apart.ts), the others by a
 * runner of this thread; else all by that runner.
 */
export async function rebuildFromStart(
  events: EventStore,
  store: ReadStore,
  projections: Projection[],
  options: RunnerOptions,
  apart: Apart | null,
  log?: (line: string) => void,
): Promise<void> {
  const alone = apart ? projections.filter((p) => p.standsAlone) : [];
  const runner = new ProjectionRunner(
    events,
    store,
    projections.filter((p) => !alone.includes(p)),
    options,
  );
  const build = async () => {
    await runner.rebuild();
    await runner.stop();
  };
  if (apart && alone.length) await buildApart(apart, alone, build, { checkpointEvery: options.checkpointEvery, log });
  else await build();
}
