import { visitRemindersProjection } from './visit-reminders.projection';

export const noticesProjections = [visitRemindersProjection];
