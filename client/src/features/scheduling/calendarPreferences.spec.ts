import { beforeEach, describe, expect, it } from 'vitest';
import { loadCalendarPreferences, openingTime, saveCalendarPreferences, workdayStartHour } from './calendarPreferences';
import { HOME_VIEWS, SCHEDULE_VIEWS } from './calendarViews';

/** localStorage's two calls, over a Map (vitest runs in Node here). */
function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
}

describe('calendar preferences', () => {
  let storage: ReturnType<typeof memoryStorage>;
  beforeEach(() => {
    storage = memoryStorage();
  });

  it('remembers view and block duration per person and screen', () => {
    saveCalendarPreferences('u1', 'schedule', { view: 'timelineDay', blockMinutes: 15 }, storage);
    expect(loadCalendarPreferences('u1', 'schedule', SCHEDULE_VIEWS, storage)).toEqual({
      view: 'timelineDay',
      blockMinutes: 15,
    });
    expect(loadCalendarPreferences('u2', 'schedule', SCHEDULE_VIEWS, storage)).toEqual({});
    expect(loadCalendarPreferences('u1', 'home', HOME_VIEWS, storage)).toEqual({});
  });

  it('drops a saved view the screen does not offer, and anything malformed', () => {
    saveCalendarPreferences('u1', 'home', { view: 'timelineDay', blockMinutes: 30 }, storage);
    expect(loadCalendarPreferences('u1', 'home', HOME_VIEWS, storage)).toEqual({ blockMinutes: 30 });
    storage.setItem('crewclock.calendar.u1.home', '{"view":"__proto__","blockMinutes":45}');
    expect(loadCalendarPreferences('u1', 'home', HOME_VIEWS, storage)).toEqual({});
    storage.setItem('crewclock.calendar.u1.home', 'not json');
    expect(loadCalendarPreferences('u1', 'home', HOME_VIEWS, storage)).toEqual({});
  });

  it('opens an hour before now when today is shown, else at 7:00', () => {
    expect(openingTime(true, 14)).toBe('13:00:00');
    expect(openingTime(true, 0)).toBe('00:00:00');
    expect(openingTime(false, 14)).toBe('07:00:00');
    expect(openingTime(false, 14, 6)).toBe('06:00:00');
    expect(openingTime(true, 14, 6)).toBe('13:00:00');
  });

  it("reads the organization's working day from the server's 'HH:mm', else opens at 7:00", () => {
    expect(workdayStartHour('06:00')).toBe(6);
    expect(workdayStartHour('00:00')).toBe(0);
    expect(workdayStartHour(undefined)).toBe(7);
    expect(workdayStartHour('nonsense')).toBe(7);
  });
});
