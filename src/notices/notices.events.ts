import type { DomainEvent } from '../core/decider';

/**
 * "On my way" (issue #31 item 4): a crew member told a job's customer they are on the way. Stream
 * `onMyWay-<jobId>-<YYYYMMDD>` (the job or occurrence id, the organization's day): at most one per job and day.
 */
export type NoticeEvent = OnMyWayEvent | VisitReminderEvent | CrewDayEvent;

export type OnMyWayEvent = DomainEvent<
  'OnMyWaySent',
  {
    /** The calendar id: a one-time job's, or an occurrence's `<seriesId>_<YYYYMMDD>`. */
    jobId: string;
    organizationId: string;
    userId: string;
    customerId: string;
    etaMinutes: number;
    /** When the crew expects to arrive (UTC ISO): when it was sent plus `etaMinutes`. */
    arriveBy: string;
    /** The organization's day it was sent on (YYYY-MM-DD). */
    date: string;
  }
>;

/**
 * Visit reminders (issue #31 item 2), recorded after the e-mail went (the e-mail's id derives from the same key, so a
 * crash between the two writes the same e-mail again, never a second one): `visitReminder-<jobId>-<start>` per visit
 * and start (a visit moved gets its reminder for the new time), `visitCancelled-<jobId>` once for a reminded visit
 * deleted before it happened. `to` is null when nobody could be told any more.
 */
export type VisitReminderEvent =
  | DomainEvent<
      'VisitReminderSent',
      { jobId: string; organizationId: string; customerId: string; start: string; remindAt: string; to: string | null }
    >
  | DomainEvent<
      'VisitCancellationSent',
      { jobId: string; organizationId: string; customerId: string; start: string; to: string | null }
    >;

/**
 * The crew's day by e-mail (issue #31 item 3): the next day's jobs e-mailed to a person, recorded after the e-mail
 * went, once per person and day (`crewDay-<userId>-<YYYYMMDD>`, the day the e-mail went). `date` is the day listed.
 */
export type CrewDayEvent = DomainEvent<
  'CrewDayEmailSent',
  { userId: string; organizationId: string; date: string; jobIds: string[]; to: string }
>;

/** An instant as a stream name's part: 2026-12-02T15:00:00Z → 20261202T1500Z. */
const compactInstant = (iso: string) => new Date(iso).toISOString().slice(0, 16).replace(/[-:]/g, '') + 'Z';

export const noticesStreams = {
  onMyWay: (jobId: string, date: string) => `onMyWay-${jobId}-${date.replaceAll('-', '')}`,
  visitReminder: (jobId: string, start: string) => `visitReminder-${jobId}-${compactInstant(start)}`,
  visitCancelled: (jobId: string) => `visitCancelled-${jobId}`,
  crewDay: (userId: string, date: string) => `crewDay-${userId}-${date.replaceAll('-', '')}`,
};
