import type { ReadStore } from '../core/read-store/read-store.port';

/**
 * The audit log's entries (projections/audit; their whole shape is src/audit's AuditDoc): one document per event of
 * the log, with its commit position and time. A read "as of" a moment finds the moment's position in them.
 */
export const AUDIT_ENTRIES = 'auditEntries';

/** What a moment reads of an entry. */
interface LoggedEvent {
  _id: string;
  organizationId: string;
  /** The event's commit position in the log. */
  position: number;
  at: string;
  [key: string]: unknown;
}

/**
 * The organization's last log position at or before an instant (0 when nothing was recorded yet), with
 * that entry's time: the log's prefix "as it stood" then. The organization's own entries are enough, since
 * every read as of a moment is the organization's own.
 */
export async function positionAt(
  store: ReadStore,
  organizationId: string,
  instant: string,
): Promise<{ position: number; at: string | null }> {
  const [last] = await store
    .collection<LoggedEvent>(AUDIT_ENTRIES)
    .find({ organizationId, at: { $lte: instant } }, { sort: { at: -1, position: -1 }, limit: 1 });
  return last ? { position: last.position, at: last.at } : { position: 0, at: null };
}

/** The time of the organization's last entry at or before a position (null when none). */
export async function timeAtPosition(
  store: ReadStore,
  organizationId: string,
  position: number,
): Promise<string | null> {
  const [last] = await store
    .collection<LoggedEvent>(AUDIT_ENTRIES)
    .find({ organizationId, position: { $lte: position } }, { sort: { position: -1 }, limit: 1 });
  return last?.at ?? null;
}
