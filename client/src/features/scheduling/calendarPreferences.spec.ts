import { beforeEach, describe, expect, it } from 'vitest';
import {
  loadCalendarPreferences,
  openingHour,
  openingTime,
  saveCalendarPreferences,
  workdayOf,
  workdayStartHour,
} from './calendarPreferences';
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

  it('opens an hour before now when today is shown, else at the start of the working day', () => {
    expect(openingTime(true, 14)).toBe('13:00:00');
    expect(openingTime(false, 14)).toBe('07:00:00');
    expect(openingTime(false, 14, { start: 6, end: 15 })).toBe('06:00:00');
    expect(openingTime(true, 14, { start: 6, end: 18 })).toBe('13:00:00');
  });

  it('keeps the current time in view on today, before work and at night too', () => {
    const workday = { start: 7, end: 17 };
    expect(openingHour(true, 0, workday)).toBe(0);
    expect(openingHour(true, 5, workday)).toBe(4);
    expect(openingHour(true, 9, workday)).toBe(8);
    expect(openingHour(true, 20, workday)).toBe(19);
    expect(openingHour(true, 23, workday)).toBe(22);
    expect(openingHour(false, 23, workday)).toBe(7);
  });

  it("reads the working day's end too, else 17:00; an end not after the start is ignored", () => {
    expect(workdayOf({ startTime: '06:00', endTime: '19:00' })).toEqual({ start: 6, end: 19 });
    expect(workdayOf({ startTime: '09:00', endTime: '24:00' })).toEqual({ start: 9, end: 24 });
    expect(workdayOf(undefined)).toEqual({ start: 7, end: 17 });
    expect(workdayOf({ startTime: '09:00' })).toEqual({ start: 9, end: 17 });
    expect(workdayOf({ startTime: '18:00', endTime: '17:00' })).toEqual({ start: 18, end: 19 });
  });

  it("reads the organization's working day from the server's 'HH:mm', else opens at 7:00", () => {
    expect(workdayStartHour('06:00')).toBe(6);
    expect(workdayStartHour('00:00')).toBe(0);
    expect(workdayStartHour(undefined)).toBe(7);
    expect(workdayStartHour('nonsense')).toBe(7);
  });
});
