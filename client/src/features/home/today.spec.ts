import { describe, expect, it } from 'vitest';
import { sampleJob } from '../scheduling/jobs.fixture';
import {
  crewJobs,
  crewNames,
  endedWithoutTime,
  isLate,
  isUnassigned,
  nextJob,
  progressOf,
  todaySummary,
} from './today';

const at = (iso: string) => Date.parse(iso);
const open = { userIds: [], users: [], leadUserId: null, leadUser: null, isOpen: true };
const time = {
  id: 't1',
  userId: 'u1',
  type: 'Job' as const,
  startDateTime: '2026-06-01T12:00:00Z',
  endDateTime: '2026-06-01T13:55:00Z',
  mileageStart: null,
  mileageEnd: null,
};

describe("Home's today panel", () => {
  it('marks a job late once under way past the grace with nobody of its crew on the clock', () => {
    const job = sampleJob({ leadUserId: 'lead', userIds: ['u2'] }); // 12:00-14:00 UTC
    const nobody = new Set<string>();
    expect(isLate(job, at('2026-06-01T12:09:59Z'), nobody, 10)).toBe(false); // within the grace
    expect(isLate(job, at('2026-06-01T12:10:00Z'), nobody, 10)).toBe(true);
    expect(isLate(job, at('2026-06-01T12:00:00Z'), nobody, 0)).toBe(true);
    expect(isLate(job, at('2026-06-01T12:30:00Z'), new Set(['u2']), 10)).toBe(false); // one of the crew clocked in
    expect(isLate(job, at('2026-06-01T12:30:00Z'), new Set(['someone else']), 10)).toBe(true);
    expect(isLate(job, at('2026-06-01T14:00:00Z'), nobody, 10)).toBe(false); // ended: not late, untracked
    expect(isLate(sampleJob(open), at('2026-06-01T12:30:00Z'), nobody, 10)).toBe(false); // unassigned instead
  });

  it('tells a job done, in progress or upcoming; the end is the moment it is done', () => {
    const job = sampleJob(); // 12:00-14:00 UTC
    expect(progressOf(job, at('2026-06-01T11:59:00Z'))).toBe('upcoming');
    expect(progressOf(job, at('2026-06-01T12:00:00Z'))).toBe('inProgress');
    expect(progressOf(job, at('2026-06-01T14:00:00Z'))).toBe('done');
  });

  it('lists the crew jobs by start then name, without availability entries', () => {
    const jobs = [
      sampleJob({ id: 'b', name: 'Windows', startDateTime: '2026-06-01T15:00:00Z' }),
      sampleJob({ id: 'a', name: 'Lawn', startDateTime: '2026-06-01T15:00:00Z' }),
      sampleJob({ id: 'c', name: 'Early', startDateTime: '2026-06-01T09:00:00Z' }),
      sampleJob({ id: 'x', name: 'Available', availabilityOnly: true, startDateTime: '2026-06-01T08:00:00Z' }),
    ];
    expect(crewJobs(jobs).map((j) => j.id)).toEqual(['c', 'a', 'b']);
  });

  it('finds jobs that ended with people on them and no time recorded, leaving out unassigned ones', () => {
    const now = at('2026-06-01T16:00:00Z');
    const ended = sampleJob({ id: 'ended' });
    const withTime = sampleJob({ id: 'timed', trackedTimes: [time] });
    const nobody = sampleJob({ id: 'open', ...open });
    const later = sampleJob({
      id: 'later',
      startDateTime: '2026-06-01T17:00:00Z',
      endDateTime: '2026-06-01T18:00:00Z',
    });
    const leadOnly = sampleJob({ id: 'lead', userIds: [], users: [] });
    expect(endedWithoutTime([ended, withTime, nobody, later, leadOnly], now).map((j) => j.id)).toEqual([
      'ended',
      'lead',
    ]);
    expect(isUnassigned(nobody)).toBe(true);
    expect(isUnassigned(leadOnly)).toBe(false);
  });

  it('names the crew once each, lead first', () => {
    const job = sampleJob({
      users: [
        { id: 'u2', fullName: 'Casey Morgan', colorCode: null },
        { id: 'u1', fullName: 'Alex Kim', colorCode: null },
      ],
    });
    expect(crewNames(job)).toBe('Alex Kim, Casey Morgan');
    expect(crewNames(sampleJob(open))).toBe('');
  });

  it('counts the day: jobs, unassigned, in progress and done', () => {
    const now = at('2026-06-01T13:00:00Z');
    const jobs = [
      sampleJob({ id: '1', startDateTime: '2026-06-01T08:00:00Z', endDateTime: '2026-06-01T09:00:00Z' }),
      sampleJob({ id: '2' }),
      sampleJob({ id: '3', ...open, startDateTime: '2026-06-01T18:00:00Z', endDateTime: '2026-06-01T19:00:00Z' }),
    ];
    expect(todaySummary(jobs, now)).toEqual({ total: 3, unassigned: 1, inProgress: 1, done: 1 });
  });

  it('shows an associate the job under way first, else the next one, never one that ended', () => {
    const now = at('2026-06-01T13:00:00Z');
    const ended = sampleJob({
      id: 'ended',
      startDateTime: '2026-06-01T08:00:00Z',
      endDateTime: '2026-06-01T09:00:00Z',
    });
    const current = sampleJob({ id: 'current' });
    const tomorrow = sampleJob({
      id: 'tomorrow',
      startDateTime: '2026-06-02T12:00:00Z',
      endDateTime: '2026-06-02T13:00:00Z',
    });
    expect(nextJob([tomorrow, ended, current], now)?.id).toBe('current');
    expect(nextJob([tomorrow, ended], now)?.id).toBe('tomorrow');
    expect(nextJob([ended], now)).toBeNull();
    expect(nextJob(undefined, now)).toBeNull();
  });
});
