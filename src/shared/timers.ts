// The timer on the wire, shared by the server and the client: imports nothing (see docs/wire-contract.md).

export const TIMER_TYPES = ['Unassigned', 'Mileage', 'Job'] as const;
export type TimerType = (typeof TIMER_TYPES)[number];

/**
 * What a timer records about its work, named alike in its events (TimerFields), its read model (TimerDoc)
 * and the API (TimerView), which add their own instants and ids (spec §3 Timer).
 */
export interface TimerBase {
  type: TimerType;
  mileageStart: number | null;
  mileageEnd: number | null;
  /** A job or an occurrence (`<seriesId>_<YYYYMMDD>`), with its name and customer when the timer was set to it. */
  jobId: string | null;
  jobName: string | null;
  /** The job's customer when the timer was set to it (absent from timers recorded before the reports). */
  customerId?: string | null;
  customerName: string | null;
  label: string | null;
}

/** A timer as the API shows it (spec §3 Timer). */
export interface TimerView extends TimerBase {
  id: string;
  startDateTime: string;
  /** null while it runs. */
  endDateTime: string | null;
  userId: string;
  userFullName: string;
  createdAt: string;
  /** In the tracked-times tables: the approved timesheet it is in ("Nov 22 – Nov 28, 2026"), which locks it. */
  approvedTimesheet?: string | null;
}

/** What the timers a tracked-times table's filters match add up to, over every page. */
export interface TimerTotals {
  /** Minutes of the stopped timers. */
  trackedMinutes: number;
  /** Miles of the stopped mileage timers. */
  mileage: number;
  /** Timers still running (not in the minutes). */
  running: number;
}

/** A page of a tracked-times table; totals only for a date range of at most TIMER_TOTALS_MAX_DAYS days. */
export interface TimersPage {
  resultItems: TimerView[];
  totalRecords: number;
  totals: TimerTotals | null;
}

/**
 * The longest one tracked time may be (issue #44 item 1): a timer forgotten over a long weekend still stops, and its
 * end is then corrected; anything longer is refused in words. Every read that splits a time into days reads only the
 * part inside its own window, so even a longer time recorded before this bound costs a read no more than its window.
 */
export const TRACKED_TIME_MAX_DAYS = 7;

/** The earliest instant a tracked time may start or end at (a sane window: no time clock ran before it). */
export const TRACKED_TIME_EARLIEST = '2000-01-01T00:00:00.000Z';

/** The longest date range totals are added up for (a quarter): longer, a table shows rows without them. */
export const TIMER_TOTALS_MAX_DAYS = 93;

/**
 * GET /api/time/reviews (jobs.crud): a time a phone sent later with its clock off, waiting for a manager (issue #29
 * item 5). `act`: a timer started, a running timer stopped, or a tracked time edited on the phone; `timer` is the time
 * as it would be once approved; `what` and `reason` are words to show as they are.
 */
export interface TimeReviewView {
  id: string;
  userId: string;
  userFullName: string;
  act: 'start' | 'stop' | 'edit';
  what: string;
  timer: Pick<TimerBase, 'type' | 'jobName' | 'customerName' | 'label'> & {
    startDateTime: string;
    endDateTime: string | null;
  };
  /** When the person acted on the phone (its clock), and when it reached the server (UTC ISO). */
  deviceTime: string;
  receivedAt: string;
  reason: string;
}

/**
 * GET /api/time/reviews: the reviews still to decide, by person (issue #44 item 3), the person whose oldest review
 * reached us first first, each with their oldest few (`reviews`) and how many they have (`pending`), so one person's
 * many hide no one else's. `total` counts every one, also of people beyond those listed.
 */
export interface TimeReviewsView {
  total: number;
  people: { userId: string; userFullName: string; pending: number; reviews: TimeReviewView[] }[];
}

/** The server's clock (epoch ms) with the running timer: devices whose clocks differ still agree on the elapsed time. */
export const SERVER_TIME_HEADER = 'X-Server-Time';

/**
 * The longest mileage text read: an odometer reading as typed ('1,000,000.5' with spaces around) is far shorter.
 * Anything longer is refused before its characters are looked at, so a huge value costs nothing.
 */
export const MILEAGE_MAX_LENGTH = 20;

/**
 * Mileage as people type it: digits with thousands commas, at most one decimal point and digits after it,
 * spaces around ('1,204.5', ' 1204 ', '.5'). NaN for anything else, for the decider to name the field.
 * One pass over at most MILEAGE_MAX_LENGTH characters: no regular expression, so no backtracking.
 */
export function parseMileageText(text: string): number {
  if (text.length > MILEAGE_MAX_LENGTH) return Number.NaN;
  let number = '';
  let afterPoint = false;
  let endsWithDigit = false;
  for (const char of text.trim()) {
    if (char >= '0' && char <= '9') {
      number += char;
      endsWithDigit = true;
    } else if (char === ',' && !afterPoint) {
      endsWithDigit = false;
    } else if (char === '.' && !afterPoint) {
      number += char;
      afterPoint = true;
      endsWithDigit = false;
    } else {
      return Number.NaN;
    }
  }
  // Ending with a digit also means a point has digits after it, and that something was typed at all.
  return endsWithDigit ? Number(number) : Number.NaN;
}
