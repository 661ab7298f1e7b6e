import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { allProjections } from '../../projections/all-projections';
import { ProjectionRunner } from '../../projections/runner/projection-runner';
import { SqliteEventStore } from '../../src/core/event-store/sqlite-event-store';
import { PostgresEventStore } from '../../src/core/event-store/postgres-event-store';
import { FolderFileStore } from '../../src/core/files/folder-file-store';
import { PostgresFileStore } from '../../src/core/files/postgres-file-store';
import { pgPool } from '../../src/core/postgres';
import { SqliteReadStore } from '../../src/core/read-store/sqlite-read-store';
import { PostgresReadStore } from '../../src/core/read-store/postgres-read-store';
import type { ReadStore } from '../../src/core/read-store/read-store.port';
import { killedWithTheSuite } from '../support/children';
import { within } from '../support/time';
import { freshDatabase } from '../support/postgres';

/**
 * `npm run migrate` (#25): a company that started on the embedded default moves to PostgreSQL. A data folder of
 * EVENTS events (bench/data.ts: the demo organization, staff, customers, jobs, timers) with files is moved by the
 * built command; then every event (position, stream, revision, id, type, data, metadata), every read-model document
 * and every file is the same on both sides.
 */

const repoRoot = join(__dirname, '..', '..');
/**
 * 100,000 for the proof (MIGRATE_EVENTS=100000: under 5 minutes here, the move itself 70 s, the folder's
 * own read models and the staged rebuild compared after it most of the rest); fewer in the suite, the same
 * comparisons.
 */
const EVENTS = Number(process.env.MIGRATE_EVENTS ?? 2_500);
/** A command's time limit: generous, and growing with the events (read models are built at about 1,500 a second). */
const LIMIT_MS = within(120_000 + EVENTS * 10);

function run(args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = killedWithTheSuite(
      spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] }),
    );
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`${args.join(' ')} exited with ${code}:\n${output.slice(-4000)}`));
    });
  });
}

/** Every document of every read model, by collection, in id order. */
async function readModels(store: ReadStore): Promise<Map<string, unknown[]>> {
  const all = new Map<string, unknown[]>();
  for (const name of [...new Set(allProjections.flatMap((p) => p.collections))].sort())
    all.set(name, await store.collection(name).find({}, { sort: { _id: 1 } }));
  return all;
}

describe('moving an embedded data folder to PostgreSQL', () => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof freshDatabase>>;

  beforeAll(async () => {
    if (!existsSync(join(repoRoot, 'dist/projections/runner/migrate.js')))
      throw new Error(
        'dist/projections/runner/migrate.js is missing: run `npm run build:server` (make test does) first',
      );
    dataDir = mkdtempSync(join(tmpdir(), 'crewclock-migrate-'));
    database = await freshDatabase('migrate');
  });
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  });

  it(
    `copies every event, read model document and file of ${EVENTS.toLocaleString('en-US')} events`,
    async () => {
      await run(
        ['--require', './test/support/swc-register.js', 'bench/data.ts', '--events', String(EVENTS), '--dir', dataDir],
        LIMIT_MS,
      );
      // The folder's read models, as the app builds them on its first start.
      const events = new SqliteEventStore(join(dataDir, 'events.sqlite'));
      const folderModels = new SqliteReadStore(join(dataDir, 'read-models.sqlite'));
      const runner = new ProjectionRunner(events, folderModels, allProjections);
      await runner.start();
      await runner.stop();
      // Files of two organizations, one larger than a page of anything.
      const folderFiles = new FolderFileStore(join(dataDir, 'files'));
      const saved = [];
      for (const [organizationId, bytes] of [
        [randomUUID(), randomBytes(300 * 1024)],
        [randomUUID(), Buffer.from('%PDF-1.7 quote')],
        [randomUUID(), Buffer.from('logo')],
      ] as const)
        saved.push({
          organizationId,
          bytes,
          file: await folderFiles.save({
            bytes,
            contentType: 'application/pdf',
            fileName: 'a.pdf',
            organizationId,
            kind: 'document',
          }),
        });

      const output = await run(
        ['dist/projections/runner/migrate.js', '--from', dataDir, '--to', database.url],
        LIMIT_MS,
      );
      console.log(
        output
          .replace(/\r[^\n]*\r/g, '\n')
          .split('\n')
          .filter((l) => /copied|built|Moved/.test(l))
          .join('\n'),
      );

      // The log: the same events at the same positions.
      const moved = await PostgresEventStore.open(database.url);
      const movedModels = new PostgresReadStore(database.url);
      const pool = pgPool(database.url, { max: 1 });
      try {
        const before = await events.readAll();
        const after = await moved.readAll();
        expect(before.length).toBeGreaterThanOrEqual(EVENTS);
        expect(after.length).toBe(before.length);
        expect(after).toEqual(before);
        // The read models: every document of every collection.
        const expected = await readModels(folderModels);
        const actual = await readModels(movedModels);
        expect([...actual.keys()]).toEqual([...expected.keys()]);
        for (const [name, docs] of expected) expect({ name, docs: actual.get(name) }).toEqual({ name, docs });
        // The files, ids and bytes kept.
        const files = new PostgresFileStore(pool);
        for (const { organizationId, file, bytes } of saved) {
          const read = await files.read(organizationId, file.id);
          expect(read?.file).toEqual(file);
          expect(read?.bytes.equals(bytes)).toBe(true);
        }
      } finally {
        await pool.end();
        await moved.close();
        await movedModels.close();
        await events.close();
        await folderModels.close();
      }

      // A second run finds everything there and copies nothing again.
      const again = await run(
        ['dist/projections/runner/migrate.js', '--from', dataDir, '--to', database.url],
        LIMIT_MS,
      );
      expect(again).toMatch(/events: 0 copied/);
      expect(again).toMatch(/read models: built from 0 events/);

      // The rebuild command on PostgreSQL (staged: applied into a SQLite file, then loaded): the same documents, the
      // same indexes, and no staging file left behind.
      const indexes = async () => {
        const sql = pgPool(database.url, { max: 1 });
        try {
          const { rows } = await sql.query<{ name: string; definition: string }>(
            `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
              WHERE schemaname = 'public' AND tablename LIKE 'rs\\_%' ORDER BY 1`,
          );
          return rows;
        } finally {
          await sql.end();
        }
      };
      const indexesBefore = await indexes();
      expect(indexesBefore.length).toBeGreaterThan(20);
      const workDir = mkdtempSync(join(tmpdir(), 'crewclock-rebuild-'));
      try {
        const rebuilt = await new Promise<string>((resolve, reject) => {
          const child = killedWithTheSuite(
            spawn(process.execPath, ['dist/projections/runner/rebuild.js'], {
              cwd: repoRoot,
              env: { ...process.env, DATA_DIR: workDir, DATABASE_URL: database.url, REBUILD_PROGRESS: 'lines' },
              stdio: ['ignore', 'pipe', 'pipe'],
            }),
          );
          let output = '';
          child.stdout.on('data', (c: Buffer) => (output += c.toString()));
          child.stderr.on('data', (c: Buffer) => (output += c.toString()));
          child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(output.slice(-4000)))));
        });
        expect(rebuilt).toMatch(/Loading the read models into PostgreSQL/);
        // The audit log built on a second core meanwhile (build-apart.ts), then moved into the staging file.
        expect(rebuilt).toMatch(/Building audit in a thread of its own meanwhile/);
        expect(rebuilt).toMatch(/Read models rebuilt from \d+ events/);
        expect(existsSync(join(workDir, 'rebuild-staging.sqlite'))).toBe(false);
        const store = new PostgresReadStore(database.url);
        const folder = new SqliteReadStore(join(dataDir, 'read-models.sqlite'));
        try {
          const expected = await readModels(folder);
          const actual = await readModels(store);
          for (const [name, docs] of expected) expect({ name, docs: actual.get(name) }).toEqual({ name, docs });
        } finally {
          await store.close();
          await folder.close();
        }
        expect(await indexes()).toEqual(indexesBefore);
      } finally {
        rmSync(workDir, { recursive: true, force: true });
      }
    },
    4 * LIMIT_MS,
  );
});
