import { DateTime } from 'luxon';
import { ValidationError } from '../core/errors';
import { isIsoDate, optionalText } from '../core/value-checks';
import { minutesOf, TIME_STEP_MINUTES, timeOf } from './availability-times';
import type { TimeOff } from './availability.events';

export const TIME_OFF_MAX = 100;
export const TIME_OFF_NOTE_MAX = 200;
/** A stretch longer than a year is a leaving, not time off. */
export const TIME_OFF_MAX_DAYS = 366;

/** Time off as asked for (the handler has given each an id), checked, in date order (a day's hours by start). */
/** 'HH:mm' on a 15-minute step, or null; a long text is refused before it is read. */
function hourOf(value: unknown, label: string): number | null {
  if (value === undefined || value === null || value === '') return null;
  const minutes = typeof value === 'string' && value.length <= 8 ? minutesOf(value) : null;
  if (minutes === null || minutes % TIME_STEP_MINUTES !== 0)
    throw new ValidationError(`${label} must be a time such as 13:00, on a quarter hour`);
  return minutes;
}

/** A part-day time off's hours, checked: both or neither, on one day, the end after the start. */
function hoursOf(from: string, to: string, startTime: unknown, endTime: unknown) {
  const start = hourOf(startTime, 'The time off’s start');
  const end = hourOf(endTime, 'The time off’s end');
  if (start === null && end === null) return {};
  if (start === null || end === null) throw new ValidationError('Give both hours of a part-day time off, or neither');
  if (from !== to) throw new ValidationError('Hours of time off are for one day: enter each day on its own');
  if (end <= start) throw new ValidationError('Time off must end after it starts');
  return { startTime: timeOf(start), endTime: timeOf(end) };
}

export function checkedTimeOff(
  input: { id: string; from: unknown; to: unknown; note?: unknown; startTime?: unknown; endTime?: unknown }[],
): TimeOff[] {
  if (input.length > TIME_OFF_MAX) throw new ValidationError(`Enter at most ${TIME_OFF_MAX} stretches of time off`);
  const list = input.map(({ id, from, to, note, startTime, endTime }) => {
    if (!isIsoDate(from)) throw new ValidationError('Time off must start on a date (YYYY-MM-DD)');
    if (!isIsoDate(to)) throw new ValidationError('Time off must end on a date (YYYY-MM-DD)');
    if (to < from) throw new ValidationError('Time off must end on or after the day it starts');
    const days = DateTime.fromISO(to, { zone: 'UTC' }).diff(DateTime.fromISO(from, { zone: 'UTC' }), 'days').days + 1;
    if (days > TIME_OFF_MAX_DAYS)
      throw new ValidationError(`Time off can be at most ${TIME_OFF_MAX_DAYS} days at a time`);
    return {
      id,
      from,
      to,
      note: optionalText(note, TIME_OFF_NOTE_MAX, 'The note'),
      ...hoursOf(from, to, startTime, endTime),
    };
  });
  if (new Set(list.map((t) => t.id)).size !== list.length)
    throw new ValidationError('Each stretch of time off must have its own id');
  const key = (t: TimeOff) => `${t.from}|${t.to}|${t.startTime ?? ''}`;
  return list.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
