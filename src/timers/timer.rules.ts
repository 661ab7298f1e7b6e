import { TIMER_TYPES } from '../shared/timers';
import type { TimerFields } from './timers.events';

const MAX_LABEL = 200;
const isMileage = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value >= 0;

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
  if (t.label && t.label.length > MAX_LABEL) return `The label can be at most ${MAX_LABEL} characters`;
  if (Number.isNaN(Date.parse(t.start))) return 'The start must be a date and time';
  if (t.end !== null) {
    if (Number.isNaN(Date.parse(t.end))) return 'The end must be a date and time';
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
