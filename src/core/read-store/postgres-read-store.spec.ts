import { Query } from 'mingo';
import { freshDatabase } from '../../../test/support/postgres';
import { keyOf, PostgresReadStore } from './postgres-read-store';
import { DuplicateKeyError } from './read-store.port';

describe('the PostgreSQL read store', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  const opened: PostgresReadStore[] = [];
  const open = () => {
    const store = new PostgresReadStore(database.url);
    opened.push(store);
    return store;
  };
  beforeAll(async () => {
    database = await freshDatabase('pg_read_store');
  });
  afterAll(async () => {
    for (const store of opened) await store.close();
    await database.drop();
  });

  type Scalar = null | boolean | number | string;
  const scalars: Scalar[] = [
    null,
    false,
    true,
    0,
    -0,
    1,
    -1,
    0.5,
    -0.25,
    2 ** 53,
    -(2 ** 53),
    1e300,
    -1e300,
    5e-324,
    '',
    'a',
    'B',
    'ab',
    'é',
    'Straße',
    '\uffff',
    '😀',
  ];

  it('makes crewclock_key again in PL/pgSQL where an earlier version made it in SQL, its indexes still used', async () => {
    const earlier = await freshDatabase('pg_key_upgrade');
    const old = new PostgresReadStore(earlier.url);
    try {
      const jobs = old.collection('jobs');
      await jobs.createIndex({ organizationId: 1, startsAt: 1 }, { name: 'organization_starts' });
      await jobs.insertOne({ _id: 'a', organizationId: 'o', startsAt: 3 });
      // The earlier version's function: SQL, the same keys (strings and null suffice here).
      await old.query(`CREATE OR REPLACE FUNCTION crewclock_key(v jsonb) RETURNS bytea LANGUAGE sql IMMUTABLE AS $$
        SELECT CASE jsonb_typeof(v) WHEN 'string' THEN '\\x20'::bytea || convert_to(v #>> '{}', 'UTF8')
          WHEN 'number' THEN '\\x10'::bytea || float8send(v::float8) ELSE '\\x05'::bytea END $$`);
    } finally {
      await old.close();
    }
    const store = new PostgresReadStore(earlier.url);
    try {
      const [made] = await store.query<{ language: string }>(
        `SELECT l.lanname AS language FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
          WHERE p.oid = to_regprocedure('crewclock_key(jsonb)')`,
      );
      expect(made.language).toBe('sql'); // the schema is checked at the collections' first use
      const jobs = store.collection('jobs');
      await jobs.insertOne({ _id: 'b', organizationId: 'o', startsAt: 1 });
      const [now] = await store.query<{ language: string }>(
        `SELECT l.lanname AS language FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
          WHERE p.oid = to_regprocedure('crewclock_key(jsonb)')`,
      );
      expect(now.language).toBe('plpgsql');
      expect((await jobs.find({ organizationId: 'o' }, { sort: { startsAt: 1 } })).map((d) => d._id)).toEqual([
        'b',
        'a',
      ]);
    } finally {
      await store.close();
      await earlier.drop();
    }
  });

  it('computes in SQL the very key keyOf() binds, for every kind of scalar', async () => {
    const store = open();
    await store.ping();
    await store.collection('keys').insertOne({ _id: 'x' }); // makes the schema, key function included
    for (const v of scalars) {
      const [row] = await store.query<{ key: Buffer }>('SELECT crewclock_key(?::jsonb) AS key', [JSON.stringify(v)]);
      expect({ v, key: row.key.toString('hex') }).toEqual({ v, key: keyOf(v).toString('hex') });
    }
    const [missing] = await store.query<{ key: Buffer }>("SELECT crewclock_key('{}'::jsonb -> 'none') AS key");
    expect(missing.key).toEqual(keyOf(null));
  });

  it('orders keys as MongoDB orders values: null, numbers, strings by code point, booleans', () => {
    const byKey = [...scalars].sort((a, b) => Buffer.compare(keyOf(a), keyOf(b)));
    // mingo sorts by MongoDB's type order; its strings compare by UTF-16 unit, so the astral one is placed apart.
    const docs = scalars.filter((v) => v !== '😀').map((v, i) => ({ _id: String(i), v }));
    const byMingo = new Query({})
      .find(docs)
      .sort({ v: 1 })
      .all()
      .map((d) => (d as { v: Scalar }).v);
    expect(byKey.filter((v) => v !== '😀')).toEqual(byMingo);
    // Code point order, as MongoDB compares UTF-8 bytes: U+FFFF before U+1F600.
    expect(byKey.indexOf('\uffff')).toBe(byKey.indexOf('😀') - 1);
    expect(Buffer.compare(keyOf(0), keyOf(-0))).toBe(0);
  });

  it('shows another process the first array stored at a path, so that element matches find it', async () => {
    const writer = open().collection('shared_tags');
    const reader = open().collection('shared_tags');
    await writer.insertOne({ _id: 'a', tags: 'x' });
    await writer.insertOne({ _id: 'b', tags: 'y' });
    // The reader now holds the collection's kinds: `tags` has held strings only, so it compares them in SQL.
    expect((await reader.find({ tags: 'x' })).map((d) => d._id)).toEqual(['a']);
    await writer.updateOne({ _id: 'b' }, { $set: { tags: ['y', 'x'] } });
    // The writer's NOTIFY reaches the reader's LISTEN after the commit: a moment later the reader matches by element.
    const deadline = Date.now() + 2000;
    let found: string[] = [];
    while (Date.now() < deadline) {
      found = (await reader.find({ tags: 'x' }, { sort: { _id: 1 } })).map((d) => d._id);
      if (found.length === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(found).toEqual(['a', 'b']);
  });

  it("counts once per version of the collection, and no count outlives a write, another process's included", async () => {
    const reader = open();
    const writer = open();
    const counted = (store: PostgresReadStore) => {
      const queries = jest.spyOn(store, 'query');
      return () => queries.mock.calls.filter(([sql]) => sql.includes('count(*)')).length;
    };
    const counts = counted(reader);
    const visits = reader.collection('visits');
    const org = { organizationId: 'o1' };
    await writer.collection('visits').insertOne({ _id: 'v1', ...org });
    expect(await visits.countDocuments(org)).toBe(1);
    expect(await visits.countDocuments(org)).toBe(1);
    expect(counts()).toBe(1); // the second from the cache: no write came between

    // A write by another process, alone, then in a unit: seen at once after each commit, never before it.
    await writer.collection('visits').insertOne({ _id: 'v2', ...org });
    expect(await visits.countDocuments(org)).toBe(2);
    let inside!: () => void;
    const written = new Promise<void>((resolve) => (inside = resolve));
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    const unit = writer.transaction(async () => {
      await writer.collection('visits').insertOne({ _id: 'v3', ...org });
      await writer.collection('visits').updateOne({ _id: 'v1' }, { $set: { organizationId: 'o2' } });
      await writer.collection('visits').find({ organizationId: 'o2' }); // the unit's writes reach the table
      inside();
      await committing;
    });
    await written;
    expect(await visits.countDocuments(org)).toBe(2);
    commit();
    await unit;
    expect(await visits.countDocuments(org)).toBe(2); // v3 in, v1 out
    expect(await visits.countDocuments({ organizationId: 'o2' })).toBe(1);
    await writer.collection('visits').deleteMany({ organizationId: 'o2' });
    expect(await visits.countDocuments({ organizationId: 'o2' })).toBe(0);
    await writer.dropCollection('visits');
    expect(await visits.countDocuments(org)).toBe(0);
    expect(counts()).toBe(6);
  });

  it('loses no update when two processes change one document at once', async () => {
    const [one, two] = [open().collection('counters'), open().collection('counters')];
    await one.insertOne({ _id: 'c', n: 0, seen: [] });
    const bump = (c: typeof one, who: string) =>
      Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          c.updateOne({ _id: 'c' }, { $inc: { n: 1 }, $push: { seen: `${who}${i}` } }),
        ),
      );
    await Promise.all([bump(one, 'a'), bump(two, 'b')]);
    const counter = await one.findOne({ _id: 'c' });
    expect(counter?.n).toBe(50);
    expect((counter?.seen as string[]).length).toBe(50);
  });

  it('lets a unit create an index, then a collection it has not used yet', async () => {
    const store = open();
    await store.transaction(async () => {
      await store.collection('indexed_in_unit').createIndex({ a: 1 }, { name: 'a' });
      // Its table is made on another connection, which must not wait for the index's lock this unit holds.
      await store.collection('first_used_in_unit').insertOne({ _id: 'x', a: 1 });
    });
    expect(await store.collection('first_used_in_unit').countDocuments({ a: 1 })).toBe(1);
  });

  it('refuses to report a unit committed when one of its statements failed, even if the unit caught the error', async () => {
    const store = open();
    const c = store.collection('caught_in_unit');
    await c.insertOne({ _id: 'a', n: 1 });
    await expect(
      store.transaction(async () => {
        await c.updateMany({}, { $set: { n: 2 } }); // written at once (not by _id alone: nothing staged)
        await store.query('SELECT 1 / 0').catch(() => undefined);
      }),
    ).rejects.toThrow('nothing of it was committed');
    expect(await c.find({})).toEqual([{ _id: 'a', n: 1 }]);
  });

  it('lets processes starting together make the schema, one collection and its unique index', async () => {
    const fresh = await freshDatabase('pg_read_store_start');
    const stores = Array.from({ length: 4 }, () => new PostgresReadStore(fresh.url));
    try {
      await Promise.all(
        stores.map((s) => s.collection('users').createIndex({ email: 1 }, { unique: true, name: 'email' })),
      );
      const results = await Promise.allSettled(
        stores.map((s, i) => s.collection('users').insertOne({ _id: `u${i}`, email: 'same@example.com' })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(DuplicateKeyError);
      expect(await stores[3].collection('users').countDocuments({})).toBe(1);
    } finally {
      for (const s of stores) await s.close();
      await fresh.drop();
    }
  });
});
