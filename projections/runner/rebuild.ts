import { SingleBar, Presets } from 'cli-progress';
import { loadConfig, loadRebuildOptions } from '../../src/config/config';
import { commandConfig, openRunner } from './engines-for-worker';

/**
 * `npm run projections:rebuild`: drops every read model and builds it again from the event log,
 * with a progress bar (or one line per 100 events with REBUILD_PROGRESS=lines, for scripts).
 * Events are applied in batches of REBUILD_CHECKPOINT_EVERY (500), each committed with the
 * checkpoints that cover it (one transaction on the SQLite read store). Interrupted at any point,
 * the next start (or a rebuild with REBUILD_RESUME=true) resumes from the last committed batch.
 */
async function main() {
  const config = commandConfig(() => loadConfig());
  const options = commandConfig(() => loadRebuildOptions());
  const lines = options.progress === 'lines';
  let bar: SingleBar | null = null;
  let done = 0;
  let total = 0;
  const { engines, runner } = await openRunner(config, {
    checkpointEvery: options.checkpointEvery,
    onProcessed: (event) => {
      done += 1;
      if (lines) {
        if (done % 100 === 0) process.stdout.write(`processed ${done} position ${event.position.commit}\n`);
      } else bar?.update(Math.min(event.position.commit, total));
    },
  });
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
  await (options.resume ? runner.start() : runner.rebuild());
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
