import {
  minutesOfDay,
  VISIT_REMINDER_DAYS_MAX,
  VISIT_REMINDER_HOURS_MAX,
  type VisitReminderMode,
  type VisitReminderSettings,
} from '../../../../src/shared/notices';
import { timeLabel, timeOptions } from '../availability/availabilityForm';

/** The choice of Organization Settings' "Visit reminders" card, in the server's order. */
export const REMINDER_MODE_LABELS: Record<VisitReminderMode, string> = {
  off: 'Off',
  hoursBefore: 'Hours before the visit',
  daysBefore: 'Days before the visit',
};

/**
 * A time select's choices (15-minute steps: a start 00:00–23:45, an end 00:15–24:00, Midnight), with `current`
 * among them when it is off the steps (set through the API): a select shows nothing for a value it does not offer.
 */
export function reminderTimeOptions(kind: 'start' | 'end', current: string): { value: string; label: string }[] {
  const options = timeOptions(kind);
  if (minutesOfDay(current) === null || options.some((o) => o.value === current)) return options;
  return [...options, { value: current, label: timeLabel(current) }].sort((a, b) => a.value.localeCompare(b.value));
}

const wholeWithin = (value: unknown, max: number) =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= max;

/** The form's own checks, field by field, of what the mode shows; the server checks the fields together. */
export const reminderFieldProblems = {
  visitReminderHours: (value: unknown, values: VisitReminderSettings) =>
    values.visitReminders !== 'hoursBefore' || wholeWithin(value, VISIT_REMINDER_HOURS_MAX)
      ? null
      : `Enter a whole number of hours from 1 to ${VISIT_REMINDER_HOURS_MAX}`,
  visitReminderDays: (value: unknown, values: VisitReminderSettings) =>
    values.visitReminders !== 'daysBefore' || wholeWithin(value, VISIT_REMINDER_DAYS_MAX)
      ? null
      : `Enter a whole number of days from 1 to ${VISIT_REMINDER_DAYS_MAX}`,
};

/** What a save sends: the mode and the fields it shows (hidden ones stay as the server has them). */
export function reminderChanges(values: VisitReminderSettings): Partial<VisitReminderSettings> {
  const window = {
    visitReminderWindowStart: values.visitReminderWindowStart,
    visitReminderWindowEnd: values.visitReminderWindowEnd,
  };
  switch (values.visitReminders) {
    case 'off':
      return { visitReminders: 'off' };
    case 'hoursBefore':
      return { visitReminders: 'hoursBefore', visitReminderHours: values.visitReminderHours, ...window };
    case 'daysBefore':
      return {
        visitReminders: 'daysBefore',
        visitReminderDays: values.visitReminderDays,
        visitReminderTime: values.visitReminderTime,
        ...window,
      };
  }
}
