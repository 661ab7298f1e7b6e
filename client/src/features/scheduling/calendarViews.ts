import { DateTime } from 'luxon';
import type { DayRange } from './calendarRange';

/** The calendar views of spec §2. TimelineDay is our own component; the others are FullCalendar's. */
export const CALENDAR_VIEWS = {
  day: { label: 'Day', fullCalendar: 'timeGridDay' },
  week: { label: 'Week', fullCalendar: 'timeGridWeek' },
  threeDay: { label: '3-Day', fullCalendar: 'timeGridThreeDay' },
  workWeek: { label: 'Work Week', fullCalendar: 'timeGridWorkWeek' },
  month: { label: 'Month', fullCalendar: 'dayGridMonth' },
  agenda: { label: 'Agenda', fullCalendar: 'listWeek' },
  timelineDay: { label: 'Timeline Day', fullCalendar: null },
} as const;

export type CalendarView = keyof typeof CALENDAR_VIEWS;

export const HOME_VIEWS: CalendarView[] = ['day', 'week', 'threeDay', 'month', 'agenda'];
export const SCHEDULE_VIEWS: CalendarView[] = ['day', 'week', 'threeDay', 'workWeek', 'month', 'agenda', 'timelineDay'];

/** Views that have a time axis (availability shading, block duration). */
export const isTimeGrid = (view: CalendarView) =>
  view === 'day' || view === 'week' || view === 'threeDay' || view === 'workWeek';

/** The least a time grid is given: its header and six hours of 60-minute blocks (a phone's room below the rest). */
export const MIN_CALENDAR_HEIGHT = 260;
/** Room below a calendar for the page's bottom padding; room above one scrolled to for its toolbar. */
const CALENDAR_BOTTOM_GAP = 16;
const CALENDAR_TOOLBAR = 120;

/**
 * A calendar's height in pixels, at most `max`, from where it starts on the page (`top`, px from the page's top):
 * one that starts inside the window fills the rest of it (at least MIN_CALENDAR_HEIGHT), so the hour its grid
 * scrolls to is on screen as the page opens (the window's height less a toolbar's put the evening below the window
 * and 5 AM at the grid's top); one further down is the window's height less its toolbar's, to fit once scrolled to.
 */
export function calendarHeight(max: number, windowHeight: number, top: number | null): number {
  const fitted =
    top !== null && top < windowHeight ? windowHeight - top - CALENDAR_BOTTOM_GAP : windowHeight - CALENDAR_TOOLBAR;
  return Math.max(MIN_CALENDAR_HEIGHT, Math.min(max, Math.round(fitted)));
}

/** Block Duration → FullCalendar slotDuration ('00:15:00', '00:30:00', '01:00:00'). */
export const slotDuration = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;

/**
 * The day to keep when switching views: today when it is on screen, else the first day shown
 * (so going from Week to Timeline Day lands on today, not on Sunday).
 */
export function anchorDay(range: DayRange | null, today: string): string {
  if (!range) return today;
  return today >= range.first && today <= range.last ? today : range.first;
}

/** The view to open a day in: the one asked for, or Week where Work Week would hide the day (a weekend). */
export const viewShowing = (view: CalendarView, day: string): CalendarView =>
  view === 'workWeek' && DateTime.fromISO(day, { zone: 'utc' }).weekday > 5 ? 'week' : view;

/** TimelineDay's one day, as a range, and a step to the day before or after. */
export const dayRange = (day: string): DayRange => ({ first: day, last: day });
export const shiftDay = (day: string, days: number) =>
  DateTime.fromISO(day, { zone: 'utc' }).plus({ days }).toISODate() as string;
export const longDayTitle = (day: string) => DateTime.fromISO(day, { zone: 'utc' }).toFormat('cccc, LLLL d, yyyy');
