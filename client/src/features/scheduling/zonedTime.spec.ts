import { describe, expect, it } from 'vitest';
import {
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
