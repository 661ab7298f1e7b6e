import { given } from '../core/decider.testing';
import { SessionEvent } from './identity.events';
import { sessionDecider, SessionCommand } from './session.decider';

const data = {
  sessionId: 'session-1',
  userId: 'user-1',
  organizationId: 'org-1',
  tokenDigest: 'digest',
  rememberMe: false,
  expiresAt: '2030-01-01T12:00:00.000Z',
  ipAddress: '127.0.0.1',
  userAgent: 'jest',
};
const started: SessionEvent = { type: 'SessionStarted', data };
const ended = (reason: 'signed out' | 'expired' = 'signed out'): SessionEvent => ({
  type: 'SessionEnded',
  data: { sessionId: 'session-1', userId: 'user-1', organizationId: 'org-1', reason },
});
const start: SessionCommand = { type: 'StartSession', data };
const end = (reason: 'signed out' | 'expired' = 'signed out'): SessionCommand => ({ type: 'EndSession', reason });

describe('session decider', () => {
  describe('StartSession', () => {
    it('starts a new session with everything the sign-in gave', () => {
      given(sessionDecider, []).when(start).then([started]);
    });

    it('does nothing when the session has started already (idempotent)', () => {
      given(sessionDecider, [started]).when(start).then([]);
    });

    it('never restarts an ended session', () => {
      given(sessionDecider, [started, ended()]).when(start).then([]);
    });
  });

  describe('EndSession', () => {
    it('ends an active session on sign-out', () => {
      given(sessionDecider, [started])
        .when(end('signed out'))
        .then([ended('signed out')]);
    });

    it('ends an active session on expiry', () => {
      given(sessionDecider, [started])
        .when(end('expired'))
        .then([ended('expired')]);
    });

    it('does nothing when the session has ended already (ending twice is harmless)', () => {
      given(sessionDecider, [started, ended()]).when(end()).then([]);
    });

    it('does nothing for a session that never started', () => {
      given(sessionDecider, []).when(end()).then([]);
    });
  });

  describe('evolve', () => {
    it('keeps only who the session belongs to, then forgets it when it ends', () => {
      expect(given(sessionDecider, []).state).toEqual({ status: 'none' });
      expect(given(sessionDecider, [started]).state).toEqual({
        status: 'active',
        sessionId: 'session-1',
        userId: 'user-1',
        organizationId: 'org-1',
      });
      expect(given(sessionDecider, [started, ended()]).state).toEqual({ status: 'ended' });
    });
  });
});
