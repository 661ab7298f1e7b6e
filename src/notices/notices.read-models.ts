import type { ReadStore } from '../core/read-store/read-store.port';

/** Visits whose customer was reminded (projections/notices): what a cancellation notice looks for. */
export const VISIT_REMINDERS = 'visitReminders';

/** A reminded visit (`_id`: the job's or occurrence's id), at the start its last reminder named. */
export interface VisitReminderDoc {
  _id: string;
  organizationId: string;
  customerId: string;
  start: string;
  remindedAt: string;
  /** When the customer was told it is cancelled, or null. */
  cancellationSentAt: string | null;
}

/** The organization's reminded visits that start after `after` and were not cancelled with a notice. */
export function remindedVisitsAhead(
  store: ReadStore,
  organizationId: string,
  after: string,
): Promise<VisitReminderDoc[]> {
  return store
    .collection<VisitReminderDoc>(VISIT_REMINDERS)
    .find({ organizationId, start: { $gt: after }, cancellationSentAt: null });
}

/** "On my way" as told (projections/notices, issue #44): one per job and the organization's day, as its stream. */
export const ON_MY_WAY_SENT = 'onMyWaySent';

export interface OnMyWaySentDoc {
  /** The stream it was recorded on, `onMyWay-<jobId>-<YYYYMMDD>`. */
  _id: string;
  organizationId: string;
  jobId: string;
  /** The organization's day (YYYY-MM-DD). */
  date: string;
  userId: string;
  etaMinutes: number;
  sentAt: string;
}

/** Whether the job's customer was told on `date`, in the organization. */
export function onMyWaySentOn(
  store: ReadStore,
  organizationId: string,
  jobId: string,
  date: string,
): Promise<OnMyWaySentDoc | null> {
  return store.collection<OnMyWaySentDoc>(ON_MY_WAY_SENT).findOne({ jobId, date, organizationId });
}
