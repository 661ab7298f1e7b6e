import { dayLabel } from '../scheduling/zonedTime';
export type { UnsubscribePageView } from '../../../../src/shared/customers';

/** The public unsubscribe page's API (issue #31 item 5): GET shows, POST unsubscribes, DELETE subscribes again. */
export const unsubscribeUrl = (token: string) => `/api/unsubscribe/${encodeURIComponent(token)}`;

/** The customer detail's note when the contact's address unsubscribed: the day in the organization's zone. */
export const unsubscribedNote = (unsubscribedAt: string, zone: string) =>
  `Unsubscribed from visit reminders and feedback requests on ${dayLabel(unsubscribedAt, zone)}`;
