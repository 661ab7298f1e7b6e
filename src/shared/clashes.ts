// The clash check on the wire (POST /api/jobs/clashes, issue #26), shared by the server and the client: imports nothing
// (see docs/wire-contract.md).

export type ClashKind = 'holiday' | 'timeOff' | 'notWorking' | 'hours' | 'booked';

/** One thing in the way of a job for one of its people, at one of its occurrences. */
export interface Clash {
  userId: string;
  name: string;
  kind: ClashKind;
  /** The occurrence it is about: its organization date (YYYY-MM-DD), start and end (UTC ISO). */
  date: string;
  start: string;
  end: string;
  message: string;
  /** The other job, for kind 'booked'. */
  job?: { id: string; name: string; start: string; end: string };
}

export interface ClashReport {
  clashes: Clash[];
  /** Clashes beyond those listed. */
  more: number;
  /** How many occurrences were checked, and up to when (a series: its next year at most). */
  occurrences: number;
  until: string | null;
}
