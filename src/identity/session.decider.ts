import { Decider } from '../core/decider';
import { SessionEndReason, SessionEvent } from './identity.events';

export type SessionCommand =
  | { type: 'StartSession'; data: Extract<SessionEvent, { type: 'SessionStarted' }>['data'] }
  | { type: 'EndSession'; reason: SessionEndReason };

export type SessionState =
  { status: 'none' | 'ended' } | { status: 'active'; sessionId: string; userId: string; organizationId: string };

export const sessionDecider: Decider<SessionCommand, SessionState, SessionEvent> = {
  initialState: { status: 'none' },
  evolve(_state, event) {
    if (event.type === 'SessionStarted') {
      const { sessionId, userId, organizationId } = event.data;
      return { status: 'active', sessionId, userId, organizationId };
    }
    return { status: 'ended' };
  },
  decide(command, state) {
    if (command.type === 'StartSession')
      return state.status === 'none' ? [{ type: 'SessionStarted', data: command.data }] : [];
    if (state.status !== 'active') return []; // ending twice is harmless
    const { sessionId, userId, organizationId } = state;
    return [{ type: 'SessionEnded', data: { sessionId, userId, organizationId, reason: command.reason } }];
  },
};
