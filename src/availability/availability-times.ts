import { WEEK_DAYS, WeekDay } from './availability.events';

/** Availability times are wall-clock 'HH:mm' on a 15-minute step; '24:00' may end a day. */
export const TIME_STEP_MINUTES = 15;
export const END_OF_DAY = 24 * 60;

/** Minutes after midnight of 'H:mm', 'HH:mm' or 'HH:mm:00' (a .NET TimeSpan's spelling), else null. */
export function minutesOf(time: unknown): number | null {
  if (typeof time !== 'string') return null;
  const match = /^(\d{1,2}):(\d{2})(?::00)?$/.exec(time.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}

export const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The canonical day name for any letter case ('monday' → 'Monday'), else null. */
export function weekDayOf(value: unknown): WeekDay | null {
  if (typeof value !== 'string') return null;
  const wanted = value.trim().toLowerCase();
  return WEEK_DAYS.find((d) => d.toLowerCase() === wanted) ?? null;
}

/** Monday first, then by start time: the order every listing uses. */
export function byDayAndTime<T extends { weekDay: WeekDay; startTime: string; endTime: string }>(a: T, b: T): number {
  return (
    WEEK_DAYS.indexOf(a.weekDay) - WEEK_DAYS.indexOf(b.weekDay) ||
    a.startTime.localeCompare(b.startTime) ||
    a.endTime.localeCompare(b.endTime)
  );
}
