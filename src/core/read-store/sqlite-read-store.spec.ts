import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
});
