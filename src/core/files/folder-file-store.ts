import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStore, FileToSave, isFileId, StoredFile } from './files.port';

// Organization ids are UUIDs too, but only path safety matters here: no dots, no separators.
const SAFE_SEGMENT = /^[A-Za-z0-9_-]{1,128}$/;

type Sidecar = StoredFile & { organizationId: string };

/**
 * Files in a folder: bytes at `<dir>/<organizationId>/<id>`, metadata in `<id>.json` beside them.
 * Ids and organization ids are checked before any path is built, so a crafted id cannot escape `dir`.
 */
export class FolderFileStore implements FileStore {
  constructor(private readonly dir: string) {}

  async save(input: FileToSave): Promise<StoredFile> {
    if (!SAFE_SEGMENT.test(input.organizationId)) throw new Error(`Invalid organization id: ${input.organizationId}`);
    const id = randomUUID();
    const file: StoredFile = {
      id,
      contentType: input.contentType,
      size: input.bytes.length,
      fileName: input.fileName,
      kind: input.kind,
    };
    const folder = join(this.dir, input.organizationId);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, id), input.bytes);
    // The sidecar is written last (atomically): its presence means the file is complete.
    const sidecar: Sidecar = { ...file, organizationId: input.organizationId };
    await writeFile(join(folder, `${id}.json.tmp`), JSON.stringify(sidecar));
    await rename(join(folder, `${id}.json.tmp`), join(folder, `${id}.json`));
    return file;
  }

  async read(organizationId: string, id: string): Promise<{ file: StoredFile; bytes: Buffer } | null> {
    const base = this.path(organizationId, id);
    if (!base) return null;
    try {
      const { organizationId: _org, ...file } = JSON.parse(await readFile(`${base}.json`, 'utf8')) as Sidecar;
      return { file, bytes: await readFile(base) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(organizationId: string, id: string): Promise<void> {
    const base = this.path(organizationId, id);
    if (!base) return;
    // Sidecar first: without it the file is already invisible to read().
    await rm(`${base}.json`, { force: true });
    await rm(base, { force: true });
  }

  /** Every complete file, organization by organization (moving the folder elsewhere: `npm run migrate`). */
  async *everyFile(): AsyncGenerator<{ organizationId: string; file: StoredFile; bytes: Buffer }> {
    const organizations = await readdir(this.dir).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [] as string[];
      throw err;
    });
    for (const organizationId of organizations.filter((o) => SAFE_SEGMENT.test(o)).sort())
      for (const name of (await readdir(join(this.dir, organizationId))).sort()) {
        const id = name.slice(0, -'.json'.length);
        // A sidecar is written last: a file without one was never complete, and is left behind.
        if (!name.endsWith('.json') || !isFileId(id)) continue;
        const found = await this.read(organizationId, id);
        if (found) yield { organizationId, ...found };
      }
  }

  /**
   * null for ids that are not ours (not a lower-case UUID: an upper-cased id names no file, as in GridFS)
   * or organization ids that are not a plain segment.
   */
  private path(organizationId: string, id: string): string | null {
    if (!SAFE_SEGMENT.test(organizationId) || !isFileId(id)) return null;
    return join(this.dir, organizationId, id);
  }
}
