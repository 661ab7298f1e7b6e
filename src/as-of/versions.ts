import type { Filter } from '../core/read-store/read-store.port';

/*
 * Read models of the past keep versions of a record, each valid over the log positions [from, to): from the
 * commit position of the event that made it to the one of the event that replaced or deleted it. The state
 * "as of" position P is every version with from ≤ P < to (projections/schedule-history, projections/report-history).
 */

/** The `to` of a version nothing has replaced yet. */
export const OPEN = Number.MAX_SAFE_INTEGER;

/** A record's version made at `from`: applying the same event again writes the same version. */
export const versionId = (recordId: string, from: number) => `${recordId}@${from}`;

/** `filter` narrowed to the versions valid at `position` (any position from OPEN on reads the open ones). */
export function validAt(filter: Filter, position: number): Filter {
  const at = Math.min(position, OPEN - 1);
  return { ...filter, from: { $lte: at }, to: { $gt: at } };
}
