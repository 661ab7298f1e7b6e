import { ForbiddenError, ValidationError } from '../core/errors';
import type { JobChanges, JobFields } from './scheduling.events';

export const HIDE_NEEDS_LEAD = 'You must select a lead employee to enable hiding from the schedule view.';
export const HIDE_IS_FOR_ADMINS = 'Only a Company Admin can hide a job from the schedule view.';
const COLOR = /^#[0-9a-f]{6}$/i;
const MAX_DURATION_DAYS = 31;

/** The first problem with a job's fields as they would be after a change, in the form's order. */
export function jobProblem(job: JobFields): string | null {
  if (!job.name?.trim()) return 'Job name is required';
  if (job.name.trim().length > 200) return 'Job name must be at most 200 characters';
  const start = Date.parse(job.start);
  const end = Date.parse(job.end);
  if (Number.isNaN(start)) return 'The start must be a date and time';
  if (Number.isNaN(end)) return 'The end must be a date and time';
  if (end <= start) return 'The end must be after the start';
  if (end - start > MAX_DURATION_DAYS * 86_400_000) return `A job can last at most ${MAX_DURATION_DAYS} days`;
  if (job.colorOption && !COLOR.test(job.colorOption)) return 'Colour must be a hex colour such as #0D1B41';
  if (job.hideFromScheduleView && !job.leadUserId) return HIDE_NEEDS_LEAD;
  if (new Set(job.userIds).size !== job.userIds.length) return 'An employee is assigned twice';
  return null;
}

/** Checks a job as it would be; the Scheduling Visibility switch belongs to Company Admins (spec §6). */
export function checkJob(job: JobFields, before: JobFields | null, actorIsCompanyAdmin: boolean): void {
  const problem = jobProblem(job);
  if (problem) throw new ValidationError(problem);
  if (!actorIsCompanyAdmin && job.hideFromScheduleView !== (before?.hideFromScheduleView ?? false))
    throw new ForbiddenError(HIDE_IS_FOR_ADMINS);
}

/** Normalises what people type: trimmed text, blanks as null, colours upper-case, instants in UTC ISO. */
export function cleanFields<T extends Partial<JobFields>>(fields: T): T {
  const out: Partial<JobFields> = { ...fields };
  for (const key of ['notes', 'number', 'type'] as const)
    if (out[key] !== undefined) out[key] = out[key]?.trim() || null;
  if (out.name !== undefined) out.name = out.name.trim();
  if (out.colorOption !== undefined) out.colorOption = out.colorOption?.trim().toUpperCase() || null;
  if (out.leadUserId !== undefined) out.leadUserId = out.leadUserId || null;
  if (out.customerId !== undefined) out.customerId = out.customerId || null;
  for (const key of ['start', 'end'] as const) {
    const value = out[key];
    if (value !== undefined && !Number.isNaN(Date.parse(value)))
      out[key] = new Date(value).toISOString().replace('.000Z', 'Z');
  }
  return out as T;
}

const FIELDS: (keyof JobFields)[] = [
  'name',
  'notes',
  'number',
  'type',
  'userIds',
  'leadUserId',
  'customerId',
  'colorOption',
  'hideFromScheduleView',
  'availabilityOnly',
  'start',
  'end',
];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields that differ, as old → new. */
export function diff(before: JobFields, wanted: Partial<JobFields>): JobChanges {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of FIELDS) {
    if (wanted[key] !== undefined && !same(wanted[key], before[key]))
      changes[key] = { from: before[key], to: wanted[key] };
  }
  return changes as JobChanges;
}

export function applyChanges<T extends Partial<JobFields>>(fields: T, changes: JobChanges): T {
  const next: Record<string, unknown> = { ...fields };
  for (const [key, change] of Object.entries(changes)) next[key] = change!.to;
  return next as T;
}
