import type { AuditRecordType } from '../shared/audit';

/** One document per event of the log: the audit entry in words (projections/audit). A moment is found in them. */
export { AUDIT_ENTRIES } from '../as-of/log-positions.read-models';
/** The names of people, customers and jobs as the log gave them, each version from its event on (entry-words.ts). */
export const AUDIT_NAMES = 'auditNames';

/**
 * How many entries an organization's log has per day (UTC): a long range is counted from its whole days' documents and
 * its two partial days' entries, not by a pass over every entry it holds (a year: 346,000 entries at 1,000,000 events).
 */
export const AUDIT_DAY_COUNTS = 'auditDayCounts';

export interface AuditDayCount {
  /** `<organizationId>:<day>`. */
  _id: string;
  organizationId: string;
  /** YYYY-MM-DD, of the entries' `at` in UTC. */
  day: string;
  entries: number;
  /** The position of the last entry counted: a replayed event (at-least-once delivery) is not counted again. */
  through: number;
  throughPrepare: number;
}

/**
 * One document per event the log words: what the audit log's filters, search and order need. Its words (who, what,
 * the record's name, the changes) are the event's, worded again from the log when a page or a History is read.
 */
export interface AuditDoc {
  /** The event's id. */
  _id: string;
  organizationId: string;
  /** The event's commit position in the log. */
  position: number;
  /** Its prepare position, where the log's differs from the commit position (EventStoreDB). */
  prepare?: number;
  type: string;
  at: string;
  /** Who made the change (a person), else null. */
  actorId: string | null;
  recordType: AuditRecordType;
  recordId: string;
  occurrenceId: string | null;
  /**
   * The changes' field words as keys (auditFieldKey), for the "changed field" filter: a plain path that a query
   * tests in SQL, where a list's membership is decided document by document (400 ms for 30 days' entries).
   */
  changed: Record<string, true>;
  othersTime: boolean;
  /** The job a time a manager added is on: the entry shows in that job's History too (absent on other entries). */
  aboutJob?: string;
  /** Whose tracked time or availability the change is to (a timer's owner), else null. */
  timeOf: string | null;
  /** who, what, the record and the changes in one text, for the search. */
  text: string;
  [key: string]: unknown;
}
