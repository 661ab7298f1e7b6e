import type { GlobalPosition, RecordedEvent } from '../core/event-store/event-store.port';
import type { ReadStore } from '../core/read-store/read-store.port';
import type { AuditActorKind } from '../shared/audit';
import { AUDIT_NAMES } from './audit.read-models';
import { UNKNOWN_PERSON, whoInWords, type Wording, type WordingContext, wordingOf } from './wording';

/** What the log has said a record is called, by `<kind>:<id>`. */
export interface NameDoc {
  _id: string;
  name: string;
  /** Organizations: their zone. */
  timeZone?: string;
  /** Jobs: booked online by a visitor. */
  selfBooked?: boolean;
  /** Jobs and recurring jobs: the (first) start. */
  start?: string;
  [key: string]: unknown;
}

/** The kinds of name an id can have; a booked visit's are its start and its staff member, by its booking id. */
type Kind =
  'org' | 'user' | 'customer' | 'job' | 'series' | 'timer' | 'rating' | 'bookingLink' | 'visit' | 'visitStaff';

/** A name as an event gave it, from that event's position on, until a later version. */
type NameVersion = Omit<NameDoc, '_id'> & { from: number; fromPrepare: number };

/**
 * Every name an id had, of each kind, in the log's order (`auditNames`, by id): an event is worded with the versions
 * before it. One document per id, so an event's or a page's names are one read of their ids on every store.
 */
export interface NamedRecord {
  _id: string;
  names: Partial<Record<Kind, NameVersion[]>>;
}

const before = (v: NameVersion, at: GlobalPosition) =>
  v.from < at.commit || (v.from === at.commit && v.fromPrepare < at.prepare);

/**
 * The record with the version of a name (`<kind>:<id>`) an event at `at` gives. A replayed event (a batch applied
 * again, a suffix of the log replayed) meets versions from itself on, which it replaces: the record ends as the first
 * pass left it.
 */
export function withVersion(record: NamedRecord | undefined, doc: NameDoc, at: GlobalPosition): NamedRecord {
  const { _id: key, ...fields } = doc;
  const id = key.slice(key.indexOf(':') + 1);
  const kind = key.slice(0, key.indexOf(':')) as Kind;
  const kept = (record?.names[kind] ?? []).filter((v) => before(v, at));
  const version = { ...fields, from: at.commit, fromPrepare: at.prepare };
  return { _id: id, names: { ...record?.names, [kind]: [...kept, version] } };
}

/** Every name these ids had, all their versions, in one read. */
export async function namedRecords(store: ReadStore, ids: Iterable<string>): Promise<NamedRecord[]> {
  const wanted = [...new Set(ids)];
  return wanted.length ? store.collection<NamedRecord>(AUDIT_NAMES).find({ _id: { $in: wanted } }) : [];
}

/** Each name the records' ids had just before `at` (the event at `at` not yet applied), by `<kind>:<id>`. */
export function namesBefore(records: Iterable<NamedRecord>, at: GlobalPosition): Map<string, NameDoc> {
  const names = new Map<string, NameDoc>();
  for (const record of records)
    for (const [kind, versions] of Object.entries(record.names)) {
      const last = versions.findLast((v) => before(v, at));
      if (!last) continue;
      const { from: _from, fromPrepare: _prepare, ...fields } = last;
      names.set(`${kind}:${record._id}`, { ...fields, _id: `${kind}:${record._id}` } as NameDoc);
    }
  return names;
}

/**
 * The names an event's words need, as they were before it (`namesBefore`): those of the ids it names and, for a moved
 * visit, those of its staff member before the move, whom the visit's names give rather than the event. `recordsOf`
 * gives the named records of ids (the projection's from what it keeps, a page's from one read for all its events).
 */
export async function namesForWords(
  event: RecordedEvent,
  recordsOf: (ids: Set<string>) => Promise<NamedRecord[]>,
): Promise<Map<string, NameDoc>> {
  const ids = idsNamedBy(event);
  const names = namesBefore(await recordsOf(ids), event.position);
  const wasWith = formerStaffOf(event, names);
  if (!wasWith) return names;
  ids.add(wasWith);
  return namesBefore(await recordsOf(ids), event.position);
}

/**
 * What an id is not: an instant or a time (':'), an address ('@'), a file or a link ('.', '/'), words (' '). Ids are
 * UUIDs and what is made of them (an occurrence's `<series>_<date>`).
 */
const NOT_AN_ID = /[ :@./]/;

/**
 * Ids an event names: any string of an id's length in its data, two levels of nesting deep. Not an instant, an address
 * or a file's name: they were looked up, ten kinds of name each, and never found (issue #45 item 3).
 */
function idsIn(value: unknown, into: Set<string>, depth = 0) {
  if (typeof value === 'string') {
    if (value.length >= 20 && value.length <= 60 && !NOT_AN_ID.test(value)) into.add(value);
  } else if (Array.isArray(value)) {
    for (const v of value) idsIn(v, into, depth + 1);
  } else if (value && typeof value === 'object' && depth < 3) {
    for (const v of Object.values(value)) idsIn(v, into, depth + 1);
  }
}

/** The ids whose names an event's words may need: those in its data, its actor's and its organization's. */
export function idsNamedBy(event: RecordedEvent): Set<string> {
  const ids = new Set<string>();
  idsIn(event.data, ids);
  if (event.metadata.actorUserId) ids.add(event.metadata.actorUserId);
  ids.add(event.metadata.organizationId);
  return ids;
}

/** A moved visit's staff member before the move: named by the visit's names, not by the event (their name too). */
function formerStaffOf(event: RecordedEvent, names: Map<string, NameDoc>): string | undefined {
  if (event.type !== 'VisitMoved') return undefined;
  const bookingId = (event.data as { bookingId?: string }).bookingId;
  return bookingId ? names.get(`visitStaff:${bookingId}`)?.name : undefined;
}

function contextOf(names: Map<string, NameDoc>, organizationId: string): WordingContext {
  const name = (kind: Kind, id: string) => names.get(`${kind}:${id}`)?.name;
  return {
    timeZone: names.get(`org:${organizationId}`)?.timeZone ?? 'UTC',
    userName: (id) => name('user', id) ?? UNKNOWN_PERSON,
    customerName: (id) => name('customer', id) ?? 'an unknown customer',
    label: (kind, id) => name(kind, id) ?? '',
    selfBooked: (jobId) => names.get(`job:${jobId}`)?.selfBooked === true,
  };
}

/** A job's or an occurrence's start as the event leaves it, for the schedule links; null for other records. */
function startOf(event: RecordedEvent, names: Map<string, NameDoc>): string | null {
  const d = event.data as {
    jobId?: string;
    seriesId?: string;
    start?: string;
    originalStart?: string;
    changes?: { start?: { to: string } };
  };
  if (d.changes?.start?.to) return d.changes.start.to;
  if (d.originalStart) return d.originalStart;
  if (event.streamId.startsWith('job-') && d.jobId) return d.start ?? names.get(`job:${d.jobId}`)?.start ?? null;
  if (event.streamId.startsWith('jobSeries-') && d.seriesId)
    return d.start ?? names.get(`series:${d.seriesId}`)?.start ?? null;
  return null;
}

/** An event of the audit log in words, with the names as they were before it. */
export interface EntryWords {
  wording: Wording;
  actorKind: AuditActorKind;
  actorId: string | null;
  who: string;
  /** A job's or an occurrence's start as the change left it; null for other records. */
  recordStartsAt: string | null;
}

/**
 * An event in the audit log's words, given the names as they were just before it: null for an event the log does not
 * word (of no organization, or of a type a newer version wrote). The projection words each event so as it happens,
 * for its search text and filters; a page of the log words its events again when it is read, the same way.
 */
export function entryWords(event: RecordedEvent, names: Map<string, NameDoc>): EntryWords | null {
  const organizationId = event.metadata.organizationId;
  if (!organizationId) return null;
  const ctx = contextOf(names, organizationId);
  const wording = wordingOf(event.type, event.data, ctx, event.metadata.actorUserId);
  if (!wording) return null;
  const actorId = event.metadata.actorUserId ?? wording.byPerson ?? null;
  const actorKind: AuditActorKind = actorId ? 'person' : (wording.without ?? 'system');
  return {
    wording,
    actorKind,
    actorId,
    who: whoInWords(actorKind, actorId, ctx),
    recordStartsAt: startOf(event, names),
  };
}
