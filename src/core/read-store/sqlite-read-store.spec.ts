import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DuplicateKeyError, type Sort } from './read-store.port';
import { SqliteReadStore } from './sqlite-read-store';

describe('the SQLite read store shared by two connections (the worker and an API instance)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'read-store-shared-'));
  const writer = new SqliteReadStore(join(dir, 'read.sqlite'));
  const reader = new SqliteReadStore(join(dir, 'read.sqlite'));
  afterAll(async () => {
    await writer.close();
    await reader.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("sees the other connection's commits in counts, finds and searches", async () => {
    const written = writer.collection('jobs');
    const read = reader.collection('jobs');
    await written.createSearchIndex(['name'], { name: 'search' });
    await written.insertOne({ _id: 'a', org: 'o1', name: 'Window washing' });
    const windows = { org: 'o1', $or: [{ name: { $regex: 'window', $options: 'i' } }] };
    expect(await read.countDocuments({ org: 'o1' })).toBe(1);
    expect(await read.countDocuments(windows)).toBe(1);
    await written.insertOne({ _id: 'b', org: 'o1', name: 'Windows inside' });
    expect(await read.countDocuments({ org: 'o1' })).toBe(2);
    expect(await read.countDocuments(windows)).toBe(2);
    await written.updateOne({ _id: 'a' }, { $set: { name: 'Lobby' } });
    expect(await read.countDocuments(windows)).toBe(1);
    expect((await read.find(windows)).map((d) => d._id)).toEqual(['b']);
    await writer.dropCollection('jobs');
    expect(await read.countDocuments({ org: 'o1' })).toBe(0);
  });

  it('drops a collection by making its table again, empty: the same indexes, unique indexes and search, working, for both', async () => {
    const written = writer.collection('entries');
    const read = reader.collection('entries');
    await written.createIndex({ org: 1, at: -1 }, { name: 'org_at' });
    await written.createIndex({ key: 1 }, { unique: true, name: 'key' });
    await written.createSearchIndex(['text'], { name: 'search' });
    for (const [i, text] of ['maple lawn', 'oak hedge', 'maple gutter'].entries())
      await written.insertOne({ _id: `e${i}`, org: 'o1', at: `2026-01-0${i + 1}`, key: i, text });
    const maple = { org: 'o1', $or: [{ text: { $regex: 'maple', $options: 'i' } }] };
    expect(await read.countDocuments(maple)).toBe(2);
    const schema = () => {
      const db = new Database(join(dir, 'read.sqlite'), { readonly: true });
      try {
        return db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name').all();
      } finally {
        db.close();
      }
    };
    const before = schema();

    await writer.dropCollection('entries');
    expect(schema()).toEqual(before);
    expect(await read.countDocuments({ org: 'o1' })).toBe(0);
    expect(await read.countDocuments(maple)).toBe(0);
    await written.insertOne({ _id: 'x', org: 'o1', at: '2026-02-01', key: 1, text: 'Maple again' });
    expect((await read.find(maple)).map((d) => d._id)).toEqual(['x']);
    await expect(written.insertOne({ _id: 'y', org: 'o1', key: 1, text: 'dup' })).rejects.toBeInstanceOf(
      DuplicateKeyError,
    );
  });

  it('suspends a search index while a build writes, finding the same, and makes it again from the documents; a crash in between leaves none claimed', async () => {
    const written = writer.collection('notes');
    const read = reader.collection('notes');
    await written.createSearchIndex(['text'], { name: 'search' });
    const searchTables = () => {
      const db = new Database(join(dir, 'read.sqlite'), { readonly: true });
      try {
        return db
          .prepare(
            "SELECT type, name FROM sqlite_master WHERE name LIKE '%notes%' AND name LIKE '%search%' ORDER BY name",
          )
          .all()
          .map((row) => (row as { type: string }).type);
      } finally {
        db.close();
      }
    };
    const kept = searchTables();
    expect(kept).toEqual(expect.arrayContaining(['table', 'trigger']));

    const makeAgain = await writer.suspendIndexes(['notes']);
    expect(searchTables()).toEqual([]);
    for (const [i, text] of ['Maple lawn', 'oak hedge', 'maple gutter', 'Elm'].entries())
      await written.insertOne({ _id: `n${i}`, text });
    await written.updateOne({ _id: 'n3' }, { $set: { text: 'Maple court' } });
    const maple = { $or: [{ text: { $regex: 'maple', $options: 'i' } }] };
    // Found by reading the rows meanwhile, on either connection.
    expect((await read.find(maple, { sort: { _id: 1 } })).map((d) => d._id)).toEqual(['n0', 'n2', 'n3']);

    await makeAgain();
    expect(searchTables()).toEqual(kept);
    await written.insertOne({ _id: 'n4', text: 'maple again' });
    await written.updateOne({ _id: 'n0' }, { $set: { text: 'Birch' } });
    expect((await read.find(maple, { sort: { _id: 1 } })).map((d) => d._id)).toEqual(['n2', 'n3', 'n4']);

    // Suspended and never made again (the build was killed): a later setup makes it, from the documents.
    await writer.suspendIndexes(['notes']);
    const restarted = new SqliteReadStore(join(dir, 'read.sqlite'));
    try {
      await restarted.collection('notes').createSearchIndex(['text'], { name: 'search' });
      expect(searchTables()).toEqual(kept);
      expect((await restarted.collection('notes').find(maple, { sort: { _id: 1 } })).map((d) => d._id)).toEqual([
        'n2',
        'n3',
        'n4',
      ]);
    } finally {
      await restarted.close();
    }
  });

  it("suspends a read-by-_id collection's indexes but the unique ones while a build writes, and makes them again; a crash in between leaves none claimed", async () => {
    const written = writer.collection('entriesById');
    const read = reader.collection('entriesById');
    await written.createIndex({ org: 1, at: -1 }, { name: 'org_at' });
    await written.createIndex({ key: 1 }, { unique: true, name: 'key' });
    await written.createSearchIndex(['text'], { name: 'search' });
    const indexes = () => {
      const db = new Database(join(dir, 'read.sqlite'), { readonly: true });
      try {
        return db
          .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE '%entriesById%' ORDER BY name")
          .pluck()
          .all() as string[];
      } finally {
        db.close();
      }
    };
    const kept = indexes();
    expect(kept.filter((name) => name.startsWith('ix_')).length).toBe(2);

    // Only search indexes go for a collection that is not read by _id alone.
    await (
      await writer.suspendIndexes(['entriesById'])
    )();
    expect(indexes()).toEqual(kept);

    const makeAgain = await writer.suspendIndexes(['entriesById'], ['entriesById']);
    // The unique index (and its b-tree twin, which its setup made with it) stays: a duplicate is still refused.
    expect(indexes()).toEqual(kept.filter((name) => !name.endsWith('__org_at')));
    for (const [i, at] of ['2026-01-02', '2026-01-01', '2026-01-03'].entries())
      await written.insertOne({ _id: `e${i}`, org: 'o1', at, key: i, text: `entry ${i}` });
    await expect(written.insertOne({ _id: 'dup', org: 'o1', key: 1 })).rejects.toBeInstanceOf(DuplicateKeyError);
    const newest = () => read.find({ org: 'o1' }, { sort: { at: -1 } }).then((docs) => docs.map((d) => d._id));
    // Found and ordered by reading the rows meanwhile.
    expect(await newest()).toEqual(['e2', 'e0', 'e1']);

    await makeAgain();
    expect(indexes()).toEqual(kept);
    expect(await newest()).toEqual(['e2', 'e0', 'e1']);

    // Suspended and never made again (the build was killed): a later setup makes it, from the documents.
    await writer.suspendIndexes(['entriesById'], ['entriesById']);
    const restarted = new SqliteReadStore(join(dir, 'read.sqlite'));
    try {
      await restarted.collection('entriesById').createIndex({ org: 1, at: -1 }, { name: 'org_at' });
      await restarted.collection('entriesById').createSearchIndex(['text'], { name: 'search' });
      expect(indexes()).toEqual(kept);
    } finally {
      await restarted.close();
    }
  });

  it('does not map its file while a build runs, and maps it again once the last one has ended', async () => {
    const mapped = () => (writer as unknown as { db: Database.Database }).db.pragma('mmap_size', { simple: true });
    const before = mapped();
    expect(before).toBeGreaterThan(0);
    const endFirst = writer.beginBuild();
    const endSecond = writer.beginBuild();
    expect(mapped()).toBe(0);
    // Written and read meanwhile as ever.
    await writer.transaction(() => writer.collection('built').insertOne({ _id: 'b1', name: 'Gutter cleaning' }));
    expect(await reader.collection('built').findOne({ _id: 'b1' })).toEqual({ _id: 'b1', name: 'Gutter cleaning' });
    endFirst();
    endFirst();
    expect(mapped()).toBe(0);
    endSecond();
    expect(mapped()).toBe(before);
  });

  it('pages a search whose word matches most rows exactly as without an index, however the matches lie', async () => {
    const plain = writer.collection('broadPlain');
    const indexed = writer.collection('broadIndexed');
    await indexed.createSearchIndex(['name', 'city'], { name: 'search' });
    // o1: 'lawn' in two rows of three, spread through name order; 'zebra' in 1,200 rows that all sort last by name
    // (a walk in name order meets none of them); o2: 60 rows, all 'lawn'. Both words match over 1,000 rows.
    const docs: Record<string, unknown>[] = [];
    for (let i = 0; i < 4000; i++) {
      const late = i >= 2800;
      docs.push({
        _id: `d${String(i).padStart(4, '0')}`,
        org: 'o1',
        name: late ? `Zz zebra ${i}` : `${i % 3 ? 'Lawn' : 'Hedge'} ${i % 97}`,
        city: i % 5 ? `City ${i % 13}` : 'Lawnside',
      });
    }
    for (let i = 0; i < 60; i++) docs.push({ _id: `e${i}`, org: 'o2', name: `Lawn care ${i}`, city: 'Oslo' });
    await writer.transaction(async () => {
      for (const d of docs) {
        await plain.insertOne({ ...d, _id: String(d._id) });
        await indexed.insertOne({ ...d, _id: String(d._id) });
      }
    });
    const search = (org: string, words: string[]) => ({
      org,
      $and: words.map((w) => ({ $or: ['name', 'city'].map((f) => ({ [f]: { $regex: w, $options: 'i' } })) })),
    });
    const ids = (found: { _id: string }[]) => found.map((d) => d._id);
    for (const [org, words] of [
      ['o1', ['lawn']],
      ['o1', ['lawn', '7']],
      ['o1', ['zebra']],
      ['o1', ['zebra', '9']],
      ['o2', ['lawn']],
    ] as const)
      for (const sort of [{ name: 1, _id: 1 }, { _id: -1 }] as Sort[])
        for (const [skip, limit] of [
          [0, 20],
          [40, 20],
          [1500, 25],
        ]) {
          const filter = search(org, [...words]);
          const options = { sort, skip, limit };
          expect({ org, words, sort, skip, found: ids(await indexed.find(filter, options)) }).toEqual({
            org,
            words,
            sort,
            skip,
            found: ids(await plain.find(filter, options)),
          });
        }
    expect(await indexed.countDocuments(search('o1', ['lawn']))).toBe(
      await plain.countDocuments(search('o1', ['lawn'])),
    );
  });

  it("keeps the planner's statistics in its file: an open measures only indexes without any, a build's end all", async () => {
    const file = join(dir, 'stats.sqlite');
    const rowsCounted = () => {
      const db = new Database(file, { readonly: true });
      try {
        const row = db.prepare(`SELECT stat FROM sqlite_stat1 WHERE idx LIKE 'ix_%'`).get() as
          { stat: string } | undefined;
        return row ? Number(row.stat.split(' ')[0]) : null;
      } finally {
        db.close();
      }
    };
    const first = new SqliteReadStore(file);
    await first.collection('visits').createIndex({ org: 1 }, { name: 'org' });
    await first.transaction(async () => {
      for (let i = 0; i < 30; i++) await first.collection('visits').insertOne({ _id: `v${i}`, org: `o${i % 3}` });
    });
    await first.close();
    const second = new SqliteReadStore(file); // the index has no statistics yet: this open measures it
    expect(rowsCounted()).toBe(30);
    await second.transaction(async () => {
      for (let i = 30; i < 50; i++) await second.collection('visits').insertOne({ _id: `v${i}`, org: `o${i % 3}` });
    });
    await second.close();
    const third = new SqliteReadStore(file); // it has some: this open reads nothing more
    expect(rowsCounted()).toBe(30);
    third.beginBuild()();
    expect(rowsCounted()).toBe(50);
    await third.close();
  });
});
