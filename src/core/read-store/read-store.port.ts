/**
 * The read-model port: a subset of MongoDB's collection API with MongoDB's query and update
 * semantics. Every document has a string `_id`. Both adapters (SQLite, the embedded default, and the
 * MongoDB driver) pass test/contract/read-store.contract.spec.ts. FerretDB v1 has no transactions or change streams,
 * so nothing here may need them.
 */

// Any object with a string `_id` (interfaces need no index signature).
export type Doc = { _id: string };
/** An untyped document, the default when a caller names no type. */
export type AnyDoc = { _id: string; [key: string]: unknown };
/** A MongoDB query document ({ field: value, field: { $gt: … }, $or: [...] }). */
export type Filter = Record<string, unknown>;
/** A MongoDB update document with operators ($set, $unset, $inc, $push, $pull, $addToSet, $setOnInsert). */
export type Update = Record<string, unknown>;
/** 1 ascending, -1 descending, in key order. */
export type Sort = Record<string, 1 | -1>;

export interface FindOptions {
  sort?: Sort;
  skip?: number;
  limit?: number;
  /** Inclusion ({a: 1}) or exclusion ({a: 0}) projection. */
  projection?: Record<string, 0 | 1>;
  /** Case-insensitive string comparison for sort and equality (MongoDB collation strength 2). */
  caseInsensitive?: boolean;
  /**
   * One batch of a read of many rows (an export): SQLite reads it through its page cache, not its memory map,
   * so the file's pages it passes over do not pile up in the process's resident memory. MongoDB ignores it.
   */
  bulk?: boolean;
}

export interface UpdateResult {
  matchedCount: number;
  modifiedCount: number;
  upsertedId: string | null;
}

export interface ReadCollection<T extends Doc = AnyDoc> {
  findOne(filter: Filter): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  countDocuments(filter: Filter): Promise<number>;
  /** Throws DuplicateKeyError when `_id` (or a unique index) is taken. */
  insertOne(doc: T): Promise<void>;
  updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<UpdateResult>;
  updateMany(filter: Filter, update: Update): Promise<UpdateResult>;
  replaceOne(filter: Filter, doc: T, options?: { upsert?: boolean }): Promise<UpdateResult>;
  deleteOne(filter: Filter): Promise<{ deletedCount: number }>;
  deleteMany(filter: Filter): Promise<{ deletedCount: number }>;
  /** Idempotent. A unique index makes inserts/upserts that would duplicate a key throw DuplicateKeyError. */
  createIndex(keys: Record<string, 1 | -1>, options?: { unique?: boolean; name?: string }): Promise<void>;
  /**
   * Idempotent. Makes a table search (everyWordIn(): every word, as plain text matched ignoring case,
   * in one of these fields) fast without changing what it finds. SQLite: a trigram full-text index
   * narrows the rows before the exact match. MongoDB has no index a regex can use (a text index
   * matches whole words, not parts of them): nothing is created, and a search reads the range of the
   * b-tree index its other conditions select (the organization's).
   */
  createSearchIndex(fields: string[], options: { name: string }): Promise<void>;
}

export interface ReadStore {
  collection<T extends Doc = AnyDoc>(name: string): ReadCollection<T>;
  /** Removes every document of the collection (used by a projection rebuild). */
  dropCollection(name: string): Promise<void>;
  /** Cheap liveness check for /healthz. */
  ping(): Promise<void>;
  /**
   * Runs `work`, which awaits this store's methods, as one atomic unit where the engine has
   * transactions (SQLite: every write inside commits together, or none does if `work` throws).
   * MongoDB has none here (FerretDB v1 has no transactions): the runner then applies the same batches
   * without one, relying on idempotent writes. Meant for the projection runner: a batch of events'
   * writes and the checkpoints that cover them.
   */
  transaction?<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Where keeping an index row by row costs more than making it from the documents (SQLite): stops keeping the search
   * indexes of `collections` while a build writes them from nothing, and every other index but the unique ones of
   * `readById` (those whose projection reads them by `_id` alone meanwhile), and returns what makes them again.
   * Queries find the same meanwhile, only slower. The runner calls it for the read models a start builds from the
   * start of the log, and makes the indexes once they have caught up.
   */
  suspendIndexes?(collections: string[], readById?: string[]): Promise<() => Promise<void>>;
  /**
   * A start builds read models from the start of the log until the function returned is called (calls may overlap).
   * SQLite reads its file through its page cache meanwhile rather than mapping it: a build passes over every page of
   * a file that grows by gigabytes, and each mapped page it touched stayed in the process's resident memory.
   */
  beginBuild?(): () => void;
  /**
   * Moves in what another file of the same engine holds (SQLite: a read model built apart, in a thread of its own):
   * `collections` whole, in place of what the store had, and of `documents` the ones named; in one write.
   */
  copyFrom?(file: string, collections: string[], documents?: Record<string, string[]>): void;
  close(): Promise<void>;
}

/**
 * A collection moved from one store into another (a staged build): its documents as JSON texts, in batches and in
 * their order, and the kinds of value seen at each path (value-kinds.ts).
 */
export interface LoadedCollection {
  name: string;
  kinds: Map<string, number>;
  documents: AsyncIterable<string[]>;
}

export class DuplicateKeyError extends Error {
  constructor(
    readonly collection: string,
    readonly key: unknown,
  ) {
    super(`Duplicate key in ${collection}: ${JSON.stringify(key)}`);
    this.name = 'DuplicateKeyError';
  }
}

export const READ_STORE = Symbol('ReadStore');
