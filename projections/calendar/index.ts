import { calendarDirectoryProjection } from './calendar-directory.projection';
import { calendarFeedsProjection } from './calendar-feeds.projection';

export const calendarProjections = [calendarDirectoryProjection, calendarFeedsProjection];
