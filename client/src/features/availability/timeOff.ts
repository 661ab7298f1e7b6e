import { DateTime } from 'luxon';
import { AVAILABILITY_URL } from './availability';

/** Days a person is away (#24), or part of one day (#26) (GET/PUT …/{userId}/time-off): src/shared/availability.ts. */
export type { TimeOffView as TimeOff } from '../../../../src/shared/availability';
import type { TimeOffView as TimeOff } from '../../../../src/shared/availability';

/** A part of one day's hours to add, both or neither. */
export type TimeOffHours = { startTime: string; endTime: string } | null;

export const timeOffUrl = (userId: string) => `${AVAILABILITY_URL}/${encodeURIComponent(userId)}/time-off`;

/** 'Mon, Dec 21 – Thu, Dec 31, 2026', 'Fri, Nov 27, 2026' for one day, the year once when both share it. */
export function timeOffLabel(from: string, to: string): string {
  const start = DateTime.fromISO(from);
  const end = DateTime.fromISO(to);
  if (from === to) return start.toFormat('ccc, LLL d, yyyy');
  const first = start.year === end.year ? start.toFormat('ccc, LLL d') : start.toFormat('ccc, LLL d, yyyy');
  return `${first} – ${end.toFormat('ccc, LLL d, yyyy')}`;
}

/** The list to save with one more stretch (the server gives it an id and keeps date order). */
export const withTimeOff = (
  list: readonly TimeOff[],
  from: string,
  to: string,
  note: string,
  hours: TimeOffHours = null,
) => [...list, { from, to, note: note.trim() || null, ...(hours && from === to ? hours : {}) }];

export const withoutTimeOff = (list: readonly TimeOff[], id: string) => list.filter((t) => t.id !== id);
