import { createHash } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates } from '../core/commands/aggregates';
import { newId } from '../core/clock';
import { ConflictError } from '../core/errors';
import { EVENT_STORE, type EventStore } from '../core/event-store/event-store.port';
import { FILE_STORE, type FileStore } from '../core/files/files.port';
import { TurnBudget } from '../core/loop-turns';
import { READ_STORE, type ReadStore } from '../core/read-store/read-store.port';
import { organizationUsers, type UserDoc } from '../identity/identity.read-models';
import { payPeriodStartingOn, timesheetsOf } from '../timers/timers.read-models';
import { NONE_APPROVED, payrollExportDecider } from './payroll-export.decider';
import { ExportPayroll } from './payroll.commands';
import { payrollFile, type PayrollSheet } from './payroll-files';
import { payrollStreams, type PayrollExportEvent } from './payroll.events';
import { fingerprintOf, groupBy, periodTimers, sheetOf, type Sheet } from './timesheets';

/**
 * Reads the period at the log's head, stores the file as sent, and records the export with what it held (each time at
 * its stream's revision) and the log's position it read at. Answers the export's id.
 */
@CommandHandler(ExportPayroll)
export class ExportPayrollHandler implements ICommandHandler<ExportPayroll> {
  constructor(
    private readonly aggregates: Aggregates,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {}

  async execute({ periodStart, format, meta }: ExportPayroll): Promise<{ id: string }> {
    const organizationId = meta.organizationId;
    const { period, settings, zone } = await payPeriodStartingOn(this.store, organizationId, periodStart);
    // Read at the log's head: the read models first catch up with everything written before the export.
    const head = await this.events.headPosition();
    await this.aggregates.settle(head);
    const approved = (await timesheetsOf(this.store, organizationId, period.start)).filter(
      (doc) => doc.state === 'approved',
    );
    // Refused before a file is stored for nothing.
    if (!approved.length) throw new ConflictError(NONE_APPROVED(period.label));
    const people = new Map(
      (await organizationUsers(this.store, organizationId)).map((person) => [person._id, person] as const),
    );
    const byUser = groupBy(await periodTimers(this.store, organizationId, period, settings, zone), (t) => t.userId);
    const budget = await TurnBudget.begin();
    const sheets: { person: UserDoc; sheet: Sheet }[] = [];
    for (const doc of approved.filter((d) => people.has(d.userId))) {
      sheets.push({
        person: people.get(doc.userId)!,
        sheet: sheetOf(byUser.get(doc.userId) ?? [], period, settings, zone),
      });
      await budget.spent();
    }
    sheets.sort((a, b) => a.person.fullName.localeCompare(b.person.fullName));
    const payroll: PayrollSheet[] = sheets.map(({ person, sheet }) => ({
      userId: person._id,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      period: { start: period.start, end: period.end },
      regularHours: sheet.regularHours,
      overtimeHours: sheet.overtimeHours,
      doubleTimeHours: sheet.doubleTimeHours,
      totalHours: sheet.totalHours,
      mileage: sheet.mileage,
      entries: sheet.days.flatMap((day) => day.entries.map((entry) => ({ ...entry, date: day.date }))),
    }));
    const file = await payrollFile(format, payroll, zone, period);
    const stored = await this.files.save({ ...file, organizationId, kind: 'document' });
    const exportId = newId();
    const held: PayrollExportEvent['data'] = {
      exportId,
      organizationId,
      format,
      fileId: stored.id,
      fileName: file.fileName,
      contentType: file.contentType,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      periods: [{ start: period.start, end: period.end }],
      people: sheets.map(({ person, sheet }) => ({
        userId: person._id,
        periodStart: period.start,
        fingerprint: fingerprintOf(sheet.timers),
      })),
      timers: sheets.flatMap(({ person, sheet }) =>
        sheet.timers.map((t) => ({ timerId: t._id, userId: person._id, revision: t._rev ?? 0 })),
      ),
      position: head?.commit.toString() ?? '0',
    };
    await this.aggregates.execute(
      payrollStreams.export(exportId),
      payrollExportDecider,
      { type: 'RecordPayrollExport', periodLabel: period.label, export: held },
      meta,
    );
    return { id: exportId };
  }
}
