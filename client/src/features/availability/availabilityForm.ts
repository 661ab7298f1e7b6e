import { WEEK_DAYS, type Availability, type WeekDay } from './availability';

/** One row of the editor: `key` identifies it on screen; `id` is the saved entry's (absent for new rows). */
export interface AvailabilityRow {
  key: string;
  id?: string;
  weekDay: WeekDay;
  startTime: string;
  endTime: string;
}

export const STEP_MINUTES = 15;
/** Spec §9: a new entry is 8:00 to 17:00. */
export const DEFAULT_START = '08:00';
export const DEFAULT_END = '17:00';
const END_OF_DAY = 24 * 60;

export const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
};
export const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** '17:00' → '5:00 PM'; '24:00' (the end of the day) → 'Midnight'. */
export function timeLabel(time: string): string {
  const minutes = minutesOf(time);
  if (minutes === END_OF_DAY) return 'Midnight';
  const h = Math.floor(minutes / 60);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(minutes % 60).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** The choices of a time select, on 15-minute steps: starts 00:00–23:45, ends 00:15–24:00. */
export function timeOptions(kind: 'start' | 'end'): { value: string; label: string }[] {
  const from = kind === 'start' ? 0 : STEP_MINUTES;
  const to = kind === 'start' ? END_OF_DAY - STEP_MINUTES : END_OF_DAY;
  const options = [];
  for (let m = from; m <= to; m += STEP_MINUTES) options.push({ value: timeOf(m), label: timeLabel(timeOf(m)) });
  return options;
}

export const rowsFromAvailability = (entries: Availability[]): AvailabilityRow[] =>
  entries.map((e) => ({ key: e.id, id: e.id, weekDay: e.weekDay, startTime: e.startTime, endTime: e.endTime }));

export const rowsOfDay = (rows: AvailabilityRow[], day: WeekDay) => rows.filter((r) => r.weekDay === day);

/**
 * A new row for `day`: 8:00–17:00 on an empty day; after the day's last entry otherwise (an hour,
 * up to midnight), so that adding a second shift does not start out overlapping the first.
 */
export function newRow(rows: AvailabilityRow[], day: WeekDay, key: string): AvailabilityRow {
  const lastEnd = Math.max(-1, ...rowsOfDay(rows, day).map((r) => minutesOf(r.endTime)));
  if (lastEnd < 0 || lastEnd >= END_OF_DAY)
    return { key, weekDay: day, startTime: DEFAULT_START, endTime: DEFAULT_END };
  return { key, weekDay: day, startTime: timeOf(lastEnd), endTime: timeOf(Math.min(lastEnd + 60, END_OF_DAY)) };
}

/** Monday to Friday, the days "Copy to weekdays" fills. */
export const WEEKDAYS: readonly WeekDay[] = WEEK_DAYS.slice(0, 5);

/**
 * "Copy to weekdays" (#26): the other days of Monday–Friday get `day`'s entries in place of theirs, as new
 * rows (keys from `nextKey`); `day` itself and the weekend stay as they are. One click sets a whole week.
 */
export function copyToWeekdays(rows: AvailabilityRow[], day: WeekDay, nextKey: () => string): AvailabilityRow[] {
  const source = rowsOfDay(rows, day);
  const targets = WEEKDAYS.filter((d) => d !== day);
  const kept = rows.filter((r) => !targets.includes(r.weekDay));
  const copies = targets.flatMap((weekDay) =>
    source.map(({ startTime, endTime }) => ({ key: nextKey(), weekDay, startTime, endTime })),
  );
  return [...kept, ...copies];
}

/** The first problem of each day, worded as the server words it; null when the day is fine. */
export function dayProblems(rows: AvailabilityRow[]): Record<WeekDay, string | null> {
  const problems = {} as Record<WeekDay, string | null>;
  for (const day of WEEK_DAYS) {
    const ofDay = rowsOfDay(rows, day)
      .map((r) => [minutesOf(r.startTime), minutesOf(r.endTime)])
      .sort((a, b) => a[0] - b[0]);
    problems[day] = ofDay.some(([start, end]) => end <= start)
      ? `The end time must be after the start time on ${day}`
      : ofDay.some(([start], i) => i > 0 && start < ofDay[i - 1][1])
        ? `Availability entries on ${day} overlap`
        : null;
  }
  return problems;
}

export const hasProblems = (rows: AvailabilityRow[]) => Object.values(dayProblems(rows)).some((p) => p !== null);

/** The rows to mark: an end not after its start, or times that overlap another row of the day. */
export function rowsInError(rows: AvailabilityRow[]): Set<string> {
  const wrong = new Set<string>();
  for (const row of rows) {
    const [start, end] = [minutesOf(row.startTime), minutesOf(row.endTime)];
    if (end <= start) wrong.add(row.key);
    const overlaps = rows.some(
      (other) =>
        other !== row &&
        other.weekDay === row.weekDay &&
        minutesOf(other.startTime) < end &&
        start < minutesOf(other.endTime) &&
        minutesOf(other.startTime) < minutesOf(other.endTime),
    );
    if (overlaps) wrong.add(row.key);
  }
  return wrong;
}

/** The body of PATCH /api/employee-availability/{userId}: the whole week, saved entries keeping their ids. */
export function availabilityPayload(rows: AvailabilityRow[]) {
  return rows.map(({ id, weekDay, startTime, endTime }) => ({ ...(id ? { id } : {}), weekDay, startTime, endTime }));
}
