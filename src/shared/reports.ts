// The reports on the wire, shared by the server and the client: imports nothing (see docs/wire-contract.md).

/** Spec §9: reports, 50 a page, by start (job date) ascending, over the last 30 days unless asked. */
export const REPORTS_PAGE_SIZE = 50;
export const REPORT_DEFAULT_DAYS = 30;
/** The longest range a report, its summary, its export, the audit log or a tracked-times filter covers (a 400 past it). */
export const DATE_RANGE_MAX_DAYS = 366;
/** The report filters' dates (spec §7: fromDate and toDate as MM/DD/YYYY, whole days in the organization's zone). */
export const REPORT_DATE_FORMAT = 'MM/dd/yyyy';
/** Excel's rows per sheet less the header and the totals row: an export with more is refused before it starts. */
export const REPORT_EXPORT_MAX_ROWS = 1_048_576 - 2;

/**
 * The filters every report call takes as query parameters (GET …/paged adds currentPage, pageSize and
 * sortDir). employeeId is the Jobs report's only.
 */
export interface ReportFilters {
  fromDate?: string;
  toDate?: string;
  customerId?: string;
  employeeId?: string;
  /** As of a moment (issue #17): an ISO date-time (the log as it stood then) or a position token; at most one. */
  asOf?: string;
  asOfPosition?: string;
}

/** Spec §3 Jobs report row: one tracked time (timer) that starts in the range. */
export interface JobsReportRow {
  /** The timer's id. */
  id: string;
  associateName: string;
  /** The timer's label; a job timer without one is labelled with its job's name. */
  label: string | null;
  timerType: 'Unassigned' | 'Mileage' | 'Job';
  /** UTC ISO instants; the end is null while the timer runs. */
  startDateTime: string;
  endDateTime: string | null;
  /** Hours to 2 decimals; null while running. */
  hours: number | null;
  mileageStart: number | null;
  mileageEnd: number | null;
  /** The job's rating (1–5), when it has one. */
  rating: number | null;
  jobName: string | null;
  customerName: string | null;
  customerBillingFrequency: string | null;
}

/** Spec §3 Ratings report row: one answered rating whose job starts in the range. */
export interface RatingsReportRow {
  /** The rating's id (the job's calendar id). */
  id: string;
  customerName: string;
  /** The job's start, a UTC ISO instant. */
  jobDate: string;
  jobName: string;
  jobNumber: string | null;
  /** The job's staff, lead first, joined with ', '. */
  associateName: string;
  rating: number | null;
  comments: string | null;
}

/** What the Jobs report's filters add up to, over every page: its totals and its charts. */
export interface JobsReportSummary {
  /** The time zone the range and the dates are in. */
  timeZone: string;
  fromDate: string;
  toDate: string;
  totals: {
    rows: number;
    /** Hours of the stopped timers, to 2 decimals. */
    hours: number;
    /** Miles of the stopped mileage timers, to 2 decimals. */
    mileage: number;
    /** The average of the rows' job ratings, to 2 decimals; null without any. */
    averageRating: number | null;
  };
  /** Most hours first: the 25 with the most, then 'Other employees' with the rest's hours. */
  hoursByEmployee: { name: string; hours: number }[];
  /** Most hours first; timers without a customer under 'No customer'; the 25 with the most, then 'Other customers'. */
  hoursByCustomer: { name: string; hours: number }[];
}

/** What the Ratings report's filters add up to. */
export interface RatingsReportSummary {
  timeZone: string;
  fromDate: string;
  toDate: string;
  totals: { ratings: number; averageRating: number | null };
  /** How many ratings gave each number of stars, 1 to 5. */
  distribution: { rating: number; count: number }[];
  /** By week (the Monday's date, yyyy-MM-dd) over ranges up to 16 weeks, else by month (yyyy-MM-01). */
  averageOverTime: { period: string; averageRating: number | null; ratings: number }[];
  periodUnit: 'week' | 'month';
}
