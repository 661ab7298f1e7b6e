import { ConflictError, ValidationError } from '../core/errors';
import { isoDate, toWallMs } from '../core/zoned-time';
import type { CurrentUser } from '../identity/current-user';
import { organizationZone, userById } from '../identity/identity.read-models';
import type { ReadStore } from '../core/read-store/read-store.port';
import { PAYROLL_REASON_MAX_LENGTH } from '../shared/payroll';
import { periodLabel } from './pay-periods';
import { approvedTimesheetHolding, TIMESHEETS, type TimesheetDoc } from './timers.read-models';

/** A change to a tracked time in an approved timesheet, made by a manager with their reason (issue #30 item 3). */
export interface ApprovedTimeEdit {
  reason: string;
  periodStart: string;
}

/** The longest time a lock looks at day by day; a longer one (a timer forgotten for weeks) is checked at its ends. */
const MAX_DAYS = 62;
const DAY_MS = 86_400_000;

/** The organization's days (YYYY-MM-DD) a time touches, from its earliest to its latest instant. */
function datesOf(instants: (string | null | undefined)[], zone: string): string[] {
  const walls = instants
    .filter((instant): instant is string => typeof instant === 'string' && !Number.isNaN(Date.parse(instant)))
    .map((instant) => toWallMs(Date.parse(instant), zone))
    .sort((a, b) => a - b);
  if (!walls.length) return [];
  const first = walls[0];
  const last = walls[walls.length - 1];
  if ((last - first) / DAY_MS > MAX_DAYS) return walls.map(isoDate);
  const dates: string[] = [];
  for (let day = Math.floor(first / DAY_MS) * DAY_MS; day <= last; day += DAY_MS) dates.push(isoDate(day));
  return dates;
}

/** The approved timesheet of `owner` that holds any day a time touching `instants` touches, if one does. */
export async function lockingTimesheet(
  store: ReadStore,
  organizationId: string,
  owner: string,
  instants: (string | null | undefined)[],
): Promise<TimesheetDoc | null> {
  const zone = await organizationZone(store, organizationId);
  return approvedTimesheetHolding(store, organizationId, owner, datesOf(instants, zone));
}

/**
 * Whether a change to `owner`'s tracked time touching `instants` (before and after the change) may be made: none
 * falls in an approved timesheet (nothing to say), or a manager (users.crud) gives a reason, which the event keeps
 * for the audit log. An Associate's change is refused with words; a manager's without a reason asks for one.
 */
export async function approvedTimeEdit(
  store: ReadStore,
  organizationId: string,
  owner: string,
  instants: (string | null | undefined)[],
  actor: CurrentUser,
  reason: string | null | undefined,
): Promise<ApprovedTimeEdit | undefined> {
  const sheet = await lockingTimesheet(store, organizationId, owner, instants);
  if (!sheet) return undefined;
  const period = periodLabel(sheet.periodStart, sheet.periodEnd);
  if (!actor.claims.includes('users.crud'))
    throw new ConflictError(
      `This time is in an approved timesheet (${period}) and is locked. Ask a manager to change it.`,
    );
  const whose = owner === actor.userId ? 'your' : `${(await userById(store, owner))?.fullName ?? 'this person'}'s`;
  if (typeof reason !== 'string' || !reason.trim())
    throw new ValidationError(
      `This time is in ${whose} approved timesheet (${period}): give a reason to edit approved time`,
    );
  if (reason.length > PAYROLL_REASON_MAX_LENGTH)
    throw new ValidationError(`The reason must be at most ${PAYROLL_REASON_MAX_LENGTH} characters`);
  return { reason: reason.trim(), periodStart: sheet.periodStart };
}

/**
 * For each tracked time, the label of the approved timesheet it is in (null: none), so that tables show its lock
 * before anyone tries to change it: one read for a page of times.
 */
export async function approvedTimesheetsOf(
  store: ReadStore,
  organizationId: string,
  times: { userId: string; startDateTime: string; endDateTime: string | null }[],
): Promise<(string | null)[]> {
  if (!times.length) return [];
  const zone = await organizationZone(store, organizationId);
  const dates = times.map((time) => datesOf([time.startDateTime, time.endDateTime], zone));
  const all = dates.flat().sort();
  if (!all.length) return times.map(() => null);
  const sheets = await store.collection<TimesheetDoc>(TIMESHEETS).find(
    {
      organizationId,
      userId: { $in: [...new Set(times.map((time) => time.userId))] },
      state: 'approved',
      periodStart: { $lte: all[all.length - 1] },
      periodEnd: { $gte: all[0] },
    },
    { limit: 1000 },
  );
  return times.map((time, i) => {
    const sheet = sheets.find(
      (s) => s.userId === time.userId && dates[i].some((date) => s.periodStart <= date && date <= s.periodEnd),
    );
    return sheet ? periodLabel(sheet.periodStart, sheet.periodEnd) : null;
  });
}
