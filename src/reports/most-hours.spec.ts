import { mostHours, SUMMARY_TOP } from './reports.queries';

describe('a summary chart’s entries', () => {
  it('keeps the entries with the most hours, most first, and adds up the rest as one', () => {
    const entries = Array.from({ length: SUMMARY_TOP + 3 }, (_, i) => ({ id: `c${i}`, name: null, hours: i + 0.333 }));
    const top = mostHours(entries, 'Other customers');
    expect(top).toHaveLength(SUMMARY_TOP + 1);
    expect(top[0]).toEqual({ id: `c${SUMMARY_TOP + 2}`, name: null, hours: SUMMARY_TOP + 2.33 });
    expect(top[SUMMARY_TOP - 1].id).toBe('c3');
    // c0, c1 and c2: 0.333 + 1.333 + 2.333.
    expect(top[SUMMARY_TOP]).toEqual({ id: '', name: 'Other customers', hours: 4 });
  });

  it('lists every entry when there are few', () => {
    expect(mostHours([{ id: 'a', name: 'Ana', hours: 1.006 }], 'Other employees')).toEqual([
      { id: 'a', name: 'Ana', hours: 1.01 },
    ]);
  });
});
