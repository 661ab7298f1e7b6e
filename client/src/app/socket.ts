import { io, type Socket } from 'socket.io-client';
import type { ServerToClientEvents } from '../../../src/shared/client-events';

export type { ServerToClientEvents };

/** The client sends nothing over the socket: it only listens for change notices. */
export type ClientToServerEvents = Record<string, never>;

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Same origin, path /socket.io, authenticated by the session cookie. */
export function connectSocket(): AppSocket {
  // WebSocket first: with several API instances behind a balancer, long-polling would need sticky sessions.
  return io({ path: '/socket.io', withCredentials: true, transports: ['websocket', 'polling'] });
}
