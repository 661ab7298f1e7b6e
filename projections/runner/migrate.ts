import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadConfig } from '../../src/config/config';
import { PostgresEventStore } from '../../src/core/event-store/postgres-event-store';
import { SqliteEventStore } from '../../src/core/event-store/sqlite-event-store';
import { FolderFileStore } from '../../src/core/files/folder-file-store';
import { PostgresFileStore } from '../../src/core/files/postgres-file-store';
import { pgPool } from '../../src/core/postgres';
import { PostgresReadStore } from '../../src/core/read-store/postgres-read-store';
import { allProjections } from '../all-projections';
import { commandConfig, openRunner } from './engines-for-worker';
import { CHECKPOINTS } from './projection-runner';
import { buildStaged } from './staged-build';
import { growHeapSlowly } from '../../src/core/heap-growth';

const USAGE = 'npm run migrate -- --from DATA_DIR --to postgres://user@host:5432/database';
/** Events read and written per transaction. */
const PAGE = 2_000;

/**
 * `npm run migrate`: moves a company that started on the embedded default (one data folder) to PostgreSQL. The event
 * log is copied in its order with every event's position, stream, revision and id; the files with their ids; then
 * the read models are built from the copied log on PostgreSQL. Run it with the app stopped. It can be run again
 * after an interruption: what was copied is found and skipped. The data folder is only read.
 */
async function main() {
  growHeapSlowly();
  const argv = process.argv.slice(2);
  const value = (name: string) => {
    const at = argv.indexOf(name);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const from = value('--from');
  const to = value('--to');
  if (!from || !to) throw new Error(`Say where from and where to:\n  ${USAGE}`);
  const dataDir = resolve(from);
  if (!existsSync(join(dataDir, 'events.sqlite'))) throw new Error(`${dataDir} holds no events.sqlite`);
  const config = commandConfig(() => loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: to }));
  const databaseUrl = config.databaseUrl!;
  const started = Date.now();

  // 1. The log, in order, positions kept.
  const source = new SqliteEventStore(join(dataDir, 'events.sqlite'));
  const target = await PostgresEventStore.open(databaseUrl, { name: 'crewclock-migrate' });
  let events = 0;
  try {
    const head = await target.headPosition();
    if (head) {
      // Only this log may be there already (a run interrupted): the event at the target's head must be ours.
      const [ours] = await source.readAll({
        after: { commit: head.commit - 1, prepare: head.commit - 1 },
        maxCount: 1,
      });
      const [theirs] = await target.readAll({
        after: { commit: head.commit - 1, prepare: head.commit - 1 },
        maxCount: 1,
      });
      if (!ours || ours.id !== theirs?.id)
        throw new Error('The database holds another event log. Move into an empty database.');
    }
    const total = (await source.headPosition())?.commit ?? 0;
    for (let after = head?.commit ?? 0; ;) {
      const page = await source.readAll({ after: { commit: after, prepare: after }, maxCount: PAGE });
      if (!page.length) break;
      events += await target.importInOrder(page);
      after = page[page.length - 1].position.commit;
      process.stdout.write(`events: ${after} of ${total}\r`);
    }
    console.log(`events: ${events} copied (${total} in the log)       `);
  } finally {
    await source.close();
    await target.close();
  }

  // 2. The files, ids kept.
  const pool = pgPool(databaseUrl, { max: 2, name: 'crewclock-migrate' });
  let files = 0;
  try {
    const into = new PostgresFileStore(pool);
    for await (const { organizationId, file, bytes } of new FolderFileStore(join(dataDir, 'files')).everyFile()) {
      await into.import(organizationId, file, bytes);
      files++;
    }
  } finally {
    await pool.end();
  }
  console.log(`files: ${files} copied`);

  // 3. The read models, built from the copied log.
  let applied = 0;
  const options = {
    onProcessed: () => {
      if (++applied % 10_000 === 0) process.stdout.write(`read models: ${applied} events applied\r`);
    },
  };
  const { engines, runner } = await openRunner(config, options);
  const staging = mkdtempSync(join(tmpdir(), 'crewclock-migrate-'));
  try {
    // The data folder is only read: the read models must go to PostgreSQL, never rebuild the folder's own.
    if (!(engines.readStore instanceof PostgresReadStore))
      throw new Error(`The read models would not go to PostgreSQL (${engines.describe})`);
    // None there yet (a fresh database, or a move interrupted before they were loaded): built staged, all at once.
    // Otherwise from their checkpoints: a move run again finds them caught up.
    if (!(await engines.readStore.collection(CHECKPOINTS).countDocuments({})))
      await buildStaged(engines.eventStore, engines.readStore, allProjections, join(staging, 'read-models.sqlite'), {
        ...options,
        config,
        onLoad: () => console.log(`read models: ${applied} events applied; loading them into PostgreSQL…`),
      });
    else await runner.start();
  } finally {
    await runner.stop();
    await engines.close();
    rmSync(staging, { recursive: true, force: true });
  }
  console.log(`read models: built from ${applied} events`);
  console.log(
    `Moved to PostgreSQL in ${((Date.now() - started) / 1000).toFixed(1)} s. Start every process with DATABASE_URL` +
      ` and SESSION_SECRET set to the content of ${join(dataDir, '.session-secret')} (signed links stay valid).`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
