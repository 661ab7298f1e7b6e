import { describe, expect, it } from 'vitest';
import {
  asOfBannerText,
  asOfFromSearch,
  asOfParams,
  dayFromSearch,
  momentUrl,
  scheduleMoments,
  withAsOf,
  withoutAsOf,
} from './asOf';

describe('as of a moment', () => {
  it('reads asOfPosition (a position token) before asOf (an ISO date-time)', () => {
    expect(asOfFromSearch('?asOfPosition=0123456789abcdef0123456789abcdef')).toEqual({
      asOfPosition: '0123456789abcdef0123456789abcdef',
    });
    expect(asOfFromSearch('asOf=2026-11-20T14:30:00.000Z&asOfPosition=fedcba9876543210fedcba9876543210')).toEqual({
      asOfPosition: 'fedcba9876543210fedcba9876543210',
    });
    expect(asOfFromSearch('asOf=2026-11-20T14:30:00.000Z')).toEqual({ asOf: '2026-11-20T14:30:00.000Z' });
    expect(asOfFromSearch('asOf=2026-11-20T09:30-05:00')).toEqual({ asOf: '2026-11-20T09:30-05:00' });
  });

  it('takes a malformed moment for now', () => {
    expect(asOfFromSearch('')).toBeNull();
    expect(asOfFromSearch('asOfPosition=-1')).toBeNull();
    expect(asOfFromSearch('asOfPosition=1.5')).toBeNull();
    // A bare log position is no longer a moment (issue #24: positions go out as tokens only).
    expect(asOfFromSearch('asOfPosition=12')).toBeNull();
    expect(asOfFromSearch('asOf=yesterday')).toBeNull();
    expect(asOfFromSearch('asOf=2026-13-45T99:00:00Z')).toBeNull();
  });

  it('adds the moment to a read', () => {
    expect(asOfParams(null)).toEqual({});
    expect(withAsOf('/api/jobs/upcoming', null)).toBe('/api/jobs/upcoming');
    expect(
      withAsOf('/api/jobs/user?StartDate=11%2F01%2F2026', { asOfPosition: '0123456789abcdef0123456789abcdef' }),
    ).toBe('/api/jobs/user?StartDate=11%2F01%2F2026&asOfPosition=0123456789abcdef0123456789abcdef');
    expect(momentUrl({ asOf: '2026-11-20T14:30:00.000Z' })).toBe('/api/audit/moment?asOf=2026-11-20T14%3A30%3A00.000Z');
  });

  it('drops the moment and keeps the rest ("Back to now")', () => {
    expect(withoutAsOf('job=j1&asOfPosition=4&asOf=x').toString()).toBe('job=j1');
  });

  it("links a job's change to the schedule just before and after it", () => {
    const tokens = { position: '0123456789abcdef0123456789abcdef', positionBefore: 'fedcba9876543210fedcba9876543210' };
    expect(scheduleMoments({ ...tokens, record: { type: 'job' } })).toEqual({
      before: '/scheduling?asOfPosition=fedcba9876543210fedcba9876543210',
      after: '/scheduling?asOfPosition=0123456789abcdef0123456789abcdef',
    });
    expect(scheduleMoments({ ...tokens, record: { type: 'recurringJob' } })?.before).toBe(
      '/scheduling?asOfPosition=fedcba9876543210fedcba9876543210',
    );
    expect(scheduleMoments({ ...tokens, record: { type: 'customer' } })).toBeNull();
    expect(scheduleMoments({})).toBeNull();
  });

  it("opens the schedule links on the job's day in the organization's zone", () => {
    const entry = {
      position: '0123456789abcdef0123456789abcdef',
      positionBefore: 'fedcba9876543210fedcba9876543210',
      record: { type: 'job', startsAt: '2026-06-02T02:30:00.000Z' },
    };
    expect(scheduleMoments(entry, 'America/New_York')).toEqual({
      before: '/scheduling?asOfPosition=fedcba9876543210fedcba9876543210&day=2026-06-01',
      after: '/scheduling?asOfPosition=0123456789abcdef0123456789abcdef&day=2026-06-01',
    });
    expect(scheduleMoments(entry, 'UTC')?.after).toBe(
      '/scheduling?asOfPosition=0123456789abcdef0123456789abcdef&day=2026-06-02',
    );
    expect(dayFromSearch('?asOfPosition=10&day=2026-06-01')).toBe('2026-06-01');
    expect(dayFromSearch('?day=2026-13-40')).toBeNull();
    expect(dayFromSearch('?day=tomorrow')).toBeNull();
    expect(dayFromSearch('')).toBeNull();
  });

  it('words the banner', () => {
    expect(asOfBannerText('Nov 20, 2026, 9:30 AM')).toBe(
      'Viewing the schedule as it stood on Nov 20, 2026, 9:30 AM. Read-only.',
    );
  });
});

describe('the As of… picker', () => {
  it("reads a wall-clock time in the organization's zone as an instant, and back", async () => {
    const { isoOfWall, wallOfIso } = await import('./asOfTime');
    expect(isoOfWall('2026-11-20 09:30:00', 'America/New_York')).toBe('2026-11-20T14:30:00Z');
    expect(isoOfWall('2026-11-20 09:30', 'America/New_York')).toBe('2026-11-20T14:30:00Z');
    expect(isoOfWall('not a time', 'UTC')).toBeNull();
    expect(wallOfIso('2026-11-20T14:30:00Z', 'America/New_York')).toBe('2026-11-20 09:30:00');
    expect(wallOfIso('nope', 'UTC')).toBeNull();
  });
});
