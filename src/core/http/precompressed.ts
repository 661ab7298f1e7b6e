import type { NextFunction, Request, Response } from 'express';
import { existsSync, readdirSync } from 'node:fs';
import { extname, join } from 'node:path';

const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * Serves the client's built assets (`<dir>/assets`) in the Brotli or gzip copy the build wrote beside
 * each one (client/scripts/precompress.mjs), when the browser accepts it: the sign-in page's code is
 * a quarter of its size on the wire, and nothing is compressed per request. The copies are listed
 * once at start, so a request's path is only ever looked up, never joined into a file path.
 */
export function precompressedAssets(dir: string) {
  const assets = join(dir, 'assets');
  const copies = new Map<string, Set<string>>();
  for (const name of existsSync(assets) ? readdirSync(assets) : []) {
    const encoding = ENCODINGS.find((e) => name.endsWith(e.suffix));
    if (!encoding) continue;
    const original = `/assets/${name.slice(0, -encoding.suffix.length)}`;
    copies.set(original, (copies.get(original) ?? new Set()).add(encoding.name));
  }
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const available = copies.get(req.path);
    if (!available) return next();
    res.vary('Accept-Encoding');
    // Brotli first whenever it is accepted at all: browsers list gzip first with the same weight.
    const encoding = ENCODINGS.find((e) => available.has(e.name) && req.acceptsEncodings(e.name) === e.name);
    if (!encoding) return next();
    res.setHeader('Content-Encoding', encoding.name);
    res.type(extname(req.path));
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.sendFile(
      join(assets, `${req.path.slice('/assets/'.length)}${encoding.suffix}`),
      (error?: NodeJS.ErrnoException) => {
        // A browser that went away mid-file (ECONNABORTED, a failed write) is no error, as Express's own sendFile holds.
        const closedByTheBrowser = error?.code === 'ECONNABORTED' || error?.syscall === 'write';
        if (error && !closedByTheBrowser && !res.headersSent) next(error);
      },
    );
  };
}
