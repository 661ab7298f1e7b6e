import { describe, expect, it } from 'vitest';
import {
  isoFromWallKeeping,
  addMinutes,
  isoFromOffset,
  isoFromWall,
  shortTimeRange,
  timeRangeLabel,
  todayIn,
  wallFromIso,
} from './zonedTime';

const NY = 'America/New_York';

describe('organization wall clock ↔ UTC instants', () => {
  it("shows an instant on the organization's wall clock, whatever the browser's zone", () => {
    expect(wallFromIso('2026-06-01T13:00:00Z', NY)).toBe('2026-06-01 09:00:00');
    expect(wallFromIso('2026-01-05T14:30:00Z', NY)).toBe('2026-01-05 09:30:00');
  });

  it("reads a picked wall-clock time in the organization's zone as the API's UTC instant", () => {
    expect(isoFromWall('2026-06-01 09:00:00', NY)).toBe('2026-06-01T13:00:00Z');
    expect(isoFromWall('2026-01-05 09:30', NY)).toBe('2026-01-05T14:30:00Z');
    expect(isoFromWall('2026-06-01 09:00:00', 'Asia/Kolkata')).toBe('2026-06-01T03:30:00Z');
  });

  it("reads FullCalendar's offset strings as instants", () => {
    expect(isoFromOffset('2026-06-01T09:15:00-04:00')).toBe('2026-06-01T13:15:00Z');
    expect(addMinutes('2026-06-01T13:00:00Z', 30)).toBe('2026-06-01T13:30:00Z');
  });

  it('labels a time range in the zone', () => {
    expect(timeRangeLabel('2026-06-01T13:00:00Z', '2026-06-01T14:30:00Z', NY)).toBe(
      'Mon 1 Jun 2026, 9:00 AM – 10:30 AM',
    );
    expect(timeRangeLabel('2026-06-02T02:00:00Z', '2026-06-02T13:00:00Z', NY)).toBe(
      'Mon 1 Jun 2026, 10:00 PM – Tue 2 Jun 2026, 9:00 AM',
    );
  });

  it('knows today in the zone', () => {
    expect(todayIn(NY, new Date('2026-06-02T02:00:00Z'))).toBe('2026-06-01');
  });

  it("writes a short bar's times briefly, the half of the day once when both share it", () => {
    expect(shortTimeRange('2026-06-01T14:00:00Z', '2026-06-01T14:30:00Z', NY)).toBe('10:00–10:30 AM');
    expect(shortTimeRange('2026-06-01T15:30:00Z', '2026-06-01T16:30:00Z', NY)).toBe('11:30 AM–12:30 PM');
  });
});

describe('isoFromWallKeeping', () => {
  const NY = 'America/New_York';
  it('keeps the instant a wall time of the repeated autumn hour came from, and reads a changed one as usual', () => {
    // 05:40Z is 1:40 AM EDT, 06:09Z is 1:09 AM EST: both wall times are in the hour that comes twice, and read
    // back as the later one 1:40 would end after 1:09.
    expect(isoFromWall('2027-11-07 01:40:00', NY)).toBe('2027-11-07T06:40:00Z');
    expect(isoFromWallKeeping('2027-11-07 01:40:00', NY, '2027-11-07T05:40:00Z')).toBe('2027-11-07T05:40:00Z');
    expect(isoFromWallKeeping('2027-11-07 01:09:00', NY, '2027-11-07T06:09:00Z')).toBe('2027-11-07T06:09:00Z');
    // Changed, it is read as any wall time is (luxon takes the later of the two).
    expect(isoFromWallKeeping('2027-11-07 01:15:00', NY, '2027-11-07T06:09:00Z')).toBe(
      isoFromWall('2027-11-07 01:15:00', NY),
    );
    expect(isoFromWallKeeping('2026-06-01 09:00:00', NY, '2026-06-01T13:00:00.000Z')).toBe('2026-06-01T13:00:00Z');
  });
});
