import { DateTime } from 'luxon';
import type {
  ExportChange,
  HoursSplit,
  OvertimeRule,
  PayPeriodFrequency,
  PayrollExportView,
  TimesheetEntry,
  TimesheetNote,
  TimesheetState,
} from '../../../../src/shared/payroll';
import { PAYROLL_FORMAT_NAMES } from '../../../../src/shared/payroll';

export * from './payrollUrls';

/** Pay settings in words (Organization Settings). */
export const FREQUENCY_LABELS: Record<PayPeriodFrequency, string> = {
  weekly: 'Weekly',
  biweekly: 'Every two weeks',
  semimonthly: 'Twice a month (1st–15th and 16th–end)',
  monthly: 'Monthly',
};

export const OVERTIME_RULE_LABELS: Record<OvertimeRule, string> = {
  none: 'No overtime',
  weekly40: 'Over 40 hours a week',
  california: 'California (daily and weekly)',
};

/** The rule in a line of the period screen: "Overtime over 40 hours a week". */
export const OVERTIME_RULE_PHRASES: Record<OvertimeRule, string> = {
  none: 'No overtime',
  weekly40: 'Overtime over 40 hours a week',
  california: "California's daily and weekly overtime",
};

/** Sunday (0) … Saturday (6), as `weekStartsOn` counts them. */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const STATE_LABELS: Record<TimesheetState, string> = {
  open: 'Open',
  submitted: 'Submitted',
  approved: 'Approved',
};

export const STATE_COLORS: Record<TimesheetState, 'gray' | 'indigo' | 'teal'> = {
  open: 'gray',
  submitted: 'indigo',
  approved: 'teal',
};

/** Decimal hours as payroll reads them: 7.5 → '7.50'. */
export const hoursLabel = (hours: number) => (Math.round(hours * 100) / 100).toFixed(2);

/** Miles: 12.25 → '12.3 mi'. */
export const milesLabel = (miles: number) =>
  `${miles.toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 0 })} mi`;

/** A period shows a double-time column under California's rule, or when some hours are double time anyway. */
export const showsDoubleTime = (rule: OvertimeRule, ...splits: Pick<HoursSplit, 'doubleTimeHours'>[]) =>
  rule === 'california' || splits.some((s) => s.doubleTimeHours > 0);

/** A period shows an overtime column unless the organization pays none and none was counted. */
export const showsOvertime = (rule: OvertimeRule, ...splits: Pick<HoursSplit, 'overtimeHours'>[]) =>
  rule !== 'none' || splits.some((s) => s.overtimeHours > 0);

const calendarDay = (date: string) => DateTime.fromISO(date, { zone: 'UTC' });

/** A timesheet's day: '2026-11-23' → 'Mon, Nov 23'. */
export const dayLabel = (date: string) => calendarDay(date).toFormat('ccc, LLL d', { locale: 'en-US' });

/** When something happened, in the organization's zone: 'Nov 29, 2026, 3:04 PM'. */
export const momentLabel = (iso: string, zone: string) =>
  DateTime.fromISO(iso, { setZone: true }).setZone(zone).toFormat('LLL d, yyyy, h:mm a', { locale: 'en-US' });

const NOTE_VERBS: Record<TimesheetNote['kind'], string> = {
  submitted: 'Submitted',
  approved: 'Approved',
  sentBack: 'Sent back',
  unapproved: 'Unapproved',
};

/** "Sent back by Pat Lee on Nov 29, 2026, 3:04 PM: Missing Friday". */
export function noteText(note: TimesheetNote, zone: string): string {
  const text = `${NOTE_VERBS[note.kind]} by ${note.byFullName} on ${momentLabel(note.at, zone)}`;
  return note.reason ? `${text}: ${note.reason}` : text;
}

/**
 * A tracked time's start and end as the day's row shows them: '9:00 AM – 5:00 PM'; an end (or start) on another
 * day carries its day ('10:00 PM – Tue 2:00 AM'); a time still running has no end yet.
 */
export function entryTimes(
  entry: Pick<TimesheetEntry, 'startDateTime' | 'endDateTime'> | { startDateTime: string; endDateTime: string | null },
  date: string | null,
  zone: string,
): string {
  const at = (iso: string) => {
    const time = DateTime.fromISO(iso, { setZone: true }).setZone(zone);
    const clock = time.toFormat('h:mm a', { locale: 'en-US' });
    return date === null || time.toISODate() === date ? clock : `${time.toFormat('ccc', { locale: 'en-US' })} ${clock}`;
  };
  return `${at(entry.startDateTime)} – ${entry.endDateTime ? at(entry.endDateTime) : 'still running'}`;
}

/** What a tracked time was for: its job (and customer), a drive, or unassigned time; with its label. */
export function entryWhat(entry: Pick<TimesheetEntry, 'type' | 'jobName' | 'customerName' | 'label'>): string {
  const what =
    entry.type === 'Job' && entry.jobName
      ? entry.customerName
        ? `${entry.jobName} · ${entry.customerName}`
        : entry.jobName
      : entry.type === 'Mileage'
        ? 'Mileage'
        : 'Unassigned time';
  return entry.label ? `${what} · ${entry.label}` : what;
}

/** An export in a few words: 'Gusto (CSV) · 3 people'. */
export function exportSummary(view: Pick<PayrollExportView, 'format' | 'userIds'>): string {
  const count = view.userIds.length;
  return `${PAYROLL_FORMAT_NAMES[view.format]} · ${count} ${count === 1 ? 'person' : 'people'}`;
}

export const CHANGE_LABELS: Record<ExportChange['change'], string> = {
  added: 'Added',
  edited: 'Edited',
  deleted: 'Deleted',
};

/** A side of a change ('then' or 'now'): '9:00 AM – 5:00 PM · 8.00 h · Job: Kitchen'; null side: 'none'. */
export function changeSide(side: ExportChange['then'], date: string, zone: string): string {
  if (!side) return '—';
  const what = side.jobName ? `${side.type}: ${side.jobName}` : side.type;
  return `${entryTimes(side, date, zone)} · ${hoursLabel(side.hours)} h · ${what}`;
}

/** The reason a manager gives (send back, unapprove, edit approved time): required, at most `max` characters. */
export function reasonProblem(reason: string, max: number): string | null {
  if (!reason.trim()) return 'Give a reason';
  if (reason.length > max) return `The reason must be at most ${max} characters`;
  return null;
}
