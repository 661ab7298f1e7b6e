import type { Response } from 'express';
import { NotFoundError } from '../errors';
import type { FileStore, StoredFile } from '../files/files.port';
import { sendStoredFile } from './stored-file';

/** An organization's logo for a public page (`/api/files` needs a session), or 404 without one. */
export async function organizationLogo(
  files: FileStore,
  organization: { _id: string; logoFileId: string | null } | null,
): Promise<{ file: StoredFile; bytes: Buffer }> {
  const found = organization?.logoFileId ? await files.read(organization._id, organization.logoFileId) : null;
  if (!found) throw new NotFoundError('The logo');
  return found;
}

/**
 * Sends a logo as `/api/files` serves files: never run as a page (sandbox CSP, nosniff). Cached an hour, not
 * immutable: the address stays when the logo changes.
 */
export function sendLogo(response: Response, { file, bytes }: { file: StoredFile; bytes: Buffer }): void {
  sendStoredFile(
    response,
    { contentType: file.contentType, bytes },
    'inline; filename="logo"',
    'private, max-age=3600',
  );
}
