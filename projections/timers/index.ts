import { timersProjection } from './timers.projection';

export const timersProjections = [timersProjection];
