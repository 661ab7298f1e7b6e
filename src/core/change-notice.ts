import type { ServerEventName, ServerEventPayload } from '../shared/client-events';

/** A push decided by a projection; sent only after its read-model write, and only for live events. */
export interface ChangeNotice<K extends ServerEventName = ServerEventName> {
  rooms: string[];
  event: K;
  payload: ServerEventPayload<K>;
  /** Also disconnect the sockets in these rooms (ended sessions). */
  disconnect?: boolean;
  /** First move the sockets in these rooms out of `leave` and into `join` (a role change while they are open). */
  move?: { join: string[]; leave: string[] };
}

/** Where pushes go: the socket.io server in-process, or Redis from the standalone worker. */
export interface Notifier {
  send(notice: ChangeNotice): void;
}

/**
 * The in-process Notifier, provided by the module that the composition root hands to CoreModule.forRoot (the
 * socket.io gateway's, src/realtime): core knows the port, not the gateway.
 */
export const NOTIFIER = Symbol('Notifier');
