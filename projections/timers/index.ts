import { timeReviewsProjection } from './time-reviews.projection';
import { timersProjection } from './timers.projection';
import { timesheetsProjection } from './timesheets.projection';

export const timersProjections = [timersProjection, timeReviewsProjection, timesheetsProjection];
