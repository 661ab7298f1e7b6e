import { describe, expect, it } from 'vitest';
import { timeOffLabel, timeOffUrl, withoutTimeOff, withTimeOff } from './timeOff';

describe('time off', () => {
  const trip = { id: 't1', from: '2026-12-21', to: '2026-12-31', note: 'Family trip' };

  it('labels one day, a stretch in one year and one across years', () => {
    expect(timeOffLabel('2026-11-27', '2026-11-27')).toBe('Fri, Nov 27, 2026');
    expect(timeOffLabel(trip.from, trip.to)).toBe('Mon, Dec 21 – Thu, Dec 31, 2026');
    expect(timeOffLabel('2026-12-28', '2027-01-04')).toBe('Mon, Dec 28, 2026 – Mon, Jan 4, 2027');
  });

  it('adds a stretch without an id (the server gives one), the note trimmed or none; removes by id', () => {
    expect(withTimeOff([trip], '2026-11-27', '2026-11-27', '  ')).toEqual([
      trip,
      { from: '2026-11-27', to: '2026-11-27', note: null },
    ]);
    expect(withoutTimeOff([trip], 't1')).toEqual([]);
    // Hours go with one day only (#26).
    const afternoon = { startTime: '13:00', endTime: '16:00' };
    expect(withTimeOff([], '2026-11-27', '2026-11-27', 'Dentist', afternoon)).toEqual([
      { from: '2026-11-27', to: '2026-11-27', note: 'Dentist', startTime: '13:00', endTime: '16:00' },
    ]);
    expect(withTimeOff([], '2026-11-27', '2026-11-28', '', afternoon)).toEqual([
      { from: '2026-11-27', to: '2026-11-28', note: null },
    ]);
    expect(timeOffUrl('u 1')).toBe('/api/employee-availability/u%201/time-off');
  });
});
