import { parentPort, workerData } from 'node:worker_threads';
import { openEventStore } from '../../src/core/engines';
import { SqliteReadStore } from '../../src/core/read-store/sqlite-read-store';
import { allProjections } from '../all-projections';
import { ProjectionRunner } from './projection-runner';
import type { ApartBuild } from './build-apart';

/** The thread of build-apart.ts: the projections named, from the start of the log into a file of their own. */
async function build({ config, names, file, checkpointEvery }: ApartBuild): Promise<void> {
  const events = await openEventStore(config);
  const store = new SqliteReadStore(file, { staging: true });
  try {
    const runner = new ProjectionRunner(
      events,
      store,
      allProjections.filter((p) => names.includes(p.name)),
      { checkpointEvery, movedOnceBuilt: true },
    );
    await runner.rebuild();
    await runner.stop();
  } finally {
    await store.close();
    await events.close();
  }
}

// A failure rejects unhandled, which ends the thread with an 'error' event the parent receives, message and stack.
void build(workerData as ApartBuild).then(() => parentPort!.postMessage('built'));
