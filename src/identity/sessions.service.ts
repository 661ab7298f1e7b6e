import { Inject, Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { APP_CONFIG, AppConfig } from '../config/config';
import { Aggregates } from '../core/commands/aggregates';
import { newId } from '../core/clock';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { SessionDoc, sessionByDigest, userById } from './identity.read-models';
import type { CurrentUser } from './current-user';
import { identityStreams } from './identity.events';
import { claimsFor } from './roles';
import { sessionDecider } from './session.decider';
import { tokenDigest } from './session-tokens';

/**
 * When each session was last used, kept by the API itself (not a projection: it is no fact of the
 * event log). Written at most once a minute per session and instance, so the idle timeout is exact
 * to about a minute; every instance reads it when its own memory of a session is missing or old.
 */
export const SESSION_ACTIVITY = 'sessionActivity';
interface ActivityDoc {
  _id: string;
  at: string;
}
const WRITE_EVERY_MS = 60_000;
const FORGET_AFTER = 10_000;

/** Resolves a session cookie to the signed-in user, for HTTP requests and socket handshakes alike. */
@Injectable()
export class SessionResolver {
  private readonly logger = new Logger('Sessions');
  /** sessionId → the last use this instance knows of, and when it last wrote it down. */
  private readonly lastUse = new Map<string, { at: number; written: number }>();

  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly modules: ModuleRef,
  ) {}

  /** Looked up when needed: the command path waits on the projections, whose pushes need this resolver's module. */
  private get aggregates(): Aggregates {
    return this.modules.get(Aggregates, { strict: false });
  }

  /**
   * The session's user, or null when the token is unknown, expired, idle for too long, or its user
   * is inactive. `use`: this is the person acting (an HTTP request), which keeps the session alive; a
   * socket's periodic check only looks.
   */
  async resolve(token: unknown, now = new Date(), use = false): Promise<CurrentUser | null> {
    if (typeof token !== 'string' || token.length < 20 || token.length > 100) return null;
    const session = await sessionByDigest(this.store, tokenDigest(this.config.sessionSecret, token));
    if (!session || session.expiresAt <= now.toISOString()) return null;
    if (!session.rememberMe && (await this.idle(session, now.getTime()))) return null;
    const user = await userById(this.store, session.userId);
    if (!user || !user.active || user.organizationId !== session.organizationId) return null;
    if (use) await this.used(session.sessionId, now.getTime());
    return {
      userId: user._id,
      organizationId: user.organizationId,
      sessionId: session.sessionId,
      role: user.role,
      claims: claimsFor(user.role),
      fullName: user.fullName,
    };
  }

  /**
   * Idle past the timeout (OWASP ASVS 7.3.1): the session is ended in the log, so it stays ended
   * whatever any instance remembers. A session with no recorded use counts from its start.
   */
  private async idle(session: SessionDoc, now: number): Promise<boolean> {
    const limit = this.config.sessionIdleMinutes * 60_000;
    const known = this.lastUse.get(session.sessionId)?.at ?? Date.parse(session.createdAt);
    if (now - known < limit - WRITE_EVERY_MS) return false;
    const stored = await this.store.collection<ActivityDoc>(SESSION_ACTIVITY).findOne({ _id: session.sessionId });
    const last = Math.max(known, stored ? Date.parse(stored.at) : 0);
    if (now - last < limit) return false;
    this.lastUse.delete(session.sessionId);
    await this.aggregates
      .execute(
        identityStreams.session(session.sessionId),
        sessionDecider,
        { type: 'EndSession', reason: 'idle' },
        {
          organizationId: session.organizationId,
          actorUserId: null,
          correlationId: newId(),
          causationId: null,
          at: new Date(now).toISOString(),
        },
      )
      .catch((error) => this.logger.warn(`ending idle session ${session.sessionId}: ${String(error)}`)); // another request may have ended it first
    return true;
  }

  private async used(sessionId: string, now: number): Promise<void> {
    const known = this.lastUse.get(sessionId);
    const due = !known || now - known.written >= WRITE_EVERY_MS;
    this.lastUse.set(sessionId, { at: Math.max(now, known?.at ?? 0), written: due ? now : known.written });
    if (due) {
      await this.store
        .collection<ActivityDoc>(SESSION_ACTIVITY)
        .replaceOne({ _id: sessionId }, { _id: sessionId, at: new Date(now).toISOString() }, { upsert: true });
    }
    if (this.lastUse.size > FORGET_AFTER) this.forgetIdle(now);
  }

  /** Memory holds recent sessions only: the activity collection remembers the rest. */
  private forgetIdle(now: number): void {
    for (const [sessionId, { at }] of this.lastUse) {
      if (now - at > this.config.sessionIdleMinutes * 60_000) this.lastUse.delete(sessionId);
    }
  }
}

/** Reads one cookie from a raw Cookie header (socket.io handshakes have no cookie parser). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
