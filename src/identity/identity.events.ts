import type { DomainEvent } from '../core/decider';
import type { VisitReminderSettings } from '../shared/notices';
import type { OvertimeRule, PayPeriodFrequency } from '../shared/payroll';
import type { Role } from '../shared/session';

/** A changed field, written old → new so that the audit history reads as a sentence. */
export type Change<T> = { from: T; to: T };

/** The visit reminder settings (issue #31 item 2) are here where set; absent: DEFAULT_VISIT_REMINDER_SETTINGS. */
export interface OrganizationSettings extends Partial<VisitReminderSettings> {
  name: string;
  timeZone: string;
  pickUpJobsEnabled: boolean;
  automatedRatingEmailsEnabled: boolean;
  /** Minutes after a job's start with nobody of its crew on the clock before Home marks it late (absent: the default). */
  lateGraceMinutes?: number;
  /** How far back (hours) a start sent later from an offline phone may be before a manager reviews it (absent: the default). */
  offlineClockLimitHours?: number;
  /** Pay periods, overtime and timesheet submission (issue #30; absent: DEFAULT_PAY_SETTINGS). */
  payPeriodFrequency?: PayPeriodFrequency;
  payPeriodAnchorDate?: string;
  weekStartsOn?: number;
  overtimeRule?: OvertimeRule;
  timesheetSubmission?: boolean;
}

/** A day the organization takes no work (#24): no booking slots then. */
export interface OrganizationHoliday {
  /** YYYY-MM-DD, the organization's zone. */
  date: string;
  name: string | null;
}

export type OrganizationEvent =
  | DomainEvent<'OrganizationCreated', { organizationId: string } & OrganizationSettings>
  | DomainEvent<
      'OrganizationSettingsChanged',
      { organizationId: string; changes: { [K in keyof OrganizationSettings]?: Change<OrganizationSettings[K]> } }
    >
  | DomainEvent<
      'OrganizationLogoChanged',
      { organizationId: string; fileId: string | null; previousFileId: string | null }
    >
  /** The whole list is replaced at once, in date order; `previous` is the list before, for the audit. */
  | DomainEvent<
      'OrganizationHolidaysChanged',
      { organizationId: string; holidays: OrganizationHoliday[]; previous: OrganizationHoliday[] }
    >;

export interface UserDetails {
  firstName: string;
  lastName: string;
  email: string;
  employeeId: string | null;
  phoneNumber: string | null;
  colorCode: string;
  role: Role;
  /**
   * "Tomorrow's jobs by e-mail" (issue #31 item 3), each person's own, set on My Profile; absent until first set
   * (read as DEFAULT_CREW_DAY_SETTINGS). UserRegistered never carries them; UserDetailsChanged does when they change.
   */
  crewDayEmail?: boolean;
  /** 0–23, the hour of the organization's zone the e-mail goes. */
  crewDayEmailHour?: number;
}

export type UserEvent =
  /** `passwordHash` is '' for a person invited to choose their own (no password opens the account until then). */
  | DomainEvent<'UserRegistered', { userId: string; organizationId: string; passwordHash: string } & UserDetails>
  | DomainEvent<
      'UserDetailsChanged',
      { userId: string; organizationId: string; changes: { [K in keyof UserDetails]?: Change<UserDetails[K]> } }
    >
  | DomainEvent<'UserDeactivated', { userId: string; organizationId: string }>
  | DomainEvent<'UserReactivated', { userId: string; organizationId: string }>
  | DomainEvent<'UserDeleted', { userId: string; organizationId: string }>
  | DomainEvent<
      'UserPasswordChanged',
      {
        userId: string;
        organizationId: string;
        passwordHash: string;
        reason: 'changed' | 'reset' | 'set by administrator';
        keepSessionId: string | null;
      }
    >
  | DomainEvent<
      'PasswordResetRequested',
      { userId: string; organizationId: string; tokenDigest: string; expiresAt: string }
    >
  /**
   * An invitation link e-mailed (#26): only its digest is kept; a new one (`resent`) replaces the one before,
   * which stops working.
   */
  | DomainEvent<
      'UserInvited',
      { userId: string; organizationId: string; tokenDigest: string; expiresAt: string; resent: boolean }
    >
  /** The invited person chose their password with the link (which is then used up). */
  | DomainEvent<'InvitationAccepted', { userId: string; organizationId: string; passwordHash: string }>
  | DomainEvent<
      'ProfilePictureChanged',
      { userId: string; organizationId: string; fileId: string | null; previousFileId: string | null }
    >;

export type EmailClaimEvent =
  | DomainEvent<'EmailClaimed', { email: string; userId: string }>
  | DomainEvent<'EmailReleased', { email: string; userId: string }>;

export type SessionEvent =
  | DomainEvent<
      'SessionStarted',
      {
        sessionId: string;
        userId: string;
        organizationId: string;
        tokenDigest: string;
        rememberMe: boolean;
        expiresAt: string;
        ipAddress: string | null;
        userAgent: string | null;
      }
    >
  | DomainEvent<
      'SessionEnded',
      { sessionId: string; userId: string; organizationId: string; reason: SessionEndReason }
    >;

/** Why a session ended: its user signed out, it ran out, it was left unused too long, or the browser signed in again. */
export type SessionEndReason = 'signed out' | 'expired' | 'idle' | 'signed in again';

export const identityStreams = {
  organization: (id: string) => `organization-${id}`,
  user: (id: string) => `user-${id}`,
  /**
   * One stream per organization and e-mail address (a digest, so no hyphen or address in the name) guards
   * uniqueness in the organization; streams of the digest of the address alone are older, global claims.
   */
  emailClaim: (emailDigest: string) => `userEmail-${emailDigest}`,
  session: (id: string) => `session-${id}`,
  /** A person's calendar feed link of one scope (issue #31). */
  calendarFeed: (userId: string, scope: CalendarFeedScope) => `calendarFeed-${userId}-${scope}`,
};

/** Whose jobs a feed holds: the person's own, or (for managers) the whole organization's. */
export type CalendarFeedScope = 'person' | 'organization';

/**
 * A person's calendar feed link (issue #31 item 1): stream `calendarFeed-<userId>-<scope>`. The link's token is
 * never stored, only its SHA-256: whoever reads the log or the read models cannot subscribe with it.
 */
export type CalendarFeedEvent =
  | DomainEvent<
      'CalendarFeedIssued',
      {
        userId: string;
        organizationId: string;
        scope: CalendarFeedScope;
        tokenHash: string;
        /** The link this one replaces (a reset): it stops working. */
        replacedTokenHash: string | null;
      }
    >
  | DomainEvent<
      'CalendarFeedRevoked',
      { userId: string; organizationId: string; scope: CalendarFeedScope; tokenHash: string }
    >;
