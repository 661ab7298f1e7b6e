import { jobRequestsProjection } from './job-requests.projection';

export const jobRequestsProjections = [jobRequestsProjection];
