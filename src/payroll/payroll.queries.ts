import { Inject, Injectable } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { toDomainEvent } from '../core/commands/aggregates';
import { isUuid } from '../core/clock';
import { fold } from '../core/decider';
import { ForbiddenError, NotFoundError } from '../core/errors';
import { EVENT_STORE, EventStore } from '../core/event-store/event-store.port';
import { FILE_STORE, FileStore } from '../core/files/files.port';
import { POSITION_TOKENS, PositionTokens } from '../core/position-tokens';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { TurnBudget } from '../core/loop-turns';
import type { CurrentUser } from '../identity/current-user';
import { organizationById, organizationUsers, userOf } from '../identity/identity.read-models';
import { AUDIT_FIELD_LABELS } from '../shared/audit';
import {
  isCalendarDate,
  paySettingsOf,
  type ExportChange,
  type ExportChangesView,
  type PayPeriodScreen,
  type PayrollExportView,
  type TimesheetNote,
  type TimesheetView,
} from '../shared/payroll';
import { dayParts } from '../timers/day-parts';
import { nextPayPeriod, payPeriodHolding, previousPayPeriod } from '../timers/pay-periods';
import { timerDecider, type TimerState } from '../timers/timer.decider';
import { TimerEvent, timersStreams } from '../timers/timers.events';
import { payPeriodStartingOn, timesheetOf, timesheetsOf, type TimesheetDoc } from '../timers/timers.read-models';
import { exportById, exportsOfPeriod, type PayrollExportDoc } from './payroll.read-models';
import {
  addDays,
  dayBegins,
  fingerprintOf,
  groupBy,
  periodTimers,
  round2,
  rowOf,
  sheetOf,
  type Sheet,
} from './timesheets';
import { localDateOf } from '../scheduling/recurrence';

/** Today in the organization's zone. */
const todayIn = (zone: string) => localDateOf(new Date().toISOString(), zone);

/**
 * What the pay periods' reads share (issue #30 items 2, 5 and 6): the period screen, a person's timesheet, an export's
 * file and what changed since it. Timesheets are added up when read, from the tracked times as they are: a change to a
 * time, in a past period too, is in the next read (item 4's "recomputed whenever a time changes"). Reached through
 * the queries below, on the QueryBus, as every read.
 */
@Injectable()
class PayrollReads {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(POSITION_TOKENS) private readonly tokens: PositionTokens,
  ) {}

  private async organization(organizationId: string) {
    const organization = await organizationById(this.store, organizationId);
    if (!organization) throw new NotFoundError('The organization');
    return { settings: paySettingsOf(organization), zone: organization.timeZone };
  }

  /** The manager's screen: the period holding `date` (today if none), each person's state and hours, its exports. */
  async periodScreen(organizationId: string, date: string | undefined): Promise<PayPeriodScreen> {
    const { settings, zone } = await this.organization(organizationId);
    if (date !== undefined && !isCalendarDate(date)) throw new NotFoundError('The pay period');
    const period = payPeriodHolding(date ?? todayIn(zone), settings);
    const [people, timers, docs, exports] = await Promise.all([
      organizationUsers(this.store, organizationId),
      periodTimers(this.store, organizationId, period, settings, zone),
      timesheetsOf(this.store, organizationId, period.start),
      exportsOfPeriod(this.store, organizationId, period.start),
    ]);
    const byUser = groupBy(timers, (t) => t.userId);
    const docOf = new Map(docs.map((d) => [d.userId, d]));
    // A person's sheet at a time, giving the loop back between them (docs/event-loop.md): 50 staff's week is ~1,000 times.
    const budget = await TurnBudget.begin();
    const sheets = new Map<string, Sheet>();
    for (const person of people) {
      sheets.set(person._id, sheetOf(byUser.get(person._id) ?? [], period, settings, zone));
      await budget.spent();
    }
    // Everyone active, and anyone else the period holds something of (a person made inactive since).
    const listed = people
      .filter((p) => p.active || docOf.has(p._id) || sheets.get(p._id)!.timers.length)
      .sort((a, b) => a.fullName.localeCompare(b.fullName));
    const changed = changedPeople(exports, period.start, sheets);
    const rows = listed.map((p) => rowOf(p, sheets.get(p._id)!, docOf.get(p._id), changed.has(p._id)));
    const sum = (key: 'regularHours' | 'overtimeHours' | 'doubleTimeHours' | 'totalHours' | 'mileage') =>
      round2(rows.reduce((total, row) => total + row[key], 0));
    const names = new Map(people.map((p) => [p._id, p.fullName]));
    return {
      period,
      previous: previousPayPeriod(period, settings).start,
      next: nextPayPeriod(period, settings).start,
      overtimeRule: settings.overtimeRule,
      timesheetSubmission: settings.timesheetSubmission,
      rows,
      totals: {
        regularHours: sum('regularHours'),
        overtimeHours: sum('overtimeHours'),
        doubleTimeHours: sum('doubleTimeHours'),
        totalHours: sum('totalHours'),
        mileage: sum('mileage'),
      },
      exports: exports.map((e) => exportView(e, names, changedSince(e, sheets), this.tokens)),
    };
  }

  /** One person's sheet; `periodStart` null: the period holding `date` (today if none). */
  async timesheet(
    organizationId: string,
    userId: string,
    at: { periodStart: string } | { date?: string },
    viewer: CurrentUser,
  ): Promise<TimesheetView> {
    const person = isUuid(userId) ? await userOf(this.store, organizationId, userId.toLowerCase()) : null;
    if (!person) throw new NotFoundError('The person');
    if (viewer.userId !== person._id && !viewer.claims.includes('users.crud'))
      throw new ForbiddenError('You can only see your own timesheet');
    const { settings, zone } = await this.organization(organizationId);
    let period;
    if ('periodStart' in at) period = (await payPeriodStartingOn(this.store, organizationId, at.periodStart)).period;
    else {
      if (at.date !== undefined && !isCalendarDate(at.date)) throw new NotFoundError('The pay period');
      period = payPeriodHolding(at.date ?? todayIn(zone), settings);
    }
    const [timers, doc, exports] = await Promise.all([
      periodTimers(this.store, organizationId, period, settings, zone, person._id),
      timesheetOf(this.store, person._id, period.start),
      exportsOfPeriod(this.store, organizationId, period.start),
    ]);
    const sheet = sheetOf(timers, period, settings, zone);
    const state = doc?.organizationId === organizationId ? doc.state : 'open';
    return {
      period,
      previous: previousPayPeriod(period, settings).start,
      next: nextPayPeriod(period, settings).start,
      userId: person._id,
      userFullName: person.fullName,
      state,
      overtimeRule: settings.overtimeRule,
      regularHours: sheet.regularHours,
      overtimeHours: sheet.overtimeHours,
      doubleTimeHours: sheet.doubleTimeHours,
      totalHours: sheet.totalHours,
      days: sheet.days,
      mileage: sheet.mileage,
      running: sheet.running,
      lastNote: doc?.organizationId === organizationId ? await this.noteOf(doc) : null,
      canSubmit: settings.timesheetSubmission && viewer.userId === person._id && state === 'open',
      changedSinceExport: changedPeople(exports, period.start, new Map([[person._id, sheet]])).has(person._id),
    };
  }

  private async noteOf(doc: TimesheetDoc): Promise<TimesheetNote> {
    const by = doc.lastNote.byUserId ? await userOf(this.store, doc.organizationId, doc.lastNote.byUserId) : null;
    return {
      kind: doc.lastNote.kind,
      byFullName: by?.fullName ?? 'Someone',
      at: doc.lastNote.at,
      reason: doc.lastNote.reason,
    };
  }

  /** Exactly the bytes an export sent. */
  async exportFile(organizationId: string, id: string) {
    const doc = isUuid(id) ? await exportById(this.store, organizationId, id.toLowerCase()) : null;
    const file = doc ? await this.files.read(organizationId, doc.fileId) : null;
    if (!doc || !file) throw new NotFoundError('The export');
    return { fileName: doc.fileName, contentType: doc.contentType, bytes: file.bytes };
  }

  /**
   * What differs between what an export held and now, per person and day: each time it held is read from its stream
   * at the revision the export read (then) and at its end (now); times added since are the period's others now. Who
   * changed what and when are the time's events after the export's revision.
   */
  async exportChanges(organizationId: string, id: string): Promise<ExportChangesView> {
    const doc = isUuid(id) ? await exportById(this.store, organizationId, id.toLowerCase()) : null;
    if (!doc) throw new NotFoundError('The export');
    const { settings, zone } = await this.organization(organizationId);
    const people = new Map((await organizationUsers(this.store, organizationId)).map((p) => [p._id, p] as const));
    const nameOf = (userId: string | null) => (userId && people.get(userId)?.fullName) || 'Someone';
    const held = new Map(doc.timers.map((t) => [t.timerId, t]));
    // A time's history at a time, giving the loop back between them: an export of 50 staff holds ~1,000 times.
    const budget = await TurnBudget.begin();
    const changes: { userId: string; change: ExportChange; datesThen: string[]; datesNow: string[] }[] = [];
    const sheets = new Map<string, Sheet>();
    /** The period's counted times now, at their streams' revisions in the read model. */
    const counted = new Map<string, number | undefined>();
    for (const period of doc.periods) {
      const exported = new Set(doc.people.filter((p) => p.periodStart === period.start).map((p) => p.userId));
      const now = await periodTimers(this.store, organizationId, period, settings, zone);
      for (const [userId, timers] of groupBy(now, (t) => t.userId)) {
        if (!exported.has(userId)) continue;
        const sheet = sheetOf(timers, period, settings, zone);
        sheets.set(userId, sheet);
        for (const t of sheet.timers) counted.set(t._id, t._rev);
        for (const t of sheet.timers)
          if (!held.has(t._id)) changes.push(await this.changeOf(t._id, userId, -1, nameOf, period, zone));
        await budget.spent();
      }
    }
    for (const timer of doc.timers) {
      // Still counted at the revision the export read: nothing happened to it since (no stream to read).
      if (counted.get(timer.timerId) === timer.revision) continue;
      const period = doc.periods.find((p) =>
        doc.people.some((q) => q.userId === timer.userId && q.periodStart === p.start),
      )!;
      const change = await this.changeOf(timer.timerId, timer.userId, timer.revision, nameOf, period, zone);
      if (change.change.change !== 'edited' || change.change.by.length) changes.push(change);
      await budget.spent();
    }
    const names = new Map([...people].map(([userId, p]) => [userId, p.fullName]));
    const byPerson = new Map<string, Map<string, ExportChange[]>>();
    for (const { userId, change, datesThen, datesNow } of changes) {
      const days = byPerson.get(userId) ?? new Map<string, ExportChange[]>();
      for (const date of new Set([...datesThen, ...datesNow])) days.set(date, [...(days.get(date) ?? []), change]);
      byPerson.set(userId, days);
    }
    return {
      export: exportView(doc, names, changedSince(doc, sheets), this.tokens),
      people: [...byPerson]
        .map(([userId, days]) => ({
          userId,
          userFullName: nameOf(userId),
          days: [...days]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([date, dayChanges]) => ({
              date,
              hoursThen: round2(dayChanges.reduce((sum, c) => sum + hoursOn(c.then, date, zone), 0)),
              hoursNow: round2(dayChanges.reduce((sum, c) => sum + hoursOn(c.now, date, zone), 0)),
              changes: dayChanges,
            })),
        }))
        .sort((a, b) => a.userFullName.localeCompare(b.userFullName)),
    };
  }

  /** One time's then (at `revision`; -1: it did not exist) and now, with the events since in words. */
  private async changeOf(
    timerId: string,
    userId: string,
    revision: number,
    nameOf: (userId: string | null) => string,
    period: { start: string; end: string },
    zone: string,
  ) {
    const recorded = await this.events.readStream(timersStreams.timer(timerId));
    const domain = recorded.map((r) => toDomainEvent<TimerEvent>(r));
    const then = revision < 0 ? null : timeOf(fold(timerDecider, domain.slice(0, revision + 1)));
    const nowState = timeOf(fold(timerDecider, domain));
    // Only the period's days are split (issue #44 item 1): a time of years costs what the period holds.
    const window = periodWindow(period, zone);
    const inPeriod = (t: typeof nowState) =>
      t && t.endDateTime && dayParts(t.startDateTime, t.endDateTime, zone, window).length ? t : null;
    const now = inPeriod(nowState);
    const since = recorded.filter((r) => r.revision > revision);
    const change: ExportChange = {
      timerId,
      change: then === null ? 'added' : now === null ? 'deleted' : 'edited',
      then,
      now,
      by: since.map((r) => {
        const event = toDomainEvent<TimerEvent>(r);
        const reason = 'approvedTimeEdit' in event.data ? (event.data.approvedTimeEdit?.reason ?? null) : null;
        return { fullName: nameOf(r.metadata.actorUserId), at: r.metadata.timestamp, what: whatOf(event), reason };
      }),
    };
    const datesOf = (t: typeof now) =>
      t?.endDateTime ? dayParts(t.startDateTime, t.endDateTime, zone, window).map((p) => p.date) : [];
    return { userId, change, datesThen: datesOf(then), datesNow: datesOf(now) };
  }
}

/** The people of `periodStart` whose times differ from what the latest export holding them held. */
function changedPeople(exports: PayrollExportDoc[], periodStart: string, sheets: Map<string, Sheet>): Set<string> {
  const changed = new Set<string>();
  const seen = new Set<string>();
  // Newest first: a person's latest export is the one payroll has.
  for (const doc of exports)
    for (const person of doc.people) {
      if (person.periodStart !== periodStart || seen.has(person.userId)) continue;
      seen.add(person.userId);
      const sheet = sheets.get(person.userId);
      if (sheet && fingerprintOf(sheet.timers) !== person.fingerprint) changed.add(person.userId);
    }
  return changed;
}

/** Whether anything an export held differs now (its people's sheets as they are). */
function changedSince(doc: PayrollExportDoc, sheets: Map<string, Sheet>): boolean {
  return doc.people.some((p) => {
    const sheet = sheets.get(p.userId);
    return fingerprintOf(sheet?.timers ?? []) !== p.fingerprint;
  });
}

function exportView(
  doc: PayrollExportDoc,
  names: Map<string, string>,
  changed: boolean,
  tokens: PositionTokens,
): PayrollExportView {
  return {
    id: doc._id,
    format: doc.format,
    fileName: doc.fileName,
    periods: doc.periodStarts,
    userIds: doc.people.map((p) => p.userId),
    byFullName: (doc.byUserId && names.get(doc.byUserId)) || 'Someone',
    at: doc.at,
    // A position leaves the server only as the organization's token (docs/audit-and-time-travel.md, issue #24 item 9).
    position: tokens.encode(doc.organizationId, Number(doc.position)),
    changedSince: changed,
  };
}

/** A stored time as the changes view shows it (null: none, or deleted). */
function timeOf(state: TimerState): ExportChange['then'] {
  if (state.status !== 'recorded') return null;
  const { start, end, type, jobName } = state.fields;
  return {
    startDateTime: start,
    endDateTime: end,
    hours: end ? round2((Date.parse(end) - Date.parse(start)) / 3_600_000) : 0,
    type,
    jobName,
  };
}

function hoursOn(time: ExportChange['then'], date: string, zone: string): number {
  if (!time?.endDateTime) return 0;
  return dayParts(time.startDateTime, time.endDateTime, zone, periodWindow({ start: date, end: date }, zone)).reduce(
    (sum, p) => sum + p.hours,
    0,
  );
}

/** The instants of a period's days in the organization's zone, from its first midnight to the one after its end. */
function periodWindow(period: { start: string; end: string }, zone: string) {
  return { from: dayBegins(period.start, zone), to: dayBegins(addDays(period.end, 1), zone) };
}

const LABELS = AUDIT_FIELD_LABELS.timer as Record<string, string>;

/** A time's event in a few words, for the changes view (the audit log has the full wording). */
function whatOf(event: TimerEvent): string {
  switch (event.type) {
    case 'TimerStarted':
      return 'Timer started';
    case 'TimeAdded':
      return 'Tracked time added';
    case 'TimerStopped':
      return 'Timer stopped';
    case 'TimerDeleted':
      return 'Tracked time deleted';
    case 'TimerChanged': {
      const fields = Object.keys(event.data.changes).filter((k) => k !== 'jobId' && k !== 'customerId');
      return `Changed: ${[...new Set(fields.map((k) => LABELS[k] ?? k))].join(', ')}`;
    }
  }
}

/** The manager's Timesheets screen: the period holding `date` (today if none). */
export class GetPayPeriodScreen {
  constructor(
    readonly organizationId: string,
    readonly date: string | undefined,
  ) {}
}

@QueryHandler(GetPayPeriodScreen)
export class GetPayPeriodScreenHandler implements IQueryHandler<GetPayPeriodScreen> {
  constructor(private readonly reads: PayrollReads) {}

  execute({ organizationId, date }: GetPayPeriodScreen): Promise<PayPeriodScreen> {
    return this.reads.periodScreen(organizationId, date);
  }
}

/** One person's timesheet, for the period starting on a day or holding a date (today if none). */
export class GetTimesheet {
  constructor(
    readonly viewer: CurrentUser,
    readonly userId: string,
    readonly at: { periodStart: string } | { date?: string },
  ) {}
}

@QueryHandler(GetTimesheet)
export class GetTimesheetHandler implements IQueryHandler<GetTimesheet> {
  constructor(private readonly reads: PayrollReads) {}

  execute({ viewer, userId, at }: GetTimesheet): Promise<TimesheetView> {
    return this.reads.timesheet(viewer.organizationId, userId, at, viewer);
  }
}

/** Exactly the bytes an export sent. */
export class GetPayrollExportFile {
  constructor(
    readonly organizationId: string,
    readonly exportId: string,
  ) {}
}

@QueryHandler(GetPayrollExportFile)
export class GetPayrollExportFileHandler implements IQueryHandler<GetPayrollExportFile> {
  constructor(private readonly reads: PayrollReads) {}

  execute({ organizationId, exportId }: GetPayrollExportFile) {
    return this.reads.exportFile(organizationId, exportId);
  }
}

/** What changed since an export: per person and day, what differs from what it held. */
export class GetPayrollExportChanges {
  constructor(
    readonly organizationId: string,
    readonly exportId: string,
  ) {}
}

@QueryHandler(GetPayrollExportChanges)
export class GetPayrollExportChangesHandler implements IQueryHandler<GetPayrollExportChanges> {
  constructor(private readonly reads: PayrollReads) {}

  execute({ organizationId, exportId }: GetPayrollExportChanges): Promise<ExportChangesView> {
    return this.reads.exportChanges(organizationId, exportId);
  }
}

export const PAYROLL_READS = [
  PayrollReads,
  GetPayPeriodScreenHandler,
  GetTimesheetHandler,
  GetPayrollExportFileHandler,
  GetPayrollExportChangesHandler,
];
