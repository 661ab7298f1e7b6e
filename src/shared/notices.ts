// What the customer is told about their visit (issue #31), on the wire: imports nothing (see docs/wire-contract.md).

/** "On my way": the arrival a crew member chooses, in minutes from now. */
export const ON_MY_WAY_ETA_MINUTES = [15, 30, 45, 60] as const;
export type OnMyWayEta = (typeof ON_MY_WAY_ETA_MINUTES)[number];

/** GET /api/jobs/{id}/on-my-way: whether the customer was told today (the organization's day), when and by whom. */
export interface OnMyWayStatus {
  sent: { at: string; etaMinutes: number; userId: string; fullName: string } | null;
}

/**
 * Visit reminders to customers (issue #31 item 2): off, or an e-mail N hours or N days before a visit. Days before:
 * sent that many days before the visit's day at `visitReminderTime`. Hours before: sent that long before its start,
 * or, when that falls outside the organization's sending window, at the window's last minute before it. Times are
 * 'HH:MM' in the organization's zone.
 */
export const VISIT_REMINDER_MODES = ['off', 'hoursBefore', 'daysBefore'] as const;
export type VisitReminderMode = (typeof VISIT_REMINDER_MODES)[number];

export interface VisitReminderSettings {
  visitReminders: VisitReminderMode;
  visitReminderHours: number;
  visitReminderDays: number;
  visitReminderTime: string;
  visitReminderWindowStart: string;
  visitReminderWindowEnd: string;
}

/** Off until turned on; then, unless changed, the day before at 9:00, sent between 8:00 and 20:00. */
export const DEFAULT_VISIT_REMINDER_SETTINGS: VisitReminderSettings = {
  visitReminders: 'off',
  visitReminderHours: 24,
  visitReminderDays: 1,
  visitReminderTime: '09:00',
  visitReminderWindowStart: '08:00',
  visitReminderWindowEnd: '20:00',
};

export const VISIT_REMINDER_SETTING_KEYS = [
  'visitReminders',
  'visitReminderHours',
  'visitReminderDays',
  'visitReminderTime',
  'visitReminderWindowStart',
  'visitReminderWindowEnd',
] as const satisfies readonly (keyof VisitReminderSettings)[];

export const VISIT_REMINDER_HOURS_MAX = 72;
export const VISIT_REMINDER_DAYS_MAX = 7;

/** Minutes after midnight of an 'HH:MM' (00:00–24:00), or null for anything else; read without a pattern. */
export function minutesOfDay(value: unknown): number | null {
  if (typeof value !== 'string' || value.length !== 5 || value[2] !== ':') return null;
  const digits = value.slice(0, 2) + value.slice(3);
  for (const ch of digits) if (ch < '0' || ch > '9') return null;
  const hours = Number(value.slice(0, 2));
  const minutes = Number(value.slice(3));
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}

/**
 * What is wrong with reminder settings (any subset, laid over `current`, the organization's settings as they are), in
 * words a person can act on; null when nothing is.
 */
export function visitReminderSettingsProblem(
  wanted: Partial<Record<keyof VisitReminderSettings, unknown>>,
  current: VisitReminderSettings = DEFAULT_VISIT_REMINDER_SETTINGS,
): string | null {
  const s = { ...current, ...Object.fromEntries(Object.entries(wanted).filter(([, v]) => v !== undefined)) };
  if (!VISIT_REMINDER_MODES.includes(s.visitReminders as VisitReminderMode))
    return 'Visit reminders must be off, hoursBefore or daysBefore';
  const whole = (v: unknown, max: number) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= max;
  if (!whole(s.visitReminderHours, VISIT_REMINDER_HOURS_MAX))
    return `Send reminders 1 to ${VISIT_REMINDER_HOURS_MAX} hours before a visit`;
  if (!whole(s.visitReminderDays, VISIT_REMINDER_DAYS_MAX))
    return `Send reminders 1 to ${VISIT_REMINDER_DAYS_MAX} days before a visit`;
  const at = minutesOfDay(s.visitReminderTime);
  const from = minutesOfDay(s.visitReminderWindowStart);
  const to = minutesOfDay(s.visitReminderWindowEnd);
  if (at === null || at >= 24 * 60) return 'The reminder time must be a time of day (HH:MM)';
  if (from === null || to === null) return 'The sending window must be two times of day (HH:MM)';
  if (to - from < 60) return 'The sending window must end at least an hour after it starts';
  if (s.visitReminders === 'daysBefore' && (at < from || at > to))
    return 'The reminder time must be inside the sending window';
  return null;
}

/** The organization's reminder settings: its own where set, else the defaults. */
export function visitReminderSettingsOf(settings: Partial<VisitReminderSettings>): VisitReminderSettings {
  const own = Object.fromEntries(
    VISIT_REMINDER_SETTING_KEYS.filter((k) => settings[k] !== undefined && settings[k] !== null).map((k) => [
      k,
      settings[k],
    ]),
  );
  return { ...DEFAULT_VISIT_REMINDER_SETTINGS, ...own };
}

/**
 * The crew's day by e-mail (issue #31 item 3), a setting per person: off, or every day at an hour of the
 * organization's zone, the next day's jobs in order (nothing sent when that day has none).
 */
export interface CrewDaySettings {
  crewDayEmail: boolean;
  /** 0–23: the hour the e-mail goes, in the organization's zone. */
  crewDayEmailHour: number;
}

export const DEFAULT_CREW_DAY_SETTINGS: CrewDaySettings = { crewDayEmail: false, crewDayEmailHour: 18 };

export const CREW_DAY_SETTING_KEYS = [
  'crewDayEmail',
  'crewDayEmailHour',
] as const satisfies readonly (keyof CrewDaySettings)[];

/** What is wrong with crew's-day settings as given (any subset), in words; null when nothing is. */
export function crewDaySettingsProblem(settings: Partial<Record<keyof CrewDaySettings, unknown>>): string | null {
  const { crewDayEmail, crewDayEmailHour } = settings;
  if (crewDayEmail !== undefined && typeof crewDayEmail !== 'boolean')
    return "Tomorrow's jobs by e-mail must be on or off";
  if (
    crewDayEmailHour !== undefined &&
    !(Number.isInteger(crewDayEmailHour) && (crewDayEmailHour as number) >= 0 && (crewDayEmailHour as number) <= 23)
  )
    return 'Choose an hour from 0 to 23 for the e-mail';
  return null;
}

/** A person's crew's-day settings: their own where set, else the defaults. */
export function crewDaySettingsOf(settings: Partial<CrewDaySettings>): CrewDaySettings {
  return {
    crewDayEmail: settings.crewDayEmail ?? DEFAULT_CREW_DAY_SETTINGS.crewDayEmail,
    crewDayEmailHour: settings.crewDayEmailHour ?? DEFAULT_CREW_DAY_SETTINGS.crewDayEmailHour,
  };
}
