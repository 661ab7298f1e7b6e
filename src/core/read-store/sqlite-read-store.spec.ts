import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DuplicateKeyError } from './read-store.port';
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

    const makeAgain = await writer.suspendSearch(['notes']);
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
    await writer.suspendSearch(['notes']);
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
});
