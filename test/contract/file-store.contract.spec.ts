import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FolderFileStore } from '../../src/core/files/folder-file-store';
import { FileStore } from '../../src/core/files/files.port';
import { MongoReadStore } from '../../src/core/read-store/mongo-read-store';
import { withDatabase } from '../support/ferretdb';
import { PostgresFileStore } from '../../src/core/files/postgres-file-store';
import { pgPool } from '../../src/core/postgres';
import { freshDatabase } from '../support/postgres';

interface Adapter {
  open(): Promise<{ files: FileStore; dispose(): Promise<void> }>;
}

const folder: Adapter = {
  async open() {
    const dir = await mkdtemp(join(tmpdir(), 'crewclock-files-'));
    return { files: new FolderFileStore(dir), dispose: () => rm(dir, { recursive: true, force: true }) };
  },
};

function gridFs(url: string): Adapter {
  return {
    async open() {
      const store = await MongoReadStore.connect(withDatabase(url, `files_${Date.now()}_${randomUUID().slice(0, 8)}`));
      return {
        files: store.fileStore(),
        async dispose() {
          await store.dropDatabase();
          await store.close();
        },
      };
    },
  };
}

/** Always: PostgreSQL runs on every machine of ours. */
const postgres: Adapter = {
  async open() {
    const database = await freshDatabase('files');
    const pool = pgPool(database.url, { max: 2 });
    return {
      files: new PostgresFileStore(pool),
      async dispose() {
        await pool.end();
        await database.drop();
      },
    };
  },
};

const adapters: [string, Adapter][] = [
  ['folder', folder],
  ['postgresql', postgres],
];
if (process.env.FERRETDB_URL) adapters.push(['gridfs on ferretdb', gridFs(process.env.FERRETDB_URL)]);
if (process.env.MONGODB_URL) adapters.push(['gridfs on mongodb', gridFs(process.env.MONGODB_URL)]);

describe.each(adapters)('FileStore contract: %s', (_name, adapter) => {
  let files: FileStore;
  let dispose: () => Promise<void>;
  const orgA = randomUUID();
  const orgB = randomUUID();

  beforeAll(async () => {
    ({ files, dispose } = await adapter.open());
  });
  afterAll(() => dispose());

  it('saves bytes under a new id and reads them back with their metadata', async () => {
    const bytes = Buffer.from('%PDF-1.7 tiny');
    const saved = await files.save({
      bytes,
      contentType: 'application/pdf',
      fileName: 'Quote 12.pdf',
      organizationId: orgA,
      kind: 'document',
    });
    expect(saved).toEqual({
      id: expect.any(String),
      contentType: 'application/pdf',
      size: bytes.length,
      fileName: 'Quote 12.pdf',
      kind: 'document',
    });
    const again = await files.save({
      bytes,
      contentType: 'application/pdf',
      fileName: 'Quote 12.pdf',
      organizationId: orgA,
      kind: 'document',
    });
    expect(again.id).not.toBe(saved.id);
    const read = await files.read(orgA, saved.id);
    expect(read?.file).toEqual(saved);
    expect(read?.bytes.equals(bytes)).toBe(true);
  });

  it('round-trips a file larger than one GridFS chunk', async () => {
    const bytes = randomBytes(600 * 1024);
    const saved = await files.save({
      bytes,
      contentType: 'image/png',
      fileName: 'big.png',
      organizationId: orgA,
      kind: 'image',
    });
    const read = await files.read(orgA, saved.id);
    expect(read?.file.size).toBe(bytes.length);
    expect(read?.bytes.equals(bytes)).toBe(true);
  });

  it("hides another organization's file from read and delete", async () => {
    const saved = await files.save({
      bytes: Buffer.from('logo'),
      contentType: 'image/png',
      fileName: 'logo.png',
      organizationId: orgA,
      kind: 'image',
    });
    expect(await files.read(orgB, saved.id)).toBeNull();
    await files.delete(orgB, saved.id);
    expect(await files.read(orgA, saved.id)).not.toBeNull();
  });

  it('deletes, idempotently', async () => {
    const saved = await files.save({
      bytes: Buffer.from('x'),
      contentType: 'text/plain',
      fileName: 'x.txt',
      organizationId: orgA,
      kind: 'document',
    });
    await files.delete(orgA, saved.id);
    expect(await files.read(orgA, saved.id)).toBeNull();
    await expect(files.delete(orgA, saved.id)).resolves.toBeUndefined();
  });

  it('returns null for unknown and malformed ids', async () => {
    expect(await files.read(orgA, randomUUID())).toBeNull();
    expect(await files.read(orgA, '../../etc/passwd')).toBeNull();
    expect(await files.read('..', randomUUID())).toBeNull();
    await expect(files.delete(orgA, '../x')).resolves.toBeUndefined();
  });

  it('records the kind a file was stored as, and names no file by an upper-cased id', async () => {
    const saved = await files.save({
      bytes: Buffer.from('%PDF-1.7 tiny'),
      contentType: 'application/pdf',
      fileName: 'Quote.pdf',
      organizationId: orgA,
      kind: 'document',
    });
    expect((await files.read(orgA, saved.id))?.file.kind).toBe('document');
    expect(await files.read(orgA, saved.id.toUpperCase())).toBeNull();
    await files.delete(orgA, saved.id.toUpperCase());
    expect(await files.read(orgA, saved.id)).not.toBeNull();
  });
});

describe('FolderFileStore layout', () => {
  it('keeps bytes and a JSON sidecar under the organization folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'crewclock-files-'));
    try {
      const org = randomUUID();
      const saved = await new FolderFileStore(dir).save({
        bytes: Buffer.from('a'),
        contentType: 'text/plain',
        fileName: 'a.txt',
        organizationId: org,
        kind: 'document',
      });
      expect((await readdir(join(dir, org))).sort()).toEqual([saved.id, `${saved.id}.json`].sort());
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
