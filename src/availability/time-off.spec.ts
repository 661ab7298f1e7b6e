import { touchesDaysOff } from './days-off';
import { checkedTimeOff } from './time-off';

const NY = 'America/New_York';
const at = (iso: string) => Date.parse(iso);

describe('part-day time off (#26)', () => {
  const item = (over: Record<string, unknown>) => ({ id: 'a', from: '2031-06-12', to: '2031-06-12', ...over });

  it('keeps a day’s hours in canonical form, and whole days as they were', () => {
    expect(checkedTimeOff([item({ startTime: '9:00', endTime: '12:30', note: 'Dentist' })])).toEqual([
      { id: 'a', from: '2031-06-12', to: '2031-06-12', note: 'Dentist', startTime: '09:00', endTime: '12:30' },
    ]);
    expect(checkedTimeOff([item({ startTime: null, endTime: '' })])).toEqual([
      { id: 'a', from: '2031-06-12', to: '2031-06-12', note: null },
    ]);
  });

  it('refuses half a pair, hours over several days, an end not after the start and what is not a time', () => {
    const problem = (over: Record<string, unknown>) => () => checkedTimeOff([item(over)]);
    expect(problem({ startTime: '09:00' })).toThrow('Give both hours of a part-day time off, or neither');
    expect(problem({ to: '2031-06-13', startTime: '09:00', endTime: '12:00' })).toThrow(
      'Hours of time off are for one day: enter each day on its own',
    );
    expect(problem({ startTime: '12:00', endTime: '12:00' })).toThrow('Time off must end after it starts');
    expect(problem({ startTime: '09:10', endTime: '12:00' })).toThrow(
      'The time off’s start must be a time such as 13:00, on a quarter hour',
    );
    expect(problem({ startTime: '9'.repeat(10_000), endTime: '12:00' })).toThrow(/on a quarter hour/);
  });

  it('closes only its hours: a slot that overlaps them touches it, one beside them does not', () => {
    const days = [{ from: '2031-06-12', to: '2031-06-12', startTime: '13:00', endTime: '16:00' }]; // EDT, UTC-4
    expect(touchesDaysOff(days, at('2031-06-12T18:00:00Z'), at('2031-06-12T19:00:00Z'), NY)).toBe(true); // 2–3 PM
    expect(touchesDaysOff(days, at('2031-06-12T13:00:00Z'), at('2031-06-12T17:00:00Z'), NY)).toBe(false); // 9–1
    expect(touchesDaysOff(days, at('2031-06-12T20:00:00Z'), at('2031-06-12T21:00:00Z'), NY)).toBe(false); // 4–5
    expect(
      touchesDaysOff(
        [{ from: '2031-06-12', to: '2031-06-12' }],
        at('2031-06-12T13:00:00Z'),
        at('2031-06-12T14:00:00Z'),
        NY,
      ),
    ).toBe(true);
  });
});
