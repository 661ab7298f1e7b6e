import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/config';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { SessionDoc, SESSIONS, UserDoc, USERS } from '../../projections/identity/read-models';
import type { CurrentUser } from './current-user';
import { claimsFor } from './roles';
import { tokenDigest } from './session-tokens';

/** Resolves a session cookie to the signed-in user, for HTTP requests and socket handshakes alike. */
@Injectable()
export class SessionResolver {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore, @Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async resolve(token: unknown, now = new Date()): Promise<CurrentUser | null> {
    if (typeof token !== 'string' || token.length < 20 || token.length > 100) return null;
    const session = await this.store.collection<SessionDoc>(SESSIONS).findOne({ _id: tokenDigest(this.config.sessionSecret, token) });
    if (!session || session.expiresAt <= now.toISOString()) return null;
    const user = await this.store.collection<UserDoc>(USERS).findOne({ _id: session.userId });
    if (!user || !user.active || user.organizationId !== session.organizationId) return null;
    return {
      userId: user._id,
      organizationId: user.organizationId,
      sessionId: session.sessionId,
      role: user.role,
      claims: claimsFor(user.role),
      fullName: user.fullName,
    };
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
