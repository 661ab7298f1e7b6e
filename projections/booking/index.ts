import { bookingProjection } from './booking.projection';

export const bookingProjections = [bookingProjection];
export { bookingProjection };
