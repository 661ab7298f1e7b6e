import { DateTime } from 'luxon';

const WALL = 'yyyy-MM-dd HH:mm:ss';

/** A picker's wall-clock 'YYYY-MM-DD HH:mm:ss' in `zone` → a UTC ISO instant for `asOf` (null if not a time). */
export function isoOfWall(wall: string, zone: string): string | null {
  const parsed = DateTime.fromFormat(wall.length === 16 ? `${wall}:00` : wall, WALL, { zone });
  return parsed.isValid ? parsed.toUTC().toISO({ suppressMilliseconds: true }) : null;
}

/** `asOf` back to the picker's wall clock in `zone` (null if it is not an instant). */
export function wallOfIso(iso: string, zone: string): string | null {
  const parsed = DateTime.fromISO(iso, { setZone: true });
  return parsed.isValid ? parsed.setZone(zone).toFormat(WALL) : null;
}
