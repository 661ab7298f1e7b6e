/** Stored files (logos, profile pictures, customer documents): a folder embedded, GridFS in production. */
/**
 * What a file is for, recorded when it is stored: an `image` (logo, profile picture) is served to every
 * member; a `document` (a customer's attachment) only through its attachment. Files stored before the
 * kind was recorded have none: their readers decide from the read models.
 */
export type FileKind = 'image' | 'document';

export interface StoredFile {
  id: string;
  contentType: string;
  size: number;
  fileName: string;
  kind?: FileKind;
}

/** File ids are UUIDs in lower case, as both adapters mint them; any other spelling is not an id of ours. */
const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isFileId = (value: unknown): value is string =>
  typeof value === 'string' && value.length === 36 && FILE_ID.test(value);

/** A file as a caller hands it to be stored. */
export interface FileToSave {
  bytes: Buffer;
  contentType: string;
  fileName: string;
  organizationId: string;
  kind: FileKind;
}

export interface FileStore {
  /** Stores the bytes under a new id and returns it. */
  save(input: FileToSave): Promise<StoredFile>;
  /** null when absent, when it belongs to another organization, or when the id is not canonical (isFileId). */
  read(organizationId: string, id: string): Promise<{ file: StoredFile; bytes: Buffer } | null>;
  delete(organizationId: string, id: string): Promise<void>;
}

export const FILE_STORE = Symbol('FileStore');
