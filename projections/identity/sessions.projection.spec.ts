import { eventLog, projection } from '../../src/core/projection.testing';
import type { SessionEvent, UserEvent } from '../../src/identity/identity.events';
import { SESSIONS } from '../../src/identity/identity.read-models';
import { sessionsProjection } from './sessions.projection';

const ORG = 'org-1';
const ANA = 'user-ana';
const BOB = 'user-bob';

describe('sessions projection', () => {
  const spec = projection(sessionsProjection);
  let log: ReturnType<typeof eventLog>;
  beforeEach(() => (log = eventLog({ organizationId: ORG })));
  const session = (e: SessionEvent) => log.event(`session-${e.data.sessionId}`, e);
  const user = (e: UserEvent) => log.event(`user-${e.data.userId}`, e);
  const started = (sessionId: string, userId = ANA) =>
    session({
      type: 'SessionStarted',
      data: {
        sessionId,
        userId,
        organizationId: ORG,
        tokenDigest: `digest-${sessionId}`,
        rememberMe: false,
        expiresAt: '2030-01-02T10:00:00.000Z',
        ipAddress: '203.0.113.7',
        userAgent: 'Firefox',
      },
    });
  const live = (sessionId: string, userId = ANA, at = 1) => ({
    _id: `digest-${sessionId}`,
    sessionId,
    userId,
    organizationId: ORG,
    rememberMe: false,
    expiresAt: '2030-01-02T10:00:00.000Z',
    createdAt: log.at(at),
  });
  const passwordChanged = (keepSessionId: string | null) =>
    user({
      type: 'UserPasswordChanged',
      data: { userId: ANA, organizationId: ORG, passwordHash: 'hash', reason: 'changed', keepSessionId },
    });

  it("keeps a started session by its token's digest, without the address or browser it came from", async () => {
    await spec.given(started('s1')).then(SESSIONS, [live('s1')]);
  });

  it('drops a session that ended', async () => {
    await spec
      .given(
        started('s1'),
        started('s2'),
        session({
          type: 'SessionEnded',
          data: { sessionId: 's1', userId: ANA, organizationId: ORG, reason: 'signed out' },
        }),
      )
      .then(SESSIONS, [live('s2', ANA, 2)]);
  });

  it('ends the other sessions of a person who changed their password, keeping the one they changed it in', async () => {
    await spec
      .given(started('s1'), started('s2'), started('s3', BOB), passwordChanged('s2'))
      .then(SESSIONS, [live('s2', ANA, 2), live('s3', BOB, 3)]);
  });

  it('ends every session of a person whose password was reset, deactivated or deleted', async () => {
    await spec.given(started('s1'), started('s2'), passwordChanged(null)).thenNothing();
    log = eventLog({ organizationId: ORG });
    await spec
      .given(
        started('s1'),
        started('s2', BOB),
        user({ type: 'UserDeactivated', data: { userId: ANA, organizationId: ORG } }),
      )
      .then(SESSIONS, [live('s2', BOB, 2)]);
    log = eventLog({ organizationId: ORG });
    await spec
      .given(
        started('s1'),
        started('s2', BOB),
        user({ type: 'UserDeleted', data: { userId: BOB, organizationId: ORG } }),
      )
      .then(SESSIONS, [live('s1')]);
  });

  it('tells each ended session why, and disconnects it', async () => {
    const { notices } = await spec
      .given(
        started('s1'),
        started('s2'),
        session({ type: 'SessionEnded', data: { sessionId: 's1', userId: ANA, organizationId: ORG, reason: 'idle' } }),
        user({ type: 'UserDeactivated', data: { userId: ANA, organizationId: ORG } }),
        // Nothing left to end: no notice.
        user({ type: 'UserDeleted', data: { userId: ANA, organizationId: ORG } }),
      )
      .effects();
    expect(notices).toEqual([
      { rooms: ['session:s1'], event: 'session.ended', payload: { reason: 'idle' }, disconnect: true },
      { rooms: ['session:s2'], event: 'session.ended', payload: { reason: 'account deactivated' }, disconnect: true },
    ]);
  });
});
