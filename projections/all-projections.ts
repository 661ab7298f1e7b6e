import { customersProjections } from './customers';
import { availabilityProjections } from './availability';
import { identityProjections } from './identity';
import { schedulingProjections } from './scheduling';
import { scheduleHistoryProjections } from './schedule-history';
import { jobRequestsProjections } from './job-requests';
import { calendarProjections } from './calendar';
import { timersProjections } from './timers';
import { ratingsProjections } from './ratings';
import { bookingProjections } from './booking';
import { auditProjections } from './audit';
import { reportHistoryProjections } from './report-history';
import { payrollProjections } from './payroll';
import { noticesProjections } from './notices';
import { Projection } from './runner/projection';

/** Every projection the runner drives, in-process or in the standalone worker. */
export const allProjections: Projection[] = [
  ...identityProjections,
  ...customersProjections,
  ...availabilityProjections,
  ...schedulingProjections,
  ...scheduleHistoryProjections,
  ...jobRequestsProjections,
  ...calendarProjections,
  ...timersProjections,
  ...ratingsProjections,
  ...bookingProjections,
  ...payrollProjections,
  ...noticesProjections,
  ...auditProjections,
  // After the projections whose documents it keeps versions of (it reads none of them, but the schedule).
  ...reportHistoryProjections,
];
