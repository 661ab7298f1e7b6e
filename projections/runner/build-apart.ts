import { rmSync } from 'node:fs';
import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { AppConfig } from '../../src/config/config';
import type { ReadStore } from '../../src/core/read-store/read-store.port';
import { CHECKPOINTS, type Projection } from './projection';

/** Where the thread builds: beside the read models, removed once they are moved in (or the build failed). */
const APART_FILE = 'apart-build.sqlite';

/**
 * A log this long or longer is built on two cores at a first start (the rebuild command always builds so): below it,
 * starting the thread and moving its file in cost more than the thread saves.
 */
export const APART_FROM_EVENTS = 20_000;

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** What the thread (build-apart.thread.ts) is handed. */
export interface ApartBuild {
  config: AppConfig;
  /** The projections it builds (`Projection.standsAlone`). */
  names: string[];
  /** The file it builds them into, from nothing. */
  file: string;
  checkpointEvery?: number;
}

/** How a build from the start of the log may build apart: the embedded store's, which moves a file in. */
export interface Apart {
  config: AppConfig;
  /** The folder the thread's file goes to. */
  folder: string;
  /** From how long a log a first start builds apart (default APART_FROM_EVENTS). */
  fromEvents?: number;
  store: ReadStore & Required<Pick<ReadStore, 'copyFrom' | 'suspendIndexes'>>;
}

/**
 * Whether the store can take in a build made apart (SQLite's): how to build with the configuration's event log, the
 * thread's file in `folder` (by default the data folder), or null.
 */
export function apartFor(config: AppConfig, store: ReadStore, folder = config.dataDir): Apart | null {
  return store.copyFrom && store.suspendIndexes ? { config, folder, store: store as Apart['store'] } : null;
}

/**
 * Builds read models from the start of the log on two cores (issue #45 item 4): `apart`, which read no read model but
 * their own (`Projection.standsAlone`: the audit log, about 40 % of a build's CPU), in a thread of their own and into a
 * file of their own (SQLite has one writer per file), while `buildTheOthers` builds the rest in this thread; then they
 * are moved into the store with their checkpoints in one write, their indexes made once from the documents. Until that
 * write the store keeps what it had of them, at their own checkpoints: killed part-way, the next start (or the
 * rebuild's resume) takes each read model on from its own checkpoint. The thread reads the log on its own, so the two
 * may end at different heads; the runner's catch-up that follows takes each on from its checkpoint. `cancelled`: the
 * start was stopped meanwhile, and nothing is moved in.
 */
export async function buildApart(
  { config, folder, store }: Apart,
  apart: Projection[],
  buildTheOthers: () => Promise<void>,
  options: {
    checkpointEvery?: number;
    cancelled?: () => boolean;
    log?: (line: string) => void;
    /** Told the position the thread has reached, now and then. */
    progress?: (commit: number) => void;
  } = {},
): Promise<void> {
  const { checkpointEvery, cancelled } = options;
  const names = apart.map((p) => p.name);
  const started = Date.now();
  options.log?.(`Building ${names.join(', ')} in a thread of its own meanwhile.`);
  const file = join(folder, APART_FILE);
  const remove = () => ['', '-wal', '-shm', '-journal'].forEach((end) => rmSync(`${file}${end}`, { force: true }));
  remove(); // what an interrupted build left starts over
  const thread = inThread({ config, names, file, checkpointEvery }, options.progress);
  try {
    await buildTheOthers();
    if (cancelled?.()) return; // stopped part-way: the thread is stopped, the store keeps its own
    await thread.built;
    const built = Date.now();
    const collections = apart.flatMap((p) => p.collections);
    // As a build does: the store's file read through its page cache, not mapped into this process's memory.
    const endBuild = store.beginBuild?.();
    try {
      for (const p of apart) await p.setup?.(store);
      const makeIndexes = await store.suspendIndexes(collections, collections);
      store.copyFrom(file, collections, { [CHECKPOINTS]: names });
      const moved = Date.now();
      await makeIndexes();
      options.log?.(
        `${names.join(', ')} moved in (${seconds(moved - built)} s) and indexed (${seconds(Date.now() - moved)} s), ${seconds(built - started)} s after the start.`,
      );
    } finally {
      endBuild?.();
    }
  } finally {
    await thread.stop();
    remove();
  }
}

/**
 * The thread: build-apart.thread.ts beside this file (compiled, in dist/; else as TypeScript).
 */
function inThread(
  build: ApartBuild,
  progress: (commit: number) => void = () => undefined,
): { built: Promise<void>; stop(): Promise<void> } {
  const file = join(__dirname, `build-apart.thread${extname(__filename)}`);
  // As TypeScript in a suite's process (jest's own hook does not reach a worker), under the suites' hook.
  const execArgv = file.endsWith('.ts')
    ? [...process.execArgv, '--require', join(__dirname, '..', '..', 'test', 'support', 'swc-register.js')]
    : undefined;
  const worker = new Worker(file, { workerData: build, execArgv });
  const built = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: 'built' | { at: number }) =>
      message === 'built' ? resolve() : progress(message.at),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the thread building ${build.names.join(', ')} ended (${code})`)));
  });
  // Awaited only once this thread's part is done: meanwhile its failure must not go unhandled.
  built.catch(() => undefined);
  return { built, stop: () => worker.terminate().then(() => undefined) };
}
