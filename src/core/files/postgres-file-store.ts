import { randomUUID } from 'node:crypto';
import type { PgPool } from '../postgres';
import { FileKind, FileStore, FileToSave, isFileId, StoredFile } from './files.port';

/**
 * Files in PostgreSQL, so that every API instance reaches every file (a folder is seen by one machine only): one row
 * per file, the bytes as `bytea` beside their metadata, written in one statement (a row is there whole or not at
 * all). Uploads are bounded before they get here (a few MB), well within what one row holds.
 */
export class PostgresFileStore implements FileStore {
  private ready: Promise<void> | null = null;

  constructor(private readonly pool: PgPool) {}

  async save(input: FileToSave): Promise<StoredFile> {
    await this.schema();
    const id = randomUUID();
    await this.pool.query(
      `INSERT INTO files (id, organization_id, content_type, file_name, kind, size, bytes)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [id, input.organizationId, input.contentType, input.fileName, input.kind, input.bytes.length, input.bytes],
    );
    return { id, contentType: input.contentType, size: input.bytes.length, fileName: input.fileName, kind: input.kind };
  }

  /**
   * A file of another store with its own id (`npm run migrate`), so that the read models naming it still find it;
   * one already here is left as it is (a repeated move).
   */
  async import(organizationId: string, file: StoredFile, bytes: Buffer): Promise<void> {
    if (!isFileId(file.id)) throw new Error(`Not a file id: ${file.id}`);
    await this.schema();
    await this.pool.query(
      `INSERT INTO files (id, organization_id, content_type, file_name, kind, size, bytes)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
      [file.id, organizationId, file.contentType, file.fileName, file.kind ?? null, bytes.length, bytes],
    );
  }

  async read(organizationId: string, id: string): Promise<{ file: StoredFile; bytes: Buffer } | null> {
    if (!isFileId(id)) return null;
    await this.schema();
    const { rows } = await this.pool.query<{
      content_type: string;
      file_name: string;
      kind: FileKind | null;
      size: number;
      bytes: Buffer;
    }>('SELECT content_type, file_name, kind, size, bytes FROM files WHERE id = $1 AND organization_id = $2', [
      id,
      organizationId,
    ]);
    if (!rows.length) return null;
    const row = rows[0];
    const file: StoredFile = { id, contentType: row.content_type, size: row.size, fileName: row.file_name };
    if (row.kind) file.kind = row.kind;
    return { file, bytes: row.bytes };
  }

  async delete(organizationId: string, id: string): Promise<void> {
    if (!isFileId(id)) return;
    await this.schema();
    await this.pool.query('DELETE FROM files WHERE id = $1 AND organization_id = $2', [id, organizationId]);
  }

  /** The table, once per process; the advisory lock keeps two processes starting together from racing on it. */
  private schema(): Promise<void> {
    this.ready ??= (async () => {
      const client = await this.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query("SELECT pg_advisory_xact_lock(hashtext('crewclock.files.schema'))");
        await client.query(`CREATE TABLE IF NOT EXISTS files (
          id uuid PRIMARY KEY,
          organization_id text NOT NULL,
          content_type text NOT NULL,
          file_name text NOT NULL,
          kind text,
          size integer NOT NULL,
          bytes bytea NOT NULL,
          created_at timestamptz NOT NULL DEFAULT now()
        )`);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        this.ready = null;
        throw error;
      } finally {
        client.release();
      }
    })();
    return this.ready;
  }
}
