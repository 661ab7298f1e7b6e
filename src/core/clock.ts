import { randomUUID } from 'node:crypto';

/** Time and ids come from here so that tests can pin them; deciders receive them in commands. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
export const CLOCK = Symbol('Clock');

export const newId = (): string => randomUUID();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A UUID has 36 characters: any other length is refused before the pattern reads it. */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && value.length === 36 && UUID.test(value);
