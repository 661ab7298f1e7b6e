import { DateTime } from 'luxon';
import type { JobRecurrenceModel, RecurringFrequency } from './jobs';

/** Spec §3 Recurrence as the job form edits it. 'Never' is the One-Time default. */
export const REPEATS = ['Never', 'Daily', 'Weekly', 'Monthly'] as const;
export type Repeat = (typeof REPEATS)[number];

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const weekdayShort = (day: Weekday) => day[0].toUpperCase() + day.slice(1, 3);

export interface RecurrenceValues {
  repeat: Repeat;
  /** Weekly: the days it happens on, Monday first. */
  days: Weekday[];
  /** Weekly: repeat every N weeks, as typed. */
  every: number | string;
  /** Optional last date (YYYY-MM-DD). */
  endDate: string | null;
}

/** The body's recurrenceModel (POST /api/recurrence-jobs, PATCH /api/jobs/{id}?scope=series). */
export interface RecurrenceModel {
  recurringFrequency: Repeat;
  recurrenceDays?: string;
  weeklyRecurrence?: number;
  expireDate?: string | null;
}

export const REPEAT_EVERY_PROBLEM = 'Repeat every must be a whole number of weeks, 1 or more';
export const NO_DAYS_PROBLEM = 'Choose at least one day of the week';
export const END_BEFORE_START_PROBLEM = 'The end date cannot be before the first occurrence';

/** The weekday of a date or wall-clock time ('2026-06-01…' → 'monday'). */
export const weekdayOf = (date: string): Weekday => WEEKDAYS[DateTime.fromISO(date.slice(0, 10)).weekday - 1];

const orderedDays = (names: string[]) => WEEKDAYS.filter((d) => names.includes(d));

/** The form's values for a job: its series' rule, or Never with the start's weekday ready for Weekly. */
export function recurrenceValuesFrom(model: JobRecurrenceModel | null, start: string): RecurrenceValues {
  if (!model) return { repeat: 'Never', days: [weekdayOf(start)], every: 1, endDate: null };
  const days = orderedDays(model.recurrenceDays.split(',').map((d) => d.trim().toLowerCase()));
  return {
    repeat: model.recurringFrequency,
    days: days.length ? days : [weekdayOf(start)],
    every: model.weeklyRecurrence || 1,
    endDate: model.expireDate ? model.expireDate.slice(0, 10) : null,
  };
}

/** A whole number of weeks, 1 or more (spec §5), or null when it is not one. */
export function repeatEvery(value: number | string): number | null {
  const text = String(value).trim();
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 ? n : null;
}

/** The problems of the recurrence fields, by field; empty when the rule can be saved. */
export function recurrenceProblems(
  values: RecurrenceValues,
  startDate: string,
): Partial<Record<'days' | 'every' | 'endDate', string>> {
  const problems: Partial<Record<'days' | 'every' | 'endDate', string>> = {};
  if (values.repeat === 'Never') return problems;
  if (values.repeat === 'Weekly') {
    if (repeatEvery(values.every) === null) problems.every = REPEAT_EVERY_PROBLEM;
    if (values.days.length === 0) problems.days = NO_DAYS_PROBLEM;
  }
  if (values.endDate && values.endDate < startDate.slice(0, 10)) problems.endDate = END_BEFORE_START_PROBLEM;
  return problems;
}

/** The form's values as the API's recurrenceModel: days lowercase comma-separated, every as an integer. */
export function recurrenceModelOf(values: RecurrenceValues): RecurrenceModel {
  const expireDate = values.endDate ? values.endDate.slice(0, 10) : null;
  switch (values.repeat) {
    case 'Never':
      return { recurringFrequency: 'Never' };
    case 'Weekly':
      return {
        recurringFrequency: 'Weekly',
        recurrenceDays: orderedDays(values.days).join(','),
        weeklyRecurrence: repeatEvery(values.every) ?? 1,
        expireDate,
      };
    default:
      return { recurringFrequency: values.repeat, expireDate };
  }
}

/** True when the form's rule differs from the series' saved one (a change for the whole series only). */
export function recurrenceChanged(model: JobRecurrenceModel | null, values: RecurrenceValues): boolean {
  if (!model) return values.repeat !== 'Never';
  const next = recurrenceModelOf(values);
  if (next.recurringFrequency !== model.recurringFrequency) return true;
  if ((next.expireDate ?? null) !== (model.expireDate ? model.expireDate.slice(0, 10) : null)) return true;
  if (model.recurringFrequency !== 'Weekly') return false;
  return (
    next.recurrenceDays !== orderedDays(model.recurrenceDays.split(',')).join(',') ||
    next.weeklyRecurrence !== model.weeklyRecurrence
  );
}

/** 'Weekly on Mon, Thu', 'Every 2 weeks on Mon until 30 Jun 2026', 'Daily'. */
export function describeRecurrence(
  model: Pick<JobRecurrenceModel, 'recurringFrequency' | 'recurrenceDays' | 'weeklyRecurrence' | 'expireDate'>,
): string {
  const until = model.expireDate
    ? ` until ${DateTime.fromISO(model.expireDate.slice(0, 10)).toFormat('d LLL yyyy')}`
    : '';
  const frequency: RecurringFrequency = model.recurringFrequency;
  if (frequency !== 'Weekly') return `${frequency}${until}`;
  const days = orderedDays(model.recurrenceDays.split(',')).map(weekdayShort).join(', ');
  return `${model.weeklyRecurrence > 1 ? `Every ${model.weeklyRecurrence} weeks` : 'Weekly'} on ${days}${until}`;
}
