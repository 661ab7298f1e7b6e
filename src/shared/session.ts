// Roles, claims, the user and the session on the wire, shared by the server and the client: imports nothing
// (see docs/wire-contract.md). Which claims each role holds is the server's (src/identity/roles.ts).

/** Roles (issue #2 §5). A user has exactly one role. */
export const ROLES = ['Associate', 'Company Admin', 'Customer Manager'] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = 'Associate';

export const CLAIMS = [
  'jobs.crud',
  'customers.crud',
  'reports.read',
  'users.crud',
  'settings.crud',
  'audit.read',
] as const;
export type Claim = (typeof CLAIMS)[number];

/** A user as the API shows them (the session's user, the users table): never the password, never internal fields. */
export interface UserView {
  id: string;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  employeeId: string | null;
  organizationId: string;
  colorCode: string;
  phoneNumber: string | null;
  roles: Role[];
  active: boolean;
  profilePictureUrl: string | null;
  /** Only while the person is invited and has not chosen a password: when the latest invitation link ends. */
  invitationExpiresAt?: string;
}

/** What the client reads of a user: the organization is the session's own. */
export type SessionUser = Omit<UserView, 'organizationId'>;

/** Home marks a job late this many minutes after its start with nobody of its crew on the clock, unless set. */
export const DEFAULT_LATE_GRACE_MINUTES = 10;
export const MAX_LATE_GRACE_MINUTES = 240;

/**
 * A time a phone sends later (offline) whose start is more than this many hours before it reached the server, or
 * later than that moment, goes to a manager's review instead of becoming a tracked time, unless the organization sets
 * another whole number of hours within the bounds (issue #29 item 5).
 */
export const DEFAULT_OFFLINE_CLOCK_LIMIT_HOURS = 12;
export const MIN_OFFLINE_CLOCK_LIMIT_HOURS = 1;
export const MAX_OFFLINE_CLOCK_LIMIT_HOURS = 72;

/** GET /api/users/lookup: an active employee for the schedule's pickers, filters and rows (at most 1000, by name). */
export interface EmployeeOption {
  id: string;
  fullName: string;
  colorCode: string | null;
  profilePictureUrl: string | null;
}

/** What an invitation link's page shows before the password is chosen (GET /api/account/invitation/{token}). */
export interface InvitationPageView {
  organizationName: string;
  firstName: string;
}

/** The signed-in user's organization as the session shows it. */
export interface CompanyView {
  id: string;
  name: string;
  logoUrl: string | null;
  timeZone: string;
  pickUpJobsEnabled: boolean;
  automatedRatingEmailsEnabled: boolean;
  lateGraceMinutes: number;
  /** Hours back an offline start may be before it goes to a manager's review. */
  offlineClockLimitHours: number;
  /** Its pay settings (issue #30), as src/shared/payroll.ts's PaySettings names them. */
  payPeriodFrequency: 'weekly' | 'biweekly' | 'semimonthly' | 'monthly';
  payPeriodAnchorDate: string;
  weekStartsOn: number;
  overtimeRule: 'none' | 'weekly40' | 'california';
  timesheetSubmission: boolean;
  /** Its visit reminder settings (issue #31 item 2), as src/shared/notices.ts's VisitReminderSettings names them. */
  visitReminders: 'off' | 'hoursBefore' | 'daysBefore';
  visitReminderHours: number;
  visitReminderDays: number;
  /** 'HH:MM', the organization's zone, as are the window's ends (its end may be '24:00'). */
  visitReminderTime: string;
  visitReminderWindowStart: string;
  visitReminderWindowEnd: string;
}

/** GET /api/session as the client reads it: who is signed in, their claims and company, the CSRF token. */
export interface SessionPayload {
  user: SessionUser;
  claims: Claim[];
  company: CompanyView;
  /** Only for Company Admins: where to reach the provider's support. */
  support?: { email: string | null };
  csrfToken: string;
}
