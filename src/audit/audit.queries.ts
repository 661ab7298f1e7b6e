import type { Writable } from 'node:stream';
import { DateTime } from 'luxon';
import { Inject, Injectable } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../core/clock';
import { type AsOfQuery, momentOf, momentView } from '../as-of/moment';
import {
  EVENT_STORE,
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
} from '../core/event-store/event-store.port';
import { NotFoundError } from '../core/errors';
import { type PositionCodec, POSITION_TOKENS, type PositionTokens } from '../core/position-tokens';
import { pageWindow } from '../core/http/page-query.dto';
import { batchesInOrder } from '../core/read-store/in-order';
import { nextTurn } from '../core/loop-turns';
import { type Filter, READ_STORE, type ReadStore } from '../core/read-store/read-store.port';
import { everyWordIn } from '../core/read-store/search';
import { organizationById, organizationUsers, organizationZone, userOf } from '../identity/identity.read-models';
import { resolveFilters } from '../reports/report-filters';
import { DATE_TIME_FORMAT, excelDate, writeReportWorkbook } from '../core/spreadsheets/report-workbook';
import {
  AUDIT_PAGE_SIZE,
  AUDIT_RECORD_TYPE_LABELS,
  auditFieldKey,
  type AsOfMoment,
  type AuditEntry,
  type AuditFilters,
  type AuditPerson,
  type AuditRecordType,
} from '../shared/audit';
import type { Paged } from '../shared/paging';
import { AUDIT_DAY_COUNTS, AUDIT_ENTRIES, type AuditDayCount, AuditDoc } from './audit.read-models';
import {
  entryWords,
  type EntryWords,
  idsNamedBy,
  type NamedRecord,
  namedRecords,
  namesBefore,
  namesForWords,
} from './entry-words';
import { instantInWords, UNKNOWN_PERSON } from './wording';

/**
 * What the audit log is read from: its entries (the filters, the search, the order) in the read store, and their
 * events, worded when they are read, in the log.
 */
export interface AuditSources {
  store: ReadStore;
  log: EventStore;
}

const entries = (store: ReadStore) => store.collection<AuditDoc>(AUDIT_ENTRIES);
/** How many of a History's entries are worded in one turn of the event loop. */
const HISTORY_TURN = 100;

const inWords = (at: string, zone: string) => instantInWords(at, zone, true);

/** When it was made on the device and when it was received, in the organization's zone; the day once if the same. */
export function bothTimesInWords(deviceAt: string, receivedAt: string, zone: string): string {
  const device = DateTime.fromISO(deviceAt, { zone: 'utc' }).setZone(zone);
  const received = DateTime.fromISO(receivedAt, { zone: 'utc' }).setZone(zone);
  const sameDay = device.toISODate() === received.toISODate();
  return `On the device ${inWords(deviceAt, zone)} · received ${sameDay ? received.toFormat('h:mm:ss a ZZZZ') : inWords(receivedAt, zone)}`;
}

const positionOf = (doc: AuditDoc): GlobalPosition => ({ commit: doc.position, prepare: doc.prepare ?? doc.position });
const positionKey = (p: GlobalPosition) => `${p.commit}.${p.prepare}`;

/** An entry as the wire shows it, its time in the organization's zone, its place in the log as tokens. */
function entryOf(
  doc: AuditDoc,
  event: RecordedEvent,
  words: EntryWords,
  zone: string,
  codec: PositionCodec,
): AuditEntry {
  const deviceAt = event.metadata.deviceTime ? new Date(event.metadata.deviceTime).toISOString() : null;
  const { wording } = words;
  return {
    id: doc._id,
    position: codec.encode(doc.position),
    positionBefore: codec.encode(Math.max(0, doc.position - 1)),
    type: doc.type,
    at: doc.at,
    when: inWords(doc.at, zone),
    deviceAt,
    bothTimes: deviceAt ? bothTimesInWords(deviceAt, doc.at, zone) : null,
    actor: { kind: words.actorKind, id: words.actorId },
    who: words.who,
    record: {
      type: doc.recordType,
      id: doc.recordId,
      label: wording.recordLabel,
      occurrenceId: doc.occurrenceId,
      startsAt: words.recordStartsAt,
    },
    what: wording.what,
    changes: wording.changes ?? [],
    othersTime: doc.othersTime,
  };
}

/**
 * The entries in words, in their order: their events read from the log and worded as the projection worded them, with
 * the names as they were just before each (their versions, read once for the lot).
 */
export async function worded(
  { store, log }: AuditSources,
  docs: AuditDoc[],
  zone: string,
  codec: PositionCodec,
): Promise<AuditEntry[]> {
  if (!docs.length) return [];
  const events = new Map((await log.readEvents(docs.map(positionOf))).map((e) => [positionKey(e.position), e]));
  const ids = new Set<string>();
  for (const event of events.values()) for (const id of idsNamedBy(event)) ids.add(id);
  // Every id read once (null: it has no name): a moved visit's former staff member, whom the visit's names give rather
  // than its event, may still need a read of their own.
  const records = new Map<string, NamedRecord | null>();
  const recordsOf = async (named: Set<string>) => {
    const missing = [...named].filter((id) => !records.has(id));
    for (const id of missing) records.set(id, null);
    for (const record of await namedRecords(store, missing)) records.set(record._id, record);
    return [...named].flatMap((id) => records.get(id) ?? []);
  };
  await recordsOf(ids);
  return Promise.all(
    docs.map(async (doc) => {
      const event = events.get(positionKey(positionOf(doc)));
      if (!event) throw new Error(`The log has no event at ${doc.position}, which audit entry ${doc._id} is of`);
      const words = entryWords(event, await namesForWords(event, recordsOf));
      if (!words) throw new Error(`Audit entry ${doc._id} is of an event the log does not word`);
      return entryOf(doc, event, words, zone, codec);
    }),
  );
}

/** A person's name as the log last gave it (a deleted person's: when they were deleted). */
async function lastNameOf(store: ReadStore, userId: string): Promise<string> {
  const latest = { commit: Number.MAX_SAFE_INTEGER, prepare: Number.MAX_SAFE_INTEGER };
  return namesBefore(await namedRecords(store, [userId]), latest).get(`user:${userId}`)?.name ?? UNKNOWN_PERSON;
}

/**
 * The name of the person the "who" filter names: a user of the organization, or one it has deleted (their
 * changes stay theirs, and the users' read model no longer has them: the log's last words about them do).
 */
async function personOf(store: ReadStore, organizationId: string, userId: string): Promise<string> {
  const user = await userOf(store, organizationId, userId);
  if (user) return user.fullName;
  const [any] = await entries(store).find({ organizationId, recordType: 'user', recordId: userId }, { limit: 1 });
  if (!any) throw new NotFoundError('The employee');
  return lastNameOf(store, userId);
}

const STATUS_ORDER: Record<AuditPerson['status'], number> = { active: 0, inactive: 1, deleted: 2 };

/**
 * GET /api/audit/people: the organization's users and the people it deleted, whose entries the users' read
 * model no longer names (each deletion's entry does, with the name they had). Deletions are user entries, few
 * beside the log's sign-ins and jobs, found through the record-type index.
 */
export async function auditPeople(store: ReadStore, organizationId: string): Promise<AuditPerson[]> {
  const [users, deletions] = await Promise.all([
    organizationUsers(store, organizationId),
    entries(store).find({ organizationId, recordType: 'user', type: 'UserDeleted' }),
  ]);
  const people: AuditPerson[] = users.map((u) => ({
    id: u._id,
    fullName: u.fullName,
    status: u.active ? 'active' : 'inactive',
  }));
  const known = new Set(people.map((p) => p.id));
  for (const d of deletions)
    if (!known.has(d.recordId)) {
      known.add(d.recordId);
      people.push({ id: d.recordId, fullName: await lastNameOf(store, d.recordId), status: 'deleted' });
    }
  return people.sort(
    (a, b) =>
      STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
      a.fullName.localeCompare(b.fullName, 'en', { sensitivity: 'base' }) ||
      a.id.localeCompare(b.id),
  );
}

/** The filters as a query of the organization's entries over [from, to), and the zone and days they meant. */
async function auditFilter(store: ReadStore, organizationId: string, filters: AuditFilters, now: Date) {
  const [resolved, person] = await Promise.all([
    resolveFilters(store, organizationId, { fromDate: filters.fromDate, toDate: filters.toDate }, now, null, null),
    filters.userId ? personOf(store, organizationId, filters.userId) : null,
  ]);
  const words = everyWordIn(filters.search, ['text']);
  const filter: Filter = {
    organizationId,
    at: { $gte: resolved.range.from, $lt: resolved.range.to },
    ...(filters.recordType ? { recordType: filters.recordType } : {}),
    ...(filters.userId ? { actorId: filters.userId } : {}),
    ...(filters.field ? { [`changed.${auditFieldKey(filters.field)}`]: true } : {}),
    ...(filters.othersTime ? { othersTime: true } : {}),
    ...(words ? { $and: words } : {}),
  };
  return { filter, resolved, person };
}

const DAY_MS = 86_400_000;

/**
 * How many entries the organization's log has in [from, to), unfiltered: the whole days' counts (`auditDayCounts`, one
 * document a UTC day) and the entries of the partial days at either end. A year's count read every entry of it
 * (346,000 at 1,000,000 events) whenever the log had grown since the last.
 */
export async function countInRange(store: ReadStore, organizationId: string, range: { from: string; to: string }) {
  const from = Date.parse(range.from);
  const to = Date.parse(range.to);
  const firstDay = Math.ceil(from / DAY_MS) * DAY_MS;
  const lastDay = Math.floor(to / DAY_MS) * DAY_MS;
  const inRange = (start: number, end: number) =>
    start < end
      ? entries(store).countDocuments({
          organizationId,
          at: { $gte: new Date(start).toISOString(), $lt: new Date(end).toISOString() },
        })
      : 0;
  if (firstDay >= lastDay) return inRange(from, to);
  const day = (at: number) => new Date(at).toISOString().slice(0, 10);
  const [days, head, tail] = await Promise.all([
    store
      .collection<AuditDayCount>(AUDIT_DAY_COUNTS)
      .find({ organizationId, day: { $gte: day(firstDay), $lt: day(lastDay) } }),
    inRange(from, firstDay),
    inRange(lastDay, to),
  ]);
  return days.reduce((sum, d) => sum + d.entries, head + tail);
}

/** GET /api/audit: a page of the log, newest first. */
export async function auditPage(
  sources: AuditSources,
  organizationId: string,
  query: AuditFilters & { currentPage?: number; pageSize?: number },
  now: Date,
  codec: PositionCodec,
): Promise<Paged<AuditEntry>> {
  const { filter, resolved } = await auditFilter(sources.store, organizationId, query, now);
  const { skip, limit } = pageWindow(query, AUDIT_PAGE_SIZE);
  const [docs, totalRecords] = await Promise.all([
    entries(sources.store).find(filter, { sort: { at: -1, position: -1 }, skip, limit }),
    Object.keys(filter).every((key) => key === 'organizationId' || key === 'at')
      ? countInRange(sources.store, organizationId, resolved.range)
      : entries(sources.store).countDocuments(filter),
  ]);
  return { resultItems: await worded(sources, docs, resolved.timeZone, codec), totalRecords };
}

/** GET /api/audit/export: every entry the filters find, oldest first, as a sheet like the reports'. */
export async function prepareAuditExport(
  sources: AuditSources,
  organizationId: string,
  filters: AuditFilters,
  now: Date,
  codec: PositionCodec,
): Promise<{ write(out: Writable): Promise<number> }> {
  // The filters are resolved (a bad one is a plain 4xx) before the first byte is written.
  const { store } = sources;
  const { filter, resolved, person } = await auditFilter(store, organizationId, filters, now);
  const zone = resolved.timeZone;
  const organization = (await organizationById(store, organizationId))?.name ?? '';
  const changes = (e: AuditEntry) => e.changes.map((c) => `${c.field}: ${c.from} → ${c.to}`).join('\n');
  async function* inWordsInOrder(): AsyncGenerator<AuditEntry[]> {
    // Entries of one instant (one command's events) in the log's order.
    for await (const docs of batchesInOrder(entries(store), filter, 'at', 'position'))
      yield await worded(sources, docs, zone, codec);
  }
  return {
    write: (out) =>
      writeReportWorkbook<AuditEntry>(
        out,
        'Audit log',
        [
          { header: `When (${zone})`, width: 20, value: (d) => excelDate(d.at, zone), numFmt: DATE_TIME_FORMAT },
          { header: 'Who', width: 24, value: (d) => d.who },
          { header: 'Record type', width: 14, value: (d) => AUDIT_RECORD_TYPE_LABELS[d.record.type] },
          { header: 'Record', width: 28, value: (d) => d.record.label },
          { header: 'What', width: 40, value: (d) => d.what },
          { header: 'Changes', width: 60, value: changes },
          { header: 'Position', width: 26, value: (d) => d.position },
        ],
        inWordsInOrder(),
        [
          ['From date', resolved.fromDate],
          ['To date', resolved.toDate],
          ['Record type', filters.recordType ? AUDIT_RECORD_TYPE_LABELS[filters.recordType] : 'All'],
          ['Person', person ?? 'Everyone'],
          ['Changed field', filters.field || 'Any'],
          ["Only changes to someone else's time", filters.othersTime ? 'Yes' : 'No'],
          ['Search', filters.search || ''],
          ['Time zone', zone],
          ['Order', 'Oldest first'],
          ['Exported at', excelDate(now.toISOString(), zone)!],
        ],
        { organization, range: `${resolved.fromDate} – ${resolved.toDate} (${zone})` },
      ),
  };
}

/**
 * One record's History, oldest first: its entries (for a recurring job's occurrence, the series' entries that
 * are not about another occurrence). A record the organization has no entry of is a 404.
 */
export async function recordHistory(
  sources: AuditSources,
  organizationId: string,
  record: {
    types: AuditRecordType[];
    id: string;
    occurrenceId?: string | null;
    label: string;
    /** A job's or occurrence's id: the time managers added on it belongs in its History too. */
    aboutJob?: string;
  },
  codec: PositionCodec,
  /** Only a record whose changes are to this person's time (their own timer), when given. */
  timeOf?: string,
): Promise<AuditEntry[]> {
  const own = { organizationId, recordId: record.id, recordType: { $in: record.types } };
  const { store } = sources;
  const docs = await entries(store).find(
    record.aboutJob ? { $or: [own, { organizationId, aboutJob: record.aboutJob }] } : own,
    { sort: { position: 1 } },
  );
  const mine = record.occurrenceId
    ? docs.filter((d) => d.occurrenceId === null || d.occurrenceId === record.occurrenceId)
    : docs;
  if (!mine.length || (timeOf !== undefined && mine[0].timeOf !== timeOf)) throw new NotFoundError(record.label);
  const zone = await organizationZone(store, organizationId);
  // A long History (a person's years of sign-ins) is worded 100 entries a turn of the event loop: about 15 ms each.
  const history: AuditEntry[] = [];
  for (let at = 0; at < mine.length; at += HISTORY_TURN) {
    if (at > 0) await nextTurn();
    history.push(...(await worded(sources, mine.slice(at, at + HISTORY_TURN), zone, codec)));
  }
  return history;
}

/**
 * The audit's reads on the QueryBus, as every other read: the controller hands over what was asked, and a handler
 * brings the read store, the log, the organization's position tokens and the clock.
 */
@Injectable()
class AuditReads {
  constructor(
    @Inject(READ_STORE) readonly store: ReadStore,
    @Inject(EVENT_STORE) readonly log: EventStore,
    @Inject(POSITION_TOKENS) readonly tokens: PositionTokens,
    @Inject(CLOCK) readonly clock: Clock,
  ) {}

  get sources(): AuditSources {
    return { store: this.store, log: this.log };
  }
}

type AuditQuery = AuditFilters & { currentPage?: number; pageSize?: number };

export class GetAuditPage {
  constructor(
    readonly organizationId: string,
    readonly query: AuditQuery,
  ) {}
}

@QueryHandler(GetAuditPage)
export class GetAuditPageHandler implements IQueryHandler<GetAuditPage> {
  constructor(private readonly reads: AuditReads) {}

  execute({ organizationId, query }: GetAuditPage): Promise<Paged<AuditEntry>> {
    const { reads } = this;
    return auditPage(reads.sources, organizationId, query, reads.clock.now(), reads.tokens.of(organizationId));
  }
}

/** The export's sheet, its filters checked (a bad one is a plain 4xx before the first byte). */
export class PrepareAuditExport {
  constructor(
    readonly organizationId: string,
    readonly filters: AuditFilters,
  ) {}
}

@QueryHandler(PrepareAuditExport)
export class PrepareAuditExportHandler implements IQueryHandler<PrepareAuditExport> {
  constructor(private readonly reads: AuditReads) {}

  execute({ organizationId, filters }: PrepareAuditExport) {
    const { reads } = this;
    return prepareAuditExport(
      reads.sources,
      organizationId,
      filters,
      reads.clock.now(),
      reads.tokens.of(organizationId),
    );
  }
}

export class GetAuditPeople {
  constructor(readonly organizationId: string) {}
}

@QueryHandler(GetAuditPeople)
export class GetAuditPeopleHandler implements IQueryHandler<GetAuditPeople> {
  constructor(private readonly reads: AuditReads) {}

  execute({ organizationId }: GetAuditPeople): Promise<AuditPerson[]> {
    return auditPeople(this.reads.store, organizationId);
  }
}

/** The moment a read is "as of" (asOf or asOfPosition), or now's when neither is given. */
export class GetAsOfMoment {
  constructor(
    readonly organizationId: string,
    readonly asked: AsOfQuery,
  ) {}
}

@QueryHandler(GetAsOfMoment)
export class GetAsOfMomentHandler implements IQueryHandler<GetAsOfMoment> {
  constructor(private readonly reads: AuditReads) {}

  async execute({ organizationId, asked }: GetAsOfMoment): Promise<AsOfMoment> {
    const { store, tokens, clock } = this.reads;
    const codec = tokens.of(organizationId);
    const moment =
      (await momentOf(store, organizationId, asked, codec)) ??
      (await momentOf(store, organizationId, { asOf: clock.now().toISOString() }, codec))!;
    return momentView(codec, moment);
  }
}

/** One record's History (recordHistory): a customer's, a person's, a timer's (`timeOf`: only this person's) or a rating's. */
export class GetRecordHistory {
  constructor(
    readonly organizationId: string,
    readonly record: { types: AuditRecordType[]; id: string; label: string },
    readonly timeOf?: string,
  ) {}
}

@QueryHandler(GetRecordHistory)
export class GetRecordHistoryHandler implements IQueryHandler<GetRecordHistory> {
  constructor(private readonly reads: AuditReads) {}

  execute({ organizationId, record, timeOf }: GetRecordHistory): Promise<AuditEntry[]> {
    const { reads } = this;
    return recordHistory(reads.sources, organizationId, record, reads.tokens.of(organizationId), timeOf);
  }
}

export const AUDIT_READS = [
  AuditReads,
  GetAuditPageHandler,
  PrepareAuditExportHandler,
  GetAuditPeopleHandler,
  GetAsOfMomentHandler,
  GetRecordHistoryHandler,
];
