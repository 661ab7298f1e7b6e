import { parentPort, workerData } from 'node:worker_threads';
import { openEventStore } from '../../src/core/engines';
import { SqliteReadStore } from '../../src/core/read-store/sqlite-read-store';
import { allProjections } from '../all-projections';
import { ProjectionRunner } from './projection-runner';
import type { ApartBuild } from './build-apart';

/** Events between two reports of how far the thread is. */
const PROGRESS_EVERY = 1000;

/** The thread of build-apart.ts: the projections named, from the start of the log into a file of their own. */
async function build({ config, names, file, checkpointEvery }: ApartBuild): Promise<void> {
  const events = await openEventStore(config);
  const store = new SqliteReadStore(file, { staging: true });
  let seen = 0;
  try {
    const runner = new ProjectionRunner(
      events,
      store,
      allProjections.filter((p) => names.includes(p.name)),
      {
        checkpointEvery,
        movedOnceBuilt: true,
        // How far it is, for a first start's "building: N %".
        onProcessed: (event) => {
          if (++seen % PROGRESS_EVERY === 0) parentPort!.postMessage({ at: event.position.commit });
        },
      },
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
