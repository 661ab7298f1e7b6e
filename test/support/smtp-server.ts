import { createServer, Server, Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A message the SMTP server took: its recipients and raw data. */
export interface ReceivedMail {
  to: string[];
  data: string;
}

/**
 * A minimal SMTP server on 127.0.0.1 (greeting, EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT) that
 * greets only after `greetingDelayMs`: a slow mail server, to show that answers do not wait for mail.
 */
export async function startSmtpServer(
  greetingDelayMs = 0,
): Promise<{ url: string; received: ReceivedMail[]; close(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let mail: ReceivedMail = { to: [], data: '' };
    const reply = (line: string) => socket.writable && socket.write(`${line}\r\n`);
    const greet = setTimeout(() => reply('220 test.local ESMTP'), greetingDelayMs);
    socket.on('close', () => clearTimeout(greet));
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(mail);
            mail = { to: [], data: '' };
            reply('250 OK: queued');
          } else mail.data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 test.local');
        else if (verb === 'MAIL' || verb === 'RSET' || verb === 'NOOP') reply('250 OK');
        else if (verb === 'RCPT') {
          mail.to.push(line.slice(line.indexOf('<') + 1, line.lastIndexOf('>')));
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('502 Command not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
