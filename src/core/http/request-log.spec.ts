import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '../logging';
import { requestLog } from './request-log';

describe('the request log', () => {
  const started: Server[] = [];
  afterAll(() => started.forEach((server) => server.close()));

  /** A server logging its requests at `level` into the lines it returns. */
  async function serverAt(level: string) {
    const lines: Record<string, any>[] = [];
    const app = express();
    app.use(requestLog(createLogger(level, { write: (line: string) => void lines.push(JSON.parse(line)) })));
    app.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
    app.get('/api/ok', (_req, res) => void res.json({ success: true }));
    app.get('/api/refused', (_req, res) => void res.status(400).json({ success: false }));
    app.get('/api/failed', (_req, res) => void res.status(500).json({ success: false }));
    const server = app.listen(0, '127.0.0.1');
    started.push(server);
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const get = async (path: string, headers: Record<string, string> = {}) => {
      await (await fetch(base + path, { headers })).text();
      // The line is written when the answer has been handed over, which the client may see first.
      await new Promise((resolve) => setImmediate(resolve));
    };
    return { lines, get };
  }

  it('logs an answer at info, a refusal at warn and a failure at error, never the health check', async () => {
    const { lines, get } = await serverAt('info');
    for (const path of ['/healthz', '/api/ok', '/api/refused', '/api/failed']) await get(path);
    expect(lines.map((l) => [l.level, l.msg, l.req.method, l.req.url, l.res.statusCode])).toEqual([
      [30, 'request completed', 'GET', '/api/ok', 200],
      [40, 'request completed', 'GET', '/api/refused', 400],
      [50, 'request completed', 'GET', '/api/failed', 500],
    ]);
    expect(typeof lines[0].responseTime).toBe('number');
  });

  it('at warn, writes only the refusals and failures', async () => {
    const { lines, get } = await serverAt('warn');
    for (const path of ['/api/ok', '/api/refused', '/api/ok', '/api/failed']) await get(path);
    expect(lines.map((l) => l.req.url)).toEqual(['/api/refused', '/api/failed']);
  });

  it('keeps secrets and cookies out of the line', async () => {
    const { lines, get } = await serverAt('info');
    await get('/api/refused?token=s3cret-value&from=2026-06-01', {
      cookie: 'crewclock.sid=s3cret-session',
      referer: 'http://example.test/forgotpassword/reset?token=s3cret-value',
    });
    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines)).not.toContain('s3cret');
    expect(lines[0].req.url).toBe('/api/refused?token=[redacted]&from=2026-06-01');
    expect(lines[0].req.headers.referer).toBe('http://example.test/forgotpassword/reset?token=[redacted]');
  });
});
