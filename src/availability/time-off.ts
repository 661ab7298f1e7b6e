import { DateTime } from 'luxon';
import { ValidationError } from '../core/errors';
import { isIsoDate, optionalText } from './days-off';
import type { TimeOff } from './availability.events';

export const TIME_OFF_MAX = 100;
export const TIME_OFF_NOTE_MAX = 200;
/** A stretch longer than a year is a leaving, not time off. */
export const TIME_OFF_MAX_DAYS = 366;

/** Time off as asked for (the handler has given each an id), checked, in date order. */
export function checkedTimeOff(input: { id: string; from: unknown; to: unknown; note?: unknown }[]): TimeOff[] {
  if (input.length > TIME_OFF_MAX) throw new ValidationError(`Enter at most ${TIME_OFF_MAX} stretches of time off`);
  const list = input.map(({ id, from, to, note }) => {
    if (!isIsoDate(from)) throw new ValidationError('Time off must start on a date (YYYY-MM-DD)');
    if (!isIsoDate(to)) throw new ValidationError('Time off must end on a date (YYYY-MM-DD)');
    if (to < from) throw new ValidationError('Time off must end on or after the day it starts');
    const days = DateTime.fromISO(to, { zone: 'UTC' }).diff(DateTime.fromISO(from, { zone: 'UTC' }), 'days').days + 1;
    if (days > TIME_OFF_MAX_DAYS)
      throw new ValidationError(`Time off can be at most ${TIME_OFF_MAX_DAYS} days at a time`);
    return { id, from, to, note: optionalText(note, TIME_OFF_NOTE_MAX, 'The note') };
  });
  if (new Set(list.map((t) => t.id)).size !== list.length)
    throw new ValidationError('Each stretch of time off must have its own id');
  return list.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : a.to < b.to ? -1 : a.to > b.to ? 1 : 0));
}
