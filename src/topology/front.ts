import { createHash } from 'node:crypto';
import { createServer, request, IncomingMessage, Server } from 'node:http';
import { connect } from 'node:net';
import { UPLOAD_MAX_BYTES } from '../shared/uploads';

/** A request body the front holds at most (the largest upload, its multipart framing and some room). */
const BODY_MAX_BYTES = UPLOAD_MAX_BYTES + 1024 * 1024;

export interface Upstream {
  host: string;
  port: number;
}

/**
 * The one address of the topology on this machine, in front of the API instances, as a load balancer is in
 * production: API requests go round robin to the instances that answer; socket.io's go to one instance per client
 * address (its long-polling fallback keeps a session on one instance, as nginx's `ip_hash` does), moving to another
 * when that one is down. WebSocket upgrades are piped through. It adds X-Forwarded-For (the instances trust one hop).
 */
export function frontProxy(upstreams: () => Upstream[]): Server {
  let next = 0;
  const pick = (req: IncomingMessage, tried: Set<number>): number | null => {
    const all = upstreams();
    const open = all.map((_, i) => i).filter((i) => !tried.has(i));
    if (!open.length) return null;
    if (req.url?.startsWith('/socket.io')) {
      const hash = createHash('sha1')
        .update(req.socket.remoteAddress ?? '')
        .digest()
        .readUInt32BE(0);
      return open[hash % open.length];
    }
    return open[next++ % open.length];
  };
  const forwardedFor = (req: IncomingMessage) =>
    [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');

  const server = createServer((req, res) => {
    const tried = new Set<number>();
    // The body is buffered only to retry on another instance when one refuses the connection (a killed process).
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= BODY_MAX_BYTES) chunks.push(c);
    });
    req.on('end', () => {
      if (size <= BODY_MAX_BYTES) return send();
      res.writeHead(413, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, errors: ['The request is too large.'] }));
    });
    const send = () => {
      const index = pick(req, tried);
      if (index === null) {
        res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
        res.end(
          JSON.stringify({ success: false, errors: ['No API instance is answering. Please try again shortly.'] }),
        );
        return;
      }
      tried.add(index);
      const { host, port } = upstreams()[index];
      const upstream = request(
        {
          host,
          port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, 'x-forwarded-for': forwardedFor(req) },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        // Refused before anything was sent: that instance is down, another may answer. Otherwise the request
        // may have been carried out: it is not repeated (the client sees the failure, as with any load balancer).
        if (error.code === 'ECONNREFUSED' && !res.headersSent) send();
        else if (!res.headersSent) {
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ success: false, errors: ['The API instance went away. Please try again.'] }));
        } else res.destroy();
      });
      upstream.end(Buffer.concat(chunks));
    };
  });

  server.on('upgrade', (req, socket, head) => {
    const index = pick(req, new Set());
    if (index === null) return socket.destroy();
    const { host, port } = upstreams()[index];
    const upstream = connect(port, host, () => {
      const headers = { ...req.headers, 'x-forwarded-for': forwardedFor(req) };
      const lines = Object.entries(headers).flatMap(([k, v]) =>
        Array.isArray(v) ? v.map((x) => `${k}: ${x}`) : v === undefined ? [] : [`${k}: ${v}`],
      );
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    // Either side ending ends the other, whole (the server's sockets allow half-open ones, which would stay open).
    const end = () => {
      socket.destroy();
      upstream.destroy();
    };
    upstream.on('error', end).on('end', end).on('close', end);
    socket.on('error', end).on('end', end).on('close', end);
  });
  return server;
}
