import type { VisitReminderSettings } from '../shared/notices';
import type { OvertimeRule, PayPeriodFrequency } from '../shared/payroll';
import type { Role } from '../shared/session';
import type { OrganizationHoliday } from './identity.events';
import type { Filter, ReadStore, Sort } from '../core/read-store/read-store.port';

/** Read models of identity, as the REST queries read them. */
export const ORGANIZATIONS = 'organizations';
export const USERS = 'users';
export const SESSIONS = 'sessions';

/** What the Users table searches (a search index covers them). */
export const USER_SEARCH_FIELDS = ['firstName', 'lastName', 'email', 'employeeId', 'phoneNumber', 'role'];

export const fileUrl = (fileId: string | null) => (fileId ? `/api/files/${fileId}` : null);

/** The visit reminder settings (issue #31 item 2) are here where set; absent: DEFAULT_VISIT_REMINDER_SETTINGS. */
export interface OrganizationDoc extends Partial<VisitReminderSettings> {
  _id: string;
  name: string;
  timeZone: string;
  pickUpJobsEnabled: boolean;
  automatedRatingEmailsEnabled: boolean;
  lateGraceMinutes?: number;
  offlineClockLimitHours?: number;
  /** Pay settings where set (issue #30; absent: DEFAULT_PAY_SETTINGS). */
  payPeriodFrequency?: PayPeriodFrequency;
  payPeriodAnchorDate?: string;
  weekStartsOn?: number;
  overtimeRule?: OvertimeRule;
  timesheetSubmission?: boolean;
  /** When automated rating e-mails were last turned on: jobs that ended before get none (absent: before #14's process). */
  automatedRatingEmailsSince?: string | null;
  logoFileId: string | null;
  logoUrl: string | null;
  /** Days it takes no work, in date order (absent: none set yet). */
  holidays?: OrganizationHoliday[];
  createdAt: string;
  _rev?: number;
  [key: string]: unknown;
}

export interface UserDoc {
  _id: string;
  organizationId: string;
  firstName: string;
  lastName: string;
  fullName: string;
  /** lower-case "first\u0001last", the users table's sort key. */
  sortName: string;
  email: string;
  employeeId: string | null;
  phoneNumber: string | null;
  colorCode: string;
  role: Role;
  roles: Role[];
  active: boolean;
  profilePictureFileId: string | null;
  profilePictureUrl: string | null;
  /** While invited and without a password of their own: when the latest link ends (absent or null: not invited). */
  invitation?: { expiresAt: string } | null;
  /** Tomorrow's jobs by e-mail (issue #31 item 3): absent until the person sets it (crewDaySettingsOf fills in). */
  crewDayEmail?: boolean;
  crewDayEmailHour?: number;
  createdAt: string;
  _rev?: number;
  [key: string]: unknown;
}

export interface SessionDoc {
  /** HMAC of the cookie's token. */
  _id: string;
  sessionId: string;
  userId: string;
  organizationId: string;
  rememberMe: boolean;
  expiresAt: string;
  createdAt: string;
  [key: string]: unknown;
}

/*
 * The readers of these read models: every query and handler in src reads organizations, users and
 * sessions through them (projections, which write them, keep their own access).
 */

const organizations = (store: ReadStore) => store.collection<OrganizationDoc>(ORGANIZATIONS);
const users = (store: ReadStore) => store.collection<UserDoc>(USERS);

export function organizationById(store: ReadStore, organizationId: string): Promise<OrganizationDoc | null> {
  return organizations(store).findOne({ _id: organizationId });
}

/** Organizations that send visit reminders (issue #31 item 2): any mode but off. */
export function organizationsSendingReminders(store: ReadStore): Promise<OrganizationDoc[]> {
  return organizations(store).find({ visitReminders: { $in: ['hoursBefore', 'daysBefore'] } });
}

/** Organizations that have automated rating e-mails on (a handful of fields each). */
export function organizationsAskingForRatings(store: ReadStore) {
  return organizations(store).find(
    { automatedRatingEmailsEnabled: true },
    { projection: { _id: 1, automatedRatingEmailsSince: 1 } },
  );
}

/** The organization's time zone; UTC when it is not (yet) known. */
export async function organizationZone(store: ReadStore, organizationId: string): Promise<string> {
  return (await organizationById(store, organizationId))?.timeZone ?? 'UTC';
}

/** Any user, of any organization: check `organizationId` (or use `userOf`). */
export function userById(store: ReadStore, userId: string): Promise<UserDoc | null> {
  return users(store).findOne({ _id: userId });
}

/** The user, or null when there is none of that id in the organization. */
export function userOf(store: ReadStore, organizationId: string, userId: string): Promise<UserDoc | null> {
  return users(store).findOne({ _id: userId, organizationId });
}

/** Active people of any organization who asked for tomorrow's jobs by e-mail (issue #31 item 3). */
export function usersWantingCrewDayEmail(store: ReadStore): Promise<UserDoc[]> {
  return users(store).find({ active: true, crewDayEmail: true }, { sort: { _id: 1 } });
}

/** How many users of one address (in as many organizations) sign-in and password reset consider. */
export const USERS_PER_ADDRESS = 20;

/**
 * The users signing in or asking for a reset: one address may be used in several organizations
 * (addresses are stored normalized). At most USERS_PER_ADDRESS, always the same ones.
 */
export function usersByEmail(store: ReadStore, email: string): Promise<UserDoc[]> {
  return users(store).find({ email }, { sort: { _id: 1 }, limit: USERS_PER_ADDRESS });
}

/** The organization's user with this address, if any (addresses are unique within an organization). */
export function userOfOrganizationByEmail(store: ReadStore, organizationId: string, email: string) {
  return users(store).findOne({ organizationId, email });
}

/** Users by id, of any organization: check `organizationId`. */
export function usersByIds(store: ReadStore, userIds: string[]): Promise<UserDoc[]> {
  return users(store).find({ _id: { $in: userIds } });
}

/** Every user of the organization, inactive ones included (old jobs and history still name them). */
export function organizationUsers(store: ReadStore, organizationId: string): Promise<UserDoc[]> {
  return users(store).find({ organizationId });
}

/** The organization's active users by name (the users table's order); `limit` 0: all of them. */
export function activeUsers(store: ReadStore, organizationId: string, limit = 0): Promise<UserDoc[]> {
  const sort: Sort = { sortName: 1, _id: 1 };
  return users(store).find({ organizationId, active: true }, limit ? { sort, limit } : { sort });
}

/** One page of the users table and the count of all that match `filter` (always scope it to an organization). */
export async function usersPage(
  store: ReadStore,
  filter: Filter,
  page: { sort: Sort; skip: number; limit: number },
): Promise<{ items: UserDoc[]; totalRecords: number }> {
  const [items, totalRecords] = await Promise.all([
    users(store).find(filter, page),
    users(store).countDocuments(filter),
  ]);
  return { items, totalRecords };
}

/** The session a cookie's token digest names, or null. */
export function sessionByDigest(store: ReadStore, digest: string): Promise<SessionDoc | null> {
  return store.collection<SessionDoc>(SESSIONS).findOne({ _id: digest });
}
