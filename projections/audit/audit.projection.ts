import { comparePositions, type RecordedEvent } from '../../src/core/event-store/event-store.port';
import { PAST_READ_MODELS } from '../../src/as-of/read-models-of-the-past';
import { DuplicateKeyError, type ReadStore } from '../../src/core/read-store/read-store.port';
import {
  AUDIT_DAY_COUNTS,
  AUDIT_ENTRIES,
  AUDIT_NAMES,
  type AuditDayCount,
  AuditDoc,
} from '../../src/audit/audit.read-models';
import {
  entryWords,
  EntryWords,
  NameDoc,
  NamedRecord,
  namedRecords,
  namesForWords,
  withVersion,
} from '../../src/audit/entry-words';
import { rooms } from '../../src/realtime/rooms';
import { auditFieldKey } from '../../src/shared/audit';
import { Projection } from '../runner/projection';

/**
 * Names read and written, kept between events by id (every kind of name an id has): most events name the same
 * few people, customers and jobs, and a read per event made a rebuild twice as slow. A batch that failed and is
 * applied again comes back with an earlier position: the names then start over from the store. Cleared whole
 * when full (deleting a Map's oldest keys one by one leaves it slow to walk). 20,000 ids, not 100,000: the dense
 * mix names a new job in most events, and the larger map held about 120 MB more at 124,000 events, at the same
 * speed.
 */
const IDS_KEPT = 20_000;
/** By id, every name it has with every version (null: none yet): the names' documents as the store holds them. */
const kept = new Map<string, NamedRecord | null>();
let lastPosition = -1;

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

/** The names the event's words need, as they were before it, by `<kind>:<id>`. */
async function namesFor(store: ReadStore, event: RecordedEvent): Promise<Map<string, NameDoc>> {
  if (event.position.commit <= lastPosition || kept.size >= IDS_KEPT) kept.clear();
  lastPosition = event.position.commit;
  if (event.revision === 0) {
    const dash = event.streamId.indexOf('-');
    const created = event.streamId.slice(dash + 1);
    if (NAMED_BY_OWN_STREAM.has(event.streamId.slice(0, dash)) && !kept.has(created)) kept.set(created, null);
  }
  return namesForWords(event, async (ids) => {
    await load(store, ids);
    return [...ids].flatMap((id) => kept.get(id) ?? []);
  });
}

/** Every kind of name of the ids not kept yet, from the store. */
async function load(store: ReadStore, ids: Set<string>) {
  const missing = [...ids].filter((id) => !kept.has(id));
  if (!missing.length) return;
  for (const id of missing) kept.set(id, null);
  for (const record of await namedRecords(store, missing)) kept.set(record._id, record);
}

/** The names' documents the event changes (kept as they now are): each name it gives, with its version from it on. */
async function recordsGiven(store: ReadStore, event: RecordedEvent, names: Map<string, NameDoc>) {
  const given = namesGiven(event, names).map((doc) => ({ doc, id: doc._id.slice(doc._id.indexOf(':') + 1) }));
  // Their ids are the event's, loaded already: a version is added to the record's others, never written over them.
  await load(store, new Set(given.map((g) => g.id)));
  const changed = new Map<string, NamedRecord>();
  for (const { doc, id } of given) {
    const record = withVersion(kept.get(id) ?? undefined, doc, event.position);
    kept.set(id, record);
    changed.set(id, record);
  }
  return changed.values();
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

const MAX_TEXT = 4000;

/**
 * The audit log: one entry per event of the log, in words, with the names as they were then (kept in
 * auditNames as the log goes). Idempotent: an entry's id is its event's, and names are set, not added to.
 */
export const auditProjection: Projection = {
  name: PAST_READ_MODELS.audit,
  ofThePast: true,
  readsById: true,
  standsAlone: true,
  // 2: a moved visit's old start and staff, a link's units on both sides, a new person's address; 3: a job's start,
  // the changed fields as a map; 4: a moved visit's former staff member by name, a visitor's cancel and move in words;
  // 5: when a change sent later from a phone was made on the device (deviceAt); 6: the entry keeps what the filters
  // and the search need, worded again when read, and the names are versions (issue #45 item 1); 7: one names document
  // per id, not per kind (a page's names read 70 keys, not 700); 8: the entries counted per day (a year's count)
  version: 8,
  collections: [AUDIT_ENTRIES, AUDIT_NAMES, AUDIT_DAY_COUNTS],
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
    await store.collection(AUDIT_DAY_COUNTS).createIndex({ organizationId: 1, day: 1 }, { name: 'organization_day' });
  },
  async apply(event, { store, notify }) {
    const organizationId = event.metadata.organizationId;
    if (!organizationId) return;
    const names = await namesFor(store, event);
    const words = entryWords(event, names);
    // The entry first, then the names the event gives: an entry is written once, with the names as they were
    // before its event, and one already there is kept. A replay (at-least-once delivery, a batch applied again
    // after a failure without a transaction) comes with names already past it, and would word it otherwise.
    // The entry's time, and so its day's count.
    const at = new Date(event.metadata.timestamp).toISOString();
    const written = words ? await writeEntry(store, event, words, at) : false;
    if (words) await countEntry(store, event, at);
    for (const record of await recordsGiven(store, event, names))
      await store.collection<NamedRecord>(AUDIT_NAMES).replaceOne({ _id: record._id }, record, { upsert: true });
    if (written)
      notify({
        rooms: [rooms.auditors(organizationId)],
        event: 'audit.added',
        // No log position: a global one would tell how much other organizations did (issue #24).
        payload: { organizationId },
      });
  },
};

/**
 * Counts the event's entry in its day's document, once: after the entry is written, and also when the entry was there
 * already but the count was not (a store without transactions that stopped in between), never twice for one event.
 */
async function countEntry(store: ReadStore, event: RecordedEvent, at: string): Promise<void> {
  const organizationId = event.metadata.organizationId;
  const day = at.slice(0, 10);
  const counts = store.collection<AuditDayCount>(AUDIT_DAY_COUNTS);
  const _id = `${organizationId}:${day}`;
  const counted = await counts.findOne({ _id });
  const { commit, prepare } = event.position;
  if (counted && comparePositions({ commit: counted.through, prepare: counted.throughPrepare }, event.position) >= 0)
    return;
  const entries = (counted?.entries ?? 0) + 1;
  await counts.replaceOne(
    { _id },
    { _id, organizationId, day, entries, through: commit, throughPrepare: prepare },
    { upsert: true },
  );
}

/**
 * Writes the event's entry unless it is there already; whether it wrote it. The entry keeps what the filters and the
 * search need; its words are the event's, worded again when a page is read (src/audit/audit.queries.ts).
 */
async function writeEntry(store: ReadStore, event: RecordedEvent, words: EntryWords, at: string): Promise<boolean> {
  const { wording, actorId, who } = words;
  const changes = wording.changes ?? [];
  const doc: AuditDoc = {
    _id: event.id,
    organizationId: event.metadata.organizationId,
    position: event.position.commit,
    ...(event.position.prepare !== event.position.commit ? { prepare: event.position.prepare } : {}),
    type: event.type,
    at,
    actorId,
    recordType: wording.recordType,
    recordId: wording.recordId,
    occurrenceId: wording.occurrenceId ?? null,
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
