import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { Query } from 'mingo';
import {
  applyOperators,
  assertSameId,
  CASE_INSENSITIVE,
  caseInsensitiveFilter,
  checkOperators,
  compile,
  equalityFields,
  IGNORING_CASE,
  isOperatorObject,
  isPlainObject,
} from './mongo-semantics';
import {
  AnyDoc,
  Doc,
  DuplicateKeyError,
  Filter,
  FindOptions,
  LoadedCollection,
  ReadCollection,
  ReadStore,
  Sort,
  Update,
  UpdateResult,
} from './read-store.port';
import { and, ANY, EVERYTHING, exact, not, or, Sql } from './sql-parts';
import {
  ARR,
  BOOL,
  indexablePath,
  isAscii,
  literalOf,
  NUM,
  OBJ,
  plainKinds,
  recordKinds,
  STR,
  topLevelInclusion,
} from './value-kinds';
import { pinnedId, StagedWrite, Unit, updatedById } from './write-behind';

const MMAP_BYTES = 1 << 30;
/** SQLite's page cache, in KB (64 MB). */
const CACHE_KB = 65536;
/**
 * The page cache while a bulk read runs (throughPageCache), in KB. A bulk read passes over its pages once, so a cache
 * full of them helps no one, and it stayed in the process's memory: the first export after a start grew the server
 * by 50 MB more than with 8 MB (SQLite frees the pages beyond a lowered cache_size at once).
 */
const BULK_CACHE_KB = 8192;

/**
 * A persistent, indexed read store in one SQLite file (better-sqlite3), with MongoDB semantics.
 *
 * Storage: one table per collection, `_id TEXT PRIMARY KEY, doc BLOB NOT NULL`: the document as
 * SQLite's binary JSON (JSONB), which json_extract reads without parsing text (a search scanning an
 * organization's 10,000 customers took 90 ms with JSON text, 40 ms with JSONB and a larger page
 * cache); JSON.stringify writes it through jsonb(), json() reads it back as text. Plus `_collections` (per collection: the index definitions and the value kinds seen at each
 * path, see below). WAL with synchronous=NORMAL: a commit is not fsynced, so a power loss may lose
 * the last commits, but WAL recovery always keeps a prefix of them. The read models are derived from
 * the event log and their checkpoints live in this same file, committed after (or with) the writes
 * they cover, so a lost tail only rolls both back and the projections apply those events again
 * (idempotently). FULL would fsync every projection write: ~100x slower catch-up for no gain.
 *
 * Queries: `createIndex` makes real expression indexes on `json_extract(doc, '$."path"')`. A filter
 * compiles to SQL where SQL can say exactly what MongoDB means (see FilterCompiler); what it cannot
 * say becomes `1` (true), so the SQL only narrows the rows and mingo checks each remaining document
 * exactly. Sort, skip and limit run in SQL when the filter compiled exactly and every sort key is a
 * plain scalar path; with an inexact filter the SQL order is still used and rows stream through
 * mingo until the page is full; otherwise mingo sorts the narrowed rows.
 *
 * Whether a path is "plain" depends on the data (MongoDB matches `{tags: 'b'}` against any element
 * of an array), so each collection records, per dotted path, the kinds of value ever stored there
 * (null, boolean, number, string, object, array). The record only grows (until dropCollection), is
 * written in the same transaction as the document, and is reloaded when another connection commits
 * (PRAGMA data_version); a stale record in this process can only lag a concurrent commit, which
 * MongoDB reads do not isolate from either.
 */
export class SqliteReadStore implements ReadStore {
  private readonly db: Database.Database;
  private readonly tables = new Map<string, Table>();
  private readonly statements = new Map<string, Database.Statement>();
  private readonly dataVersion: Database.Statement;
  private readonly step: Database.Transaction<(work: () => unknown) => unknown>;
  private seenVersion: number;
  /**
   * Set inside transaction(), with what the unit has staged (write-behind.ts): a nested call joins the unit instead of
   * waiting for itself.
   */
  private readonly unit = new AsyncLocalStorage<Unit>();
  private unitQueue: Promise<unknown> = Promise.resolve();
  private readonly optimizer: NodeJS.Timeout;
  /** Inside transaction(), after BEGIN IMMEDIATE: no other connection can commit until this one has. */
  private writeLocked = false;
  /** Builds under way (beginBuild): the file is not mapped while there is one. */
  private builds = 0;

  /**
   * `staging`: a store a staged build fills and then moves elsewhere (projections/runner/staged-build.ts), thrown away
   * after: nothing of it needs to survive a crash (no journal on disk, no sync), and its search indexes are not made
   * (a search finds the same without one; the store it moves to makes its own).
   */
  constructor(
    filePath: string,
    private readonly options: { staging?: boolean } = {},
  ) {
    this.db = new Database(filePath);
    this.db.pragma(options.staging ? 'journal_mode = MEMORY' : 'journal_mode = WAL');
    this.db.pragma(options.staging ? 'synchronous = OFF' : 'synchronous = NORMAL');
    // Another process (the projection worker, an API instance) may hold the write lock for a moment.
    this.db.pragma('busy_timeout = 5000');
    // Queries that scan an organization's rows (a search, its count) read pages all over the file:
    // keep up to 64 MB of them in the page cache and read the file through a memory map.
    this.db.pragma(`cache_size = -${CACHE_KB}`);
    this.db.pragma(`mmap_size = ${MMAP_BYTES}`);
    // Statistics for the query planner: without them SQLite guesses that an organization's index entries
    // are few and walks all of them for a search that matches one customer. Kept in the file: at an open, only the
    // indexes that have none yet; all of them every hour and at the end of a build from nothing.
    this.db.pragma('analysis_limit = 400');
    this.analyzeIndexes(true);
    this.optimizer = setInterval(() => this.analyzeIndexes(), 3_600_000);
    this.optimizer.unref();
    this.db.exec(`CREATE TABLE IF NOT EXISTS _collections (
      name    TEXT PRIMARY KEY,
      tbl     TEXT NOT NULL UNIQUE,
      kinds   TEXT NOT NULL DEFAULT '{}',
      indexes TEXT NOT NULL DEFAULT '{}'
    )`);
    // $regex in SQL: mingo compiles the pattern, as it does for every other match (our own code
    // builds no pattern at run time; see "Hostile input" in docs/security.md).
    const regexes = new Map<string, { test(doc: AnyDoc): boolean }>();
    this.db.function('mongo_regex', { deterministic: true }, (value: unknown, source: unknown, flags: unknown) => {
      if (typeof value !== 'string') return 0;
      const key = `${String(flags)}/${String(source)}`;
      let query = regexes.get(key);
      if (!query) {
        if (regexes.size > 1000) regexes.clear();
        regexes.set(key, (query = compile({ v: { $regex: source, $options: flags } })));
      }
      return query.test({ _id: '', v: value }) ? 1 : 0;
    });
    // One wrapper for every write step (better-sqlite3 builds a new one per transaction() call).
    this.step = this.db.transaction((work: () => unknown) => work());
    this.dataVersion = this.db.prepare('PRAGMA data_version').pluck();
    this.seenVersion = this.dataVersion.get() as number;
  }

  collection<T extends Doc = AnyDoc>(name: string): ReadCollection<T> {
    return new SqliteCollection<T>(this, this.table(name));
  }

  async dropCollection(name: string): Promise<void> {
    this.write(() => this.emptyTable(name));
  }

  /** Inside a write step: the collection's documents gone, its indexes and search triggers kept (dropCollection). */
  private emptyTable(name: string): void {
    // Deletes the documents, keeps the indexes (as the other adapters do); no document, no kinds. The table and its
    // search tables are dropped and made again, empty, from the schema SQLite keeps (their indexes and the search
    // triggers with them): a DELETE updated every index entry and ran the search trigger row by row (at 1,000,000
    // audit entries, most of an upgraded server's 38 s before it served).
    const t = this.table(name);
    this.staged?.dropped(name); // what a unit staged for it is moot
    const table = t.sqlName.slice(1, -1);
    const searchTables = Object.entries(t.indexes)
      .filter(([, spec]) => isSearchSpec(JSON.parse(spec)))
      .map(([index]) => searchTableOf(t, index).slice(1, -1));
    const schema = (type: string, of: string[]) =>
      (
        this.prepare(
          `SELECT sql FROM sqlite_master WHERE type = ? AND tbl_name IN (${of.map(() => '?').join(', ')}) AND sql IS NOT NULL ORDER BY rowid`,
        ).all(type, ...of) as { sql: string }[]
      ).map((row) => row.sql);
    // The table and the search tables (an FTS5 table's own shadow tables go and come with it).
    const recreate = [
      ...schema('table', [table, ...searchTables]),
      ...schema('index', [table]),
      ...schema('trigger', [table]),
    ];
    for (const fts of searchTables) this.db.exec(`DROP TABLE "${fts}"`);
    this.db.exec(`DROP TABLE "${table}"`);
    for (const sql of recreate) this.db.exec(sql);
    t.changed();
    t.kinds.clear();
    this.run('UPDATE _collections SET kinds = ? WHERE name = ?', '{}', name);
  }

  /**
   * Moves in what another store's file holds (a build made apart, projections/runner/build-apart.ts), in one write
   * step: each of `collections` whole, in place of what this store had, with the kinds of value it holds; and of
   * `documents`, the ones named (a projection's checkpoint among others'). Rows keep their order. The indexes are kept
   * row by row: a caller moving much in suspends them first (suspendIndexes).
   */
  copyFrom(file: string, collections: string[], documents: Record<string, string[]> = {}): void {
    this.db.prepare('ATTACH DATABASE ? AS apart').run(file);
    try {
      const tableThere = (name: string) =>
        this.db.prepare('SELECT tbl, kinds FROM apart._collections WHERE name = ?').get(name) as
          { tbl: string; kinds: string } | undefined;
      // Through the page cache: mapped, every page of both files it passes over stayed in the process's resident memory
      // (a first start of 1,000,000 events peaked at 1.1 GB).
      this.throughPageCache(() =>
        this.write(() => {
          for (const name of collections) {
            this.emptyTable(name);
            const there = tableThere(name);
            if (!there) continue;
            const t = this.table(name);
            this.db.exec(
              `INSERT INTO ${t.sqlName} (_id, doc) SELECT _id, doc FROM apart."${there.tbl}" ORDER BY rowid`,
            );
            this.mergeKinds(t, there.kinds);
          }
          for (const [name, ids] of Object.entries(documents)) {
            const there = tableThere(name);
            if (!there || !ids.length) continue;
            const t = this.table(name);
            this.db
              .prepare(
                `INSERT OR REPLACE INTO ${t.sqlName} (_id, doc) SELECT _id, doc FROM apart."${there.tbl}" WHERE _id IN (${ids.map(() => '?').join(', ')}) ORDER BY rowid`,
              )
              .run(...ids);
            this.mergeKinds(t, there.kinds);
          }
        }),
      );
    } finally {
      this.db.exec('DETACH DATABASE apart');
    }
  }

  /**
   * Stops keeping the search indexes of `collections` while a build writes them from nothing: each one's trigram
   * table and triggers are dropped, and its entry with them, so that a crash before the resume leaves no index
   * claimed (the next setup makes it anew, from the documents). Until then a search reads the rows, as with no index.
   * The function returned makes each again from the documents, one statement apiece: a rebuild of 50,000 events of
   * the bench's mix went from 51.0 s to 40.4 s, about 1.3 s of it making them (the audit log's above all).
   * The b-tree indexes of `readById` go the same way, but unique ones (they refuse writes): the audit log's seven,
   * written with each of its entries, are made once from all of them.
   */
  async suspendIndexes(collections: string[], readById: string[] = []): Promise<() => Promise<void>> {
    const search: { collection: string; name: string; fields: string[] }[] = [];
    const btree: { collection: string; name: string; keys: Record<string, 1 | -1> }[] = [];
    this.write(() => {
      for (const collection of new Set([...collections, ...readById])) {
        const t = this.table(collection);
        for (const [name, spec] of Object.entries(t.indexes)) {
          const parsed = JSON.parse(spec) as unknown;
          if (isSearchSpec(parsed)) {
            if (!collections.includes(collection)) continue;
            this.db.exec(dropSearchIndex(searchTableOf(t, name)));
            search.push({ collection, name, fields: parsed.search });
          } else {
            const [keys, unique] = parsed as [Record<string, 1 | -1>, boolean];
            if (unique || !readById.includes(collection)) continue;
            this.db.exec(`DROP INDEX IF EXISTS "ix_${indexBaseOf(t, name)}"`);
            btree.push({ collection, name, keys });
          }
          delete t.indexes[name];
        }
        this.saveIndexes(t);
      }
    });
    return async () => {
      for (const { collection, name, keys } of btree) await this.collection(collection).createIndex(keys, { name });
      for (const { collection, name, fields } of search)
        await this.collection(collection).createSearchIndex(fields, { name });
    };
  }

  /**
   * No memory map while a build runs: at 100,000 events of the dense mix a rebuild's peak RSS went from 745 MB to
   * 341 MB, in the same time (its reads go through the 64 MB page cache, which holds what a build reads again).
   */
  beginBuild(): () => void {
    if (this.builds++ === 0) this.db.pragma(`mmap_size = ${this.mapped}`);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      if (--this.builds !== 0) return;
      this.db.pragma(`mmap_size = ${this.mapped}`);
      this.analyzeIndexes();
    };
  }

  /** How much of the file SQLite maps: none while a build runs. */
  private get mapped(): number {
    return this.builds ? 0 : MMAP_BYTES;
  }

  /**
   * A collection's documents as JSON texts, `batch` at a time in their order (by rowid, through the page cache), and
   * its kinds: what a staged build moves into PostgreSQL (PostgresReadStore.load).
   */
  exportCollection(name: string, batch = 1000): LoadedCollection {
    const t = this.table(name);
    const read = this.prepare(
      `SELECT rowid AS r, json(doc) AS doc FROM ${t.sqlName} WHERE rowid > ? ORDER BY rowid LIMIT ?`,
    );
    const page = (after: number) => this.throughPageCache(() => read.all(after, batch) as { r: number; doc: string }[]);
    return {
      name,
      kinds: new Map(t.kinds),
      documents: (async function* () {
        for (let after = 0; ;) {
          const rows = page(after);
          if (!rows.length) return;
          after = rows[rows.length - 1].r;
          yield rows.map((row) => row.doc);
        }
      })(),
    };
  }

  async ping(): Promise<void> {
    this.prepare('SELECT 1').get();
  }

  /**
   * Runs `work` as one SQLite transaction: every write it awaits on this store commits together
   * (BEGIN IMMEDIATE … COMMIT), or none does if it throws. The port's methods return promises but
   * this adapter does all its work synchronously before resolving, so the awaits inside `work` never
   * wait for I/O, and Node runs one thing at a time: the projection runner can wrap a batch of events
   * and its checkpoint in one unit. Units run one after another; a call from inside a unit joins it.
   *
   * Write-behind (issue #45 item 2): inside a unit, reads and writes of one document by `_id` alone — nearly all a
   * projection makes — are answered from and staged in the unit's memory (write-behind.ts), and each document it
   * changed is written once, at its end, before the COMMIT. Most of a batch's documents are written once anyway (a
   * rebuild of 50,000 events: 207,000 writes for 191,000 documents): what it saves is the reads by `_id`, applyOnce's
   * above all. Any other read or write of a collection first writes what is staged for it, so it sees every earlier
   * write.
   * Caveat: the store has one connection, so a write by another async caller while a unit is open
   * (none today: projections are the only writers) joins the unit, and in-process readers see the
   * unit's flushed writes before it commits. Other processes see nothing until COMMIT.
   */
  transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.unit.getStore()) return work();
    const staged = new Unit((name, writes) => this.writeStaged(name, writes));
    const run = () =>
      this.unit.run(staged, async () => {
        this.db.exec('BEGIN IMMEDIATE');
        this.forgetIfChanged();
        this.writeLocked = true;
        try {
          const result = await work();
          await staged.flush();
          this.db.exec('COMMIT');
          return result;
        } catch (error) {
          if (this.db.inTransaction) this.db.exec('ROLLBACK');
          this.tables.clear(); // collections created inside the unit are gone again
          throw error;
        } finally {
          this.writeLocked = false;
        }
      });
    const done = this.unitQueue.then(run, run);
    this.unitQueue = done.catch(() => undefined);
    return done;
  }

  /** What the unit the caller runs in has staged, if it runs in one. */
  get staged(): Unit | null {
    return this.unit.getStore() ?? null;
  }

  /** A unit's staged documents of one collection, each written once: the whole document upserted, or deleted. */
  private writeStaged(name: string, writes: StagedWrite[]): Promise<void> {
    const t = this.table(name);
    t.changed();
    const upsert = this.prepare(
      `INSERT INTO ${t.sqlName} (_id, doc) VALUES (?, jsonb(?)) ON CONFLICT (_id) DO UPDATE SET doc = excluded.doc`,
    );
    const remove = this.prepare(`DELETE FROM ${t.sqlName} WHERE _id = ?`);
    let newKinds = false;
    for (const { _id, doc } of writes) {
      if (!doc) {
        remove.run(_id);
        continue;
      }
      if (t.record(doc)) newKinds = true;
      upsert.run(_id, toJson(doc));
    }
    if (newKinds) this.saveKinds(t);
    return Promise.resolve();
  }

  async close(): Promise<void> {
    clearInterval(this.optimizer);
    this.db.close();
  }

  // ---- internals used by SqliteCollection ----

  get staging(): boolean {
    return this.options.staging === true;
  }

  /** Another connection committed since this one last looked: the tables' kinds and indexes are read again. */
  private forgetIfChanged(): void {
    const version = this.dataVersion.get() as number;
    if (version !== this.seenVersion) {
      this.seenVersion = version;
      this.tables.clear();
    }
  }

  /** The collection's table, created on first use; its kinds reloaded if another connection committed. */
  table(name: string): Table {
    // Holding the write lock, this connection sees no other commit: a batch of 500 events asked 10,000 times.
    if (!this.writeLocked) this.forgetIfChanged();
    let t = this.tables.get(name);
    if (t) return t;
    type Meta = { tbl: string; kinds: string; indexes: string };
    const read = () =>
      this.prepare('SELECT tbl, kinds, indexes FROM _collections WHERE name = ?').get(name) as Meta | undefined;
    const row: Meta =
      read() ??
      this.write(() => {
        // Table names are derived: a collection name may hold any character. Another process may
        // have created it meanwhile, hence IF NOT EXISTS and OR IGNORE.
        const hash = createHash('sha256').update(name).digest('hex').slice(0, 10);
        const tbl = `rs_${name.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 40)}_${hash}`;
        this.db.exec(`CREATE TABLE IF NOT EXISTS "${tbl}" (_id TEXT PRIMARY KEY, doc BLOB NOT NULL)`);
        this.run('INSERT OR IGNORE INTO _collections (name, tbl) VALUES (?, ?)', name, tbl);
        return read()!;
      });
    t = new Table(
      name,
      row.tbl,
      new Map(Object.entries(JSON.parse(row.kinds) as Record<string, number>)),
      JSON.parse(row.indexes) as Record<string, string>,
    );
    this.tables.set(name, t);
    return t;
  }

  /**
   * ANALYZE of each collection index (analysis_limit caps the entries it weighs). It still reads the
   * collection's table, so it reads through the page cache, not the memory map: through the map it
   * touched the whole 640 MB file at a million events and the process's RSS grew from 150 to 750 MB.
   * Statistics are an aid: another process holding the write lock (busy) only delays them. `unmeasured`: only the
   * indexes with no statistics yet. At an open, all of them read the 3 GB file of 1,000,000 events of the dense mix
   * for 27 s when the kernel had none of it cached (a restart after a reboot), 0.5 s when it had.
   */
  private analyzeIndexes(unmeasured = false): void {
    const measured =
      unmeasured && this.db.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'`).get() !== undefined;
    const indexes = this.db
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'index' AND substr(name, 1, 3) = 'ix_'${
          measured ? ' AND name NOT IN (SELECT idx FROM sqlite_stat1 WHERE idx IS NOT NULL)' : ''
        }`,
      )
      .pluck()
      .all() as string[];
    if (!indexes.length) return;
    this.throughPageCache(() => {
      try {
        for (const index of indexes) this.db.exec(`ANALYZE "${index}"`);
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
      }
    });
  }

  /**
   * Runs `work` (synchronous: nothing else uses the connection meanwhile) with SQLite reading through its page
   * cache rather than the memory map. What a bulk read passes over (an export's rows, ANALYZE's tables) then
   * stays in the kernel's cache, not in this process's resident memory.
   */
  throughPageCache<R>(work: () => R): R {
    this.db.pragma('mmap_size = 0');
    this.db.pragma(`cache_size = -${BULK_CACHE_KB}`);
    try {
      return work();
    } finally {
      this.db.pragma(`mmap_size = ${this.mapped}`);
      this.db.pragma(`cache_size = -${CACHE_KB}`);
    }
  }

  /** How many rows a search index matches, counting no further than `limit`. */
  readonly searchMatches = (fts: string, match: string, limit: number): number =>
    this.prepare(`SELECT count(*) FROM (SELECT 1 FROM ${fts} WHERE ${fts} MATCH ? LIMIT ?)`)
      .pluck()
      .get(match, limit) as number;

  prepare(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (!s) {
      if (this.statements.size > 2000) this.statements.clear();
      this.statements.set(sql, (s = this.db.prepare(sql)));
    }
    return s;
  }

  run(sql: string, ...params: unknown[]): Database.RunResult {
    return this.prepare(sql).run(...params);
  }

  /**
   * One step holding the write lock from its first read: its own transaction, or, inside a unit, part of
   * the unit's (which already holds the lock) without a savepoint of its own. No step leaves a half
   * write that matters when it throws: a failed statement undoes itself, and what may stay before it
   * (a grown kinds record, an index created before its unique twin failed) is harmless.
   */
  write<R>(step: () => R): R {
    return this.db.inTransaction ? step() : (this.step.immediate(step) as R);
  }

  exec(sql: string): void {
    this.db.exec(sql);
  }

  /** Called inside a write step (which holds the write lock) when a document brought new kinds; merges with the stored record. */
  saveKinds(t: Table): void {
    addKinds(t.kinds, this.prepare('SELECT kinds FROM _collections WHERE name = ?').pluck().get(t.name) as string);
    this.run('UPDATE _collections SET kinds = ? WHERE name = ?', JSON.stringify(Object.fromEntries(t.kinds)), t.name);
  }

  /** Inside a write step: the kinds another file recorded for the collection (copyFrom), merged into its own. */
  private mergeKinds(t: Table, kinds: string): void {
    addKinds(t.kinds, kinds);
    this.saveKinds(t);
    t.changed();
  }

  saveIndexes(t: Table): void {
    t.indexesChanged();
    this.run('UPDATE _collections SET indexes = ? WHERE name = ?', JSON.stringify(t.indexes), t.name);
  }
}

class Table {
  readonly sqlName: string;
  /**
   * Counts of exact filters (SQL and parameters → count) since this process last wrote the
   * collection. Another connection's commit replaces the whole Table (PRAGMA data_version), and a
   * rolled-back unit drops every Table, so a count never outlives the rows it counted.
   */
  private readonly counts = new Map<string, number>();
  constructor(
    readonly name: string,
    tbl: string,
    readonly kinds: Map<string, number>,
    /** index name → spec, so createIndex is idempotent. */
    readonly indexes: Record<string, string>,
  ) {
    this.sqlName = `"${tbl}"`;
    this.indexesChanged();
  }

  /** A unique index besides `_id`'s: its writes are refused when made, so a unit does not stage them. */
  hasUniqueIndex = false;

  indexesChanged(): void {
    this.hasUniqueIndex = Object.values(this.indexes).some((spec) => {
      const parsed = JSON.parse(spec) as unknown;
      return Array.isArray(parsed) && parsed[1] === true;
    });
  }

  /** A count (of rows, or of a search index's matches) by its key, counted once until the collection changes. */
  counted(key: string, count: () => number): number {
    let n = this.counts.get(key);
    if (n === undefined) {
      n = count();
      if (this.counts.size >= 1000) this.counts.clear();
      this.counts.set(key, n);
    }
    return n;
  }

  /** Forgets the counts: this process wrote the collection. */
  changed(): void {
    this.counts.clear();
  }

  /** The trigram tables of createSearchIndex(), with the fields each covers (column `c<i>` holds fields[i]). */
  get searchIndexes(): { fts: string; fields: string[] }[] {
    return Object.entries(this.indexes).flatMap(([name, spec]) => {
      const parsed = JSON.parse(spec) as unknown;
      if (!isSearchSpec(parsed) || parsed.fold !== 'ascii') return []; // an older format, built anew at its setup
      return [{ fts: searchTableOf(this, name), fields: parsed.search as string[] }];
    });
  }

  /**
   * The kinds at `path` when `json_extract(doc, path)` yields exactly what MongoDB resolves there:
   * no array on the way or at the end. Null when the path must be checked in JS.
   */
  plain(path: string): number | null {
    return plainKinds(this.kinds, path);
  }

  /** Adds the kinds of `doc`'s values; true when the record grew. */
  record(doc: AnyDoc): boolean {
    return recordKinds(this.kinds, doc);
  }
}

const isSearchSpec = (spec: unknown): spec is { search: string[]; fold?: string } =>
  isPlainObject(spec) && Array.isArray(spec.search);

const sqlSafe = (name: string) => name.replace(/[^A-Za-z0-9_]/g, '_');

/** An index's name in SQL, less its prefix (`ix_`, `ux_` for its unique twin). */
const indexBaseOf = (t: Table, name: string) => `${t.sqlName.slice(1, -1)}__${name.replace(/[^A-Za-z0-9_]/g, '_')}`;

/** The quoted name of a search index's trigram table. */
function searchTableOf(t: Table, name: string): string {
  return `"fts_${t.sqlName.slice(1, -1)}__${sqlSafe(name)}"`;
}

/** The quoted name of the trigger that keeps a search index's trigram table on an insert, delete or update. */
function searchTrigger(fts: string, what: string): string {
  return `"tr_${fts.slice(1, -1)}_${what}"`;
}

/** SQL dropping a search index: its trigram table and the triggers that keep it. */
function dropSearchIndex(fts: string): string {
  const triggers = ['insert', 'delete', 'update'].map((what) => `DROP TRIGGER IF EXISTS ${searchTrigger(fts, what)};`);
  return `${triggers.join(' ')} DROP TABLE IF EXISTS ${fts};`;
}

/** SQL for the value at a path (the `_id` column for `_id`), matching the expression indexes' text. */
function valueAt(path: string): string {
  return path === '_id' ? '_id' : `json_extract(doc, '${jsonPath(path)}')`;
}

function typeAt(path: string): string {
  return path === '_id' ? `'text'` : `json_type(doc, '${jsonPath(path)}')`;
}

const jsonPath = (path: string) =>
  `$${path
    .split('.')
    .map((p) => `."${p}"`)
    .join('')}`;

const RANGE = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;

/**
 * Compiles equality, $eq, $ne, $in, $nin, $gt/$gte/$lt/$lte (numbers, strings), $exists, $regex and
 * RegExp values, and $and/$or/$nor of them, on plain paths. Comparisons keep MongoDB's type
 * brackets: a residual `json_type` test is added only where the path has held a kind SQLite would
 * confuse (true = 1, an object's JSON text with a string). Under `caseInsensitive`, string
 * comparisons are left to JS (collation strength 2 is not lower()).
 */
class FilterCompiler {
  /**
   * The exact conditions of the filter's own `$or`s (a search's words, one `$or` each): with a search whose words match
   * many rows (`broad`), a page may test rows for them on its way rather than gather every match first (walkedPage).
   */
  readonly alternatives: Sql[] = [];
  /** A search word matched many rows (see narrowedBySearch). */
  broad = false;
  /** The filter less its `alternatives` (each taken as true), for a page that tests those itself: set by filter(). */
  rest: Sql = EVERYTHING;
  /** How deep in an `$or` or `$nor` the part being compiled is (0: a condition of the whole filter). */
  private nested = 0;

  constructor(
    private readonly table: Table,
    private readonly ci: boolean,
    /** Counts a search index's matches, up to a limit, to choose how a query uses them. */
    private readonly searchMatches?: (fts: string, match: string, limit: number) => number,
  ) {}

  filter(f: Filter): Sql {
    const { all, rest } = this.compile(f);
    if (this.nested === 0) this.rest = rest;
    return all;
  }

  /** The filter, and the same less the alternatives of the whole filter (`rest`), in one pass. */
  private compile(f: Filter): { all: Sql; rest: Sql } {
    const all: Sql[] = [];
    const rest: Sql[] = [];
    const both = (part: Sql) => {
      all.push(part);
      rest.push(part);
    };
    const inner = (x: unknown) => {
      this.nested++;
      try {
        return this.filter(x as Filter);
      } finally {
        this.nested--;
      }
    };
    for (const [k, v] of Object.entries(f)) {
      if (k === '$and' && Array.isArray(v) && v.length) {
        const parts = v.map((x) => this.compile(x as Filter));
        all.push(and(parts.map((p) => p.all)));
        rest.push(and(parts.map((p) => p.rest)));
      } else if (k === '$or' && Array.isArray(v) && v.length) {
        const compiled = or(v.map(inner));
        const wasBroad = this.broad;
        all.push(this.narrowedBySearch(v as Filter[], compiled));
        if (this.nested === 0 && compiled.exact) {
          // A word that matches many rows is tested last: a row the others reject is not read for it.
          if (this.broad && !wasBroad) this.alternatives.push(compiled);
          else this.alternatives.unshift(compiled);
        } else rest.push(all[all.length - 1]);
      } else if (k === '$nor' && Array.isArray(v) && v.length) both(not(or(v.map(inner))));
      else if (k.startsWith('$')) both(ANY);
      else both(this.field(k, v));
    }
    return { all: and(all), rest: and(rest) };
  }

  /**
   * A search word's `$or` (each branch one field matching plain text, as everyWordIn() writes it),
   * answered by a search index covering those fields, for ASCII text of 3 or more characters (a
   * trigram) on plain paths (an array's elements are not in the index). The index holds each string
   * with its ASCII letters lower-cased, so a trigram match of the lower-cased text is exactly a
   * case-insensitive match without the u flag (JS folds ASCII letters only then); a case-sensitive
   * branch with letters is only narrowed by it, and `compiled` decides.
   */
  private narrowedBySearch(branches: Filter[], compiled: Sql): Sql {
    const words: { path: string; text: string; caseless: boolean }[] = [];
    for (const branch of branches) {
      const entries = Object.entries(branch);
      if (entries.length !== 1) return compiled;
      const [path, cond] = entries[0];
      const pattern =
        cond instanceof RegExp
          ? { source: cond.source, flags: cond.flags }
          : isPlainObject(cond) &&
              typeof cond.$regex === 'string' &&
              Object.keys(cond).every((k) => k === '$regex' || k === '$options')
            ? { source: cond.$regex, flags: cond.$options ?? '' }
            : null;
      if (!pattern || typeof pattern.flags !== 'string' || !/^[ims]*$/.test(pattern.flags)) return compiled;
      const text = literalOf(pattern.source);
      if (text === null || text.length < 3 || !isAscii(text) || this.table.plain(path) === null) return compiled;
      const caseless = pattern.flags.includes('i') || text.toLowerCase() === text.toUpperCase();
      words.push({ path, text: text.toLowerCase(), caseless });
    }
    const index = this.table.searchIndexes.find((i) => words.every((w) => i.fields.includes(w.path)));
    if (!index) return compiled;
    // One phrase per text over the set of its columns: `{c0 c1} : "oak"` reads the phrase's trigrams
    // once, `c0 : "oak" OR c1 : "oak"` once per column (28 ms against 5 ms for 7 columns).
    const columns = new Map<string, string[]>();
    for (const w of words) columns.set(w.text, [...(columns.get(w.text) ?? []), `c${index.fields.indexOf(w.path)}`]);
    const match = [...columns]
      .map(([text, cols]) => `{${cols.join(' ')}} : "${text.replaceAll('"', '""')}"`)
      .join(' OR ');
    // Few matches (a name, an e-mail): the query starts from them, by rowid. Many (a city, a job type):
    // it walks its index in the page's order and keeps the rows among the matches (`+rowid` cannot
    // drive it): starting from 12,000 matches and sorting them took four times longer, and testing the
    // text of each row on the way, instead of the matches, twenty times (the matches of a name sit
    // together in name order, after half the organization's rows).
    // Counted once for a page and its count alike, until the collection changes.
    const search = this.searchMatches;
    const matches = search
      ? this.table.counted(`${index.fts}\u0000${match}`, () => search(index.fts, match, SEARCH_DRIVES_UP_TO + 1))
      : 0;
    const few = matches <= SEARCH_DRIVES_UP_TO;
    if (!few && this.nested === 0) this.broad = true;
    const found = exact(`${few ? '' : '+'}rowid IN (SELECT rowid FROM ${index.fts} WHERE ${index.fts} MATCH ?)`, match);
    return words.every((w) => w.caseless) ? found : and([found, compiled]);
  }

  private field(path: string, cond: unknown): Sql {
    if (cond instanceof RegExp) return this.regex(path, cond.source, cond.flags);
    if (!isOperatorObject(cond)) return this.eq(path, cond);
    const parts: Sql[] = [];
    for (const [op, x] of Object.entries(cond)) {
      if (op === '$eq') parts.push(this.eq(path, x));
      else if (op === '$ne') parts.push(not(this.eq(path, x)));
      else if (op === '$in') parts.push(Array.isArray(x) ? this.in(path, x) : ANY);
      else if (op === '$nin') parts.push(Array.isArray(x) ? not(this.in(path, x)) : ANY);
      else if (op in RANGE) parts.push(this.range(path, RANGE[op as keyof typeof RANGE], x));
      else if (op === '$exists') parts.push(this.exists(path, Boolean(x)));
      else if (op === '$regex') parts.push(this.regexOperator(path, x, cond.$options));
      else if (op === '$options' && '$regex' in cond) continue;
      else parts.push(ANY);
    }
    return and(parts);
  }

  private eq(path: string, v: unknown): Sql {
    const kinds = this.table.plain(path);
    if (kinds === null) return ANY;
    if (path === '_id' && typeof v !== 'string') return ANY; // the TEXT column would convert a number
    const V = valueAt(path);
    const T = typeAt(path);
    if (v === null) return exact(`${V} IS NULL`);
    if (typeof v === 'string') {
      if (this.ci) return ANY;
      return exact(kinds & OBJ ? `(${V} = ? AND ${T} = 'text')` : `${V} = ?`, v);
    }
    if (typeof v === 'number' && Number.isFinite(v))
      return exact(kinds & BOOL ? `(${V} = ? AND ${T} IN ('integer', 'real'))` : `${V} = ?`, v);
    if (typeof v === 'boolean') return exact(kinds & NUM ? `(${V} = ? AND ${T} = '${v}')` : `${V} = ?`, v ? 1 : 0);
    return ANY; // documents, arrays, dates: mingo compares them
  }

  private in(path: string, values: unknown[]): Sql {
    const kinds = this.table.plain(path);
    if (kinds === null) return ANY;
    const strings = values.filter((v): v is string => typeof v === 'string');
    const numbers = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
    if (path === '_id' && strings.length < values.length) return ANY;
    const parts: Sql[] = [];
    const V = valueAt(path);
    const T = typeAt(path);
    // One JSON parameter whatever the list's length, so the statement is prepared once.
    const list = (xs: unknown[], residual: string | false) =>
      exact(
        `${residual ? '(' : ''}${V} IN (SELECT value FROM json_each(?))${residual ? ` AND ${residual})` : ''}`,
        JSON.stringify(xs),
      );
    if (strings.length) parts.push(this.ci ? ANY : list(strings, kinds & OBJ ? `${T} = 'text'` : false));
    if (numbers.length) parts.push(list(numbers, kinds & BOOL ? `${T} IN ('integer', 'real')` : false));
    for (const v of values) {
      if (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) continue;
      parts.push(v instanceof RegExp ? this.regex(path, v.source, v.flags) : this.eq(path, v));
    }
    return parts.length ? or(parts) : exact('0');
  }

  private range(path: string, op: string, v: unknown): Sql {
    const kinds = this.table.plain(path);
    if (kinds === null) return ANY;
    const V = valueAt(path);
    const T = typeAt(path);
    if (typeof v === 'string' && !this.ci)
      return exact(kinds & (NUM | BOOL | OBJ) ? `(${V} ${op} ? AND ${T} = 'text')` : `${V} ${op} ?`, v);
    if (typeof v === 'number' && Number.isFinite(v) && path !== '_id')
      return exact(kinds & (STR | BOOL | OBJ) ? `(${V} ${op} ? AND ${T} IN ('integer', 'real'))` : `${V} ${op} ?`, v);
    return ANY;
  }

  private exists(path: string, present: boolean): Sql {
    if (path === '_id') return present ? EVERYTHING : exact('FALSE');
    if (this.table.plain(path) === null) return ANY;
    return exact(`${typeAt(path)} IS ${present ? 'NOT ' : ''}NULL`);
  }

  private regexOperator(path: string, pattern: unknown, options: unknown): Sql {
    if (options !== undefined && typeof options !== 'string') return ANY;
    if (typeof pattern === 'string') return this.regex(path, pattern, options ?? '');
    if (pattern instanceof RegExp && options === undefined) return this.regex(path, pattern.source, pattern.flags);
    return ANY;
  }

  private regex(path: string, source: string, flags: string): Sql {
    const kinds = this.table.plain(path);
    // Only the flags JS and MongoDB read alike (not x, nor stateful g/y).
    if (kinds === null || !/^[imsu]*$/.test(flags)) return ANY;
    const V = valueAt(path);
    const literal = literalOf(source);
    const ignoreCase = flags.includes('i');
    let test: string;
    let params: unknown[];
    if (literal !== null && !ignoreCase) {
      test = `instr(${V}, ?) > 0`;
      params = [literal];
    } else if (literal !== null && !flags.includes('u') && isAscii(literal)) {
      // Without the u flag, JS folds case for ASCII letters only (a non-ASCII character never
      // matches an ASCII one), exactly as SQLite's LIKE does.
      test = `${V} LIKE ? ESCAPE '\\'`;
      params = [`%${literal.replace(/[%_\\]/g, (c) => `\\${c}`)}%`];
    } else {
      test = `mongo_regex(${V}, ?, ?)`;
      params = [source, flags];
    }
    // LIKE and instr read a number as its text, and an object as its JSON: only strings may match.
    const residual = kinds & (NUM | BOOL | OBJ) ? ` AND ${typeAt(path)} = 'text'` : '';
    return exact(residual ? `(${test}${residual})` : test, ...params);
  }
}

/** Up to this many matches of a search word, a query starts from them (see narrowedBySearch). */
const SEARCH_DRIVES_UP_TO = 1000;
/**
 * How many rows a page of a search matching many rows tests in its order before it leaves the page to the other plan
 * (walkedPage): fifty per row it needs, within these bounds. At 150,000 timers a walk of 1,500 rows takes about
 * 1.5 ms: a word in 3 % of the rows (`job 12`) fills a page of 50 within the walk, and a walk that does not costs the
 * other plan (about 10 ms there) a few milliseconds more.
 */
const WALK_PER_ROW = 50;
const WALK_AT_LEAST = 1500;
const WALK_UP_TO = 5000;

/**
 * A page as SQL text: written as integer literals, not bound. SQLite re-prepares a statement whose LIMIT or OFFSET is
 * a bound parameter at every run (12.7 µs against 3.1 µs a statement, 6.4 % of a rebuild, issue #45); with literals
 * the cached statement runs as prepared. Both are integers here (checked), so nothing of a caller's reaches the text.
 */
export function pageOf(limit: number, skip: number): string {
  if (!Number.isSafeInteger(limit) || !Number.isSafeInteger(skip) || limit < 0 || skip < 0)
    throw new RangeError(`Not a page: limit ${limit}, skip ${skip}`);
  return `LIMIT ${limit || -1} OFFSET ${skip}`;
}

/**
 * ORDER BY for `sort` when SQLite orders exactly as MongoDB does: each key a plain path holding only
 * null/missing, numbers and strings (SQLite: NULL < numbers < text, strings by code point as
 * MongoDB's binary comparison), or only null and booleans. Null when mingo must sort.
 */
function orderBy(table: Table, sort: Sort | undefined): string | null {
  const keys = Object.entries(sort ?? {});
  if (!keys.length) return 'rowid'; // insertion order
  const terms: string[] = [];
  for (const [path, direction] of keys) {
    const kinds = table.plain(path);
    if (kinds === null || kinds & (OBJ | ARR) || (kinds & BOOL && kinds & (NUM | STR))) return null;
    terms.push(`${valueAt(path)} ${direction === -1 ? 'DESC' : 'ASC'}`);
  }
  return terms.join(', ');
}

type Row = { r: number; doc: string };

class SqliteCollection<T extends Doc> implements ReadCollection<T> {
  constructor(
    private readonly store: SqliteReadStore,
    private table: Table,
  ) {}

  /** The table state, reloaded when another connection has committed since. */
  private get t(): Table {
    return (this.table = this.store.table(this.table.name));
  }

  /**
   * Inside a unit, reads and writes of one document by `_id` alone are answered from and staged in the unit's memory
   * (see SqliteReadStore.transaction). Not for a table with a unique index besides `_id`'s, whose writes must be
   * refused when they are made.
   */
  private stagedUnit(byId: boolean): Unit | null {
    const unit = this.store.staged;
    return unit && byId && !this.t.hasUniqueIndex ? unit : null;
  }

  /** The document as the unit sees it (a private copy), read once per unit. */
  private current(unit: Unit, id: string): Promise<AnyDoc | null> {
    return unit.get(this.table.name, id, () => {
      const text = this.store.prepare(`SELECT json(doc) FROM ${this.t.sqlName} WHERE _id = ?`).pluck().get(id) as
        string | undefined;
      return Promise.resolve(text === undefined ? null : (JSON.parse(text) as AnyDoc));
    });
  }

  /** Stages the document's new state (null: deleted) as it would be stored; false when it equals the state known. */
  private stage(unit: Unit, id: string, doc: AnyDoc | null): boolean {
    if (doc && typeof doc._id !== 'string') throw new TypeError('A read-model document needs a string _id');
    return unit.stage(this.table.name, id, doc && (JSON.parse(toJson(doc)) as AnyDoc), true);
  }

  /**
   * An operation past the unit's memory: what the unit staged for this collection is written first, and a write
   * makes it forget this collection (it may change any of its documents).
   */
  private async direct(write: boolean): Promise<void> {
    const unit = this.store.staged;
    if (!unit) return;
    await unit.flushOne(this.table.name);
    if (write) unit.dropped(this.table.name);
  }

  async findOne(filter: Filter): Promise<T | null> {
    const id = pinnedId(filter);
    const unit = this.stagedUnit(id !== null);
    if (unit) return (await this.current(unit, id!)) as T | null;
    await this.direct(false);
    const [found] = this.matching(filter, true);
    return found ? (found.doc as T) : null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    // Documents read by their ids are not learnt by the unit (as PostgreSQL's does): a read by _id costs SQLite a few
    // microseconds, and learning the audit's ten kinds of name per id cost more than it saved.
    await this.direct(false);
    return options.bulk
      ? this.store.throughPageCache(() => this.findNow(filter, options))
      : this.findNow(filter, options);
  }

  /**
   * A page of a search with a word that matches many rows: rather than gather every match of the search index first
   * (30,000 of an organization's 150,000 timers: 9 ms for a page of 20), it walks the rows the rest of the filter
   * selects (the organization's) in the page's order and tests each one for the search's words, until the page is
   * full. It walks so far and no further: matches that sit far apart in that order (a name's, in name order) are left
   * to the plan that starts from them (null).
   */
  private walkedPage(words: Sql[], rest: Sql, order: string, skip: number, limit: number): AnyDoc[] | null {
    const t = this.t;
    const test = and(words);
    const walk = Math.min(WALK_UP_TO, Math.max(WALK_AT_LEAST, WALK_PER_ROW * (skip + limit)));
    const rows = this.store
      .prepare(
        `SELECT CASE WHEN ${test.sql} THEN json(doc) END FROM ${t.sqlName} WHERE ${rest.sql} ORDER BY ${order} LIMIT ?`,
      )
      .pluck()
      .iterate(...test.params, ...rest.params, walk) as IterableIterator<string | null>;
    const page: AnyDoc[] = [];
    let skipped = 0;
    let walked = 0;
    for (const text of rows) {
      walked++;
      if (text === null) continue;
      if (skipped < skip) skipped++;
      else if (page.push(JSON.parse(text) as AnyDoc) === limit) return page; // leaving the loop resets the statement
    }
    // Walked every row the rest of the filter selects: the page is what there is.
    return walked < walk ? page : null;
  }

  private findNow(filter: Filter, options: FindOptions): T[] {
    const t = this.t;
    const ci = options.caseInsensitive === true;
    const compiler = new FilterCompiler(t, ci, this.store.searchMatches);
    const where = compiler.filter(filter);
    const order = ci ? null : orderBy(t, options.sort);
    const skip = Math.max(0, Math.trunc(options.skip ?? 0));
    const limit = Math.abs(Math.trunc(options.limit ?? 0)); // 0: no limit, as in MongoDB
    const project = (docs: AnyDoc[]) =>
      options.projection ? new Query({}, {}).find<AnyDoc>(docs, options.projection).all() : docs;

    if (order !== null && where.exact && limit && compiler.broad) {
      const walked = this.walkedPage(compiler.alternatives, compiler.rest, order, skip, limit);
      if (walked) return project(walked) as T[];
    }
    if (order !== null && where.exact) {
      // The whole query in SQL: with an index on the filter and sort keys, SQLite reads one page.
      const fields = topLevelInclusion(options.projection);
      if (fields) {
        // A dropdown's thousand `{ _id, label }`: read those fields, not whole documents.
        // `{ _id: 1 }` alone reads the id column only.
        const columns = ['_id', ...fields.map((f) => `doc -> '${jsonPath(f)}'`)].join(', ');
        const rows = this.store
          .prepare(`SELECT ${columns} FROM ${t.sqlName} WHERE ${where.sql} ORDER BY ${order} ${pageOf(limit, skip)}`)
          .raw()
          .all(...where.params) as (string | null)[][];
        return rows.map(([id, ...values]) => {
          const doc: AnyDoc = { _id: id! };
          fields.forEach((f, i) => {
            if (values[i] !== null) doc[f] = JSON.parse(values[i]!); // SQL NULL: the field is missing
          });
          return doc as T;
        });
      }
      const rows = this.store
        .prepare(`SELECT json(doc) FROM ${t.sqlName} WHERE ${where.sql} ORDER BY ${order} ${pageOf(limit, skip)}`)
        .pluck()
        .all(...where.params) as string[];
      return project(rows.map((d) => JSON.parse(d) as AnyDoc)) as T[];
    }
    if (order !== null) {
      // SQL narrows and orders; mingo decides each row, and the scan stops once the page is full.
      const query = compile(filter);
      const out: AnyDoc[] = [];
      let skipped = 0;
      const rows = this.store
        .prepare(`SELECT json(doc) FROM ${t.sqlName} WHERE ${where.sql} ORDER BY ${order}`)
        .pluck()
        .iterate(...where.params) as IterableIterator<string>;
      for (const text of rows) {
        const doc = JSON.parse(text) as AnyDoc;
        if (!query.test(doc)) continue;
        if (skipped < skip) skipped++;
        else if (out.push(doc) === limit) break;
      }
      return project(out) as T[];
    }
    // mingo filters what SQL narrowed, then sorts, skips, limits and projects.
    const source = this.rows(where).map((row) => JSON.parse(row.doc) as AnyDoc);
    const query = ci
      ? new Query(caseInsensitiveFilter(filter), { collation: CASE_INSENSITIVE, context: IGNORING_CASE })
      : new Query(where.exact ? {} : filter, {});
    let cursor = query.find<AnyDoc>(source, options.projection);
    if (options.sort && Object.keys(options.sort).length) cursor = cursor.sort(options.sort);
    if (skip) cursor = cursor.skip(skip);
    if (limit) cursor = cursor.limit(limit);
    return cursor.all() as T[];
  }

  async countDocuments(filter: Filter): Promise<number> {
    await this.direct(false);
    const t = this.t;
    const where = new FilterCompiler(t, false, this.store.searchMatches).filter(filter);
    if (!where.exact) return this.matching(filter, false, where).length;
    // A paged list counts its rows at every page and every reader; the count holds until the collection changes.
    return t.counted(
      `${where.sql}\u0000${JSON.stringify(where.params)}`,
      () =>
        this.store
          .prepare(`SELECT count(*) FROM ${t.sqlName} WHERE ${where.sql}`)
          .pluck()
          .get(...where.params) as number,
    );
  }

  async insertOne(doc: T): Promise<void> {
    const next = { ...doc } as AnyDoc;
    if (next._id === undefined) next._id = randomUUID();
    const unit = this.stagedUnit(typeof next._id === 'string');
    if (unit) {
      if (await this.current(unit, next._id)) throw new DuplicateKeyError(this.table.name, { _id: next._id });
      this.stage(unit, next._id, next);
      return;
    }
    await this.direct(true);
    this.store.write(() => this.insert(next));
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    const { $setOnInsert, ...ops } = checkOperators(update);
    const id = pinnedId(filter);
    const unit = this.stagedUnit(id !== null);
    if (unit) {
      const current = await this.current(unit, id!);
      const { stage, result } = updatedById(id!, current, ops, $setOnInsert, filter, options.upsert === true);
      if (stage) this.stage(unit, id!, stage);
      return result;
    }
    await this.direct(true);
    return this.store.write(() => {
      const [target] = this.matching(filter, true);
      if (target) return { ...this.modify(filter, target, ops), upsertedId: null };
      if (!options.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedId: null };
      const doc = equalityFields(filter);
      applyOperators(doc, ops);
      if ($setOnInsert) applyOperators(doc, { $set: $setOnInsert });
      if (doc._id === undefined) doc._id = randomUUID();
      // An existing _id here means the filter excluded it (e.g. {_id, rev: {$lt: n}}): MongoDB raises E11000, so do we.
      this.insert(doc);
      return { matchedCount: 0, modifiedCount: 0, upsertedId: doc._id };
    });
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    const { $setOnInsert: _ignored, ...ops } = checkOperators(update);
    await this.direct(true);
    const result = { matchedCount: 0, modifiedCount: 0, upsertedId: null };
    // Not atomic across documents, like MongoDB: a unique violation stops at that document, and the
    // ones before it stay updated (the error is thrown after the commit).
    let failure: unknown = null;
    this.store.write(() => {
      for (const target of this.matching(filter, false)) {
        try {
          const r = this.modify(filter, target, ops);
          result.matchedCount += r.matchedCount;
          result.modifiedCount += r.modifiedCount;
        } catch (error) {
          failure = error;
          return;
        }
      }
    });
    if (failure) throw failure;
    return result;
  }

  async replaceOne(filter: Filter, doc: T, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    if (Object.keys(doc).some((k) => k.startsWith('$')))
      throw new Error('Replacement document must not contain update operators');
    const id = pinnedId(filter);
    const unit = this.stagedUnit(id !== null);
    if (unit) {
      const next = { ...doc, _id: doc._id ?? id } as AnyDoc;
      const current = await this.current(unit, id!);
      if (!current && !options.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedId: null };
      assertSameId({ _id: id! }, next);
      const changed = this.stage(unit, id!, next);
      return current
        ? { matchedCount: 1, modifiedCount: changed ? 1 : 0, upsertedId: null }
        : { matchedCount: 0, modifiedCount: 0, upsertedId: id };
    }
    await this.direct(true);
    const next = { ...doc } as AnyDoc;
    return this.store.write(() => {
      const [target] = this.matching(filter, true);
      if (target) {
        if (next._id === undefined) next._id = target.doc._id;
        assertSameId(target.doc, next);
        const text = toJson(next);
        if (text === target.text) return { matchedCount: 1, modifiedCount: 0, upsertedId: null };
        this.replace(target.r, next, text);
        return { matchedCount: 1, modifiedCount: 1, upsertedId: null };
      }
      if (!options.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedId: null };
      next._id ??= (equalityFields(filter)._id as string | undefined) ?? randomUUID();
      this.insert(next);
      return { matchedCount: 0, modifiedCount: 0, upsertedId: next._id };
    });
  }

  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    const id = pinnedId(filter);
    const unit = this.stagedUnit(id !== null);
    if (unit) {
      if (!(await this.current(unit, id!))) return { deletedCount: 0 };
      this.stage(unit, id!, null);
      return { deletedCount: 1 };
    }
    await this.direct(true);
    return this.store.write(() => {
      const [target] = this.matching(filter, true);
      if (target) {
        this.store.run(`DELETE FROM ${this.t.sqlName} WHERE rowid = ?`, target.r);
        this.t.changed();
      }
      return { deletedCount: target ? 1 : 0 };
    });
  }

  async deleteMany(filter: Filter): Promise<{ deletedCount: number }> {
    await this.direct(true);
    return this.store.write(() => {
      const t = this.t;
      t.changed();
      const where = new FilterCompiler(t, false).filter(filter);
      if (where.exact)
        return { deletedCount: this.store.run(`DELETE FROM ${t.sqlName} WHERE ${where.sql}`, ...where.params).changes };
      const targets = this.matching(filter, false, where);
      for (const target of targets) this.store.run(`DELETE FROM ${t.sqlName} WHERE rowid = ?`, target.r);
      return { deletedCount: targets.length };
    });
  }

  /**
   * An expression index on the keys' `json_extract` (what the compiled filters and ORDER BY use).
   * A unique index adds a UNIQUE index on each key's JSON text with missing read as null, so that
   * (as in MongoDB) 1, true and "1" differ and only one document may lack the key.
   */
  async createIndex(keys: Record<string, 1 | -1>, options: { unique?: boolean; name?: string } = {}): Promise<void> {
    const name =
      options.name ??
      Object.entries(keys)
        .map(([k, v]) => `${k}_${v}`)
        .join('_');
    const spec = JSON.stringify([keys, !!options.unique]);
    await this.direct(false);
    this.store.write(() => {
      const t = this.t;
      const existing = t.indexes[name];
      if (existing) {
        if (existing !== spec) throw new Error(`An index named ${name} exists with different options`);
        return;
      }
      const paths = Object.keys(keys);
      const bad = paths.find((p) => p !== '_id' && !indexablePath(p));
      if (bad) throw new Error(`Cannot index the path '${bad}' in ${t.name}`);
      const base = indexBaseOf(t, name);
      const columns = Object.entries(keys).map(([p, d]) => `${valueAt(p)}${d === -1 ? ' DESC' : ''}`);
      this.store.exec(`CREATE INDEX IF NOT EXISTS "ix_${base}" ON ${t.sqlName} (${columns.join(', ')})`);
      if (options.unique) {
        const unique = paths.map((p) => (p === '_id' ? '_id' : `ifnull(doc -> '${jsonPath(p)}', 'null')`));
        try {
          this.store.exec(`CREATE UNIQUE INDEX IF NOT EXISTS "ux_${base}" ON ${t.sqlName} (${unique.join(', ')})`);
        } catch (error) {
          throw duplicate(t.name, error, { index: name });
        }
      }
      t.indexes[name] = spec;
      this.store.saveIndexes(t);
    });
  }

  /**
   * A contentless FTS5 table with the trigram tokenizer, one column per field, kept by triggers on the
   * collection's table, so that every write path keeps it. It holds a field's value with ASCII letters
   * in lower case, and only where that is a string: a search matches nothing else (see
   * FilterCompiler.narrowedBySearch).
   */
  async createSearchIndex(fields: string[], options: { name: string }): Promise<void> {
    if (this.store.staging) return;
    const spec = JSON.stringify({ search: fields, fold: 'ascii' });
    await this.direct(false);
    this.store.write(() => {
      const t = this.t;
      const existing = t.indexes[options.name];
      if (existing === spec) return;
      const fts = searchTableOf(t, options.name);
      const trigger = (what: string) => searchTrigger(fts, what);
      if (existing) {
        // A search index is derived from the documents: another field list or format is built anew.
        if (!isSearchSpec(JSON.parse(existing)))
          throw new Error(`An index named ${options.name} exists with different options`);
        this.store.exec(dropSearchIndex(fts));
      }
      const bad = fields.find((p) => p === '_id' || !indexablePath(p));
      if (bad !== undefined || !fields.length) throw new Error(`Cannot search the path '${bad ?? ''}' in ${t.name}`);
      const columns = fields.map((_, i) => `c${i}`).join(', ');
      // lower() folds ASCII letters only, as a JS regex with the i flag (and no u) does.
      const text = (row: string, f: string) =>
        `CASE WHEN json_type(${row}.doc, '${jsonPath(f)}') = 'text' THEN lower(${row}.doc ->> '${jsonPath(f)}') END`;
      const texts = (row: string) => fields.map((f) => text(row, f)).join(', ');
      // Most updates (a timer stopped, a rating counted) leave the searched text as it was.
      const changed = fields.map((f) => `${text('old', f)} IS NOT ${text('new', f)}`).join(' OR ');
      const add = `INSERT INTO ${fts} (rowid, ${columns}) VALUES (new.rowid, ${texts('new')});`;
      const remove = `DELETE FROM ${fts} WHERE rowid = old.rowid;`;
      this.store.exec(
        `CREATE VIRTUAL TABLE ${fts} USING fts5(${columns}, tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1);
         CREATE TRIGGER ${trigger('insert')} AFTER INSERT ON ${t.sqlName} BEGIN ${add} END;
         CREATE TRIGGER ${trigger('delete')} AFTER DELETE ON ${t.sqlName} BEGIN ${remove} END;
         CREATE TRIGGER ${trigger('update')} AFTER UPDATE OF doc ON ${t.sqlName} WHEN ${changed} BEGIN ${remove} ${add} END;
         INSERT INTO ${fts} (rowid, ${columns}) SELECT rowid, ${texts(t.sqlName)} FROM ${t.sqlName};`,
      );
      t.indexes[options.name] = spec;
      this.store.saveIndexes(t);
    });
  }

  /** The documents matching `filter` (only the first when `first`), with their rowid and JSON text. */
  private matching(filter: Filter, first: boolean, compiled?: Sql): { r: number; doc: AnyDoc; text: string }[] {
    const t = this.t;
    const where = compiled ?? new FilterCompiler(t, false).filter(filter);
    if (where.exact) {
      const rows = this.rows(where, first ? 1 : 0);
      return rows.map((row) => ({ r: row.r, doc: JSON.parse(row.doc) as AnyDoc, text: row.doc }));
    }
    const query = compile(filter);
    const out: { r: number; doc: AnyDoc; text: string }[] = [];
    const rows = this.store
      .prepare(`SELECT rowid AS r, json(doc) AS doc FROM ${t.sqlName} WHERE ${where.sql}`)
      .iterate(...where.params) as IterableIterator<Row>;
    for (const row of rows) {
      const doc = JSON.parse(row.doc) as AnyDoc;
      if (!query.test(doc)) continue;
      if (out.push({ r: row.r, doc, text: row.doc }) && first) break;
    }
    return out;
  }

  private rows(where: Sql, limit = 0): Row[] {
    const t = this.table;
    const sql = `SELECT rowid AS r, json(doc) AS doc FROM ${t.sqlName} WHERE ${where.sql}${limit ? ` LIMIT ${limit}` : ''}`;
    return this.store.prepare(sql).all(...where.params) as Row[];
  }

  /** Applies update operators to the (freshly parsed, private) target, then stores it if anything changed. */
  private modify(
    filter: Filter,
    target: { r: number; doc: AnyDoc },
    ops: Update,
  ): { matchedCount: number; modifiedCount: number } {
    if (!Object.keys(ops).length) return { matchedCount: 1, modifiedCount: 0 };
    const id = target.doc._id;
    const next = target.doc;
    if (!applyOperators(next, ops, filter)) return { matchedCount: 1, modifiedCount: 0 };
    assertSameId({ _id: id }, next);
    this.replace(target.r, next, toJson(next));
    return { matchedCount: 1, modifiedCount: 1 };
  }

  private insert(doc: AnyDoc): void {
    if (typeof doc._id !== 'string') throw new TypeError('A read-model document needs a string _id');
    const t = this.t;
    t.changed();
    if (t.record(doc)) this.store.saveKinds(t);
    try {
      this.store.run(`INSERT INTO ${t.sqlName} (_id, doc) VALUES (?, jsonb(?))`, doc._id, toJson(doc));
    } catch (error) {
      throw duplicate(t.name, error, { _id: doc._id });
    }
  }

  private replace(rowid: number, doc: AnyDoc, text: string): void {
    const t = this.t;
    t.changed();
    if (t.record(doc)) this.store.saveKinds(t);
    try {
      this.store.run(`UPDATE ${t.sqlName} SET doc = jsonb(?) WHERE rowid = ?`, text, rowid);
    } catch (error) {
      throw duplicate(t.name, error, { _id: doc._id });
    }
  }
}

/** Kinds recorded as JSON (a `_collections` row's) added to those known. */
function addKinds(kinds: Map<string, number>, recorded: string): void {
  for (const [path, bits] of Object.entries(JSON.parse(recorded) as Record<string, number>))
    kinds.set(path, (kinds.get(path) ?? 0) | bits);
}

/** The document as stored: JSON drops undefined fields (as the other adapters do) and writes Dates as ISO strings. */
function toJson(doc: AnyDoc): string {
  return JSON.stringify(doc);
}

function duplicate(collection: string, error: unknown, key: unknown): unknown {
  const code = (error as { code?: string }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
    ? new DuplicateKeyError(collection, key)
    : error;
}
