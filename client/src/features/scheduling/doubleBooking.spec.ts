import { describe, expect, it } from 'vitest';
import { doubleBookings, NOT_AVAILABLE, peopleWarnings } from './doubleBooking';
import { sampleJob } from './jobs.fixture';

// Alex 8:00–10:00 (as assignee), Sam leads 9:00–9:30, Jordan 10:00–11:00
const jobs = [
  sampleJob({
    id: 'a',
    leadUserId: null,
    userIds: ['alex'],
    startDateTime: '2026-06-01T12:00:00Z',
    endDateTime: '2026-06-01T14:00:00Z',
  }),
  sampleJob({
    id: 'b',
    leadUserId: 'sam',
    userIds: [],
    startDateTime: '2026-06-01T13:00:00Z',
    endDateTime: '2026-06-01T13:30:00Z',
  }),
  sampleJob({
    id: 'c',
    leadUserId: null,
    userIds: ['jordan'],
    startDateTime: '2026-06-01T14:00:00Z',
    endDateTime: '2026-06-01T15:00:00Z',
  }),
  sampleJob({
    id: 'd',
    leadUserId: null,
    userIds: ['jordan'],
    availabilityOnly: true,
    startDateTime: '2026-06-01T13:00:00Z',
    endDateTime: '2026-06-01T16:00:00Z',
  }),
];
const slot = (start: string, end: string, id?: string) => ({ id, startDateTime: start, endDateTime: end });
const found = (list: { userId: string; job: { id: string } }[]) => list.map((d) => `${d.userId}@${d.job.id}`);

describe('doubleBookings', () => {
  it('finds the overlapping jobs of each chosen person, as assignee or lead', () => {
    expect(
      found(doubleBookings(slot('2026-06-01T13:15:00Z', '2026-06-01T13:45:00Z'), ['alex', 'sam', 'jordan'], jobs)),
    ).toEqual(['alex@a', 'sam@b']);
  });

  it('does not count touching jobs, nor the job itself, nor availability-only entries', () => {
    expect(doubleBookings(slot('2026-06-01T14:00:00Z', '2026-06-01T14:30:00Z'), ['alex'], jobs)).toEqual([]);
    expect(doubleBookings(slot('2026-06-01T12:00:00Z', '2026-06-01T14:00:00Z', 'a'), ['alex'], jobs)).toEqual([]);
    expect(found(doubleBookings(slot('2026-06-01T15:00:00Z', '2026-06-01T15:30:00Z'), ['jordan'], jobs))).toEqual([]);
  });

  it('checks each person once and ignores a slot that ends before it starts', () => {
    expect(found(doubleBookings(slot('2026-06-01T13:00:00Z', '2026-06-01T13:10:00Z'), ['alex', 'alex'], jobs))).toEqual(
      ['alex@a'],
    );
    expect(doubleBookings(slot('2026-06-01T14:00:00Z', '2026-06-01T13:00:00Z'), ['alex'], jobs)).toEqual([]);
  });
});

describe('peopleWarnings', () => {
  it('warns about people not available and people double-booked, without blocking', () => {
    const bookings = doubleBookings(slot('2026-06-01T13:15:00Z', '2026-06-01T13:45:00Z'), ['alex', 'sam'], jobs);
    const warnings = peopleWarnings({
      peopleIds: ['alex', 'sam', 'jordan', 'gone'],
      available: [
        { id: 'alex', employeeName: 'Alex Kim', available: true },
        { id: 'sam', employeeName: 'Sam Okafor', available: true },
        { id: 'jordan', employeeName: 'Jordan Patel', available: false },
      ],
      bookings,
      nameOf: (id) => ({ alex: 'Alex Kim', sam: 'Sam Okafor' })[id] ?? id,
      timeOf: (job) => job.id,
    });
    expect(warnings).toEqual([
      { userId: 'jordan', name: 'Jordan Patel', message: NOT_AVAILABLE },
      { userId: 'alex', name: 'Alex Kim', message: 'Already booked on Office cleaning (a)' },
      { userId: 'sam', name: 'Sam Okafor', message: 'Already booked on Office cleaning (b)' },
    ]);
    expect(NOT_AVAILABLE).toBe('Employee is not available on this day');
  });
});
