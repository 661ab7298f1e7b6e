import { isUuid } from '../core/clock';
import { NotFoundError } from '../core/errors';
import { parseOccurrenceId } from './recurrence';

/**
 * What a job id names: a one-time job, or one occurrence of a recurring job (`<seriesId>_<YYYYMMDD>`).
 * Commands, the calendar's reads and job requests all take either kind of id.
 */
export function resolveJobId(
  id: string,
): { kind: 'job'; jobId: string } | { kind: 'occurrence'; seriesId: string; localDate: string } {
  if (isUuid(id)) return { kind: 'job', jobId: id.toLowerCase() };
  const occurrence = parseOccurrenceId(id);
  if (occurrence) return { kind: 'occurrence', ...occurrence };
  throw new NotFoundError('The job');
}
