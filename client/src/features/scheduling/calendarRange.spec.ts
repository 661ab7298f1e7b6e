import { describe, expect, it } from 'vitest';
import { dayRangeOf, rangeUrl, usDate } from './calendarRange';

describe('calendar range → MM/DD/YYYY', () => {
  it('takes the visible days of a week in the calendar zone, the exclusive end excluded', () => {
    expect(dayRangeOf('2026-05-31T00:00:00-04:00', '2026-06-07T00:00:00-04:00')).toEqual({
      first: '2026-05-31',
      last: '2026-06-06',
    });
  });

  it('handles date-only strings (month view) and a one-day view', () => {
    expect(dayRangeOf('2026-05-31', '2026-07-12')).toEqual({ first: '2026-05-31', last: '2026-07-11' });
    expect(dayRangeOf('2026-06-01T00:00:00+02:00', '2026-06-02T00:00:00+02:00')).toEqual({
      first: '2026-06-01',
      last: '2026-06-01',
    });
  });

  it('crosses a DST change without losing or adding a day', () => {
    // New York springs forward on 8 March 2026: the week's start and end have different offsets
    expect(dayRangeOf('2026-03-08T00:00:00-05:00', '2026-03-15T00:00:00-04:00')).toEqual({
      first: '2026-03-08',
      last: '2026-03-14',
    });
  });

  it('builds the query string the calendar endpoints read', () => {
    expect(usDate('2026-06-01')).toBe('06/01/2026');
    expect(rangeUrl('/api/jobs/user', { first: '2026-05-31', last: '2026-06-06' })).toBe(
      '/api/jobs/user?StartDate=05%2F31%2F2026&EndDate=06%2F06%2F2026',
    );
  });
});
