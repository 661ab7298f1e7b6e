import type { CalendarView } from './calendarViews';
import { BLOCK_DURATIONS, type BlockDuration } from './jobs';

/** What a person last chose on one calendar screen, kept in this browser. */
export interface CalendarPreferences {
  view: CalendarView;
  blockMinutes: BlockDuration;
}

const key = (userId: string, screen: string) => `crewclock.calendar.${userId}.${screen}`;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;
const browserStorage = (): Storage => globalThis.localStorage;

/** The saved choices, each only when it is still one the screen offers. */
export function loadCalendarPreferences(
  userId: string,
  screen: string,
  views: readonly CalendarView[],
  storage: Storage = browserStorage(),
): Partial<CalendarPreferences> {
  try {
    const saved = JSON.parse(storage.getItem(key(userId, screen)) ?? '{}') as Record<string, unknown>;
    const out: Partial<CalendarPreferences> = {};
    if (typeof saved.view === 'string' && views.includes(saved.view as CalendarView))
      out.view = saved.view as CalendarView;
    if (BLOCK_DURATIONS.includes(saved.blockMinutes as BlockDuration))
      out.blockMinutes = saved.blockMinutes as BlockDuration;
    return out;
  } catch {
    return {};
  }
}

export function saveCalendarPreferences(
  userId: string,
  screen: string,
  preferences: CalendarPreferences,
  storage: Storage = browserStorage(),
): void {
  try {
    storage.setItem(key(userId, screen), JSON.stringify(preferences));
  } catch {
    // storage disabled (private mode): the choices last until the page closes
  }
}

/** The hour a calendar opens at when today is not shown and the organization's working day is not known yet. */
export const WORKDAY_START_HOUR = 7;
/** The hour the working day ends until it is known (spec §9: default availability 8:00 to 17:00). */
export const WORKDAY_END_HOUR = 17;

/** The organization's working day in whole hours: from its start to its end (end after start). */
export interface Workday {
  start: number;
  end: number;
}

export const DEFAULT_WORKDAY: Workday = { start: WORKDAY_START_HOUR, end: WORKDAY_END_HOUR };

const hourOf = (time: string | undefined, fallback: number, max: number) => {
  const hour = Number(time?.slice(0, 2));
  return time && Number.isInteger(hour) && hour >= 0 && hour <= max ? hour : fallback;
};

/** 'HH:mm' (GET /api/employee-availability/working-hours) → its hour, else WORKDAY_START_HOUR. */
export function workdayStartHour(startTime: string | undefined): number {
  return hourOf(startTime, WORKDAY_START_HOUR, 23);
}

/** { startTime, endTime } of GET …/working-hours → whole hours, else 7 to 17; an end not after the start is ignored. */
export function workdayOf(hours: { startTime?: string; endTime?: string } | undefined): Workday {
  const start = workdayStartHour(hours?.startTime);
  const end = hourOf(hours?.endTime, WORKDAY_END_HOUR, 24);
  return { start, end: end > start ? end : Math.max(start + 1, WORKDAY_END_HOUR) };
}

/**
 * The hour the time grid opens at: when today is shown, an hour before now, so the current time is in view in the
 * evening too (kept within the working day, it opened at 4 PM at 10 PM, below the grid's view); else the start of
 * the working day.
 */
export function openingHour(todayShown: boolean, hourNow: number, workday: Workday = DEFAULT_WORKDAY): number {
  return todayShown ? Math.max(0, hourNow - 1) : workday.start;
}

/** openingHour as FullCalendar's scrollTime ('HH:00:00'). */
export function openingTime(todayShown: boolean, hourNow: number, workday: Workday = DEFAULT_WORKDAY): string {
  return `${String(openingHour(todayShown, hourNow, workday)).padStart(2, '0')}:00:00`;
}
