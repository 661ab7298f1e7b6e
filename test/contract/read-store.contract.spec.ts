import { batchesInOrder } from '../../src/core/read-store/in-order';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoReadStore } from '../../src/core/read-store/mongo-read-store';
import { PostgresReadStore } from '../../src/core/read-store/postgres-read-store';
import { SqliteReadStore } from '../../src/core/read-store/sqlite-read-store';
import { AnyDoc, Doc, DuplicateKeyError, ReadCollection, ReadStore } from '../../src/core/read-store/read-store.port';
import { withDatabase } from '../support/ferretdb';
import { freshDatabase } from '../support/postgres';

interface Adapter {
  open(): Promise<ReadStore>;
  /** Removes what the run left behind (a throwaway database). */
  dispose(store: ReadStore): Promise<void>;
  /** FerretDB v1 rejects `collation`, so `caseInsensitive` is only checked where it exists. */
  collation: boolean;
  /** Opens the same data again (a restart), for durable stores that can. */
  reopen?(store: ReadStore): Promise<ReadStore>;
  /** `transaction()` is atomic (SQLite); MongoDB's is a write-behind unit (write-behind.ts). */
  transactions?: boolean;
  /** A second connection to the same data, as another process would have. */
  another(store: ReadStore): Promise<ReadStore>;
}

function sqliteAdapter(): Adapter {
  const dirs = new Map<ReadStore, string>();
  const open = (dir: string) => {
    const store = new SqliteReadStore(join(dir, 'read.sqlite'));
    dirs.set(store, dir);
    return store;
  };
  return {
    open: async () => open(mkdtempSync(join(tmpdir(), 'read-store-'))),
    async reopen(store) {
      await store.close();
      return open(dirs.get(store)!);
    },
    async dispose(store) {
      await store.close();
      rmSync(dirs.get(store)!, { recursive: true, force: true });
    },
    collation: true,
    transactions: true,
    another: async (store) => new SqliteReadStore(join(dirs.get(store)!, 'read.sqlite')),
  };
}

function mongoAdapter(url: string, collation: boolean): Adapter {
  const urls = new Map<ReadStore, string>();
  return {
    async open() {
      const database = withDatabase(url, `contract_${Date.now()}_${randomUUID().slice(0, 8)}`);
      const store = await MongoReadStore.connect(database);
      urls.set(store, database);
      return store;
    },
    async dispose(store) {
      await (store as MongoReadStore).dropDatabase();
      await store.close();
    },
    collation,
    another: (store) => MongoReadStore.connect(urls.get(store)!),
  };
}

/** A database of its own per run on the machine's PostgreSQL, dropped after. */
function postgresAdapter(): Adapter {
  const databases = new Map<ReadStore, { url: string; drop(): Promise<void> }>();
  const open = (database: { url: string; drop(): Promise<void> }) => {
    const store = new PostgresReadStore(database.url);
    databases.set(store, database);
    return store;
  };
  return {
    open: async () => open(await freshDatabase('read_store_contract')),
    async reopen(store) {
      await store.close();
      return open(databases.get(store)!);
    },
    async dispose(store) {
      await store.close();
      await databases.get(store)!.drop();
    },
    collation: true,
    transactions: true,
    another: async (store) => new PostgresReadStore(databases.get(store)!.url),
  };
}

const adapters: [string, Adapter][] = [
  ['sqlite', sqliteAdapter()],
  ['postgres', postgresAdapter()],
];
if (process.env.FERRETDB_URL) adapters.push(['ferretdb', mongoAdapter(process.env.FERRETDB_URL, false)]);
if (process.env.MONGODB_URL) adapters.push(['mongodb', mongoAdapter(process.env.MONGODB_URL, true)]);

type Person = {
  _id: string;
  name: string;
  age: number;
  startsAt: string;
  tags: string[];
  address: { city: string; zip?: string };
  org: string;
};

const people: Person[] = [
  {
    _id: 'p1',
    name: 'alice',
    age: 30,
    startsAt: '2024-03-01T08:00:00.000Z',
    tags: ['a', 'b'],
    address: { city: 'Oslo' },
    org: 'o1',
  },
  {
    _id: 'p2',
    name: 'Bob',
    age: 25,
    startsAt: '2024-03-02T08:00:00.000Z',
    tags: ['b'],
    address: { city: 'Bergen' },
    org: 'o1',
  },
  {
    _id: 'p3',
    name: 'carol',
    age: 35,
    startsAt: '2024-03-03T08:00:00.000Z',
    tags: [],
    address: { city: 'Oslo' },
    org: 'o2',
  },
  {
    _id: 'p4',
    name: 'Dave',
    age: 30,
    startsAt: '2024-03-04T08:00:00.000Z',
    tags: ['c'],
    address: { city: 'Trondheim' },
    org: 'o1',
  },
];

const ids = (docs: Doc[]) => docs.map((d) => d._id);

describe.each(adapters)('ReadStore contract: %s', (_name, adapter) => {
  let store: ReadStore;
  let n = 0;
  /** A fresh collection per test keeps tests independent on a shared server. */
  const fresh = <T extends Doc = AnyDoc>() => store.collection<T>(`c${++n}_${randomUUID().slice(0, 8)}`);
  const seeded = async () => {
    const c = fresh<Person>();
    for (const p of people) await c.insertOne(p);
    return c;
  };

  beforeAll(async () => {
    store = await adapter.open();
  });
  afterAll(async () => {
    await adapter.dispose(store);
  });

  it('pings', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });

  describe('insert and findOne', () => {
    it('finds an inserted document by _id and returns null for a missing one', async () => {
      const c = fresh();
      await c.insertOne({ _id: 'a', title: 'x', nested: { n: 1 } });
      expect(await c.findOne({ _id: 'a' })).toEqual({ _id: 'a', title: 'x', nested: { n: 1 } });
      expect(await c.findOne({ _id: 'zzz' })).toBeNull();
      expect(await c.findOne({ _id: 'a', title: 'other' })).toBeNull();
    });

    it('rejects a second document with the same _id', async () => {
      const c = fresh();
      await c.insertOne({ _id: 'a', v: 1 });
      await expect(c.insertOne({ _id: 'a', v: 2 })).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await c.findOne({ _id: 'a' })).toEqual({ _id: 'a', v: 1 });
    });

    it('returns copies: mutating inputs or results does not change stored documents', async () => {
      const c = fresh();
      const input = { _id: 'a', list: [1], nested: { n: 1 } };
      await c.insertOne(input);
      input.list.push(2);
      input.nested.n = 2;
      const found = (await c.findOne({ _id: 'a' }))!;
      (found.list as number[]).push(3);
      (found.nested as { n: number }).n = 3;
      const [listed] = await c.find({});
      (listed.list as number[]).push(4);
      expect(await c.findOne({ _id: 'a' })).toEqual({ _id: 'a', list: [1], nested: { n: 1 } });
    });

    it('stores optional fields left undefined as absent', async () => {
      const c = fresh();
      await c.insertOne({ _id: 'a', note: undefined, v: 1 });
      expect(await c.findOne({ _id: 'a' })).toEqual({ _id: 'a', v: 1 });
      expect(await c.countDocuments({ note: { $exists: false } })).toBe(1);
    });
  });

  describe('find', () => {
    const cases: [string, Record<string, unknown>, string[]][] = [
      ['$in on _id', { _id: { $in: ['p3', 'p1', 'nope'] } }, ['p1', 'p3']],
      ['$in on a field', { name: { $in: ['Bob', 'carol'] } }, ['p2', 'p3']],
      [
        '$gte/$lt on ISO date strings',
        { startsAt: { $gte: '2024-03-02T00:00:00.000Z', $lt: '2024-03-04T00:00:00.000Z' } },
        ['p2', 'p3'],
      ],
      ['$regex with the i option', { name: { $regex: '^b', $options: 'i' } }, ['p2']],
      ['a RegExp value', { name: /^C/i }, ['p3']],
      ['$regex of plain text', { name: { $regex: 'o' } }, ['p2', 'p3']],
      ['$regex of plain text with the i option', { name: { $regex: 'AR', $options: 'i' } }, ['p3']],
      ['$regex of escaped text', { startsAt: { $regex: '-03T08:00:00\\.000' } }, ['p3']],
      ['$regex of escaped text, not a wildcard', { name: { $regex: 'B\\.b', $options: 'i' } }, []],
      ['$regex, which matches strings only', { age: { $regex: '3' } }, []],
      ['$or', { $or: [{ age: 25 }, { 'address.city': 'Trondheim' }] }, ['p2', 'p4']],
      ['a nested field', { 'address.city': 'Oslo' }, ['p1', 'p3']],
      ['an array element', { tags: 'b' }, ['p1', 'p2']],
      ['$all on an array', { tags: { $all: ['a', 'b'] } }, ['p1']],
      ['$size on an array', { tags: { $size: 0 } }, ['p3']],
      ['$in on an array', { tags: { $in: ['c', 'a'] } }, ['p1', 'p4']],
      ['$ne and $nin', { org: { $ne: 'o2' }, name: { $nin: ['Bob'] } }, ['p1', 'p4']],
      ['$exists', { 'address.zip': { $exists: false }, age: 30 }, ['p1', 'p4']],
      ['_id plus another field', { _id: 'p1', org: 'o2' }, []],
    ];
    it.each(cases)('filters with %s', async (_label, filter, expected) => {
      const c = await seeded();
      expect(ids(await c.find(filter, { sort: { _id: 1 } }))).toEqual(expected);
    });

    it('sorts by several keys', async () => {
      const c = await seeded();
      expect(ids(await c.find({}, { sort: { age: -1, _id: 1 } }))).toEqual(['p3', 'p1', 'p4', 'p2']);
      expect(ids(await c.find({}, { sort: { age: 1, startsAt: -1 } }))).toEqual(['p2', 'p4', 'p1', 'p3']);
    });

    it('sorts strings by code point unless case-insensitive', async () => {
      const c = await seeded();
      expect((await c.find({}, { sort: { name: 1 } })).map((p) => p.name)).toEqual(['Bob', 'Dave', 'alice', 'carol']);
    });

    if (adapter.collation) {
      it('sorts and compares case-insensitively with caseInsensitive', async () => {
        const c = await seeded();
        const sorted = await c.find({}, { sort: { name: 1 }, caseInsensitive: true });
        expect(sorted.map((p) => p.name)).toEqual(['alice', 'Bob', 'carol', 'Dave']);
        expect(ids(await c.find({ name: 'BOB' }, { caseInsensitive: true }))).toEqual(['p2']);
        expect(
          ids(await c.find({ name: { $in: ['ALICE', 'dave'] } }, { sort: { _id: 1 }, caseInsensitive: true })),
        ).toEqual(['p1', 'p4']);
        expect(ids(await c.find({ name: 'BOB' }))).toEqual([]);
        const byId = { sort: { _id: 1 as const }, caseInsensitive: true };
        expect(ids(await c.find({ name: { $eq: 'DAVE' }, tags: 'C' }, byId))).toEqual(['p4']);
        expect(ids(await c.find({ name: { $ne: 'BOB' } }, byId))).toEqual(['p1', 'p3', 'p4']);
        expect(ids(await c.find({ name: { $nin: ['ALICE', 'dave'] } }, byId))).toEqual(['p2', 'p3']);
        expect(ids(await c.find({ 'address.city': { $in: ['oslo', null] } }, byId))).toEqual(['p1', 'p3']);
        // The value is text, not a pattern; accents still count (collation strength 2).
        expect(ids(await c.find({ name: 'B.b' }, byId))).toEqual([]);
        expect(ids(await c.find({ name: 'BÓB' }, byId))).toEqual([]);
      });
    }

    it('reads a bulk batch as any other find (bulk only changes how the engine reads its file)', async () => {
      const c = await seeded();
      const range = { startsAt: { $gte: '2024-03-01T00:00:00.000Z', $lt: '2024-03-05T00:00:00.000Z' } };
      const options = {
        sort: { startsAt: 1 as const, _id: 1 as const },
        limit: 3,
        projection: { _id: 1, name: 1 } as const,
      };
      const bulk = await c.find(range, { ...options, bulk: true });
      expect(bulk).toEqual(await c.find(range, options));
      expect(bulk.length).toBeGreaterThan(0);
      // And the store reads through its memory map again afterwards.
      expect(ids(await c.find({}, { sort: { _id: 1 } }))).toEqual(['p1', 'p2', 'p3', 'p4']);
    });

    it('gives every document of a range in order, a batch at a time, ties included (batchesInOrder)', async () => {
      const c = await seeded();
      // Three more at p2's start: batches of one end on a tie again and again.
      const p2 = (await c.findOne({ _id: 'p2' }))!;
      for (const _id of ['q1', 'q2', 'q3']) await c.insertOne({ ...p2, _id });
      const batches: string[][] = [];
      for await (const batch of batchesInOrder(c, { startsAt: { $gte: '', $lt: '9' } }, 'startsAt', '_id', {
        batch: 1,
      }))
        batches.push(ids(batch));
      expect(batches.flat()).toEqual(ids(await c.find({}, { sort: { startsAt: 1, _id: 1 } })));
      expect(batches.every((b) => b.length === 1)).toBe(true);
    });

    it('skips and limits after sorting', async () => {
      const c = await seeded();
      expect(ids(await c.find({}, { sort: { _id: 1 }, skip: 1, limit: 2 }))).toEqual(['p2', 'p3']);
      expect(ids(await c.find({}, { sort: { _id: -1 }, limit: 1 }))).toEqual(['p4']);
      expect(ids(await c.find({}, { sort: { _id: 1 }, skip: 3 }))).toEqual(['p4']);
    });

    it('projects by inclusion (keeping _id) and by exclusion', async () => {
      const c = await seeded();
      const included = await c.find({ _id: 'p1' }, { projection: { name: 1, 'address.city': 1 } });
      expect(included).toEqual([{ _id: 'p1', name: 'alice', address: { city: 'Oslo' } }]);
      const excluded = await c.find({ _id: 'p2' }, { projection: { tags: 0, address: 0, startsAt: 0 } });
      expect(excluded).toEqual([{ _id: 'p2', name: 'Bob', age: 25, org: 'o1' }]);
    });

    it('projects top-level fields of a sorted page as they are: strings, numbers, objects, arrays, null, missing', async () => {
      const c = fresh();
      await c.insertOne({
        _id: 'a',
        org: 'o',
        n: 2,
        label: 'Ann',
        tags: ['x', 'y'],
        address: { city: 'Oslo' },
        ok: true,
      });
      await c.insertOne({ _id: 'b', org: 'o', n: 1, label: null, tags: [], address: {}, ok: false, extra: 1 });
      await c.insertOne({ _id: 'c', org: 'o', n: 3 });
      const page = await c.find(
        { org: 'o' },
        { sort: { n: 1 }, limit: 2, projection: { _id: 1, label: 1, tags: 1, address: 1, ok: 1, n: 1 } },
      );
      expect(page).toEqual([
        { _id: 'b', n: 1, label: null, tags: [], address: {}, ok: false },
        { _id: 'a', n: 2, label: 'Ann', tags: ['x', 'y'], address: { city: 'Oslo' }, ok: true },
      ]);
      expect(await c.find({ org: 'o' }, { sort: { n: -1 }, limit: 1, projection: { label: 1 } })).toEqual([
        { _id: 'c' },
      ]);
      // The ids alone (SQLite once wrote `SELECT _id,  FROM` for it).
      expect(await c.find({ org: 'o' }, { sort: { n: 1 }, projection: { _id: 1 } })).toEqual([
        { _id: 'b' },
        { _id: 'a' },
        { _id: 'c' },
      ]);
    });

    it('sorts on a field the projection leaves out', async () => {
      const c = await seeded();
      const docs = await c.find({}, { projection: { name: 1 }, sort: { age: 1, _id: 1 } });
      expect(docs).toEqual([
        { _id: 'p2', name: 'Bob' },
        { _id: 'p1', name: 'alice' },
        { _id: 'p4', name: 'Dave' },
        { _id: 'p3', name: 'carol' },
      ]);
    });

    it('matches by element once a field holds an array, and keeps numbers and booleans apart', async () => {
      const c = fresh();
      await c.insertOne({ _id: 'a', v: 'x', f: true });
      await c.insertOne({ _id: 'b', v: 'y', f: 1 });
      await c.insertOne({ _id: 'c', f: 0 });
      await c.insertOne({ _id: 'd', f: false });
      expect(ids(await c.find({ v: 'x' }))).toEqual(['a']);
      await c.updateOne({ _id: 'b' }, { $set: { v: ['z', 'x'] } });
      expect(ids(await c.find({ v: 'x' }, { sort: { _id: 1 } }))).toEqual(['a', 'b']);
      expect(ids(await c.find({ v: { $in: ['z'] } }))).toEqual(['b']);
      expect(ids(await c.find({ v: { $ne: 'x' } }, { sort: { _id: 1 } }))).toEqual(['c', 'd']);
      expect(await c.countDocuments({ v: 'z' })).toBe(1);
      expect(ids(await c.find({ f: true }))).toEqual(['a']);
      expect(ids(await c.find({ f: 1 }))).toEqual(['b']);
      expect(ids(await c.find({ f: false }))).toEqual(['d']);
      expect(ids(await c.find({ f: { $gte: 0 } }, { sort: { _id: 1 } }))).toEqual(['b', 'c']);
    });

    it('counts matching documents', async () => {
      const c = await seeded();
      expect(await c.countDocuments({})).toBe(4);
      expect(await c.countDocuments({ org: 'o1' })).toBe(3);
      expect(await c.countDocuments({ org: 'none' })).toBe(0);
    });
  });

  describe('updateOne', () => {
    it('applies $set, $unset, $inc, $push, $pull and $addToSet', async () => {
      const c = await seeded();
      const r = await c.updateOne(
        { _id: 'p1' },
        { $set: { name: 'Alice', 'address.zip': '0150' }, $unset: { startsAt: '' }, $inc: { age: 2 } },
      );
      expect(r).toEqual({ matchedCount: 1, modifiedCount: 1, upsertedId: null });
      await c.updateOne({ _id: 'p1' }, { $push: { tags: 'z' } });
      await c.updateOne({ _id: 'p1' }, { $pull: { tags: 'a' } });
      await c.updateOne({ _id: 'p1' }, { $addToSet: { tags: 'b' } });
      await c.updateOne({ _id: 'p1' }, { $addToSet: { tags: 'y' } });
      expect(await c.findOne({ _id: 'p1' })).toEqual({
        _id: 'p1',
        name: 'Alice',
        age: 32,
        tags: ['b', 'z', 'y'],
        address: { city: 'Oslo', zip: '0150' },
        org: 'o1',
      });
    });

    // FerretDB v1 lacks the positional `$` operator (shifts.$.hours) and treats a $pull condition
    // ({$gte: 5}) as a literal value, so read models use neither and this checks only what all adapters do.
    it('applies $push with $each and $pull of a value and of a whole subdocument', async () => {
      const c = fresh();
      await c.insertOne({
        _id: 'a',
        nums: [1, 5, 9],
        shifts: [
          { day: 'mon', hours: 8 },
          { day: 'tue', hours: 6 },
        ],
      });
      await c.updateOne({ _id: 'a' }, { $push: { nums: { $each: [2, 3] } } });
      await c.updateOne({ _id: 'a' }, { $pull: { nums: 5 } });
      await c.updateOne({ _id: 'a' }, { $pull: { nums: 9 } });
      await c.updateOne({ _id: 'a' }, { $pull: { shifts: { day: 'mon', hours: 8 } } });
      expect(await c.findOne({ _id: 'a' })).toEqual({ _id: 'a', nums: [1, 2, 3], shifts: [{ day: 'tue', hours: 6 }] });
    });

    it('refuses to change _id and leaves the document as it was', async () => {
      const c = fresh();
      await c.insertOne({ _id: 'a', v: 1 });
      await expect(c.updateOne({ _id: 'a' }, { $set: { _id: 'b', v: 2 } })).rejects.toThrow();
      expect(await c.find({})).toEqual([{ _id: 'a', v: 1 }]);
    });

    it('updates only the first match and reports no change for a no-op', async () => {
      const c = await seeded();
      expect(await c.updateOne({ org: 'o1' }, { $set: { flagged: true } })).toMatchObject({
        matchedCount: 1,
        modifiedCount: 1,
      });
      expect(await c.countDocuments({ flagged: true })).toBe(1);
      expect(await c.updateOne({ _id: 'p2' }, { $set: { age: 25 } })).toEqual({
        matchedCount: 1,
        modifiedCount: 0,
        upsertedId: null,
      });
      expect(await c.updateOne({ _id: 'nope' }, { $set: { age: 1 } })).toEqual({
        matchedCount: 0,
        modifiedCount: 0,
        upsertedId: null,
      });
      expect(await c.countDocuments({})).toBe(4);
    });

    it('upserts: creates from the filter with $setOnInsert, then matches without applying it', async () => {
      const c = fresh();
      const created = await c.updateOne(
        { _id: 'n1' },
        { $set: { v: 1 }, $setOnInsert: { createdAt: 'first' }, $inc: { count: 1 } },
        { upsert: true },
      );
      expect(created).toEqual({ matchedCount: 0, modifiedCount: 0, upsertedId: 'n1' });
      const matched = await c.updateOne(
        { _id: 'n1' },
        { $set: { v: 2 }, $setOnInsert: { createdAt: 'second' }, $inc: { count: 1 } },
        { upsert: true },
      );
      expect(matched).toEqual({ matchedCount: 1, modifiedCount: 1, upsertedId: null });
      expect(await c.findOne({ _id: 'n1' })).toEqual({ _id: 'n1', v: 2, createdAt: 'first', count: 2 });
    });

    it('upserts with a filter that does not pin _id, giving the new document a string _id', async () => {
      const c = fresh();
      const r = await c.updateOne({ email: 'a@x.io', 'profile.kind': 'staff' }, { $set: { v: 1 } }, { upsert: true });
      expect(typeof r.upsertedId).toBe('string');
      expect(await c.findOne({ email: 'a@x.io' })).toEqual({
        _id: r.upsertedId,
        email: 'a@x.io',
        profile: { kind: 'staff' },
        v: 1,
      });
    });

    it('a conditional upsert never duplicates a document that is already newer', async () => {
      const c = fresh();
      await c.insertOne({ _id: 'd1', rev: 7, v: 'seven' });
      // Idempotent projection write: the stored rev is already past 5, so the filter misses and the upsert collides.
      await expect(
        c.updateOne({ _id: 'd1', rev: { $lt: 5 } }, { $set: { rev: 5, v: 'five' } }, { upsert: true }),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await c.find({})).toEqual([{ _id: 'd1', rev: 7, v: 'seven' }]);
      const r = await c.updateOne({ _id: 'd1', rev: { $lt: 9 } }, { $set: { rev: 9, v: 'nine' } }, { upsert: true });
      expect(r).toEqual({ matchedCount: 1, modifiedCount: 1, upsertedId: null });
      expect(await c.find({})).toEqual([{ _id: 'd1', rev: 9, v: 'nine' }]);
    });
  });

  it('updateMany updates every match', async () => {
    const c = await seeded();
    expect(await c.updateMany({ org: 'o1' }, { $inc: { age: 1 }, $set: { seen: true } })).toEqual({
      matchedCount: 3,
      modifiedCount: 3,
      upsertedId: null,
    });
    expect((await c.find({}, { sort: { _id: 1 } })).map((p) => p.age)).toEqual([31, 26, 35, 31]);
    expect(await c.updateMany({ org: 'nope' }, { $set: { seen: true } })).toEqual({
      matchedCount: 0,
      modifiedCount: 0,
      upsertedId: null,
    });
  });

  describe('replaceOne', () => {
    it('replaces the whole document, and upserts only when asked', async () => {
      const c = fresh();
      await c.insertOne({ _id: 'r1', a: 1, b: 2 });
      expect(await c.replaceOne({ _id: 'r1' }, { _id: 'r1', c: 3 })).toEqual({
        matchedCount: 1,
        modifiedCount: 1,
        upsertedId: null,
      });
      expect(await c.findOne({ _id: 'r1' })).toEqual({ _id: 'r1', c: 3 });
      expect(await c.replaceOne({ _id: 'r2' }, { _id: 'r2', d: 4 })).toEqual({
        matchedCount: 0,
        modifiedCount: 0,
        upsertedId: null,
      });
      expect(await c.findOne({ _id: 'r2' })).toBeNull();
      expect(await c.replaceOne({ _id: 'r2' }, { _id: 'r2', d: 4 }, { upsert: true })).toEqual({
        matchedCount: 0,
        modifiedCount: 0,
        upsertedId: 'r2',
      });
      expect(await c.findOne({ _id: 'r2' })).toEqual({ _id: 'r2', d: 4 });
    });

    it('a conditional replace-upsert of an older revision collides instead of duplicating', async () => {
      const c = fresh();
      await c.insertOne({ _id: 'r1', rev: 3 });
      await expect(
        c.replaceOne({ _id: 'r1', rev: { $lt: 2 } }, { _id: 'r1', rev: 2 }, { upsert: true }),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await c.find({})).toEqual([{ _id: 'r1', rev: 3 }]);
    });
  });

  it('deleteOne deletes the first match, deleteMany every match', async () => {
    const c = await seeded();
    expect(await c.deleteOne({ org: 'o1' })).toEqual({ deletedCount: 1 });
    expect(await c.countDocuments({ org: 'o1' })).toBe(2);
    expect(await c.deleteOne({ _id: 'nope' })).toEqual({ deletedCount: 0 });
    expect(await c.deleteMany({ org: 'o1' })).toEqual({ deletedCount: 2 });
    expect(ids(await c.find({}))).toEqual(['p3']);
    expect(await c.deleteMany({})).toEqual({ deletedCount: 1 });
  });

  describe('unique indexes', () => {
    let c: ReadCollection;
    beforeEach(async () => {
      c = fresh();
      await c.createIndex({ email: 1 }, { unique: true });
      await c.createIndex({ email: 1 }, { unique: true }); // idempotent
      await c.insertOne({ _id: 'u1', email: 'a@x.io' });
      await c.insertOne({ _id: 'u2', email: 'b@x.io' });
    });

    it('rejects an insert, update or upsert that would duplicate the key', async () => {
      await expect(c.insertOne({ _id: 'u3', email: 'a@x.io' })).rejects.toBeInstanceOf(DuplicateKeyError);
      await expect(c.updateOne({ _id: 'u2' }, { $set: { email: 'a@x.io' } })).rejects.toBeInstanceOf(DuplicateKeyError);
      await expect(c.updateOne({ _id: 'u3' }, { $set: { email: 'a@x.io' } }, { upsert: true })).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
      await expect(c.replaceOne({ _id: 'u2' }, { _id: 'u2', email: 'a@x.io' })).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
      expect(await c.find({}, { sort: { _id: 1 } })).toEqual([
        { _id: 'u1', email: 'a@x.io' },
        { _id: 'u2', email: 'b@x.io' },
      ]);
    });

    it('frees the key when its holder changes or goes away', async () => {
      await c.updateOne({ _id: 'u1' }, { $set: { email: 'c@x.io' } });
      await c.insertOne({ _id: 'u3', email: 'a@x.io' });
      await c.deleteOne({ _id: 'u2' });
      await c.insertOne({ _id: 'u4', email: 'b@x.io' });
      expect(await c.countDocuments({})).toBe(3);
    });

    it('enforces a compound unique key', async () => {
      const k = fresh();
      await k.createIndex({ org: 1, code: 1 }, { unique: true, name: 'org_code' });
      await k.insertOne({ _id: 'k1', org: 'o1', code: 'A' });
      await k.insertOne({ _id: 'k2', org: 'o2', code: 'A' });
      await expect(k.insertOne({ _id: 'k3', org: 'o1', code: 'A' })).rejects.toBeInstanceOf(DuplicateKeyError);
    });
  });

  if (adapter.reopen) {
    it('keeps documents and unique indexes across a restart', async () => {
      const name = `restart_${randomUUID().slice(0, 8)}`;
      await store.collection(name).createIndex({ key: 1 }, { unique: true });
      await store.collection(name).insertOne({ _id: 'a', key: 1, tags: ['t'] });
      store = await adapter.reopen!(store);
      const c = store.collection(name);
      expect(await c.find({ tags: 't' })).toEqual([{ _id: 'a', key: 1, tags: ['t'] }]);
      await expect(c.insertOne({ _id: 'b', key: 1 })).rejects.toBeInstanceOf(DuplicateKeyError);
    });
  }

  if (adapter.transactions) {
    it('commits the writes of a transaction together, or none of them', async () => {
      const c = fresh();
      const result = await store.transaction!(async () => {
        await c.insertOne({ _id: 'a', n: 1 });
        await c.updateOne({ _id: 'a' }, { $inc: { n: 1 } });
        await c.insertOne({ _id: 'b', n: 1 });
        return 'done';
      });
      expect(result).toBe('done');
      await expect(
        store.transaction!(async () => {
          await c.insertOne({ _id: 'c', n: 1 });
          await c.updateOne({ _id: 'a' }, { $inc: { n: 1 } });
          // A refused write inside undoes only itself...
          await expect(c.insertOne({ _id: 'b', n: 2 })).rejects.toBeInstanceOf(DuplicateKeyError);
          throw new Error('the batch fails');
        }),
      ).rejects.toThrow('the batch fails');
      // ...and a failed unit undoes everything it wrote.
      expect(await c.find({}, { sort: { _id: 1 } })).toEqual([
        { _id: 'a', n: 2 },
        { _id: 'b', n: 1 },
      ]);
      // Units run one after another; a unit started inside another joins it.
      const order: string[] = [];
      await Promise.all([
        store.transaction!(async () => {
          await c.insertOne({ _id: 'd' });
          await new Promise((r) => setTimeout(r, 5));
          await store.transaction!(async () => c.insertOne({ _id: 'e' }));
          order.push('first');
        }),
        store.transaction!(async () => {
          order.push('second');
        }),
      ]);
      expect(order).toEqual(['first', 'second']);
      expect(await c.countDocuments({})).toBe(4);
    });
  }

  it('a unit sees its own writes, by _id and through any query, and answers as a single write would', async () => {
    const c = fresh();
    await c.insertOne({ _id: 'kept', n: 0 });
    await store.transaction!(async () => {
      expect(
        await c.updateOne({ _id: 'a' }, { $set: { n: 1 }, $setOnInsert: { made: true } }, { upsert: true }),
      ).toEqual({ matchedCount: 0, modifiedCount: 0, upsertedId: 'a' });
      expect(await c.findOne({ _id: 'a' })).toEqual({ _id: 'a', n: 1, made: true });
      expect(await c.updateOne({ _id: 'a' }, { $inc: { n: 1 } })).toEqual({
        matchedCount: 1,
        modifiedCount: 1,
        upsertedId: null,
      });
      expect(await c.updateOne({ _id: 'a' }, { $set: { n: 2 } })).toEqual({
        matchedCount: 1,
        modifiedCount: 0,
        upsertedId: null,
      });
      expect(await c.updateOne({ _id: 'none' }, { $set: { n: 2 } })).toEqual({
        matchedCount: 0,
        modifiedCount: 0,
        upsertedId: null,
      });
      // A query that is not by _id alone sees the unit's writes...
      expect(await c.find({ n: 2 })).toEqual([{ _id: 'a', n: 2, made: true }]);
      expect(await c.countDocuments({})).toBe(2);
      // ...and after a write that is not by _id, a read by _id sees that write too.
      await c.updateMany({ n: { $gte: 0 } }, { $set: { seen: true } });
      expect(await c.findOne({ _id: 'a' })).toEqual({ _id: 'a', n: 2, made: true, seen: true });
      expect(await c.replaceOne({ _id: 'b' }, { _id: 'b', x: 1 }, { upsert: true })).toEqual({
        matchedCount: 0,
        modifiedCount: 0,
        upsertedId: 'b',
      });
      expect(await c.replaceOne({ _id: 'b' }, { _id: 'b', x: 1 })).toEqual({
        matchedCount: 1,
        modifiedCount: 0,
        upsertedId: null,
      });
      expect(await c.replaceOne({ _id: 'none' }, { _id: 'none' })).toEqual({
        matchedCount: 0,
        modifiedCount: 0,
        upsertedId: null,
      });
      await expect(c.insertOne({ _id: 'b' })).rejects.toBeInstanceOf(DuplicateKeyError);
      await expect(c.insertOne({ _id: 'kept' })).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await c.deleteOne({ _id: 'a' })).toEqual({ deletedCount: 1 });
      expect(await c.findOne({ _id: 'a' })).toBeNull();
      expect(await c.deleteOne({ _id: 'a' })).toEqual({ deletedCount: 0 });
      await c.insertOne({ _id: 'a', again: true });
      // A document handed out is the caller's copy.
      const b = (await c.findOne({ _id: 'b' }))!;
      b.x = 99;
    });
    expect(await c.find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'a', again: true },
      { _id: 'b', x: 1 },
      { _id: 'kept', n: 0, seen: true },
    ]);
  });

  it("keeps a unit's writes by _id from other connections until the unit ends, then shows them all", async () => {
    const name = `unit_${randomUUID().slice(0, 8)}`;
    const c = store.collection(name);
    const other = await adapter.another(store);
    try {
      const seen = other.collection(name);
      await c.insertOne({ _id: 'x', n: 0 });
      await store.transaction!(async () => {
        await c.updateOne({ _id: 'x' }, { $inc: { n: 1 } });
        for (let i = 0; i < 50; i++) await c.updateOne({ _id: `d${i}` }, { $set: { i } }, { upsert: true });
        await c.deleteOne({ _id: 'x' });
        await c.replaceOne({ _id: 'x' }, { _id: 'x', n: 5 }, { upsert: true });
        expect(await seen.findOne({ _id: 'x' })).toEqual({ _id: 'x', n: 0 });
        expect(await seen.countDocuments({})).toBe(1);
        // Documents by their ids (the audit's names) as the unit sees them, without writing what it staged first.
        const byIds = await c.find({ _id: { $in: ['d7', 'x', 'nope', 'x'] } });
        expect(byIds.sort((a, b) => a._id.localeCompare(b._id))).toEqual([
          { _id: 'd7', i: 7 },
          { _id: 'x', n: 5 },
        ]);
        expect(await seen.countDocuments({})).toBe(1);
      });
      expect(await seen.findOne({ _id: 'x' })).toEqual({ _id: 'x', n: 5 });
      expect(await seen.countDocuments({})).toBe(51);
    } finally {
      await other.close();
    }
  });

  it('counts follow every write: insert, update, replace, delete, deleteMany, drop, a failed transaction', async () => {
    const name = `counts_${randomUUID().slice(0, 8)}`;
    const c = store.collection<Person>(name);
    const inO1 = { org: 'o1' };
    for (const p of people) await c.insertOne(p);
    expect(await c.countDocuments(inO1)).toBe(3);
    await c.insertOne({ ...people[0], _id: 'p5' });
    expect(await c.countDocuments(inO1)).toBe(4);
    await c.updateOne({ _id: 'p5' }, { $set: { org: 'o2' } });
    expect(await c.countDocuments(inO1)).toBe(3);
    await c.replaceOne({ _id: 'p5' }, { ...people[0], _id: 'p5' });
    expect(await c.countDocuments(inO1)).toBe(4);
    await c.deleteOne({ _id: 'p5' });
    expect(await c.countDocuments(inO1)).toBe(3);
    await c.deleteMany({ name: 'alice' });
    expect(await c.countDocuments(inO1)).toBe(2);
    if (adapter.transactions) {
      await expect(
        store.transaction!(async () => {
          await c.insertOne({ ...people[0], _id: 'p6' });
          expect(await c.countDocuments(inO1)).toBe(3);
          throw new Error('undone');
        }),
      ).rejects.toThrow('undone');
      expect(await c.countDocuments(inO1)).toBe(2);
    }
    await store.dropCollection(name);
    expect(await c.countDocuments(inO1)).toBe(0);
  });

  describe('search indexes', () => {
    type Entry = { _id: string; org: string; name?: unknown; city?: unknown; code?: unknown };
    const entries: Entry[] = [
      { _id: 'e1', org: 'o1', name: 'Window Washing', city: 'Oak Street' },
      { _id: 'e2', org: 'o1', name: 'WINDOWS', city: 'Bergen' },
      { _id: 'e3', org: 'o1', name: 'windowsill', city: null },
      { _id: 'e4', org: 'o2', name: 'window', city: 'Oslo' },
      { _id: 'e5', org: 'o1', name: 123456, city: 'Oak' },
      { _id: 'e6', org: 'o1', name: 'Straße "quoted" 50%_off', code: '555-0123' },
      { _id: 'e7', org: 'o1', name: 'Pine', city: 'Oakland', code: ['oak tree', '555'] }, // an array: no index use on code
      { _id: 'e8', org: 'o1', name: { first: 'window' } },
      { _id: 'e9', org: 'o1' },
    ];
    /** A table search as everyWordIn() writes it: every word, ignoring case, in one of the fields. */
    const search = (org: string, words: string[], fields = ['name', 'city']) => ({
      org,
      $and: words.map((w) => ({
        $or: fields.map((f) => ({ [f]: { $regex: w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), $options: 'i' } })),
      })),
    });
    const queries: [string[], string[]?][] = [
      [['window']],
      [['WIN']],
      [['wi']],
      [['oak']],
      [['window', 'oak']],
      [['345']],
      [['"quoted"']],
      [['50%_']],
      [['straße']],
      [['pine']],
      [['first']],
      [['nothing-here']],
      [['555'], ['name', 'code']],
    ];

    it('finds, orders, pages and counts exactly what the same search finds without one', async () => {
      const plain = fresh<Entry>();
      const indexed = fresh<Entry>();
      await indexed.createSearchIndex(['name', 'city', 'code'], { name: 'search' });
      await indexed.createSearchIndex(['name', 'city', 'code'], { name: 'search' }); // idempotent
      for (const e of entries) {
        await plain.insertOne(e);
        await indexed.insertOne(e);
      }
      // Writes after the index exists are indexed too: a change, a replacement and a delete.
      for (const c of [plain, indexed]) {
        await c.updateOne({ _id: 'e2' }, { $set: { name: 'Wide windows' } });
        await c.replaceOne({ _id: 'e3' }, { _id: 'e3', org: 'o1', name: 'Doors', city: 'Windham' });
        await c.deleteOne({ _id: 'e9' });
      }
      for (const [words, fields] of queries) {
        for (const org of ['o1', 'o2']) {
          const filter = search(org, words, fields);
          const options = { sort: { _id: -1 as const }, skip: 1, limit: 3 };
          expect({ words, org, found: ids(await indexed.find(filter)) }).toEqual({
            words,
            org,
            found: ids(await plain.find(filter)),
          });
          expect(ids(await indexed.find(filter, options))).toEqual(ids(await plain.find(filter, options)));
          expect(await indexed.countDocuments(filter)).toBe(await plain.countDocuments(filter));
        }
      }
      // Case-sensitive text narrows by the index and is still matched exactly.
      for (const text of ['Wind', 'wind', 'OAK', 'Oak']) {
        const filter = { org: 'o1', $or: [{ name: { $regex: text } }, { city: { $regex: text } }] };
        expect({ text, found: ids(await indexed.find(filter)) }).toEqual({
          text,
          found: ids(await plain.find(filter)),
        });
      }
      expect(ids(await indexed.find(search('o1', ['window'])))).toEqual(['e1', 'e2']);
    });

    it('indexes the documents already there when it is created, and keeps up with a drop', async () => {
      const name = `search_${randomUUID().slice(0, 8)}`;
      const c = store.collection<Entry>(name);
      for (const e of entries) await c.insertOne(e);
      await c.createSearchIndex(['name', 'city'], { name: 'search' });
      expect(ids(await c.find(search('o1', ['oak'])))).toEqual(['e1', 'e5', 'e7']);
      expect(ids(await c.find(search('o1', ['tree'], ['code'])))).toEqual(['e7']);
      await store.dropCollection(name);
      expect(await c.countDocuments(search('o1', ['oak']))).toBe(0);
      await c.insertOne({ _id: 'x', org: 'o1', name: 'Oak again' });
      expect(ids(await c.find(search('o1', ['oak'])))).toEqual(['x']);
    });
  });

  it('dropCollection removes every document and keeps unique indexes', async () => {
    const name = `drop_${randomUUID().slice(0, 8)}`;
    const c = store.collection(name);
    await c.createIndex({ key: 1 }, { unique: true });
    await c.insertOne({ _id: 'a', key: 1 });
    await c.insertOne({ _id: 'b', key: 2 });
    await store.dropCollection(name);
    expect(await store.collection(name).countDocuments({})).toBe(0);
    await c.insertOne({ _id: 'a', key: 1 });
    await expect(c.insertOne({ _id: 'c', key: 1 })).rejects.toBeInstanceOf(DuplicateKeyError);
    await expect(store.dropCollection(`never_${randomUUID().slice(0, 8)}`)).resolves.toBeUndefined();
  });
});
