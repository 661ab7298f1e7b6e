import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Writable } from 'node:stream';
import type { Response } from 'express';
import { sendSpreadsheet } from './spreadsheet-download';

/** A download served by `write` (as sendSpreadsheet streams it), and what its failure handler was told. */
async function served(write: (out: Writable, closed: Promise<void>) => Promise<void>, readAll: boolean) {
  const failures: unknown[] = [];
  let done!: () => void;
  const sent = new Promise<void>((resolve) => (done = resolve));
  const server: Server = createServer((_req, res) => {
    // Express's set, which is all sendSpreadsheet asks of the response beside the stream.
    const response = Object.assign(res, {
      set: (headers: Record<string, string>) => Object.entries(headers).forEach(([k, v]) => res.setHeader(k, v)),
    }) as unknown as Response;
    const closed = new Promise<void>((resolve) => res.once('close', () => resolve()));
    void sendSpreadsheet(response, { write: (out) => write(out, closed) }, (error) => failures.push(error)).finally(
      done,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const received = await new Promise<string>((resolve) => {
    const request = get(`http://127.0.0.1:${port}/`, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
        // The person closes the download at its first bytes.
        if (!readAll) request.destroy();
      });
      res.on('end', () => resolve(body));
      res.on('error', () => resolve(body));
      res.on('aborted', () => resolve(body));
    });
    request.on('error', () => resolve(''));
    request.on('close', () => !readAll && resolve(''));
  });
  await sent;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return { failures, received };
}

/** What a stream says when written to after its connection went. */
const destroyedStream = () =>
  Object.assign(new Error('Cannot call write after a stream was destroyed'), { code: 'ERR_STREAM_DESTROYED' });

describe('sending a spreadsheet', () => {
  it('does not report a download the person closed as a failure, whatever the writer met after', async () => {
    const { failures } = await served(async (out, closed) => {
      out.write('PK first bytes');
      await closed;
      throw destroyedStream();
    }, false);
    expect(failures).toEqual([]);
  });

  it('reports a failure of its own, and cuts the download short rather than end it as whole', async () => {
    const broken = new Error('the rows could not be read');
    const { failures, received } = await served(async (out) => {
      out.write('PK first bytes');
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw broken;
    }, true);
    expect(failures).toEqual([broken]);
    expect(received).toBe('PK first bytes');
  });
});
