import { describe, expect, it } from 'vitest';
import { holidayDateLabel, upcomingFirst, withHoliday, withoutHoliday } from './holidays';

describe('holidays', () => {
  const list = [
    { date: '2026-11-26', name: 'Thanksgiving' },
    { date: '2026-12-25', name: null },
  ];

  it('adds a day in date order, trimmed; the same date again takes the new name', () => {
    expect(withHoliday(list, '2026-12-24', '  ')).toEqual([list[0], { date: '2026-12-24', name: null }, list[1]]);
    expect(withHoliday(list, '2026-12-25', ' Christmas ')).toEqual([
      list[0],
      { date: '2026-12-25', name: 'Christmas' },
    ]);
  });

  it('removes a day', () => {
    expect(withoutHoliday(list, '2026-11-26')).toEqual([list[1]]);
  });

  it('labels a date with its weekday, and splits upcoming from past', () => {
    expect(holidayDateLabel('2026-11-26')).toBe('Thu, Nov 26, 2026');
    expect(upcomingFirst(list, '2026-12-01')).toEqual({ upcoming: [list[1]], past: [list[0]] });
  });
});
