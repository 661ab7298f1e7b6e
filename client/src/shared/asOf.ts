import { DateTime } from 'luxon';
import type { AsOfMoment } from '../../../src/shared/audit';

/**
 * A moment the schedule, Home and the reports are read "as of" (issue #17), from the page's URL:
 * `asOf` (an ISO date-time) or `asOfPosition` (a position token the server gave: an entry's, a moment's or an
 * export's; opaque, 32 hexadecimal digits). Null: now.
 */
export type AsOf = { asOf: string } | { asOfPosition: string };

const POSITION_TOKEN = /^[0-9a-f]{32}$/;
export type { AsOfMoment };

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** The moment a page's query asks for; a malformed one counts as none (now). `asOfPosition` wins. */
export function asOfFromSearch(search: URLSearchParams | string): AsOf | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const position = params.get('asOfPosition');
  if (position !== null && POSITION_TOKEN.test(position.trim())) return { asOfPosition: position.trim() };
  const at = params.get('asOf')?.trim();
  if (at && ISO_DATE_TIME.test(at) && !Number.isNaN(Date.parse(at))) return { asOf: at };
  return null;
}

/** The moment as query parameters for a read ({} for now). */
export function asOfParams(asOf: AsOf | null): Record<string, string> {
  if (!asOf) return {};
  return 'asOfPosition' in asOf ? { asOfPosition: asOf.asOfPosition } : { asOf: asOf.asOf };
}

/** A read's URL with the moment added to its query. */
export function withAsOf(url: string, asOf: AsOf | null): string {
  const params = asOfParams(asOf);
  const entries = Object.entries(params);
  if (!entries.length) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams(entries).toString()}`;
}

/** GET /api/audit/moment for the banner: the moment in words. */
export const momentUrl = (asOf: AsOf) => withAsOf('/api/audit/moment', asOf);

/** The page's query with the moment dropped ("Back to now"), the rest kept. */
export function withoutAsOf(search: URLSearchParams | string): URLSearchParams {
  const params = new URLSearchParams(search);
  params.delete('asOf');
  params.delete('asOfPosition');
  return params;
}

/** The banner's words. */
export const asOfBannerText = (when: string) => `Viewing the schedule as it stood on ${when}. Read-only.`;

/** The schedule as it stood at a position (its token), open on a day (yyyy-MM-dd): `/scheduling?asOfPosition=…&day=…`. */
export const scheduleAsOfPath = (position: string, day: string | null = null) =>
  `/scheduling?${new URLSearchParams({ asOfPosition: position, ...(day ? { day } : {}) })}`;

/**
 * A job's change: the schedule just before it (`positionBefore`) and just after it (`position`), open on the job's
 * day in the organization's zone; null for other records.
 */
export function scheduleMoments(
  entry: { position?: string; positionBefore?: string; record?: { type: string; startsAt?: string | null } },
  zone = 'UTC',
): { before: string; after: string } | null {
  if (entry.position === undefined || entry.positionBefore === undefined || !entry.record) return null;
  if (entry.record.type !== 'job' && entry.record.type !== 'recurringJob') return null;
  const day = dayOf(entry.record.startsAt, zone);
  return { before: scheduleAsOfPath(entry.positionBefore, day), after: scheduleAsOfPath(entry.position, day) };
}

/** The day (yyyy-MM-dd) an instant falls on in the zone: where a link to a job opens the schedule; null without one. */
export const dayOf = (startsAt: string | null | undefined, zone: string) =>
  startsAt ? DateTime.fromISO(startsAt, { zone: 'utc' }).setZone(zone).toISODate() : null;

/** The day a schedule link asks to open on (`day=yyyy-MM-dd`), or null. */
export function dayFromSearch(search: string): string | null {
  const day = new URLSearchParams(search).get('day');
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day) && DateTime.fromISO(day).isValid ? day : null;
}
