import { DateTime } from 'luxon';
import type { PagedQuery } from '../../shared/pagedQuery';
import { TIMERS_PAGE_SIZE } from '../../../../src/shared/paging';
import { MILEAGE_MAX_LENGTH, parseMileageText, type TimerView } from '../../../../src/shared/timers';

export type { TimerView as Timer } from '../../../../src/shared/timers';

export {
  CURRENT_TIMER_URL,
  MY_TIMERS_URL,
  ORGANIZATION_TIMERS_URL,
  RUNNING_TIMERS_URL,
  TIME_URL,
  timerUrl,
} from './timerUrls';

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

/** The toast after a stop: what was saved, as the start's toast names it. */
export const stoppedMessage = (timer: Pick<TimerView, 'label' | 'jobName' | 'type'>) =>
  `Your time for ${timerTitle(timer)} has been saved`;

/** Minutes as hours and minutes, the way time is paid: '7:05', '38:45'. */
export const hoursMinutes = (minutes: number) =>
  `${Math.floor(minutes / 60)}:${String(Math.round(minutes) % 60).padStart(2, '0')}`;

/**
 * A stopped timer's length as the running timer showed it, h:mm:ss ('0:00:06', '1:45:00'), or null while it runs: in
 * h:mm a time under a minute read '0:00', as if nothing had been tracked (issue #44).
 */
export function durationLabel(timer: Pick<TimerView, 'startDateTime' | 'endDateTime'>): string | null {
  if (!timer.endDateTime) return null;
  return elapsedLabel(Date.parse(timer.endDateTime) - Date.parse(timer.startDateTime));
}

/** What a timer was for, in a table's Job column: its job, else 'Mileage' for a drive, else 'No Job'. */
export const jobColumn = (timer: Pick<TimerView, 'jobName' | 'type'>) =>
  timer.jobName ?? (timer.type === 'Mileage' ? 'Mileage' : 'No Job');

/** This week, Sunday to Saturday as on the calendars, in the zone: the API's fromDate and toDate (MM/DD/YYYY). */
export function thisWeek(zone: string, now: Date = new Date()): { fromDate: string; toDate: string } {
  const today = DateTime.fromJSDate(now).setZone(zone).startOf('day');
  const sunday = today.minus({ days: today.weekday % 7 });
  return { fromDate: sunday.toFormat('MM/dd/yyyy'), toDate: sunday.plus({ days: 6 }).toFormat('MM/dd/yyyy') };
}

/** The API's MM/DD/YYYY and the date picker's YYYY-MM-DD, each way. */
export const pickerDay = (apiDay: string) => `${apiDay.slice(6, 10)}-${apiDay.slice(0, 2)}-${apiDay.slice(3, 5)}`;
export const apiDay = (pickerDay: string) =>
  `${pickerDay.slice(5, 7)}/${pickerDay.slice(8, 10)}/${pickerDay.slice(0, 4)}`;

export function mileageLabel(timer: Pick<TimerView, 'mileageStart' | 'mileageEnd'>): string | null {
  if (timer.mileageStart === null) return null;
  if (timer.mileageEnd === null) return `${timer.mileageStart.toLocaleString('en-US')} → …`;
  return `${(timer.mileageEnd - timer.mileageStart).toLocaleString('en-US', { maximumFractionDigits: 1 })} mi (${timer.mileageStart.toLocaleString('en-US')} → ${timer.mileageEnd.toLocaleString('en-US')})`;
}

export const dateTimeLabel = (iso: string, zone: string) =>
  DateTime.fromISO(iso, { setZone: true }).setZone(zone).toFormat('ccc d LLL yyyy, h:mm a');

/** A time's end in a table: its time alone on the day it started ('5:30 PM'), else with its date. */
export function endLabel(startIso: string, endIso: string, zone: string): string {
  const start = DateTime.fromISO(startIso, { setZone: true }).setZone(zone);
  const end = DateTime.fromISO(endIso, { setZone: true }).setZone(zone);
  return start.hasSame(end, 'day') ? end.toFormat('h:mm a') : dateTimeLabel(endIso, zone);
}

/** Mileage as typed: '1,204.5' → 1204.5; blank → null; anything else (or longer than the server reads) NaN (the form says so). */
export function parseMileage(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined || text === '') return null;
  if (typeof text === 'number') return text;
  if (text.length > MILEAGE_MAX_LENGTH) return Number.NaN;
  // The form drops every comma and space ('1 204' too, which the API refuses as text), then reads what is
  // left as the server does: digits, or digits after a point.
  return parseMileageText(text.replace(/[,\s]/g, ''));
}

/** The jobs a timer may be started on: one's own from yesterday to tomorrow (spec §2: Home's job fetch, the same days). */
export function startableJobsRange(today: string): { first: string; last: string } {
  const day = DateTime.fromISO(today);
  return { first: day.minus({ days: 1 }).toISODate()!, last: day.plus({ days: 1 }).toISODate()! };
}
