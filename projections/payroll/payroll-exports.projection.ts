import type { PayrollExportEvent } from '../../src/payroll/payroll.events';
import { PAYROLL_EXPORTS, PayrollExportDoc } from '../../src/payroll/payroll.read-models';
import { rooms } from '../../src/realtime/rooms';
import { applyOnce } from '../runner/apply-once';
import { Projection } from '../runner/projection';

/** Payroll exports, listed on their periods (issue #30 item 5); pushed to the time admins who export. */
export const payrollExportsProjection: Projection = {
  name: 'payrollExports',
  version: 1,
  collections: [PAYROLL_EXPORTS],
  streams: ['payrollExport'],
  async setup(store) {
    await store
      .collection(PAYROLL_EXPORTS)
      .createIndex({ organizationId: 1, periodStarts: 1, at: -1 }, { name: 'organization_period_at' });
  },
  async apply(event, { store, notify }) {
    if (event.type !== 'PayrollExported' || !event.streamId.startsWith('payrollExport-')) return;
    const { data } = event as unknown as PayrollExportEvent;
    const { exportId, sha256: _sha, ...fields } = data;
    await applyOnce(
      store.collection<PayrollExportDoc>(PAYROLL_EXPORTS),
      exportId,
      event.revision,
      {
        $set: {
          ...fields,
          periodStarts: data.periods.map((p) => p.start),
          byUserId: event.metadata.actorUserId ?? null,
          at: event.metadata.timestamp,
        },
      },
      { upsert: true },
    );
    for (const periodStart of new Set(data.periods.map((p) => p.start)))
      notify({
        rooms: [rooms.timeAdmins(data.organizationId)],
        event: 'payrollExports.changed',
        payload: { organizationId: data.organizationId, periodStart },
      });
  },
};
