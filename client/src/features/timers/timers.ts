import { DateTime } from 'luxon';
import type { PagedQuery } from '../../shared/pagedQuery';
import { TIMERS_PAGE_SIZE } from '../../../../src/shared/paging';
import { MILEAGE_MAX_LENGTH, parseMileageText, type TimerView } from '../../../../src/shared/timers';

export type { TimerView as Timer } from '../../../../src/shared/timers';

export const TIME_URL = '/api/time';
export const CURRENT_TIMER_URL = `${TIME_URL}/current`;
export const MY_TIMERS_URL = `${TIME_URL}/user/paged`;
export const ORGANIZATION_TIMERS_URL = `${TIME_URL}/paged`;
export const timerUrl = (id: string) => `${TIME_URL}/${encodeURIComponent(id)}`;

export type TimersQuery = PagedQuery & Record<string, string | number | boolean>;
/** Spec §9: page size 50, newest first. */
export const INITIAL_TIMERS_QUERY: TimersQuery = {
  filter: '',
  sortDir: 'desc',
  currentPage: 1,
  pageSize: TIMERS_PAGE_SIZE,
};

/** 0:04:09, 1:02:03: hours, minutes and seconds of a running timer. */
export function elapsedLabel(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** What a timer is about, in a few words: its label, else its job, else its type. */
export function timerTitle(timer: Pick<TimerView, 'label' | 'jobName' | 'type'>): string {
  return timer.label || timer.jobName || (timer.type === 'Mileage' ? 'Mileage' : 'Unassigned time');
}

/** Hours between start and end to 2 decimals (spec §9), or null while it runs. */
export function hoursOf(timer: Pick<TimerView, 'startDateTime' | 'endDateTime'>): string | null {
  if (!timer.endDateTime) return null;
  return ((Date.parse(timer.endDateTime) - Date.parse(timer.startDateTime)) / 3_600_000).toFixed(2);
}

export function mileageLabel(timer: Pick<TimerView, 'mileageStart' | 'mileageEnd'>): string | null {
  if (timer.mileageStart === null) return null;
  if (timer.mileageEnd === null) return `${timer.mileageStart.toLocaleString('en-US')} → …`;
  return `${(timer.mileageEnd - timer.mileageStart).toLocaleString('en-US', { maximumFractionDigits: 1 })} mi (${timer.mileageStart.toLocaleString('en-US')} → ${timer.mileageEnd.toLocaleString('en-US')})`;
}

export const dateTimeLabel = (iso: string, zone: string) =>
  DateTime.fromISO(iso, { setZone: true }).setZone(zone).toFormat('ccc d LLL yyyy, h:mm a');

/** Mileage as typed: '1,204.5' → 1204.5; blank → null; anything else (or longer than the server reads) NaN (the form says so). */
export function parseMileage(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined || text === '') return null;
  if (typeof text === 'number') return text;
  if (text.length > MILEAGE_MAX_LENGTH) return Number.NaN;
  // The form drops every comma and space ('1 204' too, which the API refuses as text), then reads what is
  // left as the server does: digits, or digits after a point.
  return parseMileageText(text.replace(/[,\s]/g, ''));
}
