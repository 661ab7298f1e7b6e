import { DateTime } from 'luxon';
import { ValidationError } from '../core/errors';
import type { ReadStore } from '../core/read-store/read-store.port';
import { organizationZone } from '../identity/identity.read-models';
import type { PositionCodec } from '../core/position-tokens';
import type { AsOfMoment } from '../shared/audit';
import { positionAt, timeAtPosition } from './log-positions.read-models';

/** The two ways a read names its moment (query parameters; at most one). */
export interface AsOfQuery {
  asOf?: string | null;
  asOfPosition?: string | number | null;
}

/** A moment as the server reads it: the global log position (never on the wire: AsOfMoment has its token). */
export interface ResolvedMoment {
  position: number;
  at: string | null;
  when: string;
}

export const AS_OF_POSITION_MESSAGE =
  'asOfPosition must be a moment given by CrewClock (from a History link, the audit log or an export)';

/** The moment as the wire shows it: its position as the organization's token. */
export const momentView = (codec: PositionCodec, moment: ResolvedMoment): AsOfMoment => ({
  ...moment,
  position: codec.encode(moment.position),
});

/**
 * The moment a read is "as of", or null for now. `asOf` is an ISO date-time (the log as it stood then: its
 * last event at or before it); `asOfPosition` a log position (every event up to and including it).
 */
export async function momentOf(
  store: ReadStore,
  organizationId: string,
  query: AsOfQuery,
  codec: PositionCodec,
): Promise<ResolvedMoment | null> {
  return (await askedMoment(store, organizationId, query, codec))?.moment ?? null;
}

/**
 * The moment, with the instant it stands for: `asOf` itself, or for a position the time of its organization's last
 * change then (null when there was none). Home's upcoming jobs as of a moment start there.
 */
export async function askedMoment(
  store: ReadStore,
  organizationId: string,
  query: AsOfQuery,
  codec: PositionCodec,
): Promise<{ moment: ResolvedMoment; since: Date | null } | null> {
  const hasTime = query.asOf !== undefined && query.asOf !== null && query.asOf !== '';
  const hasPosition = query.asOfPosition !== undefined && query.asOfPosition !== null && query.asOfPosition !== '';
  if (!hasTime && !hasPosition) return null;
  if (hasTime && hasPosition) throw new ValidationError('Give either asOf or asOfPosition, not both');
  const zone = await organizationZone(store, organizationId);
  if (hasTime) {
    const text = String(query.asOf);
    const instant = text.length <= 40 ? DateTime.fromISO(text, { zone }) : null;
    if (!instant?.isValid)
      throw new ValidationError(`asOf must be a date and time (ISO 8601), got "${text.slice(0, 40)}"`);
    // A moment past what dates can count from (30 days on, for Home's upcoming jobs) is no moment of the log.
    if (instant.year < 1970 || instant.year > 9999)
      throw new ValidationError(`asOf must be a date and time from 1970 to 9999, got "${text.slice(0, 40)}"`);
    const { position, at } = await positionAt(store, organizationId, instant.toUTC().toISO()!);
    return { moment: { position, at, when: inWords(instant, zone) }, since: instant.toJSDate() };
  }
  const position = codec.decode(String(query.asOfPosition));
  if (position === null) throw new ValidationError(AS_OF_POSITION_MESSAGE);
  const at = await timeAtPosition(store, organizationId, position);
  return {
    moment: {
      position,
      at,
      when: at ? inWords(DateTime.fromISO(at, { zone: 'utc' }), zone) : 'before anything was recorded',
    },
    since: at ? new Date(at) : null,
  };
}

function inWords(instant: DateTime, zone: string): string {
  return instant.setZone(zone).toFormat('ccc d LLL yyyy, h:mm:ss a ZZZZ');
}
