import { createHash, randomUUID } from 'node:crypto';

/** Time and ids come from here so that tests can pin them; deciders receive them in commands. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
export const CLOCK = Symbol('Clock');

export const newId = (): string => randomUUID();

/**
 * A UUID derived from a name (the same name, the same id; version 5's layout over SHA-256), for what a
 * process may do again after a crash: the event it appends again is the same event.
 */
export function derivedId(name: string): string {
  const h = createHash('sha256').update(name, 'utf8').digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A UUID has 36 characters: any other length is refused before the pattern reads it. */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && value.length === 36 && UUID.test(value);
