import type { RecordedEvent } from '../../src/core/event-store/event-store.port';
import { PAST_READ_MODELS } from '../../src/as-of/read-models-of-the-past';
import { DuplicateKeyError, type ReadStore } from '../../src/core/read-store/read-store.port';
import { AUDIT_ENTRIES, AUDIT_NAMES, AuditDoc } from '../../src/audit/audit.read-models';
import { UNKNOWN_PERSON, whoInWords, Wording, WordingContext, wordingOf } from '../../src/audit/wording';
import { rooms } from '../../src/realtime/rooms';
import { auditFieldKey, type AuditActorKind } from '../../src/shared/audit';
import { Projection } from '../runner/projection';

/** What the log has said a record is called, by `<kind>:<id>`. */
interface NameDoc {
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

const KINDS = [
  'org',
  'user',
  'customer',
  'job',
  'series',
  'timer',
  'rating',
  'bookingLink',
  // A booked visit's start and staff member, by its booking id: where a move took it from.
  'visit',
  'visitStaff',
] as const;
type Kind = (typeof KINDS)[number];

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

/**
 * Names read and written, kept between events by id (every kind of name an id has): most events name the same
 * few people, customers and jobs, and a read per event made a rebuild twice as slow. A batch that failed and is
 * applied again comes back with an earlier position: the names then start over from the store. Cleared whole
 * when full (deleting a Map's oldest keys one by one leaves it slow to walk). 20,000 ids, not 100,000: the dense
 * mix names a new job in most events, and the larger map held about 120 MB more at 124,000 events, at the same
 * speed.
 */
const IDS_KEPT = 20_000;
const kept = new Map<string, Map<string, NameDoc>>();
let lastPosition = -1;

const idOfKey = (key: string) => key.slice(key.indexOf(':') + 1);

function keep(doc: NameDoc) {
  kept.get(idOfKey(doc._id))?.set(doc._id, doc);
}

/**
 * The streams whose record's names only their own events give (`namesGiven`): the first event of one is its record's
 * creation, so its id has no name yet and is not looked up (half the dense mix's events create a job or a timer).
 */
const NAMED_BY_OWN_STREAM = new Set([
  'organization',
  'user',
  'customer',
  'job',
  'jobSeries',
  'timer',
  'rating',
  'bookingLink',
]);

async function namesFor(store: ReadStore, event: RecordedEvent): Promise<Map<string, NameDoc>> {
  if (event.position.commit <= lastPosition || kept.size >= IDS_KEPT) kept.clear();
  lastPosition = event.position.commit;
  if (event.revision === 0) {
    const dash = event.streamId.indexOf('-');
    const created = event.streamId.slice(dash + 1);
    if (NAMED_BY_OWN_STREAM.has(event.streamId.slice(0, dash)) && !kept.has(created)) kept.set(created, new Map());
  }
  const ids = new Set<string>();
  idsIn(event.data, ids);
  if (event.metadata.actorUserId) ids.add(event.metadata.actorUserId);
  ids.add(event.metadata.organizationId);
  await load(store, ids);
  // A moved visit's staff member before the move is named by the visit's kept names, not by the event: their name too.
  if (event.type === 'VisitMoved') {
    const bookingId = (event.data as { bookingId?: string }).bookingId;
    const wasWith = bookingId ? kept.get(bookingId)?.get(`visitStaff:${bookingId}`)?.name : undefined;
    if (wasWith) {
      ids.add(wasWith);
      await load(store, ids);
    }
  }
  const names = new Map<string, NameDoc>();
  for (const id of ids) for (const [key, doc] of kept.get(id)!) names.set(key, doc);
  return names;
}

/** Every kind of name of the ids not kept yet, from the store. */
async function load(store: ReadStore, ids: Set<string>) {
  const missing = [...ids].filter((id) => !kept.has(id));
  if (!missing.length) return;
  const keys = missing.flatMap((id) => KINDS.map((kind) => `${kind}:${id}`));
  for (const id of missing) kept.set(id, new Map());
  for (const doc of await store.collection<NameDoc>(AUDIT_NAMES).find({ _id: { $in: keys } })) keep(doc);
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

const customerName = (d: {
  displayName?: string | null;
  name?: string | null;
  contactFirstName?: string;
  contactLastName?: string | null;
}) => d.displayName || d.name || [d.contactFirstName, d.contactLastName].filter(Boolean).join(' ');

type Change = { from: unknown; to: unknown } | undefined;

/** The names an event gives or changes, for the words of later entries. */
function namesGiven(event: RecordedEvent, names: Map<string, NameDoc>): NameDoc[] {
  const d = event.data as Record<string, unknown> & { changes?: Record<string, Change> };
  const changed = (field: string) => d.changes?.[field]?.to as string | undefined;
  const current = (key: string) => names.get(key);
  switch (event.type) {
    case 'OrganizationCreated':
      return [{ _id: `org:${d.organizationId}`, name: String(d.name), timeZone: String(d.timeZone) }];
    case 'OrganizationSettingsChanged': {
      const was = current(`org:${d.organizationId}`);
      return [
        {
          _id: `org:${d.organizationId}`,
          name: changed('name') ?? was?.name ?? '',
          timeZone: changed('timeZone') ?? was?.timeZone ?? 'UTC',
        },
      ];
    }
    case 'UserRegistered':
      return [
        {
          _id: `user:${d.userId}`,
          name: `${d.firstName} ${d.lastName}`,
          parts: { firstName: String(d.firstName), lastName: String(d.lastName) },
        },
      ];
    case 'UserDetailsChanged': {
      if (!d.changes?.firstName && !d.changes?.lastName) return [];
      const was = current(`user:${d.userId}`) as (NameDoc & { parts?: Record<string, string> }) | undefined;
      const parts = {
        firstName: changed('firstName') ?? was?.parts?.firstName ?? '',
        lastName: changed('lastName') ?? was?.parts?.lastName ?? '',
      };
      return [{ _id: `user:${d.userId}`, name: `${parts.firstName} ${parts.lastName}`.trim(), parts }];
    }
    case 'CustomerCreated': {
      const parts = {
        displayName: d.displayName as string | null,
        name: d.name as string | null,
        contactFirstName: d.contactFirstName as string,
        contactLastName: d.contactLastName as string | null,
      };
      return [{ _id: `customer:${d.customerId}`, name: customerName(parts), parts }];
    }
    case 'CustomerDetailsChanged': {
      const fields = ['displayName', 'name', 'contactFirstName', 'contactLastName'];
      if (!fields.some((f) => d.changes?.[f])) return [];
      const was = current(`customer:${d.customerId}`) as
        (NameDoc & { parts?: Record<string, string | null> }) | undefined;
      const parts = { ...(was?.parts ?? {}) };
      for (const f of fields) if (d.changes?.[f]) parts[f] = changed(f) ?? null;
      return [{ _id: `customer:${d.customerId}`, name: customerName(parts) || (was?.name ?? ''), parts }];
    }
    case 'JobScheduled':
      return [
        { _id: `job:${d.jobId}`, name: String(d.name), selfBooked: d.selfBooked === true, start: String(d.start) },
      ];
    case 'JobChanged':
    case 'JobSeriesChanged': {
      const key = event.type === 'JobChanged' ? `job:${d.jobId}` : `series:${d.seriesId}`;
      if (!changed('name') && !changed('start')) return [];
      const was = current(key);
      return [{ ...was, _id: key, name: changed('name') ?? was?.name ?? '', start: changed('start') ?? was?.start }];
    }
    case 'JobSeriesScheduled':
      return [{ _id: `series:${d.seriesId}`, name: String(d.name), start: String(d.start) }];
    case 'TimerStarted':
    case 'TimeAdded':
      return [
        {
          _id: `timer:${d.timerId}`,
          name: String(d.jobName || d.label || (d.type === 'Mileage' ? 'Mileage' : 'Unassigned time')),
        },
      ];
    case 'TimerChanged': {
      const name = changed('jobName') || changed('label');
      return name ? [{ _id: `timer:${d.timerId}`, name }] : [];
    }
    case 'RatingRequested':
      return [{ _id: `rating:${d.ratingId}`, name: String(d.jobName) }];
    case 'VisitBooked':
    case 'VisitMoved':
      return [
        { _id: `visit:${d.bookingId}`, name: String(d.start) },
        { _id: `visitStaff:${d.bookingId}`, name: String(d.staffId) },
      ];
    case 'BookingLinkCreated':
      return [{ _id: `bookingLink:${d.linkId}`, name: String(d.serviceName) }];
    case 'BookingLinkChanged': {
      const name = changed('serviceName');
      return name ? [{ _id: `bookingLink:${d.linkId}`, name }] : [];
    }
    default:
      return [];
  }
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

const MAX_TEXT = 4000;

/**
 * The audit log: one entry per event of the log, in words, with the names as they were then (kept in
 * auditNames as the log goes). Idempotent: an entry's id is its event's, and names are set, not added to.
 */
export const auditProjection: Projection = {
  name: PAST_READ_MODELS.audit,
  ofThePast: true,
  readsById: true,
  // 2: a moved visit's old start and staff, a link's units on both sides, a new person's address; 3: a job's start,
  // the changed fields as a map; 4: a moved visit's former staff member by name, a visitor's cancel and move in words;
  // 5: when a change sent later from a phone was made on the device (deviceAt)
  version: 5,
  collections: [AUDIT_ENTRIES, AUDIT_NAMES],
  async setup(store) {
    const entries = store.collection(AUDIT_ENTRIES);
    // The log newest first, and within a date range.
    await entries.createIndex({ organizationId: 1, at: -1, position: -1 }, { name: 'organization_at_position' });
    // One record's History, in order.
    await entries.createIndex(
      { organizationId: 1, recordId: 1, position: 1 },
      { name: 'organization_record_position' },
    );
    // The time managers added on a job, for its History.
    await entries.createIndex(
      { organizationId: 1, aboutJob: 1, position: 1 },
      { name: 'organization_aboutJob_position' },
    );
    // The person and record-type filters, newest first.
    await entries.createIndex(
      { organizationId: 1, actorId: 1, at: -1, position: -1 },
      { name: 'organization_actor_at' },
    );
    await entries.createIndex(
      { organizationId: 1, recordType: 1, at: -1, position: -1 },
      { name: 'organization_recordType_at' },
    );
    // Changes to someone else's time: few among many, so a scan of the range would read them all.
    await entries.createIndex(
      { organizationId: 1, othersTime: 1, at: -1, position: -1 },
      { name: 'organization_othersTime_at' },
    );
    await entries.createIndex({ organizationId: 1, position: -1 }, { name: 'organization_position' });
    await entries.createSearchIndex(['text'], { name: 'audit_text' });
  },
  async apply(event, { store, notify }) {
    const organizationId = event.metadata.organizationId;
    if (!organizationId) return;
    const names = await namesFor(store, event);
    const ctx = contextOf(names, organizationId);
    const wording = wordingOf(event.type, event.data, ctx, event.metadata.actorUserId);
    // The entry first, then the names the event gives: an entry is written once, with the names as they were
    // before its event, and one already there is kept. A replay (at-least-once delivery, a batch applied again
    // after a failure without a transaction) comes with names already past it, and would word it otherwise.
    const written = wording ? await writeEntry(store, event, wording, ctx, names) : false;
    for (const doc of namesGiven(event, names)) {
      await store.collection<NameDoc>(AUDIT_NAMES).replaceOne({ _id: doc._id }, doc, { upsert: true });
      keep(doc);
    }
    if (written)
      notify({
        rooms: [rooms.auditors(organizationId)],
        event: 'audit.added',
        // No log position: a global one would tell how much other organizations did (issue #24).
        payload: { organizationId },
      });
  },
};

/** Writes the event's entry unless it is there already; whether it wrote it. */
async function writeEntry(
  store: ReadStore,
  event: RecordedEvent,
  wording: Wording,
  ctx: WordingContext,
  names: Map<string, NameDoc>,
): Promise<boolean> {
  const organizationId = event.metadata.organizationId;
  const actorId = event.metadata.actorUserId ?? wording.byPerson ?? null;
  const actorKind: AuditActorKind = actorId ? 'person' : (wording.without ?? 'system');
  const who = whoInWords(actorKind, actorId, ctx);
  const changes = wording.changes ?? [];
  const doc: AuditDoc = {
    _id: event.id,
    organizationId,
    position: event.position.commit,
    type: event.type,
    at: new Date(event.metadata.timestamp).toISOString(),
    ...(event.metadata.deviceTime ? { deviceAt: new Date(event.metadata.deviceTime).toISOString() } : {}),
    actorKind,
    actorId,
    who,
    recordType: wording.recordType,
    recordId: wording.recordId,
    recordLabel: wording.recordLabel,
    occurrenceId: wording.occurrenceId ?? null,
    recordStartsAt: startOf(event, names),
    what: wording.what,
    changes,
    changed: Object.fromEntries(changes.map((c) => [auditFieldKey(c.field), true as const])),
    othersTime: !!wording.timeOf && !!actorId && actorId !== wording.timeOf,
    timeOf: wording.timeOf ?? null,
    ...(wording.aboutJob ? { aboutJob: wording.aboutJob } : {}),
    text: [who, wording.what, wording.recordLabel, ...changes.flatMap((c) => [c.field, c.from, c.to])]
      .join(' ')
      .slice(0, MAX_TEXT),
  };
  try {
    await store.collection<AuditDoc>(AUDIT_ENTRIES).insertOne(doc);
    return true;
  } catch (error) {
    if (error instanceof DuplicateKeyError) return false;
    throw error;
  }
}
