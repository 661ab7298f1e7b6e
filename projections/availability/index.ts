import { availabilityProjection } from './availability.projection';

export const availabilityProjections = [availabilityProjection];
