/**
 * The projections whose read models keep the past (`Projection.ofThePast`): an upgrade that rebuilds one builds it
 * in the background while the app serves, and the reads that need it answer 503 until it has caught up.
 */
export const PAST_READ_MODELS = {
  /** The audit log's entries: the log, every History, and the moment a read is "as of". */
  audit: 'audit',
  /** The schedule's versions: the Job Schedule and Home as of a moment. */
  schedule: 'schedule-history',
  /** Timers', ratings' and names' versions: the reports as of a moment, every report download, names as of a moment. */
  reports: 'reportHistory',
} as const;
