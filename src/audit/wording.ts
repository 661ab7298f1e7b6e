import { DateTime } from 'luxon';
import { toWallMs } from '../core/zoned-time';
import type { AvailabilityEntry, AvailabilityEvent } from '../availability/availability.events';
import type { BookingLinkEvent } from '../booking/booking.events';
import type { CustomerEvent, MailOptOutEvent } from '../customers/customers.events';
import type {
  CalendarFeedEvent,
  EmailClaimEvent,
  OrganizationEvent,
  SessionEvent,
  UserEvent,
} from '../identity/identity.events';
import type { RatingEvent, RatingMailEvent } from '../ratings/ratings.events';
import type { RecurrenceRule } from '../scheduling/recurrence';
import type { JobEvent, JobSeriesEvent } from '../scheduling/scheduling.events';
import { reviewedTimer } from '../timers/offline.rules';
import type {
  RunningTimerEvent,
  TimeReviewEvent,
  TimeReviewRequest,
  TimerEvent,
  TimesheetEvent,
} from '../timers/timers.events';
import { periodLabel } from '../timers/pay-periods';
import type { PayrollExportEvent } from '../payroll/payroll.events';
import type { NoticeEvent } from '../notices/notices.events';
import { parseOccurrenceId } from '../scheduling/recurrence';
import { PAYROLL_FORMAT_NAMES } from '../shared/payroll';
import type { VisitReminderMode } from '../shared/notices';
import { AUDIT_FIELD_LABELS, type AuditActorKind, type AuditChange, type AuditRecordType } from '../shared/audit';

/** Every event the log holds: each type must have its words below (the compiler and audit-wording.spec check). */
export type LoggedEvent =
  | OrganizationEvent
  | UserEvent
  | EmailClaimEvent
  | SessionEvent
  | CustomerEvent
  | MailOptOutEvent
  | JobEvent
  | JobSeriesEvent
  | TimerEvent
  | RunningTimerEvent
  | TimeReviewEvent
  | AvailabilityEvent
  | RatingEvent
  | RatingMailEvent
  | BookingLinkEvent
  | TimesheetEvent
  | PayrollExportEvent
  | NoticeEvent
  | CalendarFeedEvent;
export type LoggedEventType = LoggedEvent['type'];

/** What `userName` says of a person the log has no name of (yet, or any more). */
export const UNKNOWN_PERSON = 'a former employee';

/** Names as the log had them when the event was recorded (projections/audit keeps them). */
export interface WordingContext {
  timeZone: string;
  userName(id: string): string;
  customerName(id: string): string;
  /**
   * The record's name before this event (a job's, a link's…), '' when unknown. A booked visit's 'visit' is its
   * start (UTC ISO) and 'visitStaff' its staff member's id, as they were.
   */
  label(kind: 'job' | 'series' | 'timer' | 'rating' | 'bookingLink' | 'visit' | 'visitStaff', id: string): string;
  /** Whether a visitor booked the job online (its later changes without a person are the visitor's). */
  selfBooked(jobId: string): boolean;
}

/** What an event did, in words, before the who and when are added. */
export interface Wording {
  recordType: AuditRecordType;
  recordId: string;
  recordLabel: string;
  occurrenceId?: string | null;
  what: string;
  changes?: AuditChange[];
  /** Whose time (tracked time, availability) it changed, for "changes to someone else's time". */
  timeOf?: string;
  /** The job a tracked time is on, when its entry belongs in that job's History too (time a manager added). */
  aboutJob?: string;
  /** Set when no person did it (actorUserId null): who did. */
  without?: Exclude<AuditActorKind, 'person'>;
  /** The person it was, when the event has no actor but names them (a sign-in, a reset they asked for). */
  byPerson?: string;
}

type Words<T extends LoggedEventType> = (
  data: Extract<LoggedEvent, { type: T }>['data'],
  ctx: WordingContext,
  actorUserId: string | null,
) => Wording;

const NONE = '—';

export function describeRule(rule: RecurrenceRule): string {
  const until = rule.expireDate ? ` until ${DateTime.fromISO(rule.expireDate).toFormat('d LLL yyyy')}` : '';
  switch (rule.frequency) {
    case 'Daily':
      return `Daily${until}`;
    case 'Monthly':
      return `Monthly${until}`;
    case 'Weekly': {
      const days = rule.days.map((d) => d[0].toUpperCase() + d.slice(1, 3)).join(', ');
      return `${rule.weeklyRecurrence === 1 ? 'Weekly' : `Every ${rule.weeklyRecurrence} weeks`} on ${days}${until}`;
    }
  }
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const MINUTES = 'ccc d LLL yyyy, h:mm a';
const SECONDS = 'ccc d LLL yyyy, h:mm:ss a ZZZZ';

/**
 * The zone's name at an offset in a year ('EST', 'GMT+5:30'), as luxon's ZZZZ writes it: one luxon call per zone, offset
 * and year (a name may change over the years for one offset, as war time's did).
 */
const zoneNames = new Map<string, string>();
function zoneNameAt(ms: number, zone: string, offsetMs: number, year: number): string {
  const key = `${zone} ${offsetMs} ${year}`;
  let name = zoneNames.get(key);
  if (name === undefined) {
    if (zoneNames.size >= 10_000) zoneNames.clear();
    zoneNames.set(key, (name = DateTime.fromMillis(ms, { zone }).toFormat('ZZZZ')));
  }
  return name;
}

/**
 * 'Tue 1 Dec 2026, 4:10 PM' on the zone's wall clock, as luxon's 'ccc d LLL yyyy, h:mm a' writes it; `precise`:
 * 'Tue 1 Dec 2026, 4:10:05 PM EST', as 'ccc d LLL yyyy, h:mm:ss a ZZZZ' does (an audit entry's time). From the zone's
 * cached offsets (src/core/zoned-time.ts), not a luxon DateTime per instant, which the audit projection paid for every
 * instant it named and a page of the log for each of its entries (issue #45 item 3). What the fast way cannot write
 * exactly (no instant, no zone, a year outside 1000–9999) goes to luxon.
 */
export function instantInWords(value: string, zone: string, precise = false): string {
  const ms = Date.parse(value);
  const wallMs = Number.isNaN(ms) ? Number.NaN : toWallMs(ms, zone);
  const wall = new Date(wallMs);
  const year = wall.getUTCFullYear();
  if (Number.isNaN(year) || year < 1000 || year > 9999)
    return DateTime.fromISO(value, { zone: 'utc' })
      .setZone(zone)
      .toFormat(precise ? SECONDS : MINUTES);
  const hours = wall.getUTCHours();
  const minutes = String(wall.getUTCMinutes()).padStart(2, '0');
  const seconds = precise ? `:${String(wall.getUTCSeconds()).padStart(2, '0')}` : '';
  const clock = `${hours % 12 || 12}:${minutes}${seconds} ${hours < 12 ? 'AM' : 'PM'}`;
  const day = `${WEEKDAYS[wall.getUTCDay()]} ${wall.getUTCDate()} ${MONTHS[wall.getUTCMonth()]} ${year}, ${clock}`;
  return precise ? `${day} ${zoneNameAt(ms, zone, wallMs - ms, year)}` : day;
}

const instant = (value: string, ctx: WordingContext) => instantInWords(value, ctx.timeZone);

const INSTANT_FIELDS = new Set(['start', 'end', 'expiresAt', 'jobStart', 'jobEnd']);
const USER_FIELDS = new Set(['leadUserId', 'staffId']);
const USER_LIST_FIELDS = new Set(['userIds', 'staffIds', 'associateIds']);
/** The organization's visit reminders (issue #31 item 2), as Organization Settings offers them. */
const VISIT_REMINDER_WORDS: Record<VisitReminderMode, string> = {
  off: 'Off',
  hoursBefore: 'Hours before',
  daysBefore: 'Days before',
};

/** One value in words: instants in the organization's zone, people and customers by name, yes/no. */
export function valueInWords(field: string, value: unknown, ctx: WordingContext): string {
  if (value === null || value === undefined || value === '') return NONE;
  if (INSTANT_FIELDS.has(field)) return instant(String(value), ctx);
  if (USER_LIST_FIELDS.has(field))
    return (value as string[]).length ? (value as string[]).map(ctx.userName).join(', ') : 'nobody';
  if (USER_FIELDS.has(field)) return ctx.userName(String(value));
  if (field === 'customerId') return ctx.customerName(String(value));
  if (field === 'rule') return describeRule(value as RecurrenceRule);
  if (field === 'rating') return `${String(value)} star${value === 1 ? '' : 's'}`;
  if (field === 'visitReminders') return VISIT_REMINDER_WORDS[value as VisitReminderMode] ?? String(value);
  if (field === 'crewDayEmailHour' && typeof value === 'number')
    return `${value % 12 || 12}:00 ${value < 12 ? 'AM' : 'PM'}`;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map(String).join(', ');
  return String(value);
}

type Labels = Record<string, string>;

/** A change set ({ field: { from, to } }) in words, in the labels' order for the record. */
export function changesInWords(
  labels: Labels,
  changes: Record<string, { from: unknown; to: unknown } | undefined>,
  ctx: WordingContext,
): AuditChange[] {
  return Object.entries(changes)
    .filter(([, c]) => c !== undefined)
    .map(([field, c]) => ({
      field: labels[field] ?? field,
      from: valueInWords(field, c!.from, ctx),
      to: valueInWords(field, c!.to, ctx),
    }));
}

/** A new record's fields as changes from nothing: those with a value, in the labels' order. */
function created(labels: Labels, fields: Record<string, unknown>, ctx: WordingContext): AuditChange[] {
  return Object.keys(labels)
    .filter((field) => field in fields && fields[field] !== null && fields[field] !== undefined && fields[field] !== '')
    .map((field) => ({ field: labels[field], from: NONE, to: valueInWords(field, fields[field], ctx) }));
}

const JOB = AUDIT_FIELD_LABELS.job as Labels;
const JOB_CREATED_FIELDS = ['name', 'start', 'end', 'userIds', 'leadUserId', 'customerId', 'number', 'colorOption'];
const jobCreated = (fields: Record<string, unknown>, ctx: WordingContext) =>
  created(
    Object.fromEntries(JOB_CREATED_FIELDS.map((f) => [f, JOB[f]])),
    { ...fields, userIds: fields.userIds, leadUserId: fields.leadUserId ?? null },
    ctx,
  );

/** A job's change without a person is the visitor's when a visitor booked it, else the system's. */
const jobActor = (jobId: string, ctx: WordingContext, actor: string | null): Wording['without'] =>
  actor ? undefined : ctx.selfBooked(jobId) ? 'visitor' : 'system';

const job = (jobId: string, ctx: WordingContext, name?: string) => ({
  recordType: 'job' as const,
  recordId: jobId,
  recordLabel: name ?? ctx.label('job', jobId),
});
const series = (seriesId: string, ctx: WordingContext, occurrenceId: string | null = null, name?: string) => ({
  recordType: 'recurringJob' as const,
  recordId: seriesId,
  recordLabel: name ?? ctx.label('series', seriesId),
  occurrenceId,
});

/** A notice to a job's customer: in the History of the one-time job, or of the occurrence within its series. */
const noticeRecord = (jobId: string, ctx: WordingContext) => {
  const occurrence = parseOccurrenceId(jobId);
  return occurrence ? series(occurrence.seriesId, ctx, jobId) : { ...job(jobId, ctx), occurrenceId: null };
};

const requestedOf = (d: { jobId: string } | { seriesId: string; occurrenceId: string }, ctx: WordingContext) =>
  'seriesId' in d ? series(d.seriesId, ctx, d.occurrenceId) : { ...job(d.jobId, ctx), occurrenceId: null };

const requested = (userId: string, ctx: WordingContext) => `${ctx.userName(userId)} requested to pick up this job`;
const approved = (
  data: { userId: string; notChosen: { userId: string }[]; changes: { userIds: { from: string[]; to: string[] } } },
  ctx: WordingContext,
) => {
  const others = data.notChosen.map((r) => ctx.userName(r.userId));
  return {
    what: `${ctx.userName(data.userId)}'s request approved${others.length ? `; not chosen: ${others.join(', ')}` : ''}`,
    changes: changesInWords(JOB, data.changes, ctx),
  };
};

const ORGANIZATION = AUDIT_FIELD_LABELS.organization as Labels;
const USER = AUDIT_FIELD_LABELS.user as Labels;
const CUSTOMER = AUDIT_FIELD_LABELS.customer as Labels;
const TIMER = AUDIT_FIELD_LABELS.timer as Labels;
const LINK = AUDIT_FIELD_LABELS.bookingLink as Labels;
const SESSION = AUDIT_FIELD_LABELS.session;

const FEED_NAMES = { person: 'Calendar feed', organization: 'Organization calendar feed' } as const;

const user = (userId: string, ctx: WordingContext) => ({
  recordType: 'user' as const,
  recordId: userId,
  recordLabel: ctx.userName(userId),
});
const customer = (customerId: string, ctx: WordingContext) => ({
  recordType: 'customer' as const,
  recordId: customerId,
  recordLabel: ctx.customerName(customerId),
});
const timer = (data: { timerId: string; userId: string }, ctx: WordingContext, label?: string) => ({
  recordType: 'timer' as const,
  recordId: data.timerId,
  recordLabel: `${ctx.userName(data.userId)}: ${label ?? (ctx.label('timer', data.timerId) || 'timer')}`,
  timeOf: data.userId,
});
/** A person's timesheet of a pay period (issue #30). */
const timesheet = (data: { userId: string; periodStart: string; periodEnd: string }, ctx: WordingContext) => ({
  recordType: 'timesheet' as const,
  recordId: `${data.userId}:${data.periodStart}`,
  recordLabel: `${ctx.userName(data.userId)}: ${periodLabel(data.periodStart, data.periodEnd)}`,
});
/** A manager's change to a time in an approved timesheet says so, with their reason (issue #30 item 3). */
const approvedEdit = (what: string, data: { approvedTimeEdit?: { reason: string } }) =>
  data.approvedTimeEdit ? `${what} (Edit approved time: ${data.approvedTimeEdit.reason})` : what;
const rating = (ratingId: string, ctx: WordingContext, name?: string) => ({
  recordType: 'rating' as const,
  recordId: ratingId,
  recordLabel: name ?? (ctx.label('rating', ratingId) || 'Job rating'),
});
const link = (linkId: string, ctx: WordingContext, name?: string) => ({
  recordType: 'bookingLink' as const,
  recordId: linkId,
  recordLabel: name ?? (ctx.label('bookingLink', linkId) || 'Booking link'),
});

const timerLabel = (fields: { label?: string | null; jobName?: string | null; type?: string }) =>
  fields.jobName || fields.label || (fields.type === 'Mileage' ? 'Mileage' : 'Unassigned time');

/** What a phone sent for review: a start's fields, or a change as from → to (the ids left out, as on timers). */
function reviewedChanges(request: TimeReviewRequest, ctx: WordingContext) {
  if (request.kind === 'start')
    return created(
      TIMER,
      { ...request.fields, jobId: null, customerId: null } as unknown as Record<string, unknown>,
      ctx,
    );
  const before = request.before as unknown as Record<string, unknown>;
  const changes = Object.entries(request.changes)
    .filter(([field]) => field !== 'jobId' && field !== 'customerId')
    .map(([field, to]) => [field, { from: before[field] ?? null, to }]);
  return changesInWords(TIMER, Object.fromEntries(changes), ctx);
}

const SESSION_ENDED: Record<string, string> = {
  'signed out': 'Signed out',
  expired: 'Session expired',
  idle: 'Signed out after being idle',
  'signed in again': 'Session replaced by a new sign-in in the same browser',
};
const PASSWORD: Record<string, string> = {
  changed: 'Password changed',
  reset: 'Password reset with an e-mailed link',
  'set by administrator': 'Password set by an administrator',
};

const availabilityDay = (entries: AvailabilityEntry[], day: string) => {
  const stretches = entries
    .filter((e) => e.weekDay === day)
    .sort((a, b) => a.startTime.localeCompare(b.startTime))
    .map((e) => `${clock(e.startTime)}–${clock(e.endTime)}`);
  return stretches.length ? stretches.join(', ') : 'Not available';
};
/** 'Thu, Nov 26, 2026 (Thanksgiving), Fri, Dec 25, 2026' or '—'. */
const dayList = (
  days: { date: string; to?: string; name?: string | null; note?: string | null; hours?: string | null }[],
) =>
  days.length
    ? days
        .map((d) => {
          const day = (iso: string) => DateTime.fromISO(iso).toFormat('ccc, LLL d, yyyy');
          const span =
            (d.to && d.to !== d.date ? `${day(d.date)} – ${day(d.to)}` : day(d.date)) + (d.hours ? `, ${d.hours}` : '');
          const words = d.name ?? d.note;
          return words ? `${span} (${words})` : span;
        })
        .join(', ')
    : NONE;
const clock = (hhmm: string) => (hhmm === '24:00' ? 'midnight' : DateTime.fromFormat(hhmm, 'HH:mm').toFormat('h:mm a'));

const minutes = (value: number) => (value % 60 === 0 && value >= 60 ? `${value / 60} h` : `${value} min`);
const MINUTE_FIELDS = ['Length', 'Minimum notice', 'Buffer'];
/** A link's minutes in hours and minutes, its days as days, on both sides of a change. */
const linkUnits = (changes: AuditChange[]) =>
  changes.map((c) => {
    const unit = (value: string) =>
      value === NONE
        ? value
        : MINUTE_FIELDS.includes(c.field)
          ? minutes(Number(value))
          : c.field === 'Bookable ahead'
            ? `${value} day${value === '1' ? '' : 's'}`
            : value;
    return { ...c, from: unit(c.from), to: unit(c.to) };
  });
const linkSettings = (fields: Record<string, unknown>, ctx: WordingContext) => linkUnits(created(LINK, fields, ctx));

/**
 * The words of every event type: what it did to which record, old → new. One wording for the audit log and
 * every record's History. A new event type without words here does not compile.
 */
export const WORDS: { [T in LoggedEventType]: Words<T> } = {
  OrganizationCreated: (d, ctx) => ({
    recordType: 'organization',
    recordId: d.organizationId,
    recordLabel: d.name,
    what: 'Organization created',
    changes: created(ORGANIZATION, d as unknown as Record<string, unknown>, ctx),
  }),
  OrganizationSettingsChanged: (d, ctx) => ({
    recordType: 'organization',
    recordId: d.organizationId,
    recordLabel: 'Organization settings',
    what: 'Settings changed',
    changes: changesInWords(ORGANIZATION, d.changes, ctx),
  }),
  OrganizationLogoChanged: (d) => ({
    recordType: 'organization',
    recordId: d.organizationId,
    recordLabel: 'Organization settings',
    what: d.fileId ? (d.previousFileId ? 'Logo replaced' : 'Logo added') : 'Logo removed',
  }),
  OrganizationHolidaysChanged: (d) => ({
    recordType: 'organization',
    recordId: d.organizationId,
    recordLabel: 'Organization settings',
    what: 'Holidays changed',
    changes: [{ field: 'Holidays', from: dayList(d.previous), to: dayList(d.holidays) }],
  }),
  UserRegistered: (d, ctx) => ({
    ...user(d.userId, ctx),
    recordLabel: `${d.firstName} ${d.lastName}`,
    what: 'User added',
    changes: created(USER, d as unknown as Record<string, unknown>, ctx),
  }),
  UserDetailsChanged: (d, ctx) => ({
    ...user(d.userId, ctx),
    what: d.changes.role ? 'Role and details changed' : 'Details changed',
    changes: changesInWords(USER, d.changes, ctx),
  }),
  UserDeactivated: (d, ctx) => ({ ...user(d.userId, ctx), what: 'Deactivated' }),
  UserReactivated: (d, ctx) => ({ ...user(d.userId, ctx), what: 'Reactivated' }),
  UserDeleted: (d, ctx) => ({ ...user(d.userId, ctx), what: 'Deleted' }),
  UserPasswordChanged: (d, ctx) => ({
    ...user(d.userId, ctx),
    what: PASSWORD[d.reason] ?? 'Password changed',
    byPerson: d.userId,
  }),
  PasswordResetRequested: (d, ctx) => ({
    ...user(d.userId, ctx),
    what: 'Password reset link e-mailed',
    byPerson: d.userId,
  }),
  UserInvited: (d, ctx) => ({
    ...user(d.userId, ctx),
    what: d.resent ? 'Invitation e-mailed again (the earlier link stops working)' : 'Invitation e-mailed',
    changes: [{ field: 'Link valid until', from: NONE, to: instant(d.expiresAt, ctx) }],
  }),
  InvitationAccepted: (d, ctx) => ({
    ...user(d.userId, ctx),
    what: 'Invitation accepted: password chosen',
    byPerson: d.userId,
  }),
  ProfilePictureChanged: (d, ctx) => ({
    ...user(d.userId, ctx),
    what: d.fileId
      ? d.previousFileId
        ? 'Profile picture replaced'
        : 'Profile picture added'
      : 'Profile picture removed',
  }),
  EmailClaimed: (d, ctx) => ({
    ...user(d.userId, ctx),
    // The address is claimed just before the account is registered: a new person has no name in the log yet.
    ...(ctx.userName(d.userId) === UNKNOWN_PERSON ? { recordLabel: d.email } : {}),
    what: `E-mail address ${d.email} taken for this account`,
  }),
  EmailReleased: (d, ctx) => ({
    ...user(d.userId, ctx),
    what: `E-mail address ${d.email} freed`,
  }),
  SessionStarted: (d, ctx) => ({
    recordType: 'session',
    recordId: d.userId,
    recordLabel: ctx.userName(d.userId),
    what: d.rememberMe ? 'Signed in (remember me)' : 'Signed in',
    byPerson: d.userId,
    changes: [
      ...(d.ipAddress ? [{ field: SESSION.ipAddress, from: NONE, to: d.ipAddress }] : []),
      ...(d.userAgent ? [{ field: SESSION.userAgent, from: NONE, to: d.userAgent.slice(0, 200) }] : []),
    ],
  }),
  SessionEnded: (d, ctx, actor) => ({
    recordType: 'session',
    recordId: d.userId,
    recordLabel: ctx.userName(d.userId),
    what: SESSION_ENDED[d.reason] ?? 'Signed out',
    byPerson: d.reason === 'signed out' || d.reason === 'signed in again' ? d.userId : undefined,
    without: actor ? undefined : 'system',
  }),
  CustomerCreated: (d, ctx, actor) => ({
    ...customer(d.customerId, ctx),
    recordLabel: d.displayName || d.name || [d.contactFirstName, d.contactLastName].filter(Boolean).join(' '),
    what: 'Customer added',
    changes: created(CUSTOMER, d as unknown as Record<string, unknown>, ctx),
    // Only a booking link's visitor adds customers without a person.
    without: actor ? undefined : 'visitor',
  }),
  CustomerDetailsChanged: (d, ctx) => ({
    ...customer(d.customerId, ctx),
    what: 'Customer details changed',
    changes: changesInWords(CUSTOMER, d.changes, ctx),
  }),
  CustomerDeleted: (d, ctx) => ({
    ...customer(d.customerId, ctx),
    what: d.mergedInto ? `Merged into ${ctx.customerName(d.mergedInto)}` : 'Customer deleted',
  }),
  CustomerUnsubscribed: (d, ctx, actor) => ({
    ...customer(d.customerId, ctx),
    what: `${d.address} unsubscribed from visit reminders and feedback requests`,
    without: actor ? undefined : 'recipient',
  }),
  CustomerResubscribed: (d, ctx, actor) => ({
    ...customer(d.customerId, ctx),
    what: `${d.address} subscribed again to visit reminders and feedback requests`,
    without: actor ? undefined : 'recipient',
  }),
  CustomerDocumentAttached: (d, ctx) => ({
    ...customer(d.customerId, ctx),
    what: `Document attached: ${d.name}`,
    changes: [{ field: CUSTOMER.document, from: NONE, to: `${d.name} (${d.fileName})` }],
  }),
  CustomerDocumentRemoved: (d, ctx) => ({
    ...customer(d.customerId, ctx),
    what: 'Document removed',
  }),
  JobScheduled: (d, ctx, actor) => ({
    ...job(d.jobId, ctx, d.name),
    what: d.selfBooked ? `Visit booked online by ${d.scheduledOnBehalfOf ?? 'a visitor'}` : 'Job created',
    changes: jobCreated(d as unknown as Record<string, unknown>, ctx),
    without: actor ? undefined : d.selfBooked ? 'visitor' : 'system',
  }),
  JobChanged: (d, ctx, actor) => ({
    ...job(d.jobId, ctx),
    // Only the visitor changes a self-booked job without a person: they moved their visit.
    what: jobActor(d.jobId, ctx, actor) === 'visitor' ? 'Visit moved by the visitor' : 'Job changed',
    changes: changesInWords(JOB, d.changes, ctx),
    without: jobActor(d.jobId, ctx, actor),
  }),
  JobDeleted: (d, ctx, actor) => ({
    ...job(d.jobId, ctx),
    // Only the visitor deletes a self-booked job without a person: they cancelled their visit.
    what: jobActor(d.jobId, ctx, actor) === 'visitor' ? 'Visit cancelled by the visitor' : 'Job deleted',
    without: jobActor(d.jobId, ctx, actor),
  }),
  // A request is recorded in a one-time job's stream or a recurring job's (for one occurrence): the data says which.
  JobRequested: (d, ctx) => ({ ...requestedOf(d, ctx), what: requested(d.userId, ctx) }),
  JobRequestApproved: (d, ctx) => ({ ...requestedOf(d, ctx), ...approved(d, ctx) }),
  JobRequestDenied: (d, ctx) => ({ ...requestedOf(d, ctx), what: `${ctx.userName(d.userId)}'s request denied` }),
  JobRequestCancelled: (d, ctx) => ({
    ...requestedOf(d, ctx),
    what: `${ctx.userName(d.userId)} cancelled their request to pick up this job`,
  }),
  JobSeriesScheduled: (d, ctx) => ({
    ...series(d.seriesId, ctx, null, d.name),
    what: `Recurring job created: ${describeRule(d.rule)}`,
    changes: jobCreated(d as unknown as Record<string, unknown>, ctx),
  }),
  JobSeriesChanged: (d, ctx) => ({
    ...series(d.seriesId, ctx),
    what: 'Whole series changed',
    changes: [...changesInWords(JOB, d.changes, ctx), ...(d.rule ? changesInWords(JOB, { rule: d.rule }, ctx) : [])],
  }),
  OccurrenceChanged: (d, ctx) => ({
    ...series(d.seriesId, ctx, d.occurrenceId),
    what: 'This occurrence changed',
    changes: changesInWords(JOB, d.changes, ctx),
  }),
  OccurrenceDeleted: (d, ctx) => ({
    ...series(d.seriesId, ctx, d.occurrenceId),
    what: `This occurrence deleted (${instant(d.originalStart, ctx)})`,
  }),
  JobSeriesDeleted: (d, ctx) => ({ ...series(d.seriesId, ctx), what: 'Whole series deleted' }),
  TimerStarted: (d, ctx) => ({
    ...timer(d, ctx, timerLabel(d)),
    what: d.type === 'Mileage' ? 'Mileage timer started' : 'Timer started',
    changes: created(TIMER, { ...d, jobId: null, customerId: null } as unknown as Record<string, unknown>, ctx),
  }),
  TimeAdded: (d, ctx) => ({
    ...timer(d, ctx, timerLabel(d)),
    what: approvedEdit(`Tracked time added for ${ctx.userName(d.userId)} by ${ctx.userName(d.addedBy)}`, d),
    changes: created(TIMER, { ...d, jobId: null, customerId: null } as unknown as Record<string, unknown>, ctx),
    aboutJob: d.jobId ?? undefined,
  }),
  TimerStopped: (d, ctx) => ({
    ...timer(d, ctx),
    what: 'Timer stopped',
    changes: created(TIMER, { end: d.end, mileageEnd: d.mileageEnd }, ctx),
  }),
  TimerChanged: (d, ctx) => ({
    ...timer(d, ctx),
    what: approvedEdit('Tracked time changed', d),
    changes: changesInWords(TIMER, { ...d.changes, jobId: undefined, customerId: undefined }, ctx),
  }),
  TimerDeleted: (d, ctx) => ({ ...timer(d, ctx), what: approvedEdit('Tracked time deleted', d) }),
  TimerClaimed: (d, ctx) => ({ ...timer(d, ctx), what: 'Running on every device' }),
  TimerReleased: (d, ctx) => ({ ...timer(d, ctx), what: 'No longer running' }),
  // A time a phone sent later with its clock off, for a manager's review (issue #29 item 5): the reason is in words.
  TimeReviewRequested: (d, ctx) => ({
    ...timer(d, ctx, timerLabel(reviewedTimer(d.request))),
    what: `Sent from a phone for a manager's review. ${d.reason}`,
    changes: reviewedChanges(d.request, ctx),
  }),
  TimeReviewStopAdded: (d, ctx) => ({
    ...timer(d, ctx),
    what: "Stop sent from a phone, added to the time waiting for a manager's review",
  }),
  TimeReviewApproved: (d, ctx) => ({ ...timer(d, ctx), what: 'Time sent from a phone approved after review' }),
  TimeReviewDeclined: (d, ctx) => ({
    ...timer(d, ctx),
    what: 'Time sent from a phone declined after review: nothing it sent was applied',
  }),
  TimesheetSubmitted: (d, ctx) => ({ ...timesheet(d, ctx), what: 'Timesheet submitted' }),
  TimesheetApproved: (d, ctx) => ({ ...timesheet(d, ctx), what: 'Timesheet approved: its tracked times are locked' }),
  TimesheetSentBack: (d, ctx) => ({ ...timesheet(d, ctx), what: `Timesheet sent back: ${d.reason}` }),
  TimesheetUnapproved: (d, ctx) => ({ ...timesheet(d, ctx), what: `Timesheet unapproved: ${d.reason}` }),
  PayrollExported: (d) => ({
    recordType: 'payrollExport',
    recordId: d.exportId,
    recordLabel: `${PAYROLL_FORMAT_NAMES[d.format]}: ${d.periods.map((p) => periodLabel(p.start, p.end)).join(', ')}`,
    what: `Payroll exported: ${d.people.length} ${d.people.length === 1 ? 'timesheet' : 'timesheets'} (${d.fileName})`,
  }),
  // On my way (issue #31 item 4), in the job's (or the occurrence's) History.
  OnMyWaySent: (d, ctx) => {
    return {
      ...noticeRecord(d.jobId, ctx),
      what: `${ctx.userName(d.userId)} told the customer they are on the way (about ${d.etaMinutes} minutes)`,
    };
  },
  // Visit reminders (issue #31 item 2), in the job's (or the occurrence's) History; sent by no person.
  VisitReminderSent: (d, ctx) => ({
    ...noticeRecord(d.jobId, ctx),
    what: d.to
      ? `Reminder e-mailed to the customer for the visit on ${instant(d.start, ctx)}`
      : `No reminder sent for the visit on ${instant(d.start, ctx)}: the customer has no e-mail address`,
    without: 'system' as const,
  }),
  VisitCancellationSent: (d, ctx) => ({
    ...noticeRecord(d.jobId, ctx),
    what: d.to
      ? `The customer, reminded of the visit on ${instant(d.start, ctx)}, was told it is cancelled`
      : `The visit on ${instant(d.start, ctx)} was cancelled after its reminder; the customer has no e-mail address now`,
    without: 'system' as const,
  }),
  // The crew's day by e-mail (issue #31 item 3), in the person's record; sent by no person.
  CrewDayEmailSent: (d, ctx) => ({
    ...user(d.userId, ctx),
    what: `The jobs of ${DateTime.fromISO(d.date).toFormat('ccc, LLL d')} e-mailed (${d.jobIds.length} job${d.jobIds.length === 1 ? '' : 's'})`,
    without: 'system' as const,
  }),
  // Calendar feed links (issue #31 item 1), in the person's record: never the link, which only its owner is shown.
  CalendarFeedIssued: (d, ctx) => ({
    ...user(d.userId, ctx),
    what: `${FEED_NAMES[d.scope]} link ${d.replacedTokenHash ? 'reset: the previous link stopped working' : 'made'}`,
  }),
  CalendarFeedRevoked: (d, ctx) => ({ ...user(d.userId, ctx), what: `${FEED_NAMES[d.scope]} link turned off` }),
  AvailabilitySet: (d, ctx) => {
    const days = Object.keys(AUDIT_FIELD_LABELS.availability);
    return {
      recordType: 'availability',
      recordId: d.userId,
      recordLabel: ctx.userName(d.userId),
      what: 'Weekly availability set',
      changes: days
        .map((day) => ({
          field: day,
          from: availabilityDay(d.previous, day),
          to: availabilityDay(d.entries, day),
        }))
        .filter((c) => c.from !== c.to),
      timeOf: d.userId,
    };
  },
  TimeOffSet: (d, ctx) => {
    const days = (list: typeof d.timeOff) =>
      dayList(
        list.map((t) => ({
          date: t.from,
          to: t.to,
          note: t.note,
          hours: t.startTime && t.endTime ? `${clock(t.startTime)} – ${clock(t.endTime)}` : null,
        })),
      );
    return {
      recordType: 'availability',
      recordId: d.userId,
      recordLabel: ctx.userName(d.userId),
      what: 'Time off set',
      changes: [{ field: 'Time off', from: days(d.previous), to: days(d.timeOff) }],
      timeOf: d.userId,
    };
  },
  RatingRequested: (d, ctx) => ({
    ...rating(d.ratingId, ctx, d.jobName),
    what: `Rating requested from ${ctx.customerName(d.customerId)}`,
    changes: [{ field: AUDIT_FIELD_LABELS.rating.expiresAt, from: NONE, to: instant(d.expiresAt, ctx) }],
    without: d.requestedBy === 'system' ? 'system' : undefined,
  }),
  RatingSubmitted: (d, ctx, actor) => ({
    ...rating(d.ratingId, ctx),
    what: `Rated by ${ctx.customerName(d.customerId)}`,
    changes: created(AUDIT_FIELD_LABELS.rating, { rating: d.rating, comments: d.comments }, ctx),
    without: actor ? undefined : 'customer',
  }),
  RatingEdited: (d, ctx) => ({
    ...rating(d.ratingId, ctx),
    what: 'Rating edited',
    changes: changesInWords(
      AUDIT_FIELD_LABELS.rating,
      {
        rating: d.from.rating !== d.to.rating ? { from: d.from.rating, to: d.to.rating } : undefined,
        comments: d.from.comments !== d.to.comments ? { from: d.from.comments, to: d.to.comments } : undefined,
      },
      ctx,
    ),
  }),
  RatingRequestMailed: (d, ctx) => ({
    ...rating(d.ratingId, ctx),
    what: d.to ? `Rating request e-mailed to ${d.to}` : 'Rating request not sent (answered, replaced, or no e-mail)',
    without: 'system',
  }),
  BookingLinkCreated: (d, ctx) => ({
    ...link(d.linkId, ctx, d.serviceName),
    what: 'Booking link created',
    changes: linkSettings(d as unknown as Record<string, unknown>, ctx),
  }),
  BookingLinkChanged: (d, ctx) => ({
    ...link(d.linkId, ctx),
    what: 'Booking link changed',
    changes: linkUnits(changesInWords(LINK, d.changes, ctx)),
  }),
  BookingLinkPaused: (d, ctx) => ({ ...link(d.linkId, ctx), what: 'Booking link paused' }),
  BookingLinkResumed: (d, ctx) => ({ ...link(d.linkId, ctx), what: 'Booking link resumed' }),
  BookingLinkDeleted: (d, ctx) => ({ ...link(d.linkId, ctx), what: 'Booking link deleted' }),
  VisitBooked: (d, ctx, actor) => ({
    ...link(d.linkId, ctx),
    what: `Visit booked by ${d.visitor.name}`,
    changes: [
      { field: 'Start', from: NONE, to: instant(d.start, ctx) },
      { field: 'Staff', from: NONE, to: ctx.userName(d.staffId) },
    ],
    without: actor ? undefined : 'visitor',
  }),
  VisitCancelled: (d, ctx, actor) => ({
    ...link(d.linkId, ctx),
    // The company's side: its job was deleted (recorded at the link's next decision, by no person).
    what: d.by === 'company' ? 'Visit cancelled with its deleted job' : 'Visit cancelled',
    without: actor ? undefined : d.by === 'company' ? 'system' : 'visitor',
  }),
  VisitMoved: (d, ctx, actor) => {
    // Where the visit was: the projection keeps each visit's start and staff as the log had them.
    const [wasAt, wasWith] = [ctx.label('visit', d.bookingId), ctx.label('visitStaff', d.bookingId)];
    return {
      ...link(d.linkId, ctx),
      what: 'Visit moved',
      changes: [
        { field: 'Start', from: wasAt ? instant(wasAt, ctx) : NONE, to: instant(d.start, ctx) },
        ...(wasWith === d.staffId
          ? []
          : [{ field: 'Staff', from: wasWith ? ctx.userName(wasWith) : NONE, to: ctx.userName(d.staffId) }]),
      ],
      without: actor ? undefined : 'visitor',
    };
  },
};

export const isLoggedEventType = (type: string): type is LoggedEventType => Object.hasOwn(WORDS, type);

/** An event in words, or null for a type the log does not know (written by a newer version). */
export function wordingOf(
  type: string,
  data: unknown,
  ctx: WordingContext,
  actorUserId: string | null,
): Wording | null {
  if (!isLoggedEventType(type)) return null;
  return (WORDS[type] as Words<LoggedEventType>)(data as never, ctx, actorUserId);
}

/** Who did it, in words. */
export function whoInWords(kind: AuditActorKind, actorUserId: string | null, ctx: WordingContext): string {
  switch (kind) {
    case 'person':
      return ctx.userName(actorUserId!);
    case 'customer':
      return 'Customer via feedback link';
    case 'visitor':
      return 'Visitor via booking link';
    case 'recipient':
      return 'Customer via unsubscribe link';
    case 'system':
      return 'System';
  }
}
