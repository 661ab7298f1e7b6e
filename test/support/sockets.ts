import type { Socket } from 'socket.io-client';
import type { ServerToClientEvents } from '../../src/realtime/client-events';

/** Pushes arrive within this bound or the test fails; nothing else about latency is asserted. */
export const PUSH_WITHIN_MS = 2000;

type AnySocket = Socket<ServerToClientEvents, Record<string, never>>;

/** The next `event` on the socket, or a failure after PUSH_WITHIN_MS. */
export function nextPush<K extends keyof ServerToClientEvents>(socket: AnySocket, event: K): Promise<Parameters<ServerToClientEvents[K]>[0]> {
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
