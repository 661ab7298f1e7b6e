import type { Response } from 'express';

/**
 * Sends stored bytes (a document, an export, an image) so that a browser never runs them as a page: their type and
 * length, a sandbox CSP and nosniff, with how to show them (`disposition`: an attachment named by
 * `attachmentDisposition`, or inline) and how long a browser may keep them (`cacheControl`).
 */
export function sendStoredFile(
  response: Response,
  file: { contentType: string; bytes: Buffer },
  disposition: string,
  cacheControl: string,
): void {
  response.set({
    'Content-Type': file.contentType,
    'Content-Length': String(file.bytes.length),
    'Content-Disposition': disposition,
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': cacheControl,
  });
  response.end(file.bytes);
}
