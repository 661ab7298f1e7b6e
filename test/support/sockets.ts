import { io, type Socket } from 'socket.io-client';
import type { ServerToClientEvents } from '../../src/shared/client-events';
import { within } from './time';

/**
 * A push that has not arrived after this long fails the test; nothing about latency is asserted (the push
 * benchmarks measure that). 2 s failed in CI with both workers' servers and browsers on the 2 cores.
 */
export const PUSH_WITHIN_MS = within(15_000);

type AnySocket = Socket<ServerToClientEvents, Record<string, never>>;

/** The next `event` on the socket, or a failure after PUSH_WITHIN_MS. */
export function nextPush<K extends keyof ServerToClientEvents>(
  socket: AnySocket,
  event: K,
): Promise<Parameters<ServerToClientEvents[K]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${event}' within ${PUSH_WITHIN_MS} ms`)), PUSH_WITHIN_MS);
    (socket.once as (e: string, listener: (p: unknown) => void) => void)(event, (payload) => {
      clearTimeout(timer);
      resolve(payload as never);
    });
  });
}

/** Resolves with the reason once the server disconnects the socket, or fails after PUSH_WITHIN_MS. */
export function disconnection(socket: AnySocket): Promise<string> {
  if (socket.disconnected) return Promise.resolve('already disconnected');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not disconnected within ${PUSH_WITHIN_MS} ms`)), PUSH_WITHIN_MS);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

export type TestSocket = AnySocket & { received: { event: string; payload: unknown }[] };

/**
 * A socket.io client as a browser tab opens it, with a signed-in client's session cookie and no
 * reconnection (so a refusal is final). Every push it receives is recorded in `received`; `opened`
 * collects it for the suite to disconnect.
 */
export function openSocket(url: string, cookie: string, opened: TestSocket[]): Promise<TestSocket> {
  const socket = io(url, {
    path: '/socket.io',
    forceNew: true,
    reconnection: false,
    timeout: PUSH_WITHIN_MS,
    extraHeaders: { cookie },
  }) as TestSocket;
  socket.received = [];
  socket.onAny((event: string, payload: unknown) => socket.received.push({ event, payload }));
  opened.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(new Error(`socket refused by ${url}: ${error.message}`)));
  });
}
