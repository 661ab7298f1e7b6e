import { DateTime } from 'luxon';
import { RRule, Weekday as RRuleWeekday } from 'rrule';
import { fromWallMs, isoDate, isoInstant, toWallMs } from '../core/zoned-time';

/**
 * Recurrence rules (spec §3 Recurrence) expanded with rrule in the organization's time zone: the
 * rule runs on wall-clock times ("floating", encoded as UTC), and each wall time is placed in the
 * zone with luxon afterwards, so a 9:00 job stays at 9:00 local across DST changes.
 */
export const FREQUENCIES = ['One-Time', 'Daily', 'Weekly', 'Monthly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface RecurrenceRule {
  frequency: Exclude<Frequency, 'One-Time'>;
  /** Weekly only: the days it happens on. */
  days: Weekday[];
  /** Weekly only: every N weeks (N ≥ 1). */
  weeklyRecurrence: number;
  /** Last local date (YYYY-MM-DD, inclusive) an occurrence may start on; null = no end. */
  expireDate: string | null;
}

export interface SeriesTiming {
  /** First occurrence's start (UTC ISO); its local wall time is every occurrence's. */
  start: string;
  durationMinutes: number;
  timeZone: string;
  rule: RecurrenceRule;
}

const RRULE_DAYS: RRuleWeekday[] = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU];

/** Parses the spec's comma-separated lowercase weekday names; unknown names are reported. */
export function parseRecurrenceDays(value: string | string[] | null | undefined): {
  days: Weekday[];
  unknown: string[];
} {
  const names = (Array.isArray(value) ? value : (value ?? '').split(','))
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
  const unknown = names.filter((d) => !WEEKDAYS.includes(d as Weekday));
  const days = WEEKDAYS.filter((d) => names.includes(d));
  return { days, unknown };
}

export function recurrenceProblem(rule: RecurrenceRule, start: string, timeZone: string): string | null {
  if (!FREQUENCIES.includes(rule.frequency)) return 'Repeat must be Never, Daily, Weekly or Monthly';
  if (rule.frequency === 'Weekly') {
    if (!Number.isInteger(rule.weeklyRecurrence) || rule.weeklyRecurrence < 1)
      return 'Repeat every must be a whole number of weeks, 1 or more';
    if (rule.weeklyRecurrence > 52) return 'Repeat every must be at most 52 weeks';
    if (rule.days.length === 0) return 'Choose at least one day of the week';
  }
  if (rule.expireDate !== null) {
    const expire = DateTime.fromISO(rule.expireDate, { zone: timeZone });
    if (!expire.isValid || !/^\d{4}-\d{2}-\d{2}$/.test(rule.expireDate))
      return 'The end date must be a date (YYYY-MM-DD)';
    if (expire.toISODate()! < DateTime.fromISO(start, { zone: timeZone }).toISODate()!)
      return 'The end date cannot be before the first occurrence';
  }
  return null;
}

const DAY_MS = 86_400_000;

/**
 * A later start for the rule with the same phase, close to `wallFrom`: rrule iterates from its
 * start, so a long-running series would otherwise cost more with every week it has run.
 */
function alignedStart(dtstart: Date, rule: RecurrenceRule, wallFrom: Date): Date {
  if (wallFrom <= dtstart) return dtstart;
  const timeOfDay = dtstart.getTime() % DAY_MS;
  switch (rule.frequency) {
    case 'Daily': {
      const days = Math.floor((wallFrom.getTime() - dtstart.getTime()) / DAY_MS);
      return new Date(dtstart.getTime() + days * DAY_MS);
    }
    case 'Weekly': {
      // Weeks count from the Monday of the first occurrence's week (wkst=MO), every N weeks.
      const monday = (d: Date) => Math.floor(d.getTime() / DAY_MS) * DAY_MS - ((d.getUTCDay() + 6) % 7) * DAY_MS;
      const weeks = Math.floor((monday(wallFrom) - monday(dtstart)) / (7 * DAY_MS));
      const skip = Math.floor(weeks / rule.weeklyRecurrence) * rule.weeklyRecurrence;
      return skip > 0 ? new Date(monday(dtstart) + skip * 7 * DAY_MS + timeOfDay) : dtstart;
    }
    case 'Monthly': {
      const months =
        (wallFrom.getUTCFullYear() - dtstart.getUTCFullYear()) * 12 +
        wallFrom.getUTCMonth() -
        dtstart.getUTCMonth() -
        1;
      return months > 0
        ? new Date(Date.UTC(dtstart.getUTCFullYear(), dtstart.getUTCMonth() + months, 1) + timeOfDay)
        : dtstart;
    }
  }
}

function toRRule(timing: SeriesTiming, wallFrom: Date): RRule {
  const { rule } = timing;
  const first = new Date(toWallMs(Date.parse(timing.start), timing.timeZone));
  const dtstart = alignedStart(first, rule, wallFrom);
  const until = rule.expireDate ? new Date(`${rule.expireDate}T23:59:59Z`) : null;
  const common = { dtstart, until, wkst: RRule.MO };
  switch (rule.frequency) {
    case 'Daily':
      return new RRule({ ...common, freq: RRule.DAILY });
    case 'Weekly':
      return new RRule({
        ...common,
        freq: RRule.WEEKLY,
        interval: rule.weeklyRecurrence,
        byweekday: rule.days.map((d) => RRULE_DAYS[WEEKDAYS.indexOf(d)]),
      });
    case 'Monthly': {
      // On the first occurrence's day of the month; in shorter months, on their last day
      // (a job on the 31st happens on 30 April and 28/29 February rather than skipping them).
      const day = first.getUTCDate();
      return day <= 28
        ? new RRule({ ...common, freq: RRule.MONTHLY, bymonthday: [day] })
        : new RRule({
            ...common,
            freq: RRule.MONTHLY,
            bymonthday: Array.from({ length: day - 27 }, (_, i) => 28 + i),
            bysetpos: [-1],
          });
    }
  }
}

/** The occurrences that overlap [from, to): start (UTC ISO) and planned local date. */
export function plannedBetween(timing: SeriesTiming, from: Date, to: Date): { start: string; localDate: string }[] {
  const duration = timing.durationMinutes * 60_000;
  const zone = timing.timeZone;
  // A day of margin on each side in wall time covers any zone offset; exact filtering follows.
  const wallFrom = new Date(toWallMs(from.getTime() - duration, zone) - DAY_MS);
  const wallTo = new Date(toWallMs(to.getTime(), zone) + DAY_MS);
  const out: { start: string; localDate: string }[] = [];
  for (const wall of toRRule(timing, wallFrom).between(wallFrom, wallTo, true)) {
    const start = fromWallMs(wall.getTime(), zone);
    if (start < to.getTime() && start + duration > from.getTime())
      out.push({ start: isoInstant(start), localDate: isoDate(wall.getTime()) });
  }
  return out;
}

/** Starts (UTC ISO) of the occurrences that overlap [from, to). */
export function occurrencesBetween(timing: SeriesTiming, from: Date, to: Date): string[] {
  return plannedBetween(timing, from, to).map((o) => o.start);
}

/**
 * An occurrence's id: its series and the local date it was first planned on. A rule yields at most
 * one occurrence a day, so the date names it; the id survives changes of its time, its details or the
 * series' time of day, which keeps timers, requests and ratings attached to it.
 */
export function occurrenceId(seriesId: string, localDate: string): string {
  return `${seriesId}_${localDate.replace(/-/g, '')}`;
}

/** `<series uuid>_<YYYYMMDD>`. */
const OCCURRENCE_ID_LENGTH = 36 + 1 + 8;

export function parseOccurrenceId(id: string): { seriesId: string; localDate: string } | null {
  if (id.length !== OCCURRENCE_ID_LENGTH) return null; // checked before the pattern reads it
  const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_(\d{4})(\d{2})(\d{2})$/i.exec(id);
  if (!match) return null;
  const localDate = `${match[2]}-${match[3]}-${match[4]}`;
  return DateTime.fromISO(localDate).isValid ? { seriesId: match[1].toLowerCase(), localDate } : null;
}

/** The local date (YYYY-MM-DD) of an instant in a zone. */
export const localDateOf = (instant: string, zone: string) => isoDate(toWallMs(Date.parse(instant), zone));

/** The start of the occurrence planned on `localDate`: that date at the series' local time of day. */
export function plannedStart(timing: Pick<SeriesTiming, 'start' | 'timeZone'>, localDate: string): string {
  const timeOfDay = toWallMs(Date.parse(timing.start), timing.timeZone) % DAY_MS;
  return isoInstant(fromWallMs(Date.parse(`${localDate}T00:00:00Z`) + timeOfDay, timing.timeZone));
}

/** Whether the rule plans an occurrence on that local date. */
export function isPlannedOn(timing: SeriesTiming, localDate: string): boolean {
  const start = plannedStart(timing, localDate);
  const at = new Date(start);
  return occurrencesBetween(timing, at, new Date(at.getTime() + 1)).includes(start);
}
