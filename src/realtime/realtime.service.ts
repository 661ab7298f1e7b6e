import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { Server } from 'socket.io';
import { APP_CONFIG, AppConfig } from '../config/config';
import { socketIoRedisAdapter } from '../core/redis';
import type { ChangeNotice, Notifier } from '../core/change-notice';
import { SessionResolver, cookieValue } from '../identity/sessions.service';
import { sessionCookieName } from '../identity/session-tokens';
import { claimRooms, rooms } from './rooms';
import type { ServerToClientEvents } from '../shared/client-events';

/** How often a connected socket's session is checked again (expiry ends it even without an event). */
const SESSION_RECHECK_MS = 60_000;

/**
 * socket.io on the API's HTTP server. The handshake is authenticated by the session cookie and
 * the socket joins only rooms derived from that session: its organization, its user, its session,
 * and the organization's managers. Clients cannot join anything else.
 */
@Injectable()
export class Realtime implements Notifier, OnApplicationShutdown {
  private io: Server<Record<string, never>, ServerToClientEvents> | null = null;
  private closeAdapter: (() => Promise<void>) | null = null;
  private readonly logger = new Logger('Realtime');

  constructor(
    private readonly sessions: SessionResolver,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  attach(httpServer: HttpServer): void {
    const io = new Server<Record<string, never>, ServerToClientEvents>(httpServer, {
      path: '/socket.io',
      serveClient: false,
      allowRequest: (request, callback) => callback(null, this.sameOrigin(request)),
    });
    if (this.config.redisUrl) {
      const { adapter, close } = socketIoRedisAdapter(this.config.redisUrl);
      io.adapter(adapter);
      this.closeAdapter = close;
    }
    io.use(async (socket, next) => {
      const token = cookieValue(socket.handshake.headers.cookie, sessionCookieName(this.config.publicUrl));
      const user = await this.sessions.resolve(token).catch(() => null);
      if (!user) return next(new Error('Please sign in to continue.'));
      socket.data.user = user;
      socket.data.token = token;
      next();
    });
    io.on('connection', (socket) => {
      const user = socket.data.user;
      socket.join([
        rooms.organization(user.organizationId),
        rooms.user(user.userId),
        rooms.session(user.sessionId),
        ...claimRooms(user.organizationId, user.claims).join,
      ]);
      const recheck = setInterval(async () => {
        if (!(await this.sessions.resolve(socket.data.token).catch(() => null))) {
          socket.emit('session.ended', { reason: 'expired' });
          socket.disconnect(true);
        }
      }, SESSION_RECHECK_MS);
      recheck.unref();
      socket.on('disconnect', () => clearInterval(recheck));
    });
    this.io = io;
  }

  /**
   * Pushes from this instance's own projections reach this instance's sockets only: every instance
   * runs the same projections, so going through the Redis adapter would deliver each notice twice.
   * (The standalone worker pushes through Redis to every instance instead.)
   */
  send(notice: ChangeNotice): void {
    if (!this.io) return;
    if (notice.move) {
      this.io.local.in(notice.rooms).socketsLeave(notice.move.leave);
      this.io.local.in(notice.rooms).socketsJoin(notice.move.join);
    }
    (this.io.local.to(notice.rooms).emit as (event: string, payload: unknown) => boolean)(notice.event, notice.payload);
    if (notice.disconnect) this.io.local.in(notice.rooms).disconnectSockets(true);
  }

  async onApplicationShutdown(): Promise<void> {
    await new Promise<void>((resolve) => (this.io ? this.io.close(() => resolve()) : resolve()));
    await this.closeAdapter?.();
  }

  /** Cross-site WebSocket hijacking defence: a browser's handshake must come from our own origin. */
  private sameOrigin(request: IncomingMessage): boolean {
    const origin = request.headers.origin;
    if (!origin) return true;
    const ok =
      origin === new URL(this.config.publicUrl).origin ||
      origin === `http://${request.headers.host}` ||
      origin === `https://${request.headers.host}`;
    if (!ok) this.logger.warn(`socket handshake from foreign origin ${origin} refused`);
    return ok;
  }
}
