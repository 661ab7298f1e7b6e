import type { Job } from '../scheduling/jobs';
import { jobPeopleIds } from '../scheduling/jobs';

/** Where a job of today stands at `now` (epoch ms). */
export type JobProgress = 'done' | 'inProgress' | 'upcoming';

export const progressOf = (job: Pick<Job, 'startDateTime' | 'endDateTime'>, now: number): JobProgress =>
  Date.parse(job.endDateTime) <= now ? 'done' : Date.parse(job.startDateTime) <= now ? 'inProgress' : 'upcoming';

/** Nobody is on it: no lead and no assignees. */
export const isUnassigned = (job: Pick<Job, 'leadUserId' | 'userIds'>) => jobPeopleIds(job).length === 0;

/** The crew's jobs of the day (availability entries left out), by start, then name. */
export function crewJobs(jobs: readonly Job[]): Job[] {
  return jobs
    .filter((job) => !job.availabilityOnly)
    .sort((a, b) => Date.parse(a.startDateTime) - Date.parse(b.startDateTime) || a.name.localeCompare(b.name));
}

/**
 * Jobs that ended by `now` with people on them and no time recorded: the time sheets to chase before
 * payroll. An open job nobody worked is not here (it is flagged as unassigned instead).
 */
export const endedWithoutTime = (jobs: readonly Job[], now: number): Job[] =>
  jobs.filter((job) => progressOf(job, now) === 'done' && !isUnassigned(job) && job.trackedTimes.length === 0);

/** The people on a job, lead first, as one line. */
export function crewNames(job: Pick<Job, 'leadUser' | 'users'>): string {
  const names = [job.leadUser?.fullName, ...job.users.map((u) => u.fullName)].filter((n): n is string => !!n);
  return [...new Set(names)].join(', ');
}

/** The day's counts for the panel's summary line. */
export function todaySummary(jobs: readonly Job[], now: number) {
  return {
    total: jobs.length,
    unassigned: jobs.filter(isUnassigned).length,
    inProgress: jobs.filter((job) => progressOf(job, now) === 'inProgress').length,
    done: jobs.filter((job) => progressOf(job, now) === 'done').length,
  };
}

/** The job to show first on an associate's Home: the one under way, else the next to start. */
export function nextJob(upcoming: readonly Job[] | undefined, now: number): Job | null {
  const ahead = (upcoming ?? []).filter((job) => !job.availabilityOnly && Date.parse(job.endDateTime) > now);
  return ahead.sort((a, b) => Date.parse(a.startDateTime) - Date.parse(b.startDateTime))[0] ?? null;
}

/**
 * Late (issue #26): under way for at least the grace, with a crew of whom nobody is on the clock. An unassigned
 * job is flagged as unassigned instead.
 */
export function isLate(
  job: Pick<Job, 'startDateTime' | 'endDateTime' | 'leadUserId' | 'userIds'>,
  now: number,
  onTheClock: ReadonlySet<string>,
  graceMinutes: number,
): boolean {
  const crew = jobPeopleIds(job);
  return (
    progressOf(job, now) === 'inProgress' &&
    crew.length > 0 &&
    now >= Date.parse(job.startDateTime) + graceMinutes * 60_000 &&
    !crew.some((id) => onTheClock.has(id))
  );
}
