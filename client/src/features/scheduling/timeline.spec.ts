import { describe, expect, it } from 'vitest';
import { sampleJob } from './jobs.fixture';
import {
  hourLabels,
  labelRooms,
  lanes,
  movedBy,
  placement,
  reassigned,
  rowIdsOf,
  snappedMinutes,
  timelineRows,
  UNASSIGNED,
} from './timeline';

const NY = 'America/New_York';

describe('TimelineDay placement', () => {
  it('places a bar by its wall-clock times in the organization zone', () => {
    // 12:00Z–14:00Z is 8:00–10:00 in New York (EDT): a third of the day in, a twelfth wide
    expect(placement('2026-06-01T12:00:00Z', '2026-06-01T14:00:00Z', '2026-06-01', NY)).toEqual({
      left: 33.333,
      width: 8.333,
      clippedStart: false,
      clippedEnd: false,
    });
    // the same instants in Berlin are 14:00–16:00
    expect(placement('2026-06-01T12:00:00Z', '2026-06-01T14:00:00Z', '2026-06-01', 'Europe/Berlin')?.left).toBe(58.333);
  });

  it('is not on a day it does not touch, and clips a job that crosses midnight', () => {
    expect(placement('2026-06-01T12:00:00Z', '2026-06-01T14:00:00Z', '2026-06-02', NY)).toBeNull();
    // 22:00–02:00 New York
    expect(placement('2026-06-02T02:00:00Z', '2026-06-02T06:00:00Z', '2026-06-01', NY)).toEqual({
      left: 91.667,
      width: 8.333,
      clippedStart: false,
      clippedEnd: true,
    });
    expect(placement('2026-06-02T02:00:00Z', '2026-06-02T06:00:00Z', '2026-06-02', NY)).toEqual({
      left: 0,
      width: 8.333,
      clippedStart: true,
      clippedEnd: false,
    });
  });

  it('ends a bar at the edge when the job ends at midnight', () => {
    expect(placement('2026-06-02T02:00:00Z', '2026-06-02T04:00:00Z', '2026-06-01', NY)).toMatchObject({
      left: 91.667,
      width: 8.333,
      clippedEnd: false,
    });
  });

  it('keeps wall-clock hours on a DST day', () => {
    // 8 March 2026: 9:00–10:00 EDT is 13:00Z–14:00Z
    expect(placement('2026-03-08T13:00:00Z', '2026-03-08T14:00:00Z', '2026-03-08', NY)).toMatchObject({
      left: 37.5,
      width: 4.167,
    });
  });

  it('labels the hours across the top', () => {
    const labels = hourLabels();
    expect(labels).toHaveLength(24);
    expect([labels[0], labels[9], labels[12], labels[23]]).toEqual(['12 AM', '9 AM', '12 PM', '11 PM']);
  });
});

describe('TimelineDay rows', () => {
  const people = [
    { id: 'alex', fullName: 'Alex Kim', colorCode: '#1C7ED6' },
    { id: 'sam', fullName: 'Sam Okafor', colorCode: '#F08C00' },
  ];

  it("puts a job in each assignee's row, the lead's when nobody is assigned, else Unassigned", () => {
    expect(rowIdsOf({ userIds: ['alex', 'sam'], leadUserId: 'jordan' })).toEqual(['alex', 'sam']);
    expect(rowIdsOf({ userIds: [], leadUserId: 'jordan' })).toEqual(['jordan']);
    expect(rowIdsOf({ userIds: [], leadUserId: null })).toEqual([UNASSIGNED]);
  });

  it('lists Unassigned, every active employee, then anyone else a job names', () => {
    const team = sampleJob({ id: 't', userIds: ['alex', 'sam'] });
    const open = sampleJob({ id: 'o', userIds: [], leadUserId: null });
    const former = sampleJob({
      id: 'f',
      userIds: ['gone'],
      users: [{ id: 'gone', fullName: 'Pat Former', colorCode: null }],
    });
    const rows = timelineRows(people, [team, open, former]);
    expect(rows.map((r) => [r.id, r.label, r.jobs.map((j) => j.id)])).toEqual([
      [UNASSIGNED, 'Unassigned', ['o']],
      ['alex', 'Alex Kim', ['t']],
      ['sam', 'Sam Okafor', ['t']],
      ['gone', 'Pat Former', ['f']],
    ]);
  });

  it("shows only the chosen employees' rows when the employee filter is on", () => {
    const rows = timelineRows(people, [sampleJob({ id: 't', userIds: ['alex', 'sam'] })], new Set(['sam']));
    expect(rows.map((r) => r.id)).toEqual(['sam']);
  });

  it('stacks overlapping bars in lanes', () => {
    const { laneOf, count } = lanes([
      { id: 'a', start: '2026-06-01T12:00:00Z', end: '2026-06-01T14:00:00Z' },
      { id: 'b', start: '2026-06-01T13:00:00Z', end: '2026-06-01T13:30:00Z' },
      { id: 'c', start: '2026-06-01T14:00:00Z', end: '2026-06-01T15:00:00Z' },
    ]);
    expect([laneOf.get('a'), laneOf.get('b'), laneOf.get('c'), count]).toEqual([0, 1, 0, 2]);
    expect(lanes([]).count).toBe(1);
  });
});

describe('TimelineDay dragging', () => {
  it('moves in 15-minute steps', () => {
    const pxPerMinute = 1; // 60 px an hour
    expect(snappedMinutes(7, pxPerMinute)).toBe(0);
    expect(snappedMinutes(8, pxPerMinute)).toBe(15);
    expect(snappedMinutes(-38, pxPerMinute)).toBe(-45);
    expect(snappedMinutes(-7, pxPerMinute)).toBe(0);
    expect(movedBy({ startDateTime: '2026-06-01T12:00:00Z', endDateTime: '2026-06-01T14:00:00Z' }, 45)).toEqual({
      startDateTime: '2026-06-01T12:45:00Z',
      endDateTime: '2026-06-01T14:45:00Z',
    });
  });

  it('makes the person of the row landed on lead, and drops the person of the row left', () => {
    const job = (leadUserId: string | null, userIds: string[]) => ({ leadUserId, userIds });
    // Alone on it: the new person takes it over, lead included.
    expect(reassigned(job('alex', ['alex']), 'alex', 'sam')).toEqual({ userIds: ['sam'], leadUserId: 'sam' });
    expect(reassigned(job('alex', []), 'alex', 'sam')).toEqual({ userIds: [], leadUserId: 'sam' });
    expect(reassigned(job(null, ['alex']), 'alex', 'sam')).toEqual({ userIds: ['sam'], leadUserId: 'sam' });
    // A crew: the person moved from is swapped, the new one leads, a lead who was someone else stays on the crew.
    expect(reassigned(job('alex', ['alex', 'jordan']), 'alex', 'sam')).toEqual({
      userIds: ['jordan', 'sam'],
      leadUserId: 'sam',
    });
    expect(reassigned(job('jordan', ['alex', 'jordan']), 'alex', 'sam')).toEqual({
      userIds: ['jordan', 'sam'],
      leadUserId: 'sam',
    });
    expect(reassigned(job('kim', ['alex', 'jordan']), 'alex', 'sam')).toEqual({
      userIds: ['jordan', 'kim', 'sam'],
      leadUserId: 'sam',
    });
    expect(reassigned(job(null, ['alex', 'sam']), 'alex', 'sam')).toEqual({ userIds: ['sam'], leadUserId: 'sam' });
    // From Unassigned, and back to it.
    expect(reassigned(job(null, []), UNASSIGNED, 'sam')).toEqual({ userIds: ['sam'], leadUserId: 'sam' });
    expect(reassigned(job('alex', ['alex']), 'alex', UNASSIGNED)).toEqual({ userIds: [], leadUserId: null });
    expect(reassigned(job('kim', ['alex', 'kim']), 'alex', UNASSIGNED)).toEqual({
      userIds: ['kim'],
      leadUserId: 'kim',
    });
    expect(reassigned(job('alex', ['alex']), 'alex', 'alex')).toEqual({ userIds: ['alex'], leadUserId: 'alex' });
  });
});

describe('room for the labels of short bars', () => {
  it('reaches the next bar in the same lane, or the end of the day', () => {
    const rooms = labelRooms([
      { id: 'a', lane: 0, left: 40 },
      { id: 'b', lane: 0, left: 42.5 },
      { id: 'c', lane: 1, left: 41 },
      { id: 'd', lane: 0, left: 10 },
    ]);
    expect(rooms.get('d')).toBe(30);
    expect(rooms.get('a')).toBe(2.5);
    expect(rooms.get('b')).toBe(57.5);
    expect(rooms.get('c')).toBe(59);
  });
});
