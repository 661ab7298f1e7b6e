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
