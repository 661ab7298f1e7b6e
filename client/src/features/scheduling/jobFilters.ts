import type { Job } from './jobs';

/** A filter chip above the Job Schedule: one employee or one customer. */
export interface FilterChip {
  kind: 'employee' | 'customer';
  id: string;
  label: string;
}

export const chipKey = (chip: Pick<FilterChip, 'kind' | 'id'>) => `${chip.kind}:${chip.id}`;

/** Adds a chip once; a chip already there stays where it is. */
export function withChip(chips: FilterChip[], chip: FilterChip): FilterChip[] {
  return chips.some((c) => chipKey(c) === chipKey(chip)) ? chips : [...chips, chip];
}

export const withoutChip = (chips: FilterChip[], key: string) => chips.filter((c) => chipKey(c) !== key);

/**
 * The jobs the chips let through. Chips of one kind widen (Alex or Sam); the two kinds narrow
 * each other (Alex's or Sam's jobs at Maple Street Dental). An employee is on a job as its lead
 * or an assignee. No chips: every job.
 */
export function filterJobs(jobs: Job[], chips: FilterChip[]): Job[] {
  const employees = new Set(chips.filter((c) => c.kind === 'employee').map((c) => c.id));
  const customers = new Set(chips.filter((c) => c.kind === 'customer').map((c) => c.id));
  if (employees.size === 0 && customers.size === 0) return jobs;
  return jobs.filter((job) => {
    const byEmployee =
      employees.size === 0 ||
      (job.leadUserId !== null && employees.has(job.leadUserId)) ||
      job.userIds.some((id) => employees.has(id));
    const byCustomer = customers.size === 0 || (job.customerId !== null && customers.has(job.customerId));
    return byEmployee && byCustomer;
  });
}
