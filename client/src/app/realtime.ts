import { BOOKING_LINKS_URL } from '../features/booking/booking';
import { AVAILABILITY_URL } from '../features/availability/availability';
import { ATTACHMENTS_URL, CUSTOMERS_URL } from '../features/customers/customers';
import { RATINGS_URL } from '../features/ratings/ratings';
import { JOB_REQUESTS_URL } from '../features/job-requests/jobRequestsApi';
import { ORGANIZATION_URL } from '../features/organization/organizationApi';
import { PROFILE_URL } from '../features/profile/profileApi';
import { JOBS_URL } from '../features/scheduling/jobs';
import { SESSION_URL } from '../features/session/session';
import { ORGANIZATION_TIMERS_URL, RUNNING_TIMERS_URL, TIME_URL } from '../features/timers/timers';
import { USERS_URL } from '../features/users/users';
import { TIME_REVIEWS_URL } from '../features/home/timeReviews';
import { PAY_PERIODS_URL, PAYROLL_EXPORTS_URL, TIMESHEETS_URL } from '../features/payroll/payrollUrls';
import type { ServerToClientEvents } from './socket';

export type ServerEvent = keyof ServerToClientEvents;

/** Whatever adds tracked times up by pay period: the period screen and sheets, one's own, the exports' changes. */
const TIMESHEET_URLS = [PAY_PERIODS_URL, TIMESHEETS_URL, PAYROLL_EXPORTS_URL];

/**
 * Which server data a push notice makes stale, as URL prefixes of the query cache. Session data
 * (company name and logo, own name, role and claims) is included wherever it can change.
 */
export function staleUrlsFor<E extends Exclude<ServerEvent, 'session.ended'>>(
  event: E,
  payload: Parameters<ServerToClientEvents[E]>[0],
  me: { userId: string },
): string[] {
  switch (event) {
    case 'organization.changed':
      // The pay settings shape the pay periods and their hours (overtime) too.
      return [ORGANIZATION_URL, SESSION_URL, PAY_PERIODS_URL, TIMESHEETS_URL];
    case 'users.changed':
      return [USERS_URL, SESSION_URL];
    case 'profile.changed':
      return (payload as { userId: string }).userId === me.userId ? [PROFILE_URL, SESSION_URL, USERS_URL] : [USERS_URL];
    case 'availability.changed':
      return [AVAILABILITY_URL]; // a user's week and who is available when
    case 'schedule.changed':
      return [JOBS_URL]; // both calendars, upcoming jobs, a job and its history
    case 'timers.changed':
      // Own: the running timer, the tracked-times tables, the calendars' marks. A colleague's (heard by time
      // admins and managers): the organization's tables, who is on the clock, the calendars' marks.
      // Either: the timesheets that add the times up, and the exports' changes since.
      return (payload as { userId: string }).userId === me.userId
        ? [TIME_URL, JOBS_URL, ...TIMESHEET_URLS]
        : [ORGANIZATION_TIMERS_URL, RUNNING_TIMERS_URL, JOBS_URL, ...TIMESHEET_URLS];
    case 'timesheets.changed':
      // A sheet submitted, approved, sent back or unapproved: the sheets and period screen, and the tracked-times
      // tables' locks (one's own; a colleague's, heard by managers, in the organization's table).
      return (payload as { userId: string }).userId === me.userId
        ? [...TIMESHEET_URLS, TIME_URL]
        : [...TIMESHEET_URLS, ORGANIZATION_TIMERS_URL];
    case 'jobRequests.changed':
      return [JOB_REQUESTS_URL];
    case 'timeReviews.changed':
      return [TIME_REVIEWS_URL]; // Home's Time to review (an approved time's own notices follow as timers')
    case 'ratings.changed':
      // My Job Ratings, a customer's ratings and Jobs & Ratings, its average on the detail.
      return [RATINGS_URL, CUSTOMERS_URL];
    case 'customers.changed':
      // The list, the detail and its documents, the pickers; and the calendars, which name customers.
      return [CUSTOMERS_URL, ATTACHMENTS_URL, JOBS_URL];
    case 'bookingLinks.changed':
      return [BOOKING_LINKS_URL]; // the managers' links: a new one, a pause, a booking counted
    case 'jobRequest.answered':
      return [JOBS_URL]; // the requester's calendars: the job is theirs now, or requestable again
    default:
      return [];
  }
}
