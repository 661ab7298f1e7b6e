import { schedulingProjection } from './scheduling.projection';

export const schedulingProjections = [schedulingProjection];
