// Writes a Brotli (.br) and a gzip (.gz) copy beside each built asset, once at build time, so the
// server sends compressed bytes without compressing per request (src/core/http/precompressed.ts).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ASSETS = join(import.meta.dirname, '..', 'dist', 'assets');
const COMPRESSIBLE = ['.js', '.css', '.svg', '.json'];

let before = 0;
let after = 0;
for (const name of readdirSync(ASSETS)) {
  if (!COMPRESSIBLE.some((ext) => name.endsWith(ext))) continue;
  const file = join(ASSETS, name);
  const content = readFileSync(file);
  const br = brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });
  const gz = gzipSync(content, { level: 9 });
  // A copy no smaller than the file is not worth a lookup.
  if (br.length < content.length) writeFileSync(`${file}.br`, br);
  if (gz.length < content.length) writeFileSync(`${file}.gz`, gz);
  before += content.length;
  after += Math.min(br.length, content.length);
}
console.log(`precompressed assets: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB with Brotli`);
