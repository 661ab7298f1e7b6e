import type { AuditActorKind, AuditChange, AuditRecordType } from '../shared/audit';

/** One document per event of the log: the audit entry in words (projections/audit). A moment is found in them. */
export { AUDIT_ENTRIES } from '../as-of/log-positions.read-models';
/** The names of people, customers and jobs as the log has reached them, for the words of the next entries. */
export const AUDIT_NAMES = 'auditNames';

export interface AuditDoc {
  /** The event's id. */
  _id: string;
  organizationId: string;
  /** The event's commit position in the log. */
  position: number;
  type: string;
  at: string;
  /** When the person made the change on their device, for one a phone sent later (its event's deviceTime). */
  deviceAt?: string;
  actorKind: AuditActorKind;
  actorId: string | null;
  who: string;
  recordType: AuditRecordType;
  recordId: string;
  recordLabel: string;
  occurrenceId: string | null;
  /** A job's or an occurrence's start as the change left it; null for other records. */
  recordStartsAt: string | null;
  what: string;
  changes: AuditChange[];
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
