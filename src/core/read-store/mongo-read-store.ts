import { randomUUID } from 'node:crypto';
import { Collection, Db, GridFSBucket, MongoClient, MongoServerError, ObjectId } from 'mongodb';
import { FileKind, FileStore, FileToSave, isFileId, StoredFile } from '../files/files.port';
import {
  AnyDoc,
  Doc,
  DuplicateKeyError,
  Filter,
  FindOptions,
  ReadCollection,
  ReadStore,
  Update,
  UpdateResult,
} from './read-store.port';
import { assertSameId, checkOperators } from './mongo-semantics';
import { pinnedId, pinnedIds, StagedWrite, Unit, updatedById, WriteBehind } from './write-behind';

// The only file that imports `mongodb` (read models and GridFS files). It must also work on
// FerretDB v1, our test server, so it uses neither transactions nor change streams: a `transaction`
// is a write-behind unit (write-behind.ts) whose writes reach the server as bulk writes at its end.

const DEFAULT_DATABASE = 'crewclock';
const CASE_INSENSITIVE = { locale: 'en', strength: 2 } as const;

export class MongoReadStore implements ReadStore {
  private readonly writeBehind: WriteBehind;

  private constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
  ) {
    this.writeBehind = new WriteBehind((name, writes) => bulkWrite(db.collection<AnyDoc>(name), writes));
  }

  /** The database is the URL's path (`mongodb://host/crewclock`), `crewclock` when absent. */
  static async connect(url: string): Promise<MongoReadStore> {
    // ignoreUndefined: an optional field left undefined is absent, not null (as in the SQLite store).
    const client = await MongoClient.connect(url, { ignoreUndefined: true });
    return new MongoReadStore(client, client.db(databaseName(url)));
  }

  collection<T extends Doc = AnyDoc>(name: string): ReadCollection<T> {
    return new MongoCollection<T>(this.db.collection<AnyDoc>(name), () => this.writeBehind.current);
  }

  /** Deletes the documents but keeps the collection's indexes, so a rebuild needs no re-setup. */
  async dropCollection(name: string): Promise<void> {
    const unit = this.writeBehind.current;
    // What was staged before goes first: the runner marks a checkpoint for a rebuild, then drops.
    await unit?.flush();
    unit?.dropped(name);
    await this.db.collection(name).deleteMany({});
  }

  async ping(): Promise<void> {
    await this.db.command({ ping: 1 });
  }

  /**
   * No transactions (FerretDB v1 has none): `work` runs as a write-behind unit, its writes by `_id`
   * sent at the end as one bulk write per collection (see write-behind.ts for what that promises).
   */
  transaction<T>(work: () => Promise<T>): Promise<T> {
    return this.writeBehind.run(work);
  }

  /** Files in GridFS, sharing this store's connection. */
  fileStore(): GridFsFileStore {
    return new GridFsFileStore(this.db);
  }

  /** For tests that use a throwaway database. */
  async dropDatabase(): Promise<void> {
    await this.db.dropDatabase();
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

function databaseName(url: string): string {
  const path = /^mongodb(?:\+srv)?:\/\/[^/]*\/([^?]*)/.exec(url)?.[1];
  return path ? decodeURIComponent(path) : DEFAULT_DATABASE;
}

/** The documents a unit changed, in one bulk write: each whole document replaced (or upserted), or deleted. */
async function bulkWrite(coll: Collection<AnyDoc>, writes: StagedWrite[]): Promise<void> {
  const operations = writes.map(({ _id, doc }) =>
    doc ? { replaceOne: { filter: { _id }, replacement: doc, upsert: true } } : { deleteOne: { filter: { _id } } },
  );
  await guard(coll, () => coll.bulkWrite(operations, { ordered: false }));
}

class MongoCollection<T extends Doc> implements ReadCollection<T> {
  constructor(
    private readonly coll: Collection<AnyDoc>,
    private readonly unit: () => Unit | undefined,
  ) {}

  /** Within a unit, the document with this `_id` as the unit sees it. */
  private staged(unit: Unit, id: string): Promise<AnyDoc | null> {
    return unit.get(this.coll.collectionName, id, () => this.coll.findOne({ _id: id }));
  }

  /** Outside a unit, or for an operation that is not by `_id` alone: what the unit staged goes first. */
  private async direct(write: boolean): Promise<void> {
    const unit = this.unit();
    if (!unit) return;
    if (write) await unit.flushAndForget(this.coll.collectionName);
    else await unit.flush();
  }

  async findOne(filter: Filter): Promise<T | null> {
    const unit = this.unit();
    const id = pinnedId(filter);
    if (unit && id !== null) return (await this.staged(unit, id)) as T | null;
    await this.direct(false);
    return (await this.coll.findOne(filter)) as T | null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    const unit = this.unit();
    const ids = pinnedIds(filter);
    const plain = !options.sort && !options.skip && !options.limit && !options.projection && !options.caseInsensitive;
    if (unit && ids && plain) return this.byIds(unit, ids);
    await this.direct(false);
    const docs = await this.coll
      .find(filter, {
        sort: options.sort,
        skip: options.skip,
        limit: options.limit,
        projection: options.projection,
        ...(options.caseInsensitive ? { collation: CASE_INSENSITIVE } : {}),
      })
      .toArray();
    return docs as unknown as T[];
  }

  /**
   * Documents by their ids in a unit (the audit's names, the runner's checkpoints): those the unit knows as it knows
   * them, the others in one read, learnt by the unit; nothing staged is written first (each such read wrote the unit's
   * every collection to the server).
   */
  private async byIds(unit: Unit, ids: string[]): Promise<T[]> {
    const name = this.coll.collectionName;
    const unknown = [...new Set(ids)].filter((id) => !unit.knows(name, id));
    if (unknown.length) {
      const found = await this.coll.find({ _id: { $in: unknown } }).toArray();
      unit.learn(
        name,
        new Map<string, AnyDoc | null>([
          ...unknown.map((id) => [id, null] as const),
          ...found.map((doc) => [doc._id, doc] as const),
        ]),
      );
    }
    const docs = await Promise.all([...new Set(ids)].map((id) => this.staged(unit, id)));
    return docs.filter((doc): doc is AnyDoc => doc !== null) as T[];
  }

  async countDocuments(filter: Filter): Promise<number> {
    await this.direct(false);
    return this.coll.countDocuments(filter);
  }

  async insertOne(doc: T): Promise<void> {
    const unit = this.unit();
    if (unit && typeof doc._id === 'string') {
      if (await this.staged(unit, doc._id)) throw new DuplicateKeyError(this.coll.collectionName, { _id: doc._id });
      unit.stage(this.coll.collectionName, doc._id, doc as AnyDoc);
      return;
    }
    await this.direct(true);
    // The driver adds `_id` to the object it is given; insert a shallow copy so the caller's stays as it was.
    await guard(this.coll, () => this.coll.insertOne({ ...doc } as AnyDoc));
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    const unit = this.unit();
    const id = pinnedId(filter);
    if (unit && id !== null) {
      const { $setOnInsert, ...ops } = checkOperators(update);
      const current = await this.staged(unit, id);
      const { stage, result } = updatedById(id, current, ops, $setOnInsert, filter, options.upsert === true);
      if (stage) unit.stage(this.coll.collectionName, id, stage);
      return result;
    }
    await this.direct(true);
    const u = options.upsert ? withStringId(filter, update) : update;
    return result(await guard(this.coll, () => this.coll.updateOne(filter, u, { upsert: options.upsert })));
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    await this.direct(true);
    return result(await guard(this.coll, () => this.coll.updateMany(filter, update)));
  }

  async replaceOne(filter: Filter, doc: T, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    const unit = this.unit();
    const id = pinnedId(filter);
    if (unit && id !== null) {
      if (Object.keys(doc).some((k) => k.startsWith('$')))
        throw new Error('Replacement document must not contain update operators');
      const next = { ...doc, _id: doc._id ?? id } as AnyDoc;
      const current = await this.staged(unit, id);
      if (!current && !options.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedId: null };
      assertSameId({ _id: id }, next);
      const changed = unit.stage(this.coll.collectionName, id, next);
      return current
        ? { matchedCount: 1, modifiedCount: changed ? 1 : 0, upsertedId: null }
        : { matchedCount: 0, modifiedCount: 0, upsertedId: id };
    }
    await this.direct(true);
    return result(
      await guard(this.coll, () => this.coll.replaceOne(filter, { ...doc } as AnyDoc, { upsert: options.upsert })),
    );
  }

  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    const unit = this.unit();
    const id = pinnedId(filter);
    if (unit && id !== null) {
      if (!(await this.staged(unit, id))) return { deletedCount: 0 };
      unit.stage(this.coll.collectionName, id, null);
      return { deletedCount: 1 };
    }
    await this.direct(true);
    const { deletedCount } = await this.coll.deleteOne(filter);
    return { deletedCount };
  }

  async deleteMany(filter: Filter): Promise<{ deletedCount: number }> {
    await this.direct(true);
    const { deletedCount } = await this.coll.deleteMany(filter);
    return { deletedCount };
  }

  async createIndex(keys: Record<string, 1 | -1>, options: { unique?: boolean; name?: string } = {}): Promise<void> {
    await guard(this.coll, () => this.coll.createIndex(keys, options));
  }

  /** See the port: MongoDB has no index for a substring match, so there is nothing to create. */
  async createSearchIndex(): Promise<void> {}
}

async function guard<R>(coll: Collection<AnyDoc>, op: () => Promise<R>): Promise<R> {
  try {
    return await op();
  } catch (err) {
    if (isDuplicateKey(err)) {
      throw new DuplicateKeyError(coll.collectionName, err.keyValue ?? err.errmsg ?? err.message);
    }
    throw err;
  }
}

function isDuplicateKey(err: unknown): err is MongoServerError {
  if (!(err instanceof MongoServerError)) return false;
  if (err.code === 11000) return true;
  // FerretDB v1 (our test server) reports a unique-index violation by an update as InternalError
  // carrying the backend's message (SQLite or PostgreSQL) instead of E11000.
  return err.code === 1 && /UNIQUE constraint failed|duplicate key value violates unique constraint/.test(err.message);
}

/** Upserts whose filter does not pin `_id` would get an ObjectId; every read-model `_id` is a string. */
function withStringId(filter: Filter, update: Update): Update {
  if ('_id' in filter) return update;
  const $setOnInsert = (update.$setOnInsert ?? {}) as Record<string, unknown>;
  const $set = (update.$set ?? {}) as Record<string, unknown>;
  if ('_id' in $setOnInsert || '_id' in $set) return update;
  return { ...update, $setOnInsert: { ...$setOnInsert, _id: randomUUID() } };
}

function result(r: { matchedCount: number; modifiedCount: number; upsertedId: unknown }): UpdateResult {
  return {
    matchedCount: r.matchedCount,
    modifiedCount: r.modifiedCount,
    upsertedId: r.upsertedId == null ? null : String(r.upsertedId),
  };
}

type FileMetadata = { organizationId: string; contentType: string; fileName: string; kind?: FileKind };

/** Files in the `files` GridFS bucket; ids are UUID strings like the folder store's. */
export class GridFsFileStore implements FileStore {
  private readonly bucket: GridFSBucket;

  constructor(db: Db) {
    this.bucket = new GridFSBucket(db, { bucketName: 'files' });
  }

  async save(input: FileToSave): Promise<StoredFile> {
    const id = randomUUID();
    const metadata: FileMetadata = {
      organizationId: input.organizationId,
      contentType: input.contentType,
      fileName: input.fileName,
      kind: input.kind,
    };
    await new Promise<void>((resolve, reject) => {
      const upload = this.bucket.openUploadStreamWithId(gridId(id), input.fileName, { metadata });
      upload.once('error', reject).once('finish', () => resolve());
      upload.end(input.bytes);
    });
    return { id, contentType: input.contentType, size: input.bytes.length, fileName: input.fileName, kind: input.kind };
  }

  async read(organizationId: string, id: string): Promise<{ file: StoredFile; bytes: Buffer } | null> {
    const entry = await this.entry(organizationId, id);
    if (!entry) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of this.bucket.openDownloadStream(gridId(id))) chunks.push(chunk as Buffer);
    const meta = entry.metadata as FileMetadata;
    return {
      file: {
        id,
        contentType: meta.contentType,
        size: entry.length,
        fileName: meta.fileName,
        ...(meta.kind ? { kind: meta.kind } : {}),
      },
      bytes: Buffer.concat(chunks),
    };
  }

  async delete(organizationId: string, id: string): Promise<void> {
    if (await this.entry(organizationId, id)) await this.bucket.delete(gridId(id));
  }

  /** The files document, only when it belongs to the organization and the id is canonical. */
  private async entry(organizationId: string, id: string) {
    if (!isFileId(id)) return null;
    return this.bucket
      .find({ _id: gridId(id), 'metadata.organizationId': organizationId })
      .limit(1)
      .next();
  }
}

/** The driver types GridFS ids as ObjectId but stores any value; ours are strings. */
function gridId(id: string): ObjectId {
  return id as unknown as ObjectId;
}
