import { reportHistoryProjection } from './report-history.projection';

export const reportHistoryProjections = [reportHistoryProjection];
