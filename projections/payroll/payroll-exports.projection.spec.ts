import { eventLog, projection } from '../../src/core/projection.testing';
import type { PayrollExportEvent } from '../../src/payroll/payroll.events';
import { exportById, exportsOfPeriod } from '../../src/payroll/payroll.read-models';
import { payrollExportsProjection } from './payroll-exports.projection';

const ORG = 'org-1';
const ADMIN = 'user-admin';

const exported = (exportId: string, periodStart: string): PayrollExportEvent => ({
  type: 'PayrollExported',
  data: {
    exportId,
    organizationId: ORG,
    format: 'gusto',
    fileId: `file-${exportId}`,
    fileName: `payroll-gusto-${periodStart}.csv`,
    contentType: 'text/csv; charset=utf-8',
    sha256: 'ab'.repeat(32),
    periods: [{ start: periodStart, end: '2030-01-12' }],
    people: [{ userId: 'user-ana', periodStart, fingerprint: 'f1' }],
    timers: [{ timerId: 't1', userId: 'user-ana', revision: 1 }],
    position: '42',
  },
});

describe('payroll exports projection', () => {
  const spec = projection(payrollExportsProjection);
  let log: ReturnType<typeof eventLog>;
  beforeEach(() => (log = eventLog({ organizationId: ORG, actorUserId: ADMIN })));
  const record = (e: PayrollExportEvent) => log.event(`payrollExport-${e.data.exportId}`, e);

  it("lists a period's exports, the newest first, with who, when, what they held and the position", async () => {
    await spec
      .given(
        record(exported('e1', '2030-01-06')),
        record(exported('e2', '2030-01-06')),
        record(exported('e3', '2030-01-13')),
      )
      .thenStore(async (store) => {
        expect((await exportsOfPeriod(store, ORG, '2030-01-06')).map((e) => e._id)).toEqual(['e2', 'e1']);
        expect(await exportById(store, ORG, 'e1')).toEqual({
          _id: 'e1',
          organizationId: ORG,
          format: 'gusto',
          fileId: 'file-e1',
          fileName: 'payroll-gusto-2030-01-06.csv',
          contentType: 'text/csv; charset=utf-8',
          periods: [{ start: '2030-01-06', end: '2030-01-12' }],
          periodStarts: ['2030-01-06'],
          people: [{ userId: 'user-ana', periodStart: '2030-01-06', fingerprint: 'f1' }],
          timers: [{ timerId: 't1', userId: 'user-ana', revision: 1 }],
          position: '42',
          byUserId: ADMIN,
          at: log.at(1),
          _rev: 0,
        });
        expect(await exportById(store, 'org-2', 'e1')).toBeNull();
      });
  });

  it("pushes to the organization's time admins", async () => {
    const { notices } = await spec.given(record(exported('e1', '2030-01-06'))).effects();
    expect(notices).toEqual([
      {
        rooms: [`timeAdmins:${ORG}`],
        event: 'payrollExports.changed',
        payload: { organizationId: ORG, periodStart: '2030-01-06' },
      },
    ]);
  });
});
