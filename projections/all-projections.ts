import { customersProjections } from './customers';
import { availabilityProjections } from './availability';
import { identityProjections } from './identity';
import { schedulingProjections } from './scheduling';
import { jobRequestsProjections } from './job-requests';
import { timersProjections } from './timers';
import { ratingsProjections } from './ratings';
import { bookingProjections } from './booking';
import { auditProjections } from './audit';
import { Projection } from './runner/projection';

/** Every projection the runner drives, in-process or in the standalone worker. */
export const allProjections: Projection[] = [
  ...identityProjections,
  ...customersProjections,
  ...availabilityProjections,
  ...schedulingProjections,
  ...jobRequestsProjections,
  ...timersProjections,
  ...ratingsProjections,
  ...bookingProjections,
  ...auditProjections,
];
