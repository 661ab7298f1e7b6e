import { ratingsProjection } from './ratings.projection';

export const ratingsProjections = [ratingsProjection];
export { ratingsProjection };
