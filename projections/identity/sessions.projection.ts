import { SessionEvent, UserEvent } from '../../src/identity/identity.events';
import { rooms } from '../../src/realtime/rooms';
import { Projection, ProjectionContext } from '../runner/projection';
import { SessionDoc, SESSIONS } from '../../src/identity/identity.read-models';

/** Live sessions. Password changes, deactivation and deletion end a user's sessions here, at once. */
export const sessionsProjection: Projection = {
  name: 'sessions',
  version: 1,
  collections: [SESSIONS],
  streams: ['session', 'user'],
  async setup(store) {
    const sessions = store.collection(SESSIONS);
    await sessions.createIndex({ sessionId: 1 }, { name: 'sessionId' });
    await sessions.createIndex({ userId: 1 }, { name: 'userId' });
  },
  async apply(event, context) {
    const sessions = context.store.collection<SessionDoc>(SESSIONS);
    const e = { type: event.type, data: event.data } as SessionEvent | UserEvent;
    switch (e.type) {
      case 'SessionStarted': {
        const { tokenDigest, ipAddress: _ip, userAgent: _ua, ...rest } = e.data;
        await sessions.replaceOne(
          { _id: tokenDigest },
          { _id: tokenDigest, ...rest, createdAt: event.metadata.timestamp },
          { upsert: true },
        );
        return;
      }
      case 'SessionEnded':
        await endSessions(context, { sessionId: e.data.sessionId }, e.data.reason);
        return;
      case 'UserPasswordChanged':
        await endSessions(
          context,
          { userId: e.data.userId, ...(e.data.keepSessionId ? { sessionId: { $ne: e.data.keepSessionId } } : {}) },
          'password changed',
        );
        return;
      case 'UserDeactivated':
        await endSessions(context, { userId: e.data.userId }, 'account deactivated');
        return;
      case 'UserDeleted':
        await endSessions(context, { userId: e.data.userId }, 'account deleted');
        return;
    }
  },
};

async function endSessions({ store, notify }: ProjectionContext, filter: Record<string, unknown>, reason: string) {
  const sessions = store.collection<SessionDoc>(SESSIONS);
  const ending = await sessions.find(filter);
  if (!ending.length) return;
  await sessions.deleteMany({ _id: { $in: ending.map((s) => s._id) } });
  for (const s of ending)
    notify({ rooms: [rooms.session(s.sessionId)], event: 'session.ended', payload: { reason }, disconnect: true });
}
