import { Decider } from '../core/decider';
import { ConflictError } from '../core/errors';
import { RunningTimerEvent } from './timers.events';

export const ONE_RUNNING = 'A timer is already running. Stop it before starting another.';
/** A claim whose timer was never recorded (a crash between the two appends) counts as free after this. */
export const ORPHAN_CLAIM_MS = 60_000;

/**
 * The one running timer of a user. State is the latest event alone (the stream is loaded from its
 * last event), so it stays one read however many timers the user has had.
 */
export type RunningTimerState = { timerId: string | null; claimedAt: string | null };

export type RunningTimerCommand =
  | {
      type: 'ClaimRunningTimer';
      userId: string;
      organizationId: string;
      timerId: string;
      at: string;
      /** What the currently claimed timer is: still running, finished (stopped or deleted), or not recorded at all. */
      claimed: 'running' | 'finished' | 'missing';
    }
  | { type: 'ReleaseRunningTimer'; userId: string; organizationId: string; timerId: string };

export const runningTimerDecider: Decider<RunningTimerCommand, RunningTimerState, RunningTimerEvent> = {
  initialState: { timerId: null, claimedAt: null },

  evolve(_state, event) {
    return event.type === 'TimerClaimed'
      ? { timerId: event.data.timerId, claimedAt: event.data.at }
      : { timerId: null, claimedAt: null };
  },

  decide(command, state) {
    switch (command.type) {
      case 'ClaimRunningTimer': {
        if (state.timerId) {
          const orphan =
            command.claimed === 'missing' && Date.parse(command.at) - Date.parse(state.claimedAt!) > ORPHAN_CLAIM_MS;
          if (command.claimed === 'running' || (command.claimed === 'missing' && !orphan))
            throw new ConflictError(ONE_RUNNING);
        }
        return [
          {
            type: 'TimerClaimed',
            data: {
              userId: command.userId,
              organizationId: command.organizationId,
              timerId: command.timerId,
              at: command.at,
            },
          },
        ];
      }
      case 'ReleaseRunningTimer':
        return state.timerId === command.timerId
          ? [
              {
                type: 'TimerReleased',
                data: { userId: command.userId, organizationId: command.organizationId, timerId: command.timerId },
              },
            ]
          : [];
    }
  },
};
