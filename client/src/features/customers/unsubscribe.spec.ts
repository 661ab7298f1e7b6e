import { describe, expect, it } from 'vitest';
import { unsubscribedNote, unsubscribeUrl } from './unsubscribe';

describe('unsubscribing from a customer’s e-mails', () => {
  it('names the day the address unsubscribed in the organization’s zone', () => {
    // 10:30 PM in New York on Nov 26 is already Nov 27 in UTC.
    expect(unsubscribedNote('2026-11-27T03:30:00.000Z', 'America/New_York')).toBe(
      'Unsubscribed from visit reminders and feedback requests on Thu 26 Nov 2026',
    );
    expect(unsubscribedNote('2026-11-27T03:30:00.000Z', 'UTC')).toBe(
      'Unsubscribed from visit reminders and feedback requests on Fri 27 Nov 2026',
    );
  });

  it('puts the token in the API address as one path segment', () => {
    expect(unsubscribeUrl('abc.DEF-_1')).toBe('/api/unsubscribe/abc.DEF-_1');
    expect(unsubscribeUrl('a/b?c')).toBe('/api/unsubscribe/a%2Fb%3Fc');
  });
});
