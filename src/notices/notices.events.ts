import type { DomainEvent } from '../core/decider';

/**
 * "On my way" (issue #31 item 4): a crew member told a job's customer they are on the way. Stream
 * `onMyWay-<jobId>-<YYYYMMDD>` (the job or occurrence id, the organization's day): at most one per job and day.
 */
export type NoticeEvent = DomainEvent<
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

export const noticesStreams = {
  onMyWay: (jobId: string, date: string) => `onMyWay-${jobId}-${date.replaceAll('-', '')}`,
};
