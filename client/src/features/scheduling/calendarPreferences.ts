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

/** 'HH:mm' (GET /api/employee-availability/working-hours) → its hour, else WORKDAY_START_HOUR. */
export function workdayStartHour(startTime: string | undefined): number {
  const hour = Number(startTime?.slice(0, 2));
  return startTime && Number.isInteger(hour) && hour >= 0 && hour <= 23 ? hour : WORKDAY_START_HOUR;
}

/**
 * Where the time grid opens: an hour before now (on the hour) when today is shown, else the start of
 * the organization's working day; as FullCalendar's scrollTime ('HH:00:00').
 */
export function openingTime(todayShown: boolean, hourNow: number, workdayStart = WORKDAY_START_HOUR): string {
  const hour = todayShown ? Math.max(0, Math.min(hourNow - 1, 23)) : workdayStart;
  return `${String(hour).padStart(2, '0')}:00:00`;
}
