// The audit log, records' History and the "as of" moment on the wire, shared by the server and the client:
// imports nothing (see docs/wire-contract.md).

/** Spec style: 50 a page, newest first, over the reports' default range (REPORT_DEFAULT_DAYS) unless asked. */
export const AUDIT_PAGE_SIZE = 50;

/** The kinds of record a change is about; each has a screen the entry links to. */
export const AUDIT_RECORD_TYPES = [
  'job',
  'recurringJob',
  'customer',
  'user',
  'availability',
  'timer',
  'rating',
  'organization',
  'session',
  'bookingLink',
  'timesheet',
  'payrollExport',
] as const;
export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];

/** The words the filter shows for each record type. */
export const AUDIT_RECORD_TYPE_LABELS: Record<AuditRecordType, string> = {
  job: 'Job',
  recurringJob: 'Recurring job',
  customer: 'Customer',
  user: 'User',
  availability: 'Availability',
  timer: 'Timer',
  rating: 'Rating',
  organization: 'Settings',
  session: 'Sign-in',
  bookingLink: 'Booking link',
  timesheet: 'Timesheet',
  payrollExport: 'Payroll export',
};

/** One changed field, in words: '—' stands for no value. */
export interface AuditChange {
  field: string;
  from: string;
  to: string;
}

/** Who made a change: a person of the organization, or one of the three actors without an account. */
export type AuditActorKind = 'person' | 'system' | 'customer' | 'visitor' | 'recipient';

/**
 * One change in the log, in words. `who` is 'System', 'Customer via feedback link' or 'Visitor via booking
 * link' for the actors without an account. Names are as they were when the change was made.
 */
export interface AuditEntry {
  /** The event's id. */
  id: string;
  /**
   * The event's place in the log, as an opaque token of the organization: `asOfPosition` of the schedule just
   * after it. Tokens cannot be compared or counted with (a number would tell how much other organizations did).
   */
  position: string;
  /** `asOfPosition` of the schedule just before it. */
  positionBefore: string;
  /** The event type (JobChanged, …): stable, for tests and tools. */
  type: string;
  /** UTC ISO instant. */
  at: string;
  /** `at` in the organization's zone, in words. */
  when: string;
  /**
   * For a change a phone made offline and sent later (X-Device-Time): when the person made it on the device (UTC
   * ISO); `at` is when the server received it. Null for any other change.
   */
  deviceAt: string | null;
  /**
   * Both times in words, for such a change: 'On the device Tue 2 Jun 2026, 7:42:05 AM EDT · received 9:10:12 AM EDT'
   * (the received day too when it differs). Null for any other change: `when` says it all.
   */
  bothTimes: string | null;
  actor: { kind: AuditActorKind; id: string | null };
  who: string;
  record: {
    type: AuditRecordType;
    id: string;
    /** The record's name as it was (the job's name, the customer's, the person's…). */
    label: string;
    /** For a change to one occurrence of a recurring job: its calendar id. */
    occurrenceId: string | null;
    /** A job's or an occurrence's start as the change left it (UTC ISO): the day the schedule links open on. */
    startsAt: string | null;
  };
  what: string;
  changes: AuditChange[];
  /** A change to another person's tracked time or availability than the one who made it. */
  othersTime: boolean;
}

/**
 * GET /api/audit (paged: currentPage, pageSize), GET /api/audit/export (xlsx). Dates as the reports
 * take them (MM/DD/YYYY, whole days in the organization's zone, default the last 30 days).
 */
export interface AuditFilters {
  fromDate?: string;
  toDate?: string;
  recordType?: AuditRecordType;
  /** A user id: changes made by that person. */
  userId?: string;
  /** A field's words as the entries show them ('Start', 'Assigned', …): entries that changed it. */
  field?: string;
  /** 'true': only changes to someone else's tracked time or availability. */
  othersTime?: boolean;
  /** Every word somewhere in the entry's words (who, what, the record, the changes). */
  search?: string;
}

/**
 * GET /api/audit/people: everyone whose changes the log can hold, for the "Person" filter: the
 * organization's users, active and inactive, and the people it has deleted (by their name when deleted).
 * Active first, then inactive, then deleted; by name within each.
 */
export interface AuditPerson {
  id: string;
  fullName: string;
  status: 'active' | 'inactive' | 'deleted';
}

/** The words each record's fields are shown with, old → new; the "changed field" filter offers them all. */
export const AUDIT_FIELD_LABELS = {
  job: {
    name: 'Name',
    notes: 'Notes',
    number: 'Job number',
    type: 'Job type',
    start: 'Start',
    end: 'End',
    userIds: 'Assigned',
    leadUserId: 'Lead',
    customerId: 'Customer',
    colorOption: 'Colour',
    hideFromScheduleView: 'Hidden from the schedule view',
    availabilityOnly: 'Availability only',
    selfBooked: 'Booked online',
    scheduledOnBehalfOf: 'Booked by',
    bookingId: 'Booking',
    rule: 'Repeat',
  },
  customer: {
    name: 'Company name',
    displayName: 'Display name',
    contactFirstName: 'Contact first name',
    contactLastName: 'Contact last name',
    contactEmail: 'Email',
    contactPhone: 'Phone',
    address1: 'Address 1',
    address2: 'Address 2',
    city: 'City',
    state: 'State',
    postalCode: 'Postal code',
    country: 'Country',
    status: 'Status',
    jobType: 'Job type',
    billingFrequency: 'Billing frequency',
    notes: 'Notes',
    document: 'Document',
  },
  user: {
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    employeeId: 'Employee ID',
    phoneNumber: 'Phone',
    colorCode: 'Colour',
    role: 'Role',
    crewDayEmail: "Tomorrow's jobs by e-mail",
    crewDayEmailHour: 'E-mail hour',
  },
  organization: {
    name: 'Company name',
    timeZone: 'Time zone',
    pickUpJobsEnabled: 'Staff may pick up open jobs',
    automatedRatingEmailsEnabled: 'Automated rating e-mails',
    lateGraceMinutes: 'Late after (minutes)',
    offlineClockLimitHours: 'Offline clock limit (hours)',
    payPeriodFrequency: 'Pay period',
    payPeriodAnchorDate: 'Two-week pay period starts',
    weekStartsOn: "Week's first day",
    overtimeRule: 'Overtime',
    timesheetSubmission: 'Associates submit timesheets',
    visitReminders: 'Visit reminders',
    visitReminderHours: 'Reminder hours before',
    visitReminderDays: 'Reminder days before',
    visitReminderTime: 'Reminder time',
    visitReminderWindowStart: 'Sending window start',
    visitReminderWindowEnd: 'Sending window end',
  },
  timer: {
    type: 'Type',
    start: 'Start',
    end: 'End',
    mileageStart: 'Mileage start',
    mileageEnd: 'Mileage end',
    jobId: 'Job',
    jobName: 'Job',
    customerId: 'Customer',
    customerName: 'Customer',
    label: 'Label',
  },
  rating: { rating: 'Rating', comments: 'Comments', expiresAt: 'Link expires' },
  session: { ipAddress: 'Network address', userAgent: 'Browser' },
  bookingLink: {
    serviceName: 'Service',
    durationMinutes: 'Length',
    staffIds: 'Staff',
    minimumNoticeMinutes: 'Minimum notice',
    horizonDays: 'Bookable ahead',
    bufferMinutes: 'Buffer',
    expiresOn: 'Expires on',
    maxBookings: 'Most bookings',
  },
  availability: {
    Monday: 'Monday',
    Tuesday: 'Tuesday',
    Wednesday: 'Wednesday',
    Thursday: 'Thursday',
    Friday: 'Friday',
    Saturday: 'Saturday',
    Sunday: 'Sunday',
  },
} as const;

/**
 * A field word as a key of an entry's `changed` map (letters, digits and _): what the "changed field" filter
 * reads, one of AUDIT_FIELD_CHOICES only.
 */
export const auditFieldKey = (field: string) => field.replace(/[^A-Za-z0-9]/g, '_');

/** Every field word, once, in a stable order: the "changed field" filter's choices. */
export const AUDIT_FIELD_CHOICES: string[] = [
  ...new Set(Object.values(AUDIT_FIELD_LABELS).flatMap((labels) => Object.values(labels) as string[])),
].sort((a, b) => a.localeCompare(b));

/**
 * A moment the schedule, Home and the reports are read "as of": the query parameter `asOf` (an ISO
 * date-time: the log as it stood then) or `asOfPosition` (a position token from an entry, a moment or an
 * export: every event up to and including that place in the log). GET /api/audit/moment resolves either to this; the read-only banner shows `when`.
 */
export interface AsOfMoment {
  /** The moment's `asOfPosition` token (opaque, the organization's own). */
  position: string;
  /** The last change at or before the moment (UTC ISO), null when there was none yet. */
  at: string | null;
  /** The moment in words, in the organization's zone. */
  when: string;
}
