import type { Writable } from 'node:stream';
import { DateTime } from 'luxon';
import { NotFoundError } from '../core/errors';
import type { PositionCodec } from '../core/position-tokens';
import { pageWindow } from '../core/http/page-query.dto';
import { batchesInOrder } from '../core/read-store/in-order';
import type { Filter, ReadStore } from '../core/read-store/read-store.port';
import { everyWordIn } from '../core/read-store/search';
import { organizationById, organizationUsers, organizationZone, userOf } from '../identity/identity.read-models';
import { resolveFilters } from '../reports/report-filters';
import { DATE_TIME_FORMAT, excelDate, writeReportWorkbook } from '../core/spreadsheets/report-workbook';
import {
  AUDIT_PAGE_SIZE,
  AUDIT_RECORD_TYPE_LABELS,
  auditFieldKey,
  type AuditEntry,
  type AuditFilters,
  type AuditPerson,
  type AuditRecordType,
} from '../shared/audit';
import type { Paged } from '../shared/paging';
import { AUDIT_ENTRIES, AuditDoc } from './audit.read-models';

const entries = (store: ReadStore) => store.collection<AuditDoc>(AUDIT_ENTRIES);

const inWords = (at: string, zone: string) =>
  DateTime.fromISO(at, { zone: 'utc' }).setZone(zone).toFormat('ccc d LLL yyyy, h:mm:ss a ZZZZ');

/** When it was made on the device and when it was received, in the organization's zone; the day once if the same. */
export function bothTimesInWords(deviceAt: string, receivedAt: string, zone: string): string {
  const device = DateTime.fromISO(deviceAt, { zone: 'utc' }).setZone(zone);
  const received = DateTime.fromISO(receivedAt, { zone: 'utc' }).setZone(zone);
  const sameDay = device.toISODate() === received.toISODate();
  return `On the device ${inWords(deviceAt, zone)} · received ${sameDay ? received.toFormat('h:mm:ss a ZZZZ') : inWords(receivedAt, zone)}`;
}

/** A stored entry as the wire shows it, its time in the organization's zone, its place in the log as tokens. */
export function entryOf(doc: AuditDoc, zone: string, codec: PositionCodec): AuditEntry {
  return {
    id: doc._id,
    position: codec.encode(doc.position),
    positionBefore: codec.encode(Math.max(0, doc.position - 1)),
    type: doc.type,
    at: doc.at,
    when: inWords(doc.at, zone),
    deviceAt: doc.deviceAt ?? null,
    bothTimes: doc.deviceAt ? bothTimesInWords(doc.deviceAt, doc.at, zone) : null,
    actor: { kind: doc.actorKind, id: doc.actorId },
    who: doc.who,
    record: {
      type: doc.recordType,
      id: doc.recordId,
      label: doc.recordLabel,
      occurrenceId: doc.occurrenceId,
      startsAt: doc.recordStartsAt ?? null,
    },
    what: doc.what,
    changes: doc.changes,
    othersTime: doc.othersTime,
  };
}

/**
 * The name of the person the "who" filter names: a user of the organization, or one it has deleted (their
 * changes stay theirs, and the users' read model no longer has them: the log's last words about them do).
 */
async function personOf(store: ReadStore, organizationId: string, userId: string): Promise<string> {
  const user = await userOf(store, organizationId, userId);
  if (user) return user.fullName;
  const [last] = await entries(store).find(
    { organizationId, recordType: 'user', recordId: userId },
    { sort: { position: -1 }, limit: 1 },
  );
  if (!last) throw new NotFoundError('The employee');
  return last.recordLabel;
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
      people.push({ id: d.recordId, fullName: d.recordLabel, status: 'deleted' });
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

/** GET /api/audit: a page of the log, newest first. */
export async function auditPage(
  store: ReadStore,
  organizationId: string,
  query: AuditFilters & { currentPage?: number; pageSize?: number },
  now: Date,
  codec: PositionCodec,
): Promise<Paged<AuditEntry>> {
  const { filter, resolved } = await auditFilter(store, organizationId, query, now);
  const { skip, limit } = pageWindow(query, AUDIT_PAGE_SIZE);
  const [docs, totalRecords] = await Promise.all([
    entries(store).find(filter, { sort: { at: -1, position: -1 }, skip, limit }),
    entries(store).countDocuments(filter),
  ]);
  return { resultItems: docs.map((d) => entryOf(d, resolved.timeZone, codec)), totalRecords };
}

/** GET /api/audit/export: every entry the filters find, oldest first, as a sheet like the reports'. */
export async function prepareAuditExport(
  store: ReadStore,
  organizationId: string,
  filters: AuditFilters,
  now: Date,
  codec: PositionCodec,
): Promise<{ write(out: Writable): Promise<number> }> {
  // The filters are resolved (a bad one is a plain 4xx) before the first byte is written.
  const { filter, resolved, person } = await auditFilter(store, organizationId, filters, now);
  const zone = resolved.timeZone;
  const organization = (await organizationById(store, organizationId))?.name ?? '';
  const changes = (d: AuditDoc) => d.changes.map((c) => `${c.field}: ${c.from} → ${c.to}`).join('\n');
  return {
    write: (out) =>
      writeReportWorkbook<AuditDoc>(
        out,
        'Audit log',
        [
          { header: `When (${zone})`, width: 20, value: (d) => excelDate(d.at, zone), numFmt: DATE_TIME_FORMAT },
          { header: 'Who', width: 24, value: (d) => d.who },
          { header: 'Record type', width: 14, value: (d) => AUDIT_RECORD_TYPE_LABELS[d.recordType] },
          { header: 'Record', width: 28, value: (d) => d.recordLabel },
          { header: 'What', width: 40, value: (d) => d.what },
          { header: 'Changes', width: 60, value: changes },
          { header: 'Position', width: 26, value: (d) => codec.encode(d.position) },
        ],
        // Entries of one instant (one command's events) in the log's order.
        batchesInOrder(entries(store), filter, 'at', 'position'),
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
  store: ReadStore,
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
  const docs = await entries(store).find(
    record.aboutJob ? { $or: [own, { organizationId, aboutJob: record.aboutJob }] } : own,
    { sort: { position: 1 } },
  );
  const mine = record.occurrenceId
    ? docs.filter((d) => d.occurrenceId === null || d.occurrenceId === record.occurrenceId)
    : docs;
  if (!mine.length || (timeOf !== undefined && mine[0].timeOf !== timeOf)) throw new NotFoundError(record.label);
  const zone = await organizationZone(store, organizationId);
  return mine.map((d) => entryOf(d, zone, codec));
}
