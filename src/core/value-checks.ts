import { DateTime } from 'luxon';
import { ValidationError } from './errors';

// Checks of plain values that more than one feature's rules make (time off, an organization's holidays).

/** A real calendar date written YYYY-MM-DD. */
export const isIsoDate = (value: unknown): value is string =>
  typeof value === 'string' &&
  value.length === 10 &&
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  DateTime.fromISO(value, { zone: 'UTC' }).isValid;

/** Text of at most `max` characters, trimmed; null when blank. */
export function optionalText(value: unknown, max: number, label: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new ValidationError(`${label} must be text`);
  if (value.length > max) throw new ValidationError(`${label} must be at most ${max} characters`);
  return value.trim() || null;
}
