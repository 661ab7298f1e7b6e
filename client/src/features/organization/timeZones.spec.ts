import { describe, expect, it } from 'vitest';
import { timeZoneOptions } from './timeZones';

describe('timeZoneOptions', () => {
  it('lists the given zones sorted, with UTC added when missing', () => {
    expect(timeZoneOptions(null, ['Europe/Paris', 'America/Chicago'])).toEqual([
      'America/Chicago',
      'Europe/Paris',
      'UTC',
    ]);
  });

  it('keeps the current value even when the browser does not know it', () => {
    expect(timeZoneOptions('Etc/GMT+5', ['UTC'])).toEqual(['Etc/GMT+5', 'UTC']);
  });

  it('uses the IANA zones of the runtime by default', () => {
    expect(timeZoneOptions()).toContain('America/New_York');
  });
});
