import { DateTime } from 'luxon';
import { AVAILABILITY_URL } from './availability';

/** Whole days a person is away (#24): no booking slots for them then (GET/PUT …/{userId}/time-off). */
export interface TimeOff {
  id: string;
  /** YYYY-MM-DD, the organization's zone, both included. */
  from: string;
  to: string;
  note: string | null;
}

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
export const withTimeOff = (list: readonly TimeOff[], from: string, to: string, note: string) => [
  ...list.map(({ id, from: f, to: t, note: n }) => ({ id, from: f, to: t, note: n })),
  { from, to, note: note.trim() || null },
];

export const withoutTimeOff = (list: readonly TimeOff[], id: string) => list.filter((t) => t.id !== id);
