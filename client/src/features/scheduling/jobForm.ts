import { DateTime } from 'luxon';
import { NEW_JOB_MINUTES, type Job } from './jobs';
import {
  recurrenceChanged,
  recurrenceModelOf,
  recurrenceProblems,
  recurrenceValuesFrom,
  type RecurrenceModel,
  type RecurrenceValues,
} from './recurrenceForm';
import { WALL_FORMAT, isoFromWall, isoFromWallKeeping, wallFromIso } from './zonedTime';

/** The job modal's fields. Times are wall-clock strings in the organization's zone ('YYYY-MM-DD HH:mm:ss'). */
export interface JobFormValues {
  name: string;
  start: string;
  end: string;
  customerId: string | null;
  leadUserId: string | null;
  userIds: string[];
  number: string;
  type: string;
  notes: string;
  colorOption: string;
  hideFromScheduleView: boolean;
  recurrence: RecurrenceValues;
}

export const HIDE_NEEDS_LEAD = 'You must select a lead employee to enable hiding from the schedule view.';

/** A new job starts at the next full hour on the organization's clock (or where the slot was clicked) and lasts 30 minutes. */
export function newJobSlot(zone: string, now: Date = new Date()): { start: string; end: string } {
  const start = DateTime.fromJSDate(now).setZone(zone).startOf('hour').plus({ hours: 1 });
  return { start: start.toFormat(WALL_FORMAT), end: start.plus({ minutes: NEW_JOB_MINUTES }).toFormat(WALL_FORMAT) };
}

/** The form's values: the job's, or a new job's in the given slot. */
export function jobFormValues(job: Job | null, zone: string, slot: { start: string; end: string }): JobFormValues {
  const start = job ? wallFromIso(job.startDateTime, zone) : slot.start;
  return {
    name: job?.name ?? '',
    start,
    end: job ? wallFromIso(job.endDateTime, zone) : slot.end,
    customerId: job?.customerId ?? null,
    leadUserId: job?.leadUserId ?? null,
    userIds: job?.userIds ?? [],
    number: job?.number ?? '',
    type: job?.type ?? '',
    notes: job?.notes ?? '',
    colorOption: job?.colorOption ?? '',
    hideFromScheduleView: job?.hideFromScheduleView ?? false,
    recurrence: recurrenceValuesFrom(job?.jobRecurrenceModel ?? null, start),
  };
}

/** The end of a new slot when the start moves: the same length as before (30 minutes for a fresh job). */
export function endAfterStartMoved(previousStart: string, previousEnd: string, nextStart: string): string {
  const length = DateTime.fromSQL(previousEnd).diff(DateTime.fromSQL(previousStart), 'minutes').minutes;
  const minutes = length > 0 ? length : NEW_JOB_MINUTES;
  return DateTime.fromSQL(nextStart).plus({ minutes }).toFormat(WALL_FORMAT);
}

/** Validation of spec §5 (Job) with the server's words, for @mantine/form. */
export function jobFormRules() {
  return {
    name: (value: string) => (value.trim() ? null : 'Job name is required'),
    start: (value: string) => (value ? null : 'The start must be a date and time'),
    end: (value: string, values: JobFormValues) =>
      !value
        ? 'The end must be a date and time'
        : values.start && value <= values.start
          ? 'The end must be after the start'
          : null,
    colorOption: (value: string) =>
      !value || /^#[0-9a-f]{6}$/i.test(value) ? null : 'Colour must be a hex colour such as #0D1B41',
    hideFromScheduleView: (value: boolean, values: JobFormValues) =>
      value && !values.leadUserId ? HIDE_NEEDS_LEAD : null,
    recurrence: {
      days: (_: unknown, values: JobFormValues) => recurrenceProblems(values.recurrence, values.start).days ?? null,
      every: (_: unknown, values: JobFormValues) => recurrenceProblems(values.recurrence, values.start).every ?? null,
      endDate: (_: unknown, values: JobFormValues) =>
        recurrenceProblems(values.recurrence, values.start).endDate ?? null,
    },
  };
}

/** The API's jobModel fields. Only a Company Admin sends the Scheduling Visibility switch (spec §6). */
export interface JobModel {
  name?: string;
  startDateTime?: string;
  endDateTime?: string;
  customerId?: string | null;
  leadUserId?: string | null;
  userIds?: string[];
  number?: string | null;
  type?: string | null;
  notes?: string | null;
  colorOption?: string | null;
  hideFromScheduleView?: boolean;
}

function jobModelOf(
  values: JobFormValues,
  zone: string,
  isCompanyAdmin: boolean,
): Required<Omit<JobModel, 'hideFromScheduleView'>> & Pick<JobModel, 'hideFromScheduleView'> {
  return {
    name: values.name.trim(),
    startDateTime: isoFromWall(values.start, zone),
    endDateTime: isoFromWall(values.end, zone),
    customerId: values.customerId || null,
    leadUserId: values.leadUserId || null,
    userIds: values.userIds,
    number: values.number.trim() || null,
    type: values.type.trim() || null,
    notes: values.notes.trim() || null,
    colorOption: values.colorOption.trim().toUpperCase() || null,
    ...(isCompanyAdmin ? { hideFromScheduleView: values.hideFromScheduleView } : {}),
  };
}

/** POST /api/recurrence-jobs: the job, and its rule (Never for a one-time job). */
export function createJobBody(
  values: JobFormValues,
  zone: string,
  isCompanyAdmin: boolean,
): { jobModel: JobModel; recurrenceModel: RecurrenceModel } {
  return { jobModel: jobModelOf(values, zone, isCompanyAdmin), recurrenceModel: recurrenceModelOf(values.recurrence) };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * PATCH /api/jobs/{id}: the fields that changed only, so an edit of the whole series does not
 * overwrite what other occurrences changed on their own. The rule goes with a series edit only.
 */
export function changeJobBody(
  job: Job,
  values: JobFormValues,
  zone: string,
  isCompanyAdmin: boolean,
  scope: 'occurrence' | 'series',
): JobModel & { recurrenceModel?: RecurrenceModel } {
  const before = jobModelOf(jobFormValues(job, zone, { start: '', end: '' }), zone, isCompanyAdmin);
  const after = jobModelOf(values, zone, isCompanyAdmin);
  const body: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof typeof after)[]) {
    if (!same(before[key], after[key])) body[key] = after[key];
  }
  // A new time is sent as a pair: the server moves every occurrence of a series by as much as this one.
  // The one left as it was keeps its own instant (the repeated hour of a DST night names two).
  if ('startDateTime' in body || 'endDateTime' in body)
    Object.assign(body, {
      startDateTime: isoFromWallKeeping(values.start, zone, job.startDateTime),
      endDateTime: isoFromWallKeeping(values.end, zone, job.endDateTime),
    });
  if (scope === 'series' && recurrenceChanged(job.jobRecurrenceModel, values.recurrence))
    body.recurrenceModel = recurrenceModelOf(values.recurrence);
  return body as JobModel & { recurrenceModel?: RecurrenceModel };
}

export const hasChanges = (body: object) => Object.keys(body).length > 0;
