import { availabilityProjection } from './availability.projection';
import { timeOffProjection } from './time-off.projection';

export const availabilityProjections = [availabilityProjection, timeOffProjection];
