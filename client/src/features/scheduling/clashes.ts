import { DateTime } from 'luxon';
import { JOBS_URL } from './jobs';
import type { JobModel } from './jobForm';
import type { RecurrenceModel } from './recurrenceForm';

/** POST /api/jobs/clashes (issue #26): the server decides what clashes, over every occurrence of a job. */
export const CLASHES_URL = `${JOBS_URL}/clashes`;

export type { Clash, ClashKind, ClashReport } from '../../../../src/shared/clashes';
import type { Clash, ClashReport } from '../../../../src/shared/clashes';

/** What a save would send (a new job's fields, or a change's), and which job or occurrence it changes. */
export interface ClashQuestion {
  id?: string;
  scope?: 'occurrence' | 'series';
  jobModel: JobModel;
  recurrenceModel?: RecurrenceModel | null;
}

/** One line of the warning: a person, what clashes, and on which days (a series repeats a clash on many). */
export interface ClashLine {
  key: string;
  name: string;
  message: string;
  /** "Sat, Jun 7, Sat, Jun 14 and 3 more"; empty for a one-time job. */
  days: string;
}

const DAYS_NAMED = 3;

/**
 * The report as lines to show: a one-time job's clashes as they are; a series' grouped by person and message
 * (every "not available" Saturday on one line, with its first days named), in the order they first occur.
 */
export function clashLines(report: ClashReport, zone: string): ClashLine[] {
  const series = report.occurrences > 1;
  const groups = new Map<string, { clash: Clash; dates: string[] }>();
  for (const clash of report.clashes) {
    const subject = clash.kind === 'booked' && series ? `booked:${clash.job?.name}` : clash.message;
    const key = `${clash.userId}|${clash.kind}|${subject}`;
    const group = groups.get(key);
    if (group) {
      if (!group.dates.includes(clash.date)) group.dates.push(clash.date);
    } else groups.set(key, { clash, dates: [clash.date] });
  }
  return [...groups.entries()].map(([key, { clash, dates }]) => {
    const named = dates.slice(0, DAYS_NAMED).map((d) => DateTime.fromISO(d, { zone }).toFormat('ccc, LLL d'));
    const rest = dates.length - named.length;
    const message =
      clash.kind === 'booked' && series && dates.length > 1 ? `Already booked on ${clash.job?.name}` : clash.message;
    return {
      key,
      name: clash.name,
      message,
      days: series ? `${named.join('; ')}${rest > 0 ? ` and ${rest} more` : ''}` : '',
    };
  });
}
