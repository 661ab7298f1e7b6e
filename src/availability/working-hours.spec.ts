import type { AvailabilityEntry, WeekDay } from './availability.events';
import { DEFAULT_WORKDAY_END, DEFAULT_WORKDAY_START, workdayEnd, workdayStart } from './working-hours';

const entry = (startTime: string, endTime: string, weekDay: WeekDay = 'Monday'): AvailabilityEntry => ({
  id: `${weekDay}-${startTime}`,
  weekDay,
  startTime,
  endTime,
});

describe('workdayStart', () => {
  it('is 7:00 when no one has saved hours', () => {
    expect(workdayStart([])).toBe(DEFAULT_WORKDAY_START);
    expect(workdayStart([[], []])).toBe('07:00');
  });

  it("is the hour of the earliest start among the staff's saved hours", () => {
    const weeks = [
      [entry('09:00', '17:00'), entry('08:30', '12:00', 'Saturday')],
      [entry('10:00', '18:00', 'Tuesday')],
    ];
    expect(workdayStart(weeks)).toBe('08:00');
    expect(workdayStart([[entry('06:15', '14:00')]])).toBe('06:00');
  });

  it('leaves out a stretch that covers the whole day, which says nothing of when work starts', () => {
    expect(workdayStart([[entry('00:00', '24:00')], [entry('09:00', '17:00')]])).toBe('09:00');
    expect(workdayStart([[entry('00:00', '24:00')]])).toBe('07:00');
  });

  it('keeps an early shift that is not the whole day', () => {
    expect(workdayStart([[entry('00:00', '06:00')], [entry('09:00', '17:00')]])).toBe('00:00');
  });
});

describe('workdayEnd', () => {
  it('is 17:00 when no one has saved hours', () => {
    expect(workdayEnd([])).toBe(DEFAULT_WORKDAY_END);
    expect(DEFAULT_WORKDAY_END).toBe('17:00');
  });

  it("is the latest end among the staff's saved hours, up to the next whole hour", () => {
    expect(workdayEnd([[entry('09:00', '17:00')], [entry('10:00', '18:30', 'Tuesday')]])).toBe('19:00');
    expect(workdayEnd([[entry('16:00', '24:00')]])).toBe('24:00');
  });

  it('leaves out a stretch that covers the whole day', () => {
    expect(workdayEnd([[entry('00:00', '24:00')], [entry('09:00', '16:00')]])).toBe('16:00');
  });
});
