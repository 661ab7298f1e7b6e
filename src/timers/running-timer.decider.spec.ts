import { ConflictError } from '../core/errors';
import { given } from '../core/decider.testing';
import { ONE_RUNNING, ORPHAN_CLAIM_MS, runningTimerDecider } from './running-timer.decider';
import type { RunningTimerEvent } from './timers.events';

const ORG = 'org-1';

describe('the one running timer of a user', () => {
  const claim = (timerId: string, claimed: 'running' | 'finished' | 'missing', at = '2026-06-01T13:00:00Z') => ({
    type: 'ClaimRunningTimer' as const,
    userId: 'u1',
    organizationId: ORG,
    timerId,
    at,
    claimed,
  });
  const claimed = (timerId: string, at = '2026-06-01T13:00:00Z'): RunningTimerEvent => ({
    type: 'TimerClaimed',
    data: { userId: 'u1', organizationId: ORG, timerId, at },
  });

  it('is claimed when none runs', () => {
    given(runningTimerDecider, [])
      .when(claim('t1', 'finished'))
      .then([claimed('t1')]);
  });

  it("refuses a second start while one runs: the second of two devices starting at once reads the first's claim", () => {
    given(runningTimerDecider, [claimed('t1')])
      .when(claim('t2', 'running'))
      .thenThrows(ConflictError, ONE_RUNNING);
    // The first device has claimed but not yet recorded its timer: still refused.
    given(runningTimerDecider, [claimed('t1')])
      .when(claim('t2', 'missing', '2026-06-01T13:00:01Z'))
      .thenThrows(ConflictError, ONE_RUNNING);
  });

  it('is free again once the claimed timer stopped or was deleted, or its claim was orphaned by a crash', () => {
    given(runningTimerDecider, [claimed('t1')])
      .when(claim('t2', 'finished'))
      .then([claimed('t2')]);
    const later = new Date(Date.parse('2026-06-01T13:00:00Z') + ORPHAN_CLAIM_MS + 1000).toISOString();
    given(runningTimerDecider, [claimed('t1')])
      .when(claim('t2', 'missing', later))
      .then([claimed('t2', later)]);
  });

  it('is released only by the timer that holds it', () => {
    const release = (timerId: string) => ({
      type: 'ReleaseRunningTimer' as const,
      userId: 'u1',
      organizationId: ORG,
      timerId,
    });
    given(runningTimerDecider, [claimed('t1')])
      .when(release('t1'))
      .then([{ type: 'TimerReleased', data: { userId: 'u1', organizationId: ORG, timerId: 't1' } }]);
    given(runningTimerDecider, [claimed('t2')])
      .when(release('t1'))
      .then([]);
  });
});
