import { timeReviewsProjection } from './time-reviews.projection';
import { timersProjection } from './timers.projection';

export const timersProjections = [timersProjection, timeReviewsProjection];
