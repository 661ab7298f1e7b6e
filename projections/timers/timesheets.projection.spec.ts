import { eventLog, projection } from '../../src/core/projection.testing';
import type { TimesheetEvent } from '../../src/timers/timers.events';
import { approvedTimesheetOverlapping, TIMESHEETS, timesheetOf } from '../../src/timers/timers.read-models';
import { timesheetsProjection } from './timesheets.projection';

const ORG = 'org-1';
const ANA = 'user-ana';
const ADMIN = 'user-admin';
const WEEK = { organizationId: ORG, userId: ANA, periodStart: '2030-01-06', periodEnd: '2030-01-12' };

describe('timesheets projection', () => {
  const spec = projection(timesheetsProjection);
  let log: ReturnType<typeof eventLog>;
  beforeEach(() => (log = eventLog({ organizationId: ORG, actorUserId: ADMIN })));
  const sheet = (e: TimesheetEvent, actorUserId = ADMIN) =>
    log.event(`timesheet-${ANA}-${e.data.periodStart}`, e, { actorUserId });

  it('keeps the state and the last note, with who and why', async () => {
    await spec
      .given(
        sheet({ type: 'TimesheetSubmitted', data: WEEK }, ANA),
        sheet({ type: 'TimesheetSentBack', data: { ...WEEK, reason: 'Missing Friday' } }),
      )
      .then(TIMESHEETS, [
        {
          _id: `${ANA}:2030-01-06`,
          ...WEEK,
          state: 'open',
          lastNote: { kind: 'sentBack', byUserId: ADMIN, at: log.at(2), reason: 'Missing Friday' },
          _rev: 1,
        },
      ]);
  });

  it('finds the approved timesheet overlapping days, around them too, and none once unapproved', async () => {
    const day = (date: string) => ({ first: date, last: date });
    await spec.given(sheet({ type: 'TimesheetApproved', data: WEEK })).thenStore(async (store) => {
      expect((await approvedTimesheetOverlapping(store, ORG, ANA, day('2030-01-12')))?.periodStart).toBe('2030-01-06');
      expect(await approvedTimesheetOverlapping(store, ORG, ANA, day('2030-01-13'))).toBeNull();
      expect(await approvedTimesheetOverlapping(store, 'org-2', ANA, day('2030-01-12'))).toBeNull();
      // Days from before the week to after it hold the whole week (#44 item 2).
      const around = { first: '2030-01-05', last: '2030-01-13' };
      expect((await approvedTimesheetOverlapping(store, ORG, ANA, around))?.periodStart).toBe('2030-01-06');
    });
    await spec
      .given(
        sheet({ type: 'TimesheetApproved', data: WEEK }),
        sheet({ type: 'TimesheetUnapproved', data: { ...WEEK, reason: 'Hours to fix' } }),
      )
      .thenStore(async (store) => {
        expect(
          await approvedTimesheetOverlapping(store, ORG, ANA, { first: '2030-01-08', last: '2030-01-08' }),
        ).toBeNull();
        expect((await timesheetOf(store, ANA, '2030-01-06'))?.state).toBe('open');
      });
  });

  it("pushes to the organization's time admins and the person", async () => {
    const { notices } = await spec.given(sheet({ type: 'TimesheetApproved', data: WEEK })).effects();
    expect(notices).toEqual([
      {
        rooms: [`timeAdmins:${ORG}`, `user:${ANA}`],
        event: 'timesheets.changed',
        payload: { organizationId: ORG, userId: ANA, periodStart: '2030-01-06' },
      },
    ]);
  });
});
