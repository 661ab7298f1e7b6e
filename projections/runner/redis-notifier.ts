import type { socketIoRedisEmitter } from '../../src/core/redis';
import type { Notifier } from '../../src/core/change-notice';

type Emitter = ReturnType<typeof socketIoRedisEmitter>['emitter'];

/** The standalone worker's pushes: through Redis to whichever API instance holds each socket. */
export function redisNotifier(emitter: Emitter): Notifier {
  return {
    send(notice) {
      if (notice.move) {
        emitter.in(notice.rooms).socketsLeave(notice.move.leave);
        emitter.in(notice.rooms).socketsJoin(notice.move.join);
      }
      (emitter.to(notice.rooms).emit as (event: string, payload: unknown) => boolean)(notice.event, notice.payload);
      if (notice.disconnect) emitter.in(notice.rooms).disconnectSockets(true);
    },
  };
}
