import express from 'express';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { precompressedAssets } from './precompressed';

describe('precompressed assets', () => {
  const dir = mkdtempSync(join(tmpdir(), 'precompressed-'));
  const code = `export const greeting = ${JSON.stringify('hello '.repeat(500))};`;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'app-1.js'), code);
    writeFileSync(join(dir, 'assets', 'app-1.js.br'), brotliCompressSync(code));
    writeFileSync(join(dir, 'assets', 'app-1.js.gz'), gzipSync(code));
    writeFileSync(join(dir, 'assets', 'plain.css'), 'body{}');
    writeFileSync(join(dir, 'secret.js.gz'), gzipSync('not an asset'));
    const app = express();
    app.use(precompressedAssets(dir));
    app.use(express.static(dir));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** fetch() would decompress: read the raw answer. */
  const raw = async (path: string, acceptEncoding?: string) => {
    const { request } = await import('node:http');
    return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      const req = request(`${base}${path}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  };

  it('sends the Brotli copy when the browser accepts it, else gzip, else the file', async () => {
    const br = await raw('/assets/app-1.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.body.length).toBeLessThan(code.length / 10);

    const gz = await raw('/assets/app-1.js', 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(code);

    for (const accepted of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await raw('/assets/app-1.js', accepted);
      expect({ accepted, encoding: plain.headers['content-encoding'], body: plain.body.toString() }).toEqual({
        accepted,
        encoding: undefined,
        body: code,
      });
    }
  });

  it('leaves files without a copy, and anything outside the assets, to the next handler', async () => {
    const css = await raw('/assets/plain.css', 'br, gzip');
    expect({ status: css.status, encoding: css.headers['content-encoding'], body: css.body.toString() }).toEqual({
      status: 200,
      encoding: undefined,
      body: 'body{}',
    });
    expect((await raw('/secret.js', 'gzip')).status).toBe(404);
    expect((await raw('/assets/../secret.js', 'gzip')).status).toBe(404);
    expect((await raw('/assets/%2e%2e/secret.js', 'gzip')).status).toBe(404);
  });

  it('takes a browser that went away before the file was sent for no error (issue #44)', () => {
    const handle = precompressedAssets(dir);
    for (const [error, passedOn] of [
      [Object.assign(new Error('Request aborted'), { code: 'ECONNABORTED' }), false],
      [Object.assign(new Error('write EPIPE'), { code: 'EPIPE', syscall: 'write' }), false],
      [Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES', syscall: 'open' }), true],
    ] as const) {
      const next = jest.fn();
      const res = {
        headersSent: false,
        vary: () => undefined,
        setHeader: () => undefined,
        type: () => undefined,
        sendFile: (_path: string, done: (error: Error) => void) => done(error),
      };
      const req = { method: 'GET', path: '/assets/app-1.js', acceptsEncodings: (name: string) => name };
      handle(req as any, res as any, next);
      expect({ error: error.message, passedOn: next.mock.calls.length > 0 }).toEqual({
        error: error.message,
        passedOn,
      });
    }
  });
});
