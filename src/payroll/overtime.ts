import type { HoursSplit, OvertimeRule } from '../shared/payroll';

/**
 * The overtime rule as a pure function (issue #30 item 4). Hours are summed in whole seconds so sums stay exact;
 * they become decimal hours (two places) only in the output.
 */

const HOUR = 3600;
const DAY_MS = 86_400_000;
const WEEK_REGULAR = 40 * HOUR;

export interface OvertimeOptions {
  /** 0 (Sunday) … 6 (Saturday): the first day of the workweek. */
  weekStartsOn: number;
  /** YYYY-MM-DD: days before it (the workweek's days before a mid-week period start) count but are not returned. */
  countFrom?: string;
}

export type DayHoursSplit = HoursSplit & { date: string };

interface Seconds {
  regular: number;
  overtime: number;
  doubleTime: number;
}

/** Days since 1970-01-01 of a YYYY-MM-DD date. */
function dayNumber(date: string): number {
  const day = Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
  // The round trip refuses what Date.parse would bend (2026-02-30, 2026-3-8) or refuse (NaN).
  if (Number.isNaN(day) || isoDate(day) !== date) throw new RangeError(`Not a date: ${date}`);
  return day;
}

/** The day number of the first day of the workweek holding day `day` (1970-01-01 was a Thursday, weekday 4). */
const workweekOf = (day: number, weekStartsOn: number) => day - ((((day + 4 - weekStartsOn) % 7) + 7) % 7);

/** The first day (YYYY-MM-DD) of the workweek holding `date`: a timesheet reads the whole week for its overtime. */
export const workweekStart = (date: string, weekStartsOn: number) => isoDate(workweekOf(dayNumber(date), weekStartsOn));

/**
 * Splits each day's hours into regular, overtime (1.5×) and double time (2×).
 * - none: all regular.
 * - weekly40: per workweek, hours past 40 (in day order) are overtime.
 * - california (Labor Code 510): per day, over 8 to 12 overtime, over 12 double time; on the seventh day of a
 *   workweek whose six days before all had hours, the first 8 are overtime and the rest double time; then regular
 *   hours past 40 in the workweek (daily overtime does not count toward them) become overtime, in day order.
 * Days in each output row add up to its total, and `totals` is the sum of the returned (rounded) rows, so what a
 * timesheet shows adds up; each row is within 0.005 h of the exact figure.
 */
export function overtimeOf(
  rule: OvertimeRule,
  days: { date: string; hours: number }[],
  options: OvertimeOptions,
): { days: DayHoursSplit[]; totals: HoursSplit } {
  const { weekStartsOn, countFrom } = options;
  if (!Number.isInteger(weekStartsOn) || weekStartsOn < 0 || weekStartsOn > 6)
    throw new RangeError(`weekStartsOn must be 0 … 6, not ${weekStartsOn}`);
  // Seconds per day, a date given twice summed, in date order.
  const byDay = new Map<number, number>();
  for (const { date, hours } of days) {
    if (!Number.isFinite(hours) || hours < 0) throw new RangeError(`Hours must be 0 or more, not ${hours} (${date})`);
    const day = dayNumber(date);
    byDay.set(day, (byDay.get(day) ?? 0) + Math.round(hours * HOUR));
  }
  const firstReturned = countFrom === undefined ? -Infinity : dayNumber(countFrom);
  const out: DayHoursSplit[] = [];
  const totals = { regular: 0, overtime: 0, doubleTime: 0, total: 0 }; // hundredths of an hour
  let week = NaN;
  let weekRegular = 0;
  for (const day of [...byDay.keys()].sort((a, b) => a - b)) {
    const worked = byDay.get(day)!;
    const weekStart = workweekOf(day, weekStartsOn);
    if (weekStart !== week) [week, weekRegular] = [weekStart, 0];
    const split = daySplit(rule, worked, day - weekStart === 6 && sixDaysWorked(byDay, weekStart));
    if (rule !== 'none') {
      // Regular hours past the week's 40 become overtime.
      const past40 = Math.min(split.regular, Math.max(0, weekRegular + split.regular - WEEK_REGULAR));
      split.regular -= past40;
      split.overtime += past40;
    }
    weekRegular += split.regular;
    if (day < firstReturned) continue;
    const [regular, overtime, doubleTime, total] = hundredths(split);
    totals.regular += regular;
    totals.overtime += overtime;
    totals.doubleTime += doubleTime;
    totals.total += total;
    out.push({ date: isoDate(day), ...hoursSplit(regular, overtime, doubleTime, total) });
  }
  return { days: out, totals: hoursSplit(totals.regular, totals.overtime, totals.doubleTime, totals.total) };
}

/** A day's split before the weekly 40 (only California splits by the day). */
function daySplit(rule: OvertimeRule, worked: number, seventhDay: boolean): Seconds {
  if (rule !== 'california') return { regular: worked, overtime: 0, doubleTime: 0 };
  if (seventhDay)
    return { regular: 0, overtime: Math.min(worked, 8 * HOUR), doubleTime: Math.max(0, worked - 8 * HOUR) };
  return {
    regular: Math.min(worked, 8 * HOUR),
    overtime: Math.min(Math.max(0, worked - 8 * HOUR), 4 * HOUR),
    doubleTime: Math.max(0, worked - 12 * HOUR),
  };
}

/** Whether each of the workweek's first six days had hours (which makes its seventh day the seventh in a row). */
function sixDaysWorked(byDay: Map<number, number>, weekStart: number): boolean {
  for (let day = weekStart; day < weekStart + 6; day++) if (!((byDay.get(day) ?? 0) > 0)) return false;
  return true;
}

/**
 * Seconds → hundredths of an hour (36 s each): the total is rounded, and the parts are rounded so they add up to
 * it (largest remainder), so a row never reads 8 + 0.33 + 0.34 = 8.66 against a total of 8.67.
 */
function hundredths({ regular, overtime, doubleTime }: Seconds): [number, number, number, number] {
  const total = Math.round((regular + overtime + doubleTime) / 36);
  const exact = [regular / 36, overtime / 36, doubleTime / 36];
  const parts = exact.map(Math.floor);
  let missing = total - parts[0] - parts[1] - parts[2];
  const byRemainder = [0, 1, 2].sort((a, b) => exact[b] - parts[b] - (exact[a] - parts[a]));
  for (const i of byRemainder) if (missing-- > 0) parts[i]++;
  return [parts[0], parts[1], parts[2], total];
}

const hoursSplit = (regular: number, overtime: number, doubleTime: number, total: number): HoursSplit => ({
  regularHours: regular / 100,
  overtimeHours: overtime / 100,
  doubleTimeHours: doubleTime / 100,
  totalHours: total / 100,
});

const isoDate = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
