import { calendarDirectoryProjection } from './calendar-directory.projection';

export const calendarProjections = [calendarDirectoryProjection];
