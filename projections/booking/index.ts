import { bookingProjection } from './booking.projection';
import { slotStampsProjection } from './slot-stamps.projection';

export const bookingProjections = [bookingProjection, slotStampsProjection];
export { bookingProjection, slotStampsProjection };
