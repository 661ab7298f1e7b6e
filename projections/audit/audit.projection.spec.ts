import type { RecordedEvent } from '../../src/core/event-store/event-store.port';
import { SqliteReadStore } from '../../src/core/read-store/sqlite-read-store';
import { AUDIT_ENTRIES, AuditDoc } from '../../src/audit/audit.read-models';
import { auditProjection } from './audit.projection';

const ORG = 'org-0000-0000-0000-0000-000000000001';
const ANA = 'user-000-0000-0000-0000-000000000002';
const BOB = 'user-000-0000-0000-0000-000000000003';
const LINK = 'link-000-0000-0000-0000-000000000004';
const BOOKING = 'booking-0000-0000-0000-0000-00000005';
const JOB = 'job-0000-0000-0000-0000-000000000006';

let position = 0;
const event = (streamId: string, type: string, data: Record<string, unknown>, actorUserId: string | null = null) => {
  position += 1;
  return {
    id: `event-${position}`,
    type,
    data: { organizationId: ORG, ...data },
    streamId,
    revision: position,
    position: { commit: position, prepare: position },
    metadata: {
      organizationId: ORG,
      actorUserId,
      correlationId: 'c',
      causationId: null,
      timestamp: `2026-05-01T10:00:${String(position).padStart(2, '0')}.000Z`,
    },
  } as RecordedEvent;
};

describe('audit projection', () => {
  let store: SqliteReadStore;
  const context = () => ({ store, notify: () => undefined, mail: () => undefined });

  beforeEach(async () => {
    store = new SqliteReadStore(':memory:');
    await auditProjection.setup!(store);
  });
  afterEach(() => store.close());

  it("names a moved visit's former staff member, whom the event does not name, as they are", async () => {
    const user = (userId: string, firstName: string) =>
      event(`user-${userId}`, 'UserRegistered', {
        userId,
        firstName,
        lastName: 'Active',
        email: `${firstName}@x.test`,
      });
    const visit = { linkId: LINK, bookingId: BOOKING, jobId: JOB };
    const log = [
      user(ANA, 'Ana'),
      user(BOB, 'Bob'),
      event(`bookingLink-${LINK}`, 'VisitBooked', {
        ...visit,
        staffId: ANA,
        start: '2026-06-01T13:00:00.000Z',
        end: '2026-06-01T14:00:00.000Z',
        visitor: { name: 'Vic', email: 'vic@x.test', phone: null, address: null, note: null },
        customerId: 'customer-0000-0000-0000-000000000007',
      }),
      // Ana is busy then: the move takes Bob. The event names only Bob.
      event(`bookingLink-${LINK}`, 'VisitMoved', {
        ...visit,
        staffId: BOB,
        start: '2026-06-01T15:00:00.000Z',
        end: '2026-06-01T16:00:00.000Z',
      }),
    ];
    for (const e of log) await auditProjection.apply(e, context());
    const moved = await store.collection<AuditDoc>(AUDIT_ENTRIES).findOne({ type: 'VisitMoved' });
    expect(moved!.changes).toContainEqual({ field: 'Staff', from: 'Ana Active', to: 'Bob Active' });
  });
});
