import { describe, expect, it } from 'vitest';
import { emitServerEvent, onServerEvent } from './serverEvents';

describe('server events for screens', () => {
  it('calls the listeners of that event only, until they unsubscribe', () => {
    const heard: string[] = [];
    const stopTimers = onServerEvent('timers.changed', () => heard.push('timers'));
    const stopRatings = onServerEvent('ratings.changed', () => heard.push('ratings'));
    emitServerEvent('timers.changed');
    stopTimers();
    emitServerEvent('timers.changed');
    emitServerEvent('ratings.changed');
    stopRatings();
    emitServerEvent('ratings.changed');
    expect(heard).toEqual(['timers', 'ratings']);
  });
});
