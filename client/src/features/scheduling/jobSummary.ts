import { customerAddress, type Job } from './jobs';
import { timeRangeLabel } from './zonedTime';

/** What a job's hover card (and a short bar's label) says: name, time, customer, crew and its marks. */
export interface JobSummary {
  name: string;
  time: string;
  /** The customer's name, else Internal or Available for Requests (spec §4's colours' words). */
  where: string;
  address: string;
  /** The lead first, marked so; then the other assignees. Empty for nobody. */
  crew: string[];
  marks: string[];
}

export function jobSummary(job: Job, zone: string): JobSummary {
  const lead = job.leadUser ?? (job.leadUserId ? job.users.find((u) => u.id === job.leadUserId) : undefined);
  const others = job.users.filter((u) => u.id !== job.leadUserId).map((u) => u.fullName);
  const marks = [
    ...(job.isOpen ? ['Open'] : []),
    ...(job.selfBooked ? ['Booked online'] : []),
    ...(job.availabilityOnly ? ['Availability only'] : []),
    ...(job.hideFromScheduleView ? ['Hidden from the schedule'] : []),
  ];
  return {
    name: job.name,
    time: timeRangeLabel(job.startDateTime, job.endDateTime, zone),
    where: jobWhere(job),
    address: customerAddress(job.customer),
    crew: [...(lead ? [`${lead.fullName} (lead)`] : []), ...others],
    marks,
  };
}

/** Where a job is for: its customer, else Internal (assigned, no customer) or Available for Requests. */
export const jobWhere = (job: Pick<Job, 'customer' | 'isOpen'>) =>
  job.customer?.name ?? (job.isOpen ? 'Available for Requests' : 'Internal');
