import { DateTime } from 'luxon';
import { TIMER_TYPES, TRACKED_TIME_EARLIEST, TRACKED_TIME_MAX_DAYS } from '../shared/timers';
import type { TimerFields } from './timers.events';

/** The longest label a timer keeps. */
export const TIMER_LABEL_MAX = 200;
const isMileage = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/**
 * An ISO 8601 date and time, as every client sends it: Date.parse alone also reads '01/01/0001' (as 2001) and other
 * forms no client sends. Lengths are bounded by the DTO before this reads the text.
 */
const isInstant = (text: string) =>
  typeof text === 'string' && DateTime.fromISO(text, { zone: 'utc' }).isValid && !Number.isNaN(Date.parse(text));

/** Choosing Job clears mileage, Mileage clears the job, Unassigned clears both (spec §5). */
export function normalized(fields: TimerFields): TimerFields {
  const label = fields.label?.trim() || null;
  switch (fields.type) {
    case 'Job':
      return { ...fields, label, mileageStart: null, mileageEnd: null };
    case 'Mileage':
      return { ...fields, label, jobId: null, jobName: null, customerId: null, customerName: null };
    default:
      return {
        ...fields,
        label,
        mileageStart: null,
        mileageEnd: null,
        jobId: null,
        jobName: null,
        customerId: null,
        customerName: null,
      };
  }
}

/** The first problem with a timer as it would be, in the form's order; null when it may be saved. */
export function timerProblem(t: TimerFields): string | null {
  if (!TIMER_TYPES.includes(t.type)) return 'Timer type is required';
  if (t.type === 'Job' && !t.jobId) return 'Choose the job this time is for';
  if (t.type === 'Mileage') {
    if (t.mileageStart === null || t.mileageStart === undefined)
      return 'Starting mileage is required for a mileage timer';
    if (!isMileage(t.mileageStart)) return 'Starting mileage must be a number';
  }
  if (t.label && t.label.length > TIMER_LABEL_MAX) return `The label can be at most ${TIMER_LABEL_MAX} characters`;
  if (!isInstant(t.start)) return 'The start must be a date and time';
  if (t.end !== null) {
    if (!isInstant(t.end)) return 'The end must be a date and time';
    if (Date.parse(t.end) < Date.parse(t.start)) return 'The end cannot be before the start';
    if (t.type === 'Mileage') {
      if (t.mileageEnd === null || t.mileageEnd === undefined) return 'Ending mileage is required';
      if (!isMileage(t.mileageEnd)) return 'Ending mileage must be a number';
      if (t.mileageEnd < (t.mileageStart as number)) return 'Ending mileage cannot be less than the starting mileage';
    }
  } else if (t.mileageEnd !== null) {
    return 'A running timer has no ending mileage yet';
  }
  return null;
}

const EARLIEST_MS = Date.parse(TRACKED_TIME_EARLIEST);
const MAX_SPAN_MS = TRACKED_TIME_MAX_DAYS * 86_400_000 + 3_600_000; // an hour more for a DST change's long day

/**
 * The first problem with when a time is (issue #44 item 1), null when it is sane: it starts and ends from 2000 on and
 * not after `latest` (now, for a change made online; further ahead for what a phone sent later, whose clock being
 * ahead sends it to a manager's review instead), and it lasts at most TRACKED_TIME_MAX_DAYS. A change is held to the
 * instants it sets (`before`: the time as it was), so a label can still be changed on a time a review let end ahead.
 * A running timer is bounded when it stops. Run after timerProblem: both instants are dates by then.
 */
export function timeBoundsProblem(
  t: Pick<TimerFields, 'start' | 'end'>,
  latest: string,
  before?: Pick<TimerFields, 'start' | 'end'>,
): string | null {
  const startSet = !before || before.start !== t.start;
  const endSet = !before || before.end !== t.end;
  if (!startSet && !endSet) return null;
  const start = Date.parse(t.start);
  const last = Date.parse(latest);
  if (startSet && start < EARLIEST_MS) return 'The start must be in 2000 or later';
  if (startSet && start > last) return 'The start cannot be in the future';
  if (t.end === null) return null;
  const end = Date.parse(t.end);
  if (endSet && end > last) return 'The end cannot be in the future';
  if (end - start > MAX_SPAN_MS)
    return `A tracked time can be at most ${TRACKED_TIME_MAX_DAYS} days long: set its end to when the work ended`;
  return null;
}
