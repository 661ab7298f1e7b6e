import { onMyWayProjection } from './on-my-way.projection';
import { visitRemindersProjection } from './visit-reminders.projection';

export const noticesProjections = [visitRemindersProjection, onMyWayProjection];
