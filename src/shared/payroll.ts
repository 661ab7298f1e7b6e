// Pay periods, timesheets and payroll exports on the wire (issue #30), shared by the server and the client: imports
// nothing (see docs/wire-contract.md).

/** How often people are paid: every week, every two weeks (counted from an anchor date), the 1st–15th and 16th–end, or a calendar month. */
export const PAY_PERIOD_FREQUENCIES = ['weekly', 'biweekly', 'semimonthly', 'monthly'] as const;
export type PayPeriodFrequency = (typeof PAY_PERIOD_FREQUENCIES)[number];

/** Which hours count as overtime: none; over 40 a week; California's daily and weekly rules (issue #30 item 4). */
export const OVERTIME_RULES = ['none', 'weekly40', 'california'] as const;
export type OvertimeRule = (typeof OVERTIME_RULES)[number];

/** The organization's pay settings (Organization Settings); `weekStartsOn`: 0 Sunday … 6 Saturday. */
export interface PaySettings {
  payPeriodFrequency: PayPeriodFrequency;
  /** YYYY-MM-DD: a first day of a two-week period (biweekly only; the others ignore it). */
  payPeriodAnchorDate: string;
  weekStartsOn: number;
  overtimeRule: OvertimeRule;
  /** Associates submit their timesheet before a manager approves it (optional; off: managers approve directly). */
  timesheetSubmission: boolean;
}

export const DEFAULT_PAY_SETTINGS: PaySettings = {
  payPeriodFrequency: 'weekly',
  payPeriodAnchorDate: '2026-01-04',
  weekStartsOn: 0,
  overtimeRule: 'weekly40',
  timesheetSubmission: false,
};

/** One pay period: its first and last day (YYYY-MM-DD, the organization's zone) and how it reads. */
export interface PayPeriodView {
  start: string;
  end: string;
  /** "Nov 22 – Nov 28, 2026" */
  label: string;
}

/** Where one person's timesheet for a period stands. */
export const TIMESHEET_STATES = ['open', 'submitted', 'approved'] as const;
export type TimesheetState = (typeof TIMESHEET_STATES)[number];

/** Hours as a timesheet adds them up (decimal hours, two places). */
export interface HoursSplit {
  regularHours: number;
  overtimeHours: number;
  doubleTimeHours: number;
  totalHours: number;
}

/** A tracked time's part that falls on one day (a timer across midnight counts on each day for its part). */
export interface TimesheetEntry {
  timerId: string;
  type: 'Unassigned' | 'Mileage' | 'Job';
  jobName: string | null;
  customerName: string | null;
  label: string | null;
  /** The whole timer's start and end (UTC ISO); `hours` is its part on this day. */
  startDateTime: string;
  endDateTime: string;
  hours: number;
  /** Miles, on the day the mileage timer started. */
  mileage: number;
}

export interface TimesheetDay extends HoursSplit {
  /** YYYY-MM-DD in the organization's zone. */
  date: string;
  entries: TimesheetEntry[];
  mileage: number;
}

/** What last happened to a timesheet, in words for its screen: "Sent back by Pat Lee on Nov 29: Missing Friday". */
export interface TimesheetNote {
  kind: 'submitted' | 'approved' | 'sentBack' | 'unapproved';
  byFullName: string;
  at: string;
  reason: string | null;
}

/** GET /api/pay-periods/{start}/timesheets/{userId} (and …/me): one person's sheet for a period. */
export interface TimesheetView extends HoursSplit {
  period: PayPeriodView;
  /** The first days of the periods before and after (to step from one person's sheet to the next period's). */
  previous: string;
  next: string;
  userId: string;
  userFullName: string;
  state: TimesheetState;
  overtimeRule: OvertimeRule;
  days: TimesheetDay[];
  mileage: number;
  /** A timer of the person still running in the period: not counted until it stops. */
  running: number;
  /** The latest submit, approve, send back or unapprove, if any. */
  lastNote: TimesheetNote | null;
  /** Whether the person may submit it now (the setting is on, it is theirs and open). */
  canSubmit: boolean;
  /** Set when an export of this period holds this person and their times differ since. */
  changedSinceExport: boolean;
}

/** A person's row on the manager's period screen. */
export interface TimesheetRow extends HoursSplit {
  userId: string;
  userFullName: string;
  state: TimesheetState;
  mileage: number;
  changedSinceExport: boolean;
}

export const PAYROLL_FORMATS = ['gusto', 'quickbooks', 'xlsx'] as const;
export type PayrollFormat = (typeof PAYROLL_FORMATS)[number];

export const PAYROLL_FORMAT_NAMES: Record<PayrollFormat, string> = {
  gusto: 'Gusto (CSV)',
  quickbooks: 'QuickBooks Online timesheets (CSV)',
  xlsx: 'Spreadsheet (xlsx)',
};

/** An export of a period's approved timesheets: who, when, in which format, at which log position. */
export interface PayrollExportView {
  id: string;
  format: PayrollFormat;
  fileName: string;
  periods: string[];
  userIds: string[];
  byFullName: string;
  at: string;
  /** The event log's position the export read the times at, as the organization's opaque position token. */
  position: string;
  /** Whether the times it held differ from now. */
  changedSince: boolean;
}

/** GET /api/pay-periods?date=YYYY-MM-DD: the period holding the date (today if none), its people and exports. */
export interface PayPeriodScreen {
  period: PayPeriodView;
  previous: string;
  next: string;
  overtimeRule: OvertimeRule;
  timesheetSubmission: boolean;
  rows: TimesheetRow[];
  totals: HoursSplit & { mileage: number };
  exports: PayrollExportView[];
}

/** One tracked time's difference since an export: what it was then and is now, and who changed it when. */
export interface ExportChange {
  timerId: string;
  change: 'added' | 'edited' | 'deleted';
  /** The time as the export held it (null: added since) and as it is now (null: deleted since). */
  then: {
    startDateTime: string;
    endDateTime: string | null;
    hours: number;
    type: string;
    jobName: string | null;
  } | null;
  now: {
    startDateTime: string;
    endDateTime: string | null;
    hours: number;
    type: string;
    jobName: string | null;
  } | null;
  /** The audit entries after the export's position, oldest first. */
  by: { fullName: string; at: string; what: string; reason: string | null }[];
}

/** GET /api/payroll-exports/{id}/changes: per person and day, what differs from what the export held. */
export interface ExportChangesView {
  export: PayrollExportView;
  people: {
    userId: string;
    userFullName: string;
    days: { date: string; hoursThen: number; hoursNow: number; changes: ExportChange[] }[];
  }[];
}

/** The longest reason a manager may give (send back, unapprove, edit approved time). */
export const PAYROLL_REASON_MAX_LENGTH = 500;

/** YYYY-MM-DD as typed: ten characters, digits and two dashes in place (no regular expression), a real date. */
export function isCalendarDate(text: unknown): text is string {
  if (typeof text !== 'string' || text.length !== 10) return false;
  for (let i = 0; i < 10; i++) {
    const char = text[i];
    if (i === 4 || i === 7 ? char !== '-' : char < '0' || char > '9') return false;
  }
  const [year, month, day] = text.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The days pay periods are kept for (issue #44 item 3): a date outside is refused in words, not worked out (the period
 * holding 9999-12-31 ends in a year YYYY-MM-DD cannot write). A pay period's anchor and a holiday are held to it too
 * (item 4), so no date of the business makes a read count periods or days from year 1 or toward year 9999.
 */
export const PAY_PERIOD_DAYS = { first: '2000-01-01', last: '2099-12-31' } as const;

/** The words for a date outside PAY_PERIOD_DAYS. */
export const PAY_PERIOD_DAYS_MESSAGE =
  'Pay periods are kept from Jan 1, 2000 to Dec 31, 2099: choose a date between them';

/** Text written as YYYY-MM-DD, a real date or not (0001-01-01 and 2026-02-30 are). */
const dateShaped = (text: unknown): text is string => typeof text === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(text);

/** Whether a text written as YYYY-MM-DD is outside PAY_PERIOD_DAYS (as text: YYYY-MM-DD sorts as dates do). */
export const outsidePayPeriodDays = (text: unknown): boolean =>
  dateShaped(text) && (text < PAY_PERIOD_DAYS.first || text > PAY_PERIOD_DAYS.last);

/**
 * Whether a text written as YYYY-MM-DD cannot start a period holding a day of PAY_PERIOD_DAYS: the one holding
 * Jan 1, 2000 starts up to 13 days before it (two weeks is the longest period that may start off the 1st of a month).
 */
export const outsidePayPeriodStarts = (text: unknown): boolean =>
  dateShaped(text) && (text < '1999-12-19' || text > PAY_PERIOD_DAYS.last);

/** What is wrong with pay settings as given (any subset), in words a person can act on; null when nothing is. */
export function paySettingsProblem(settings: Partial<Record<keyof PaySettings, unknown>>): string | null {
  const { payPeriodFrequency, payPeriodAnchorDate, weekStartsOn, overtimeRule, timesheetSubmission } = settings;
  if (payPeriodFrequency !== undefined && !PAY_PERIOD_FREQUENCIES.includes(payPeriodFrequency as PayPeriodFrequency))
    return 'The pay period must be weekly, biweekly, semimonthly or monthly';
  if (payPeriodAnchorDate !== undefined && !isCalendarDate(payPeriodAnchorDate))
    return 'The first day of a two-week pay period must be a date (YYYY-MM-DD)';
  if (payPeriodAnchorDate !== undefined && outsidePayPeriodDays(payPeriodAnchorDate))
    return 'The first day of a two-week pay period must be from 2000 to 2099';
  if (
    weekStartsOn !== undefined &&
    !(Number.isInteger(weekStartsOn) && (weekStartsOn as number) >= 0 && (weekStartsOn as number) <= 6)
  )
    return "The week's first day must be 0 (Sunday) to 6 (Saturday)";
  if (overtimeRule !== undefined && !OVERTIME_RULES.includes(overtimeRule as OvertimeRule))
    return 'The overtime rule must be none, weekly40 or california';
  if (timesheetSubmission !== undefined && typeof timesheetSubmission !== 'boolean')
    return 'Timesheet submission must be true or false';
  return null;
}

export const PAY_SETTING_KEYS = [
  'payPeriodFrequency',
  'payPeriodAnchorDate',
  'weekStartsOn',
  'overtimeRule',
  'timesheetSubmission',
] as const satisfies readonly (keyof PaySettings)[];

/** The settings an organization has, its own where it set them, else the defaults. */
export function paySettingsOf(settings: Partial<PaySettings>): PaySettings {
  const own = Object.fromEntries(
    PAY_SETTING_KEYS.filter((k) => settings[k] !== undefined && settings[k] !== null).map((k) => [k, settings[k]]),
  );
  return { ...DEFAULT_PAY_SETTINGS, ...own };
}
