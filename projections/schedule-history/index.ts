import { scheduleHistoryProjection } from './schedule-history.projection';

export const scheduleHistoryProjections = [scheduleHistoryProjection];
