import { createServer, Server } from 'node:http';
import { connect } from 'node:net';
import { frontProxy, Upstream } from './front';

/** An instance that answers with its name (and echoes a body), and accepts a raw upgrade. */
async function instance(name: string): Promise<{ server: Server; upstream: Upstream }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () =>
      res.end(
        JSON.stringify({ name, body: Buffer.concat(chunks).toString(), forwardedFor: req.headers['x-forwarded-for'] }),
      ),
    );
  });
  server.on('upgrade', (req, socket) => {
    socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
    socket.on('data', (d: Buffer) => socket.write(`${name}:${d.toString()}`));
    socket.on('end', () => socket.end());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, upstream: { host: '127.0.0.1', port: (server.address() as { port: number }).port } };
}

type Answer = { name: string; body: string; forwardedFor?: string };
const answerOf = async (response: Response) => (await response.json()) as Answer;

describe('the topology front', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    // Kept-alive connections (fetch's, the front's to the instances) would hold close() open.
    await Promise.all(
      servers.splice(0).map((s) => {
        const closed = new Promise((done) => s.close(done));
        s.closeAllConnections();
        return closed;
      }),
    );
  });
  const listen = async (front: Server) => {
    servers.push(front);
    await new Promise<void>((done) => front.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(front.address() as { port: number }).port}`;
  };

  it('sends API requests round robin with their bodies, and says who asked', async () => {
    const a = await instance('a');
    const b = await instance('b');
    servers.push(a.server, b.server);
    const url = await listen(frontProxy(() => [a.upstream, b.upstream]));
    const names: string[] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await answerOf(await fetch(`${url}/api/customers`, { method: 'POST', body: `n=${i}` }));
      expect(answer.body).toBe(`n=${i}`);
      expect(answer.forwardedFor).toBe('127.0.0.1');
      names.push(answer.name);
    }
    expect(names.sort()).toEqual(['a', 'a', 'b', 'b']);
  });

  it('keeps one client address on one instance for socket.io, and pipes an upgrade through', async () => {
    const a = await instance('a');
    const b = await instance('b');
    servers.push(a.server, b.server);
    const url = await listen(frontProxy(() => [a.upstream, b.upstream]));
    const names = new Set<string>();
    for (let i = 0; i < 4; i++) names.add((await answerOf(await fetch(`${url}/socket.io/?EIO=4`))).name);
    expect(names.size).toBe(1);
    const port = Number(new URL(url).port);
    const echoed = await new Promise<string>((done) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write(
          'GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n',
        ),
      );
      let text = '';
      socket.on('data', (d: Buffer) => {
        text += d.toString();
        if (text.includes('101 Switching')) socket.write('ping');
        if (text.includes(':ping')) {
          socket.destroy();
          done(text);
        }
      });
    });
    expect(echoed).toContain(`${[...names][0]}:ping`);
  });

  it('tries another instance when one refuses the connection, and answers 503 when none is up', async () => {
    const a = await instance('a');
    servers.push(a.server);
    const down = await instance('down');
    await new Promise((done) => {
      down.server.close(done);
      down.server.closeAllConnections();
    });
    let upstreams = [down.upstream, a.upstream];
    const url = await listen(frontProxy(() => upstreams));
    for (let i = 0; i < 3; i++) expect((await answerOf(await fetch(`${url}/api/x`))).name).toBe('a');
    upstreams = [down.upstream];
    const none = await fetch(`${url}/api/x`);
    expect(none.status).toBe(503);
    expect(((await none.json()) as { errors: string[] }).errors[0]).toMatch(/No API instance is answering/);
  });

  it('refuses a body larger than any upload with 413', async () => {
    const a = await instance('a');
    servers.push(a.server);
    const url = await listen(frontProxy(() => [a.upstream]));
    const answer = await fetch(`${url}/api/files`, { method: 'POST', body: Buffer.alloc(5 * 1024 * 1024) });
    expect(answer.status).toBe(413);
  });
});
