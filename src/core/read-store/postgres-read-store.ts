import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomUUID } from 'node:crypto';
import { Query } from 'mingo';
import { inTransaction, PgClient, PgConnection, pgConnection, pgPool, PgPool } from '../postgres';
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
import { always, and, ANY, EVERYTHING, exact, not, or, Sql } from './sql-parts';
import { pinnedId, pinnedIds, StagedWrite, Unit, updatedById } from './write-behind';
import { ARR, indexablePath, isAscii, literalOf, OBJ, plainKinds, recordKinds, topLevelInclusion } from './value-kinds';

/** Where a process tells the others that a collection's kinds or indexes changed (payload: the collection). */
const CHANNEL = 'crewclock_read_models';
/**
 * The advisory locks under which processes change the schema: (ours, hashtext(what)), one per thing changed (the
 * schema, a collection's table, a table's indexes). Separate locks: a unit that made an index holds that lock until
 * it ends, and must still be able to create another collection's table on another connection.
 */
const SCHEMA_LOCK = 0x63726577;
const LOCK = 'SELECT pg_advisory_xact_lock($1, hashtext($2))';

/**
 * The read models in PostgreSQL, with MongoDB's semantics (docs/postgres.md, "Read models on PostgreSQL").
 *
 * Storage: one table per collection, `_id text COLLATE "C" PRIMARY KEY, seq bigint identity, doc jsonb`: `seq` is
 * the insertion order (MongoDB's natural order, SQLite's rowid). `_collections` names each collection's table and
 * the kinds of value seen at each path (value-kinds.ts), as the SQLite adapter keeps them.
 *
 * Comparisons, sorts and indexes go through one SQL function, `crewclock_key(jsonb) → bytea`: a byte string that
 * sorts as MongoDB sorts scalars (null and missing alike, then numbers by value, strings by code point, objects,
 * arrays, booleans), whatever the database's collation. `{a: v}` is `crewclock_key(doc->'a') = key(v)`, a range
 * stays inside its type's bracket (`$gt: 5` is `key > key(5) AND key < end of the numbers`), and `createIndex` makes
 * a b-tree index on the same expressions, so equality, ranges and ORDER BY of paged lists walk it. A unique index on
 * them means what MongoDB's does: 1, true and "1" differ, and only one document may lack the key.
 *
 * What SQL cannot say exactly (paths that have held arrays, regexes other than plain text, documents as values,
 * case-insensitive comparisons) becomes a superset and mingo decides each row, as on SQLite.
 *
 * transaction(): one PostgreSQL transaction, in which reads and writes by `_id` alone are staged in memory and
 * written at its end (PostgresCollection.stagedUnit).
 */
export class PostgresReadStore implements ReadStore {
  private readonly pool: PgPool;
  private schema: Promise<void> | null = null;
  private readonly tables = new Map<string, Promise<Table>>();
  /** The transaction the caller runs in: its client and, in a unit (transaction()), what the unit has staged. */
  private readonly unit = new AsyncLocalStorage<{ client: PgClient; staged: Unit | null; written: Set<string> }>();
  /** Counts by collection, query and parameters, with the collection's version they were counted at. */
  private readonly counts = new Map<string, { version: string; n: number }>();
  private unitQueue: Promise<unknown> = Promise.resolve();
  /** LISTEN for other processes' changes of kinds; while it is down, every use reloads the collection's record. */
  private listener: PgConnection | null = null;
  private listening = false;
  private closed = false;
  private reconnect: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    options: { max?: number; name?: string } = {},
  ) {
    this.pool = pgPool(url, { max: options.max ?? 10, name: options.name ?? 'crewclock-read-models' });
  }

  collection<T extends Doc = AnyDoc>(name: string): ReadCollection<T> {
    return new PostgresCollection<T>(this, name);
  }

  /** PostgreSQL's plan (EXPLAIN, as JSON) of a find on the collection: what the paged lists' plans test checks. */
  explain(name: string, filter: Filter, options: FindOptions = {}): Promise<unknown> {
    return new PostgresCollection(this, name).explain(filter, options);
  }

  async dropCollection(name: string): Promise<void> {
    // TRUNCATE keeps the table's indexes (as the other adapters keep theirs). The kinds stay too: they only grow, so
    // they can never claim a path plain that a concurrent writer is about to fill with an array.
    const t = await this.table(name);
    // What a unit staged before goes first (the runner marks a checkpoint for a rebuild, then drops).
    await this.staged?.flush();
    this.staged?.dropped(name);
    const truncate = async () => {
      this.unit.getStore()!.written.add(name);
      await this.query(`TRUNCATE ${t.sql}`);
    };
    await (this.inUnit ? truncate() : this.inOwnTransaction(truncate));
  }

  /**
   * Replaces every document of the collections given with theirs, in one transaction: the last step of a staged build
   * (projections/runner/staged-build.ts), which applies the log into an embedded store and moves the result here.
   * Each table is emptied and loses its secondary indexes, takes the documents in their order (their `seq`), then
   * gets its indexes again: built over the whole table at once, an index costs a fraction of keeping it up row by
   * row. Other processes' reads of these tables wait meanwhile, then see all of it.
   */
  async load(collections: LoadedCollection[]): Promise<void> {
    const tables: Table[] = [];
    for (const c of collections) tables.push(await this.table(c.name));
    await this.inOwnTransaction(async () => {
      await this.query("SET LOCAL maintenance_work_mem = '256MB'");
      for (const [i, c] of collections.entries()) {
        const t = tables[i];
        await this.query('SELECT pg_advisory_xact_lock(?, hashtext(?))', [SCHEMA_LOCK, `indexes of ${t.tbl}`]);
        const indexes = await this.query<{ name: string; definition: string; spec: string | null }>(
          `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition, obj_description(c.oid, 'pg_class') AS spec
             FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
            WHERE i.indrelid = to_regclass(?) AND NOT i.indisprimary`,
          [t.sql],
        );
        this.unit.getStore()!.written.add(c.name);
        await this.query(`TRUNCATE ${t.sql} RESTART IDENTITY`);
        for (const index of indexes) await this.query(`DROP INDEX "${index.name}"`);
        for await (const texts of c.documents)
          if (texts.length)
            await this.query(
              `INSERT INTO ${t.sql} (_id, doc) SELECT d ->> '_id', d FROM jsonb_array_elements(?::jsonb) AS d`,
              [`[${texts.join(',')}]`],
            );
        for (const index of indexes) {
          await this.query(index.definition);
          if (index.spec !== null) await this.query(`COMMENT ON INDEX "${index.name}" IS ${sqlString(index.spec)}`);
        }
        // Statistics now, for the plans of the first reads: autovacuum would come to a table loaded in one go only
        // later (unanalyzed, 50,000 customers looked like one, and a search walked them all: 117 ms instead of 1).
        await this.query(`ANALYZE ${t.sql}`);
        for (const [path, bits] of c.kinds) t.kinds.set(path, (t.kinds.get(path) ?? 0) | bits);
        await this.saveKinds(t);
      }
    });
    for (const t of tables) await this.changed(t);
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  /**
   * Runs `work` as one PostgreSQL transaction on a client of its own: every write it awaits on this store commits
   * together, or none does if it throws. Units run one after another in this process (the projection runner's
   * batches); a call from inside a unit joins it. Other callers meanwhile use other connections and see nothing
   * of the unit until it commits.
   */
  transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.unit.getStore()) return work();
    const run = async () => {
      await this.ready();
      const client = await this.pool.connect();
      try {
        // Read models are derived from the log: a commit lost to a crash of the server is applied again from the
        // checkpoint it took with it, so a unit need not wait for its WAL to reach the disk.
        await client.query('BEGIN; SET LOCAL synchronous_commit = off');
        const staged = new Unit((name, writes) => this.writeStaged(name, writes));
        const written = new Set<string>();
        const result = await this.unit.run({ client, staged, written }, async () => {
          const value = await work();
          await staged.flush();
          // A statement that failed inside aborted the transaction: the COMMIT below rolls back and says so.
          await this.bumpVersions(written).catch((error: { code?: string }) => {
            if (error.code !== '25P02') throw error;
          });
          return value;
        });
        // A statement that failed inside (an error `work` caught) aborted the transaction: COMMIT then rolls back.
        if ((await client.query('COMMIT')).command === 'ROLLBACK')
          throw new Error('A statement of the unit failed: nothing of it was committed');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        this.tables.clear(); // indexes created inside the unit are gone again
        throw error;
      } finally {
        client.release();
      }
    };
    const done = this.unitQueue.then(run, run);
    this.unitQueue = done.catch(() => undefined);
    return done;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnect) clearTimeout(this.reconnect);
    await this.listener?.end().catch(() => undefined);
    await this.pool.end();
  }

  // ---- internals used by PostgresCollection ----

  get inUnit(): boolean {
    return this.unit.getStore() !== undefined;
  }

  /** What the unit the caller runs in has staged (write-behind.ts), if it runs in one. */
  get staged(): Unit | null {
    return this.unit.getStore()?.staged ?? null;
  }

  /** A unit's staged documents of one collection, written at once: the whole documents upserted, the others deleted. */
  private async writeStaged(name: string, writes: StagedWrite[]): Promise<void> {
    const t = await this.table(name);
    const docs = writes.flatMap((w) => (w.doc ? [w.doc] : []));
    const gone = writes.filter((w) => !w.doc).map((w) => w._id);
    if (docs.length)
      await this.write(
        name,
        `INSERT INTO ${t.sql} (_id, doc) SELECT d ->> '_id', d FROM jsonb_array_elements(?::jsonb) AS d
         ON CONFLICT (_id) DO UPDATE SET doc = EXCLUDED.doc RETURNING seq`,
        [JSON.stringify(docs)],
      );
    if (gone.length) await this.write(name, `DELETE FROM ${t.sql} WHERE _id = ANY(?::text[]) RETURNING seq`, [gone]);
  }

  /** A statement on the unit's client inside a unit, else on the pool. `?` marks stand for the parameters. */
  async query<R extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<R[]> {
    const text = numbered(sql);
    const client = this.unit.getStore()?.client;
    const result = client ? await client.query(text, params) : await this.pool.query(text, params);
    return result.rows as R[];
  }

  /** Runs `work` in a transaction of its own (not queued with the units), its statements on its client. */
  async inOwnTransaction<R>(work: () => Promise<R>): Promise<R> {
    return inTransaction(this.pool, async (client) => {
      const written = new Set<string>();
      const result = await this.unit.run({ client, staged: null, written }, work);
      await this.unit.run({ client, staged: null, written }, () => this.bumpVersions(written));
      return result;
    });
  }

  /**
   * A write of the collection's rows (`sql` ends with RETURNING): inside a transaction, the collection is marked
   * written and its version goes up at the end of it; alone, the version goes up in the same statement. Either way
   * a count cached at the version before is never used with the rows after (countDocuments).
   */
  async write<R extends Record<string, unknown>>(collection: string, sql: string, params: unknown[]): Promise<R[]> {
    const inside = this.unit.getStore();
    if (inside) {
      inside.written.add(collection);
      return this.query<R>(sql, params);
    }
    return this.query<R>(
      `WITH w AS (${sql}), v AS (
         INSERT INTO _versions (name, version) SELECT ?, 1 WHERE EXISTS (SELECT 1 FROM w)
         ON CONFLICT (name) DO UPDATE SET version = _versions.version + 1)
       SELECT * FROM w`,
      [...params, collection],
    );
  }

  /** The written collections' versions up by one, in the transaction the caller runs in (its last statement). */
  private async bumpVersions(written: Set<string>): Promise<void> {
    if (!written.size) return;
    await this.query(
      `INSERT INTO _versions (name, version) SELECT unnest(?::text[]), 1
       ON CONFLICT (name) DO UPDATE SET version = _versions.version + 1`,
      [[...written].sort()], // in one order, so that two units never wait for each other's rows crosswise
    );
    written.clear();
  }

  /**
   * The number of rows `where` matches, counted once per version of the collection: a paged list counts all its
   * matches at every page (50,000 customers: 34 ms of reading rows, which no index alone can answer here), and most
   * pages are read many times between two changes. Inside a transaction it is counted every time.
   */
  async count(t: Table, where: { sql: string; params: unknown[] }): Promise<number> {
    const counting = `SELECT (SELECT version FROM _versions WHERE name = ?)::text AS version, count(*) AS n
                        FROM ${t.sql} WHERE ${where.sql}`;
    if (this.inUnit) return Number((await this.query<{ n: string }>(counting, [t.name, ...where.params]))[0].n);
    const key = `${t.name}\u0000${where.sql}\u0000${JSON.stringify(where.params)}`; // keys (Buffers) as their bytes
    const cached = this.counts.get(key);
    if (cached) {
      const [row] = await this.query<{ version: string | null }>(
        'SELECT version::text AS version FROM _versions WHERE name = ?',
        [t.name],
      );
      if ((row?.version ?? '') === cached.version) return cached.n;
    }
    // The version and the count from one statement, so one snapshot: the count is that version's.
    const [row] = await this.query<{ version: string | null; n: string }>(counting, [t.name, ...where.params]);
    if (this.counts.size >= 1000) this.counts.clear();
    this.counts.set(key, { version: row.version ?? '', n: Number(row.n) });
    return Number(row.n);
  }

  /** A change of `t`'s indexes, one process at a time: two CREATE INDEX of one name would collide. */
  indexChange(t: Table, work: () => Promise<void>): Promise<void> {
    const locked = async () => {
      await this.query('SELECT pg_advisory_xact_lock(?, hashtext(?))', [SCHEMA_LOCK, `indexes of ${t.tbl}`]);
      await work();
    };
    return this.inUnit ? this.alone(locked) : this.inOwnTransaction(locked);
  }

  /** Runs `step` so that an error inside a unit undoes only the step (a savepoint), not the whole unit. */
  async alone<R>(step: () => Promise<R>): Promise<R> {
    const client = this.unit.getStore()?.client;
    if (!client) return step();
    await client.query('SAVEPOINT step');
    try {
      const result = await step();
      await client.query('RELEASE SAVEPOINT step');
      return result;
    } catch (error) {
      await client.query('ROLLBACK TO SAVEPOINT step');
      throw error;
    }
  }

  /** The collection's table, created on first use; reloaded when another process changed its kinds or indexes. */
  table(name: string): Promise<Table> {
    if (!this.listening) this.tables.delete(name);
    let t = this.tables.get(name);
    if (!t) {
      t = this.loadTable(name);
      this.tables.set(name, t);
      t.catch(() => this.tables.delete(name));
    }
    return t;
  }

  private async loadTable(name: string): Promise<Table> {
    await this.ready();
    type Meta = { tbl: string; kinds: Record<string, number> };
    const read = () => this.query<Meta>('SELECT tbl, kinds FROM _collections WHERE name = ?', [name]);
    let [row] = await read();
    if (!row) {
      // Table names are derived: a collection name may hold any character. Created on the pool, never inside a
      // unit (a unit that rolls back would take the table with it while other callers hold it).
      const hash = createHash('sha256').update(name).digest('hex').slice(0, 8);
      const tbl = `rs_${sqlSafe(name).slice(0, 24)}_${hash}`;
      await inTransaction(this.pool, async (client) => {
        await client.query(LOCK, [SCHEMA_LOCK, `table of ${name}`]);
        await client.query(
          `CREATE TABLE IF NOT EXISTS "${tbl}" (
             _id text COLLATE "C" NOT NULL,
             seq bigint GENERATED ALWAYS AS IDENTITY,
             doc jsonb NOT NULL,
             CONSTRAINT "${indexName(tbl, '_id_')}" PRIMARY KEY (_id)
           )`,
        );
        await client.query('INSERT INTO _collections (name, tbl) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
          name,
          tbl,
        ]);
      });
      [row] = await read();
    }
    const indexes = await this.query<{ name: string; spec: string | null }>(
      `SELECT c.relname AS name, obj_description(c.oid, 'pg_class') AS spec
         FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
        WHERE i.indrelid = to_regclass(?)`,
      [`"${row.tbl}"`],
    );
    const specs: Record<string, string> = {};
    for (const index of indexes) if (index.spec) specs[index.name] = index.spec;
    return new Table(name, row.tbl, new Map(Object.entries(row.kinds)), specs);
  }

  /** Merges `t`'s kinds with the stored record (another process may have grown it) and tells the other processes. */
  async saveKinds(t: Table): Promise<void> {
    // On the pool, committed before the document that brought them: a reader may see kinds a moment before the
    // document (only more caution), never a document before its kinds. Never inside a unit, which could hold the row.
    const rows = await this.pool.query(
      `WITH saved AS (
         UPDATE _collections c
            SET kinds = coalesce((SELECT jsonb_object_agg(k, coalesce((c.kinds ->> k)::int, 0) | coalesce(($1::jsonb ->> k)::int, 0))
                           FROM (SELECT jsonb_object_keys(c.kinds) UNION SELECT jsonb_object_keys($1::jsonb)) AS keys(k)), '{}')
          WHERE name = $2
      RETURNING kinds)
       SELECT kinds, pg_notify($3, $2) FROM saved`,
      [JSON.stringify(Object.fromEntries(t.kinds)), t.name, CHANNEL],
    );
    const saved = (rows.rows[0] as { kinds: Record<string, number> } | undefined)?.kinds ?? {};
    for (const [path, bits] of Object.entries(saved)) t.kinds.set(path, (t.kinds.get(path) ?? 0) | bits);
  }

  /** Tells the other processes to reload the collection (an index was created). */
  async changed(t: Table): Promise<void> {
    await this.query('SELECT pg_notify(?, ?)', [CHANNEL, t.name]);
  }

  /** The schema every collection needs, made once per database (under an advisory lock: processes start together). */
  private ready(): Promise<void> {
    this.schema ??= (async () => {
      await inTransaction(this.pool, async (client) => {
        await client.query(LOCK, [SCHEMA_LOCK, 'schema']);
        await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
        // Each collection's version: up by one with every transaction that writes its rows (cached counts).
        await client.query(`CREATE TABLE IF NOT EXISTS _versions (
          name    text PRIMARY KEY,
          version bigint NOT NULL
        )`);
        await client.query(`CREATE TABLE IF NOT EXISTS _collections (
          name  text PRIMARY KEY,
          tbl   text NOT NULL UNIQUE,
          kinds jsonb NOT NULL DEFAULT '{}'
        )`);
        // Not made yet, or made by an earlier version as a SQL function: made (again). The keys are the same, so the
        // indexes on them stay valid.
        const { rows } = await client.query(
          `SELECT l.lanname AS language FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
            WHERE p.oid = to_regprocedure('crewclock_key(jsonb)')`,
        );
        if ((rows[0] as { language: string } | undefined)?.language !== 'plpgsql') {
          await client.query(KEY_FUNCTION);
          await client.query('DROP FUNCTION IF EXISTS crewclock_number_key(float8)');
        }
      });
      await this.listen();
    })();
    this.schema.catch(() => (this.schema = null));
    return this.schema;
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    const listener = pgConnection(this.url, 'crewclock-read-models-listener');
    const down = () => {
      if (this.listener !== listener) return;
      this.listening = false;
      this.listener = null;
      this.tables.clear();
      if (!this.closed) {
        this.reconnect = setTimeout(() => void this.listen().catch(down), 1000);
        this.reconnect.unref();
      }
    };
    listener.on('error', down);
    listener.on('end', down);
    listener.on('notification', (n) => {
      if (n.payload !== undefined) this.tables.delete(n.payload);
    });
    this.listener = listener;
    try {
      await listener.connect();
      await listener.query(`LISTEN ${CHANNEL}`);
      // Anything cached before the listener was up may be stale.
      this.tables.clear();
      this.listening = true;
    } catch {
      down();
    }
  }
}

/**
 * `crewclock_key`: MongoDB's order of scalars as bytes (compared with memcmp). A type byte, then numbers as their
 * IEEE 754 bits made to sort (positive: sign bit set; negative: every bit flipped), strings as UTF-8 (code point
 * order), objects and arrays as their text (only their bracket matters: no comparison of documents is compiled).
 * Null and missing (SQL NULL) share one key, as MongoDB sorts and matches `{a: null}`. keyOf() is its twin in JS.
 *
 * PL/pgSQL, not SQL: a SQL function PostgreSQL cannot inline (convert_to is only stable) is planned again in every
 * statement, for every index expression that calls it — 1.6 ms for a one-row insert into a table with two indexes of
 * six keys, against 0.3 ms; PL/pgSQL keeps its plans for the session (2 µs a key instead of 40).
 */
const KEY_FUNCTION = `CREATE OR REPLACE FUNCTION crewclock_key(v jsonb) RETURNS bytea
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
  DECLARE
    x float8;
    b bytea;
  BEGIN
    CASE jsonb_typeof(v)
      WHEN 'number' THEN
        x := v::float8 + 0; -- -0 is 0, as in MongoDB
        b := float8send(x);
        IF x >= 0 THEN RETURN '\\x10'::bytea || set_byte(b, 0, get_byte(b, 0) | 128); END IF;
        FOR i IN 0..7 LOOP b := set_byte(b, i, 255 - get_byte(b, i)); END LOOP;
        RETURN '\\x10'::bytea || b;
      WHEN 'string' THEN RETURN '\\x20'::bytea || convert_to(v #>> '{}', 'UTF8');
      WHEN 'object' THEN RETURN '\\x30'::bytea || convert_to(v::text, 'UTF8');
      WHEN 'array' THEN RETURN '\\x40'::bytea || convert_to(v::text, 'UTF8');
      WHEN 'boolean' THEN RETURN CASE WHEN v::boolean THEN '\\x51'::bytea ELSE '\\x50'::bytea END;
      ELSE RETURN '\\x05'::bytea;
    END CASE;
  END $$`;

const NULL_KEY = Buffer.from([0x05]);
/** Each scalar type's first byte, and the byte past its bracket. */
const BRACKETS = {
  number: [Buffer.from([0x10]), Buffer.from([0x11])],
  string: [Buffer.from([0x20]), Buffer.from([0x21])],
} as const;

/** crewclock_key() of a scalar, in JS: the parameter a compiled comparison binds. */
export function keyOf(v: null | boolean | number | string): Buffer {
  if (v === null) return NULL_KEY;
  if (typeof v === 'boolean') return Buffer.from([v ? 0x51 : 0x50]);
  if (typeof v === 'string') return Buffer.concat([BRACKETS.string[0], Buffer.from(v, 'utf8')]);
  const key = Buffer.alloc(9);
  key[0] = 0x10;
  key.writeDoubleBE(v + 0, 1); // + 0: -0 is 0, as in MongoDB
  if (key[1] & 0x80) for (let i = 1; i < 9; i++) key[i] = ~key[i] & 0xff;
  else key[1] |= 0x80;
  return key;
}

const sqlSafe = (name: string) => name.replace(/[^A-Za-z0-9_]/g, '_');

/**
 * An index's name in PostgreSQL, where names are unique per schema, not per table: the name asked for (cut at 40
 * characters), then a hash of the table and that name.
 */
export function indexName(tbl: string, name: string): string {
  const hash = createHash('sha256').update(`${tbl}\u0000${name}`).digest('hex').slice(0, 8);
  return `${sqlSafe(name).slice(0, 40)}__${hash}`;
}

/** Numbers the `?` marks ($1, $2, …). Paths, the only text written into SQL, hold no `?` mark there (see lit()). */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** A path part as a SQL string literal; `?` is written as its escape so that numbered() leaves it. */
const lit = (part: string) => `E'${part.replace(/\?/g, '\\x3f')}'`;

/** SQL for the jsonb value at a path (SQL NULL when missing). */
function jsonAt(path: string): string {
  return `(doc${path
    .split('.')
    .map((p) => ` -> ${lit(p)}`)
    .join('')})`;
}

/** SQL for the key of the value at a path: the expression indexes, comparisons and ORDER BY share. */
function keyAt(path: string): string {
  return path === '_id' ? '_id' : `crewclock_key${jsonAt(path)}`;
}

/** The string at a path, NULL for anything else. */
function stringAt(path: string): string {
  if (path === '_id') return '_id';
  const j = jsonAt(path);
  return `(CASE WHEN jsonb_typeof${j} = 'string' THEN ${j} #>> '{}' END)`;
}

/** The string at a path with its ASCII letters in lower case (as a JS regex with the i flag and no u folds). */
function foldedAt(path: string): string {
  return `lower(${stringAt(path)} COLLATE "C")`;
}

const foldAscii = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
const containing = (text: string) => `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

class Table {
  readonly sql: string;
  constructor(
    readonly name: string,
    readonly tbl: string,
    readonly kinds: Map<string, number>,
    /** PostgreSQL index name → spec (kept as the index's comment), so createIndex is idempotent. */
    readonly indexes: Record<string, string>,
  ) {
    this.sql = `"${tbl}"`;
  }

  /** Whether an update may break a unique index other than _id's (then it runs under a savepoint in a unit). */
  get hasUniqueIndex(): boolean {
    return Object.values(this.indexes).some((spec) => {
      const parsed = JSON.parse(spec) as unknown;
      return Array.isArray(parsed) && parsed[1] === true;
    });
  }

  plain(path: string): number | null {
    return plainKinds(this.kinds, path);
  }
}

const RANGE = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;

/**
 * Compiles equality, $eq, $ne, $in, $nin, $gt/$gte/$lt/$lte (numbers, strings), $exists, plain-text $regex and
 * RegExp values, and $and/$or/$nor of them, on plain paths. Keys carry their type, so no residual type test is
 * needed. Under `caseInsensitive`, string comparisons are left to JS (collation strength 2 is not lower()).
 */
class FilterCompiler {
  constructor(
    private readonly table: Table,
    private readonly ci: boolean,
  ) {}

  /**
   * A whole filter's WHERE. One that names its document's `_id` reads that one row by the primary key: its other
   * conditions are tested on the row (IS TRUE keeps them out of the indexes' reach), or PostgreSQL may walk an
   * organization's entries of a list's index to the `_id` at its end (4 ms instead of 0.1 at 14,000 customers).
   */
  where(f: Filter): Sql {
    if (typeof f._id !== 'string' || Object.keys(f).length === 1) return this.filter(f);
    const { _id, ...rest } = f;
    const others = this.filter(rest);
    return and([exact('_id = ?', _id), always(others) ? others : { ...others, sql: `(${others.sql}) IS TRUE` }]);
  }

  filter(f: Filter): Sql {
    const parts: Sql[] = [];
    for (const [k, v] of Object.entries(f)) {
      if (k === '$and' && Array.isArray(v) && v.length) parts.push(and(v.map((x) => this.filter(x as Filter))));
      else if (k === '$or' && Array.isArray(v) && v.length) parts.push(or(v.map((x) => this.filter(x as Filter))));
      else if (k === '$nor' && Array.isArray(v) && v.length)
        parts.push(not(or(v.map((x) => this.filter(x as Filter)))));
      else if (k.startsWith('$')) parts.push(ANY);
      else parts.push(this.field(k, v));
    }
    return and(parts);
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

  /** The key of a value SQL compares exactly, or null. */
  private comparable(path: string, v: unknown): Buffer | string | null {
    if (path === '_id') return typeof v === 'string' ? v : null; // the text column; anything else: mingo
    if (v === null || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) return keyOf(v);
    if (typeof v === 'string' && !this.ci) return keyOf(v);
    return null; // documents, arrays, dates, strings ignoring case: mingo compares them
  }

  private eq(path: string, v: unknown): Sql {
    if (this.table.plain(path) === null) return ANY;
    const key = this.comparable(path, v);
    return key === null ? ANY : exact(`${keyAt(path)} = ?`, key);
  }

  private in(path: string, values: unknown[]): Sql {
    if (this.table.plain(path) === null) return ANY;
    const keys: (Buffer | string)[] = [];
    const parts: Sql[] = [];
    for (const v of values) {
      const key = v instanceof RegExp ? null : this.comparable(path, v);
      if (key !== null) keys.push(key);
      else parts.push(v instanceof RegExp ? this.regex(path, v.source, v.flags) : ANY);
    }
    // One array parameter whatever the list's length, so the statement's text stays the same.
    if (keys.length) parts.push(exact(`${keyAt(path)} = ANY(?::${path === '_id' ? 'text' : 'bytea'}[])`, keys));
    return parts.length ? or(parts) : exact('false');
  }

  private range(path: string, op: string, v: unknown): Sql {
    if (this.table.plain(path) === null) return ANY;
    if (path === '_id') return typeof v === 'string' ? exact(`_id ${op} ?`, v) : ANY;
    const bracket =
      typeof v === 'string' && !this.ci
        ? BRACKETS.string
        : typeof v === 'number' && Number.isFinite(v)
          ? BRACKETS.number
          : null;
    if (!bracket) return ANY;
    // MongoDB compares within the value's type only: the other side of the range is its bracket's end.
    const K = keyAt(path);
    const other = op.startsWith('>') ? `${K} < ?` : `${K} >= ?`;
    return exact(
      `${K} ${op} ? AND ${other}`,
      keyOf(v as string | number),
      op.startsWith('>') ? bracket[1] : bracket[0],
    );
  }

  private exists(path: string, present: boolean): Sql {
    if (path === '_id') return present ? EVERYTHING : exact('FALSE');
    if (this.table.plain(path) === null) return ANY;
    return exact(`${jsonAt(path)} IS ${present ? 'NOT ' : ''}NULL`);
  }

  private regexOperator(path: string, pattern: unknown, options: unknown): Sql {
    if (options !== undefined && typeof options !== 'string') return ANY;
    if (typeof pattern === 'string') return this.regex(path, pattern, options ?? '');
    if (pattern instanceof RegExp && options === undefined) return this.regex(path, pattern.source, pattern.flags);
    return ANY;
  }

  /**
   * A pattern of plain text (everyWordIn()'s words) as LIKE on the string at the path; only strings match. Ignoring
   * case, without the u flag and for ASCII text, JS folds ASCII letters only, as lower() in the "C" collation does:
   * `foldedAt(path) LIKE '%word%'`, the expression of the trigram search index. A case-sensitive match adds that
   * test too, so that the index narrows it. Any other pattern: mingo.
   */
  private regex(path: string, source: string, flags: string): Sql {
    // Only the flags JS and MongoDB read alike (not x, nor stateful g/y).
    if (this.table.plain(path) === null || !/^[imsu]*$/.test(flags)) return ANY;
    const literal = literalOf(source);
    if (literal === null) return ANY;
    const folded = exact(`${foldedAt(path)} LIKE ?`, containing(foldAscii(literal)));
    if (!flags.includes('i')) return and([folded, exact(`${stringAt(path)} LIKE ?`, containing(literal))]);
    return !flags.includes('u') && isAscii(literal) ? folded : ANY;
  }
}

/**
 * ORDER BY for `sort` when the keys order exactly as MongoDB does: each a plain path that has held no document or
 * array (MongoDB orders arrays by their least or greatest element). Null when mingo must sort.
 */
function orderBy(table: Table, sort: Sort | undefined): string | null {
  const keys = Object.entries(sort ?? {});
  if (!keys.length) return 'seq'; // insertion order
  const terms: string[] = [];
  for (const [path, direction] of keys) {
    const kinds = table.plain(path);
    if (kinds === null || kinds & (OBJ | ARR)) return null;
    terms.push(`${keyAt(path)} ${direction === -1 ? 'DESC' : 'ASC'}`);
  }
  return terms.join(', ');
}

/** A stored document with what a write needs to find it again unchanged: its seq and row version (xmin). */
type Row = { seq: number; v: string; doc: AnyDoc };

/** A write retried when another writer changed its document between the read and the write (MongoDB's are atomic). */
const WRITE_ATTEMPTS = 20;
const RACED = Symbol('raced');
const TAKEN = Symbol('taken');
/** The document stopped matching before the write reached it. */
const GONE = Symbol('gone');

class PostgresCollection<T extends Doc> implements ReadCollection<T> {
  constructor(
    private readonly store: PostgresReadStore,
    private readonly name: string,
  ) {}

  private table(): Promise<Table> {
    return this.store.table(this.name);
  }

  /**
   * Inside a unit, reads and writes of one document by `_id` alone — nearly every one a projection makes — are
   * answered from and staged in the unit's memory (write-behind.ts) and reach the table at the unit's end, in its
   * transaction: one statement per collection and unit instead of two per write. Not for a table with a unique index
   * besides `_id`'s, whose writes must be refused when they are made.
   */
  private stagedUnit(t: Table, byId: boolean): Unit | null {
    const unit = this.store.staged;
    return unit && byId && !t.hasUniqueIndex ? unit : null;
  }

  /** The document as the unit sees it, read (and locked) once per unit. */
  private current(unit: Unit, t: Table, id: string): Promise<AnyDoc | null> {
    return unit.get(this.name, id, async () => {
      const [row] = await this.store.query<{ doc: AnyDoc }>(`SELECT doc FROM ${t.sql} WHERE _id = ? FOR UPDATE`, [id]);
      return row?.doc ?? null;
    });
  }

  /** Stages the document's new state (null: deleted), as stored (JSON); false when it equals the state known. */
  private async stage(unit: Unit, t: Table, id: string, doc: AnyDoc | null): Promise<boolean> {
    const stored = doc && (JSON.parse(JSON.stringify(doc)) as AnyDoc);
    if (stored && recordKinds(t.kinds, stored)) await this.store.saveKinds(t);
    return unit.stage(this.name, id, stored, true);
  }

  /**
   * An operation past the unit's memory: what the unit staged for this collection goes first (one transaction: the
   * other collections' writes wait for the unit's end), and a write makes it forget this collection.
   */
  private async direct(write: boolean): Promise<void> {
    const unit = this.store.staged;
    if (!unit) return;
    await unit.flushOne(this.name);
    if (write) unit.dropped(this.name);
  }

  async findOne(filter: Filter): Promise<T | null> {
    const t = await this.table();
    const id = pinnedId(filter);
    const unit = this.stagedUnit(t, id !== null);
    if (unit) return (await this.current(unit, t, id!)) as T | null;
    await this.direct(false);
    const [found] = await this.matching(t, filter, true);
    return found ? (found.doc as T) : null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    await this.direct(false);
    const t = await this.table();
    const read = this.plan(t, filter, options);
    // Documents by their ids in a unit (the runner's checkpoints, the audit's names): read and locked in one go, as
    // current() reads one, and learnt by the unit, so that its writes to them need no read of their own.
    const ids = pinnedIds(filter);
    const unit = this.stagedUnit(t, ids !== null);
    if (unit && ids && !options.projection && read.kind === 'page') {
      const rows = await this.store.query<{ _id: string; doc: AnyDoc }>(`${read.sql} FOR UPDATE`, read.params);
      unit.learn(this.name, new Map(rows.map((row) => [row._id, row.doc])));
      // Without skip or limit, the ids not found are known not to exist.
      if (!read.skip && !read.limit) unit.learn(this.name, new Map(ids.map((id) => [id, null])));
      return rows.map((row) => row.doc as T);
    }
    const rows = await this.store.query(read.sql, read.params);
    const project = (docs: AnyDoc[]) =>
      options.projection ? new Query({}, {}).find<AnyDoc>(docs, options.projection).all() : docs;
    const { skip, limit, fields } = read;
    if (read.kind === 'page') {
      if (!fields) return project(rows.map((row) => row.doc as AnyDoc)) as T[];
      // A dropdown's thousand `{ _id, label }`: those fields, not whole documents. As text, so that SQL NULL (the
      // field is missing) and JSON null stay apart.
      return rows.map((row) => {
        const doc: AnyDoc = { _id: row._id as string };
        fields.forEach((f, i) => {
          const text = row[`f${i}`] as string | null;
          if (text !== null) doc[f] = JSON.parse(text);
        });
        return doc as T;
      });
    }
    if (read.kind === 'ordered') {
      // SQL narrowed and ordered; mingo decides each row.
      const query = compile(filter);
      const docs = rows.map((row) => row.doc as AnyDoc).filter((doc) => query.test(doc));
      return project(docs.slice(skip, limit ? skip + limit : undefined)) as T[];
    }
    // mingo filters what SQL narrowed, then sorts, skips, limits and projects.
    const query = options.caseInsensitive
      ? new Query(caseInsensitiveFilter(filter), { collation: CASE_INSENSITIVE, context: IGNORING_CASE })
      : new Query(read.exact ? {} : filter, {});
    let cursor = query.find<AnyDoc>(
      rows.map((row) => row.doc as AnyDoc),
      options.projection,
    );
    if (options.sort && Object.keys(options.sort).length) cursor = cursor.sort(options.sort);
    if (skip) cursor = cursor.skip(skip);
    if (limit) cursor = cursor.limit(limit);
    return cursor.all() as T[];
  }

  /** PostgreSQL's plan of find(filter, options) (EXPLAIN, as JSON). */
  async explain(filter: Filter, options: FindOptions = {}): Promise<unknown> {
    const read = this.plan(await this.table(), filter, options);
    const [row] = await this.store.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${read.sql}`, read.params);
    return row['QUERY PLAN'];
  }

  /**
   * The SQL of a find. page: the whole query (with an index on the filter and sort keys, PostgreSQL reads one
   * page); ordered: SQL narrows and orders, mingo decides, skips and limits; narrowed: mingo does everything else.
   */
  private plan(t: Table, filter: Filter, options: FindOptions) {
    const ci = options.caseInsensitive === true;
    const where = new FilterCompiler(t, ci).where(filter);
    const order = ci ? null : orderBy(t, options.sort);
    const skip = Math.max(0, options.skip ?? 0);
    const limit = Math.abs(options.limit ?? 0); // 0: no limit, as in MongoDB
    const common = { skip, limit, exact: where.exact };
    if (order !== null && where.exact) {
      const fields = topLevelInclusion(options.projection);
      // `{ _id: 1 }` alone reads the id column only.
      const columns = ['_id', ...(fields ? fields.map((f, i) => `${jsonAt(f)}::text AS f${i}`) : ['doc'])].join(', ');
      return {
        ...common,
        kind: 'page' as const,
        fields,
        sql: `SELECT ${columns} FROM ${t.sql} WHERE ${where.sql} ORDER BY ${order} LIMIT ? OFFSET ?`,
        params: [...where.params, limit || null, skip],
      };
    }
    return {
      ...common,
      kind: order === null ? ('narrowed' as const) : ('ordered' as const),
      fields: null,
      sql: `SELECT doc FROM ${t.sql} WHERE ${where.sql} ORDER BY ${order ?? 'seq'}`,
      params: where.params,
    };
  }

  async countDocuments(filter: Filter): Promise<number> {
    await this.direct(false);
    const t = await this.table();
    const where = new FilterCompiler(t, false).where(filter);
    if (!where.exact) return (await this.matching(t, filter, false, false, where)).length;
    return this.store.count(t, where);
  }

  async insertOne(doc: T): Promise<void> {
    const next = { ...doc } as AnyDoc;
    if (next._id === undefined) next._id = randomUUID();
    const t = await this.table();
    const unit = this.stagedUnit(t, typeof next._id === 'string');
    if (unit) {
      if (await this.current(unit, t, next._id)) throw new DuplicateKeyError(t.name, { _id: next._id });
      await this.stage(unit, t, next._id, next);
      return;
    }
    await this.direct(true);
    if (!(await this.insert(t, next))) throw new DuplicateKeyError(t.name, { _id: next._id });
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    const { $setOnInsert, ...ops } = checkOperators(update);
    const t = await this.table();
    const id = pinnedId(filter);
    const unit = this.stagedUnit(t, id !== null);
    if (unit) {
      const current = await this.current(unit, t, id!);
      const { stage, result } = updatedById(id!, current, ops, $setOnInsert, filter, options.upsert === true);
      if (stage) await this.stage(unit, t, id!, stage);
      return result;
    }
    await this.direct(true);
    let upserted: unknown;
    return this.retried(
      async () => {
        const [target] = await this.matching(t, filter, true, true);
        if (target) {
          const changed = await this.modify(t, filter, target, ops);
          return changed === null ? RACED : { matchedCount: 1, modifiedCount: changed ? 1 : 0, upsertedId: null };
        }
        if (!options.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedId: null };
        const doc = equalityFields(filter);
        applyOperators(doc, ops);
        if ($setOnInsert) applyOperators(doc, { $set: $setOnInsert });
        if (doc._id === undefined) doc._id = randomUUID();
        upserted = doc._id;
        return (await this.insert(t, doc)) ? { matchedCount: 0, modifiedCount: 0, upsertedId: doc._id } : TAKEN;
      },
      t,
      () => ({ _id: upserted }),
    );
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    const { $setOnInsert: _ignored, ...ops } = checkOperators(update);
    await this.direct(true);
    const t = await this.table();
    const result = { matchedCount: 0, modifiedCount: 0, upsertedId: null };
    // Not atomic across documents, like MongoDB: a unique violation stops at that document, and the ones before it
    // stay updated.
    for (const target of await this.matching(t, filter, false, true)) {
      let row: Row | undefined = target;
      const changed = await this.retried(
        async () => {
          // Changed meanwhile: read again, and updated if it still matches.
          row ??= (await this.matching(t, { $and: [filter, { _id: target.doc._id }] }, true, true))[0];
          if (!row) return GONE;
          const outcome = await this.modify(t, filter, row, ops);
          row = undefined;
          return outcome === null ? RACED : outcome;
        },
        t,
        () => ({ _id: target.doc._id }),
      );
      if (changed === GONE) continue;
      result.matchedCount++;
      if (changed) result.modifiedCount++;
    }
    return result;
  }

  async replaceOne(filter: Filter, doc: T, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    if (Object.keys(doc).some((k) => k.startsWith('$')))
      throw new Error('Replacement document must not contain update operators');
    const t = await this.table();
    const id = pinnedId(filter);
    const unit = this.stagedUnit(t, id !== null);
    if (unit) {
      const next = { ...doc, _id: doc._id ?? id } as AnyDoc;
      const current = await this.current(unit, t, id!);
      if (!current && !options.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedId: null };
      assertSameId({ _id: id! }, next);
      const changed = await this.stage(unit, t, id!, next);
      return current
        ? { matchedCount: 1, modifiedCount: changed ? 1 : 0, upsertedId: null }
        : { matchedCount: 0, modifiedCount: 0, upsertedId: id };
    }
    await this.direct(true);
    return this.retried(
      async () => {
        const next = { ...doc } as AnyDoc;
        const [target] = await this.matching(t, filter, true, true);
        if (target) {
          if (next._id === undefined) next._id = target.doc._id;
          assertSameId(target.doc, next);
          if (sameJson(JSON.parse(JSON.stringify(next)), target.doc))
            return { matchedCount: 1, modifiedCount: 0, upsertedId: null };
          return (await this.replace(t, target, next))
            ? { matchedCount: 1, modifiedCount: 1, upsertedId: null }
            : RACED;
        }
        if (!options.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedId: null };
        next._id ??= (equalityFields(filter)._id as string | undefined) ?? randomUUID();
        return (await this.insert(t, next)) ? { matchedCount: 0, modifiedCount: 0, upsertedId: next._id } : TAKEN;
      },
      t,
      () => ({ _id: doc._id }),
    );
  }

  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    const t = await this.table();
    const id = pinnedId(filter);
    const unit = this.stagedUnit(t, id !== null);
    if (unit) {
      if (!(await this.current(unit, t, id!))) return { deletedCount: 0 };
      await this.stage(unit, t, id!, null);
      return { deletedCount: 1 };
    }
    await this.direct(true);
    const where = new FilterCompiler(t, false).where(filter);
    if (where.exact) {
      // FOR UPDATE: a row another writer changes meanwhile is tested again once it commits.
      const rows = await this.store.write(
        this.name,
        `DELETE FROM ${t.sql} WHERE seq = (SELECT seq FROM ${t.sql} WHERE ${where.sql} ORDER BY seq LIMIT 1 FOR UPDATE) RETURNING seq`,
        where.params,
      );
      if (rows.length) return { deletedCount: 1 };
      // None; or the first one stopped matching while locked, and PostgreSQL looked no further: read again below.
    }
    const deletedCount = await this.retried(
      async () => {
        const [target] = await this.matching(t, filter, true, true);
        if (!target) return 0;
        return (await this.deleteRow(t, target)) ? 1 : RACED;
      },
      t,
      () => null,
    );
    return { deletedCount };
  }

  async deleteMany(filter: Filter): Promise<{ deletedCount: number }> {
    await this.direct(true);
    const t = await this.table();
    const where = new FilterCompiler(t, false).where(filter);
    if (where.exact) {
      const rows = await this.store.write(
        this.name,
        `DELETE FROM ${t.sql} WHERE ${where.sql} RETURNING seq`,
        where.params,
      );
      return { deletedCount: rows.length };
    }
    let deletedCount = 0;
    for (const target of await this.matching(t, filter, false, true, where)) {
      let row: Row | undefined = target;
      const deleted = await this.retried(
        async () => {
          // Changed meanwhile: read again, and deleted if it still matches.
          row ??= (await this.matching(t, { $and: [filter, { _id: target.doc._id }] }, true, true))[0];
          if (!row) return GONE;
          const done = await this.deleteRow(t, row);
          row = undefined;
          return done ? true : RACED;
        },
        t,
        () => null,
      );
      if (deleted !== GONE) deletedCount++;
    }
    return { deletedCount };
  }

  /**
   * A b-tree index on the keys' crewclock_key (what the compiled filters and ORDER BY use), `_id` as its column.
   * Unique: the same index, unique, which means what MongoDB's does (see PostgresReadStore).
   */
  async createIndex(keys: Record<string, 1 | -1>, options: { unique?: boolean; name?: string } = {}): Promise<void> {
    const name =
      options.name ??
      Object.entries(keys)
        .map(([k, v]) => `${k}_${v}`)
        .join('_');
    const spec = JSON.stringify([keys, !!options.unique]);
    await this.direct(false); // a unique index judges the documents the unit staged too
    const t = await this.table();
    const index = indexName(t.tbl, name);
    const existing = t.indexes[index];
    if (existing) {
      if (existing !== spec) throw new Error(`An index named ${name} exists with different options`);
      return;
    }
    const bad = Object.keys(keys).find((p) => p !== '_id' && !indexablePath(p));
    if (bad) throw new Error(`Cannot index the path '${bad}' in ${t.name}`);
    const columns = Object.entries(keys).map(([p, d]) => `${keyAt(p)}${d === -1 ? ' DESC' : ''}`);
    try {
      await this.store.indexChange(t, async () => {
        await this.store.query(
          `CREATE ${options.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS "${index}" ON ${t.sql} (${columns.join(', ')})`,
        );
        await this.store.query(`COMMENT ON INDEX "${index}" IS ${sqlString(spec)}`);
      });
    } catch (error) {
      throw duplicate(t.name, error, { index: name });
    }
    t.indexes[index] = spec;
    await this.store.changed(t);
  }

  /**
   * A GIN trigram index (pg_trgm) with one column per field: the field's string with its ASCII letters in lower
   * case, the very expression a search word compiles to (FilterCompiler.regex), so `LIKE '%word%'` on each field
   * is a bitmap scan of the index, however the word is cased. A search matches strings only, as MongoDB's $regex.
   */
  async createSearchIndex(fields: string[], options: { name: string }): Promise<void> {
    const spec = JSON.stringify({ search: fields });
    const t = await this.table();
    const index = indexName(t.tbl, options.name);
    const existing = t.indexes[index];
    if (existing === spec) return;
    const bad = fields.find((p) => p === '_id' || !indexablePath(p));
    if (bad !== undefined || !fields.length) throw new Error(`Cannot search the path '${bad ?? ''}' in ${t.name}`);
    if (existing && !isPlainObject(JSON.parse(existing)))
      throw new Error(`An index named ${options.name} exists with different options`);
    const columns = fields.map((f) => `${foldedAt(f)} gin_trgm_ops`).join(', ');
    await this.store.indexChange(t, async () => {
      // A search index is derived from the documents: another field list is built anew.
      if (existing) await this.store.query(`DROP INDEX "${index}"`);
      await this.store.query(`CREATE INDEX IF NOT EXISTS "${index}" ON ${t.sql} USING gin (${columns})`);
      await this.store.query(`COMMENT ON INDEX "${index}" IS ${sqlString(spec)}`);
    });
    t.indexes[index] = spec;
    await this.store.changed(t);
  }

  /** The documents matching `filter` (only the first when `first`), in insertion order. */
  private async matching(t: Table, filter: Filter, first: boolean, forWrite = false, compiled?: Sql): Promise<Row[]> {
    const where = compiled ?? new FilterCompiler(t, false).where(filter);
    // Inside a transaction, what a write reads it locks: no other writer changes it before the write.
    const lock = forWrite && this.store.inUnit ? ' FOR UPDATE' : '';
    const sql = `SELECT seq, xmin::text AS v, doc FROM ${t.sql} WHERE ${where.sql} ORDER BY seq`;
    if (where.exact) return this.store.query<Row>(`${sql}${first ? ' LIMIT 1' : ''}${lock}`, where.params);
    const query = compile(filter);
    const rows = await this.store.query<Row>(`${sql}${lock}`, where.params);
    const found = rows.filter((row) => query.test(row.doc));
    return first ? found.slice(0, 1) : found;
  }

  /**
   * Runs a read-then-write `step` again while it answers RACED (its document changed between the read and the
   * write). After two lost races it runs in a transaction of its own, where its reads lock what they find, so that
   * no writer waits behind an endless run of others. TAKEN: its insert found the key taken, by a concurrent upsert
   * of the same document (the next try matches it) or by a document the filter excludes (e.g. {_id, rev: {$lt: n}}):
   * taken twice, MongoDB raises E11000, and so do we.
   */
  private async retried<R>(
    step: () => Promise<R | typeof RACED | typeof TAKEN>,
    t: Table,
    key: () => unknown,
  ): Promise<R> {
    let taken = 0;
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      const result = attempt < 2 || this.store.inUnit ? await step() : await this.store.inOwnTransaction(step);
      if (result === TAKEN) {
        if (++taken === 2) throw new DuplicateKeyError(t.name, key());
      } else if (result !== RACED) return result;
    }
    throw new Error(`Too many concurrent writes to ${t.name}`);
  }

  /** Applies update operators to the target; true when stored changed, false when nothing changed, null on a race. */
  private async modify(t: Table, filter: Filter, target: Row, ops: Update): Promise<boolean | null> {
    if (!Object.keys(ops).length) return false;
    const next = target.doc;
    const id = next._id;
    if (!applyOperators(next, ops, filter)) return false;
    assertSameId({ _id: id }, next);
    return (await this.replace(t, target, next)) ? true : null;
  }

  /** Inserts `doc`; false when its `_id` or a unique key is taken (ON CONFLICT: no error to undo inside a unit). */
  private async insert(t: Table, doc: AnyDoc): Promise<boolean> {
    if (typeof doc._id !== 'string') throw new TypeError('A read-model document needs a string _id');
    if (recordKinds(t.kinds, doc)) await this.store.saveKinds(t);
    const rows = await this.store.write(
      this.name,
      `INSERT INTO ${t.sql} (_id, doc) VALUES (?, ?::jsonb) ON CONFLICT DO NOTHING RETURNING seq`,
      [doc._id, JSON.stringify(doc)],
    );
    return rows.length === 1;
  }

  /** Deletes the target if no other writer changed it since it was read; false if one did. */
  private async deleteRow(t: Table, target: Row): Promise<boolean> {
    const rows = await this.store.write(
      this.name,
      `DELETE FROM ${t.sql} WHERE seq = ? AND xmin = ?::xid RETURNING seq`,
      [target.seq, target.v],
    );
    return rows.length === 1;
  }

  /** Stores `doc` over the target if no other writer changed it since it was read; false if one did. */
  private async replace(t: Table, target: Row, doc: AnyDoc): Promise<boolean> {
    if (recordKinds(t.kinds, doc)) await this.store.saveKinds(t);
    const write = () =>
      this.store.write(this.name, `UPDATE ${t.sql} SET doc = ?::jsonb WHERE seq = ? AND xmin = ?::xid RETURNING seq`, [
        JSON.stringify(doc),
        target.seq,
        target.v,
      ]);
    try {
      const rows = await (t.hasUniqueIndex ? this.store.alone(write) : write());
      return rows.length === 1;
    } catch (error) {
      throw duplicate(t.name, error, { _id: doc._id });
    }
  }
}

/** Equal as JSON, whatever the order of keys (jsonb keeps its own order of an object's keys). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((x, i) => sameJson(x, other[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameJson((a as AnyDoc)[k], (b as AnyDoc)[k]))
  );
}

/** A SQL string literal, for the one statement that takes no parameter (COMMENT). */
function sqlString(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

function duplicate(collection: string, error: unknown, key: unknown): unknown {
  return (error as { code?: string }).code === '23505' ? new DuplicateKeyError(collection, key) : error;
}
