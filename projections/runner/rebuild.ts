import { SingleBar, Presets } from 'cli-progress';
import { join } from 'node:path';
import { loadConfig, loadRebuildOptions } from '../../src/config/config';
import { PostgresReadStore } from '../../src/core/read-store/postgres-read-store';
import { allProjections } from '../all-projections';
import { commandConfig, openRunner, runnerLogger } from './engines-for-worker';
import { buildStaged, rebuildFromStart } from './staged-build';
import { apartFor } from './build-apart';
import { growHeapSlowly } from '../../src/core/heap-growth';

/**
 * `npm run projections:rebuild`: drops every read model and builds it again from the event log,
 * with a progress bar (or one line per 100 events with REBUILD_PROGRESS=lines, for scripts).
 * Events are applied in batches of REBUILD_CHECKPOINT_EVERY (2,000), each committed with the
 * checkpoints that cover it (one transaction on the SQLite read store). Interrupted at any point,
 * the next start (or a rebuild with REBUILD_RESUME=true) resumes from the last committed batch.
 * Into PostgreSQL, a rebuild from the start is staged (staged-build.ts): applied into a SQLite file in DATA_DIR, then
 * loaded in one transaction; interrupted, it starts over and PostgreSQL keeps the read models it had.
 * On SQLite, the audit log is built in a thread and a file of its own meanwhile, and moved in at the end (build-apart.ts).
 */
async function main() {
  growHeapSlowly();
  const config = commandConfig(() => loadConfig());
  const options = commandConfig(() => loadRebuildOptions());
  const lines = options.progress === 'lines';
  let bar: SingleBar | null = null;
  let done = 0;
  let total = 0;
  const runnerOptions = {
    checkpointEvery: options.checkpointEvery,
    onProcessed: (event: { position: { commit: number } }) => {
      done += 1;
      if (lines) {
        if (done % 100 === 0) process.stdout.write(`processed ${done} position ${event.position.commit}\n`);
      } else bar?.update(Math.min(event.position.commit, total));
    },
  };
  const { logger, engines, runner } = await openRunner(config, runnerOptions);
  const head = await engines.eventStore.headPosition();
  total = head?.commit ?? 0;
  if (!lines) {
    bar = new SingleBar(
      { format: 'Rebuilding read models [{bar}] {percentage}% | {value}/{total} | ETA {eta}s' },
      Presets.shades_classic,
    );
    bar.start(total, 0);
  }
  const started = Date.now();
  const apart = apartFor(config, engines.readStore);
  if (options.resume) await runner.start();
  else if (engines.readStore instanceof PostgresReadStore)
    await buildStaged(
      engines.eventStore,
      engines.readStore,
      allProjections,
      join(config.dataDir, 'rebuild-staging.sqlite'),
      {
        ...runnerOptions,
        config,
        log: console.log,
        onLoad: () => {
          bar?.update(total);
          bar?.stop();
          bar = null;
          console.log('Loading the read models into PostgreSQL…');
        },
      },
    );
  else if (apart)
    await rebuildFromStart(
      engines.eventStore,
      engines.readStore,
      allProjections,
      { ...runnerOptions, logger: runnerLogger(logger) },
      apart,
      console.log,
    );
  else await runner.rebuild();
  bar?.update(total);
  bar?.stop();
  await runner.stop();
  await engines.close();
  console.log(`Read models rebuilt from ${done} events in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
