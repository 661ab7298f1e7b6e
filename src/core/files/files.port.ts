/** Stored files (logos, profile pictures, customer documents): a folder embedded, GridFS in production. */
export interface StoredFile {
  id: string;
  contentType: string;
  size: number;
  fileName: string;
}

export interface FileStore {
  /** Stores the bytes under a new id and returns it. */
  save(input: { bytes: Buffer; contentType: string; fileName: string; organizationId: string }): Promise<StoredFile>;
  /** null when absent or when it belongs to another organization. */
  read(organizationId: string, id: string): Promise<{ file: StoredFile; bytes: Buffer } | null>;
  delete(organizationId: string, id: string): Promise<void>;
}

export const FILE_STORE = Symbol('FileStore');
