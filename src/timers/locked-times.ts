import { ConflictError, ValidationError } from '../core/errors';
import { isoDate, toWallMs } from '../core/zoned-time';
import type { CurrentUser } from '../identity/current-user';
import { organizationZone, userById } from '../identity/identity.read-models';
import type { ReadStore } from '../core/read-store/read-store.port';
import { PAYROLL_REASON_MAX_LENGTH } from '../shared/payroll';
import { TRACKED_TIME_EARLIEST } from '../shared/timers';
import { periodLabel } from './pay-periods';
import { approvedTimesheetOverlapping, TIMESHEETS, type TimesheetDoc } from './timers.read-models';

/** A change to a tracked time in an approved timesheet, made by a manager with their reason (issue #30 item 3). */
export interface ApprovedTimeEdit {
  reason: string;
  periodStart: string;
}

/** A tracked time's span as it was or will be: a running time (no end) is its start. */
export interface TimeSpan {
  start: string | null | undefined;
  end: string | null | undefined;
}

/** Where the days a lock looks at are held: no timesheet is outside it, and every zone's wall clock is inside. */
const EARLIEST_MS = Date.parse(TRACKED_TIME_EARLIEST);
const LATEST_MS = Date.parse('9999-12-31T00:00:00Z');

/** The organization's first and last days (YYYY-MM-DD) a time's span touches; null for one with no instant. */
function daysOf(span: TimeSpan, zone: string): { first: string; last: string } | null {
  const instants = [span.start, span.end]
    .filter((instant): instant is string => typeof instant === 'string' && !Number.isNaN(Date.parse(instant)))
    .map((instant) => toWallMs(Math.min(LATEST_MS, Math.max(EARLIEST_MS, Date.parse(instant))), zone))
    .sort((a, b) => a - b);
  if (!instants.length) return null;
  return { first: isoDate(instants[0]), last: isoDate(instants[instants.length - 1]) };
}

/**
 * The approved timesheet of `owner` that overlaps any of `spans` (a time before and after a change), if one does:
 * the whole span is checked, so a time that starts before an approved week and ends after it is locked too (issue
 * #44 item 2). One read of the sheets overlapping each span.
 */
export async function lockingTimesheet(
  store: ReadStore,
  organizationId: string,
  owner: string,
  spans: TimeSpan[],
): Promise<TimesheetDoc | null> {
  const zone = await organizationZone(store, organizationId);
  for (const days of spans.map((span) => daysOf(span, zone))) {
    const sheet = days && (await approvedTimesheetOverlapping(store, organizationId, owner, days));
    if (sheet) return sheet;
  }
  return null;
}

/**
 * Whether a change to `owner`'s tracked time over `spans` (before and after the change) may be made: none
 * falls in an approved timesheet (nothing to say), or a manager (users.crud) gives a reason, which the event keeps
 * for the audit log. An Associate's change is refused with words; a manager's without a reason asks for one.
 */
export async function approvedTimeEdit(
  store: ReadStore,
  organizationId: string,
  owner: string,
  spans: TimeSpan[],
  actor: CurrentUser,
  reason: string | null | undefined,
): Promise<ApprovedTimeEdit | undefined> {
  const sheet = await lockingTimesheet(store, organizationId, owner, spans);
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
  const days = times.map((time) => daysOf({ start: time.startDateTime, end: time.endDateTime }, zone));
  const all = days.flatMap((d) => (d ? [d.first, d.last] : [])).sort();
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
    const span = days[i];
    const sheet =
      span && sheets.find((s) => s.userId === time.userId && s.periodStart <= span.last && span.first <= s.periodEnd);
    return sheet ? periodLabel(sheet.periodStart, sheet.periodEnd) : null;
  });
}
