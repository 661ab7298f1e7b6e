// The jobs' colours on the calendars (spec §4, §9), shared by the server and the client: imports nothing
// (see docs/wire-contract.md). The server picks a job's colour; the client's legends name these.

/** A job assigned without a customer, that has no colour of its own or its lead's: Internal, red. */
export const INTERNAL_COLOR = '#E2435B';
/** A job with no colour of its own, no lead and not Internal: Available for Requests, navy. */
export const AVAILABLE_COLOR = '#0D1B41';
/** Availability-only entries are shading, not work: a light green of their own. */
export const AVAILABILITY_COLOR = '#B2F2BB';
/** Spec §3: a user's colour until someone picks another (the same navy as Available for Requests). */
export const DEFAULT_USER_COLOR = '#0D1B41';
/** Home's legend marks (spec §2): time submitted and mileage submitted. */
export const TIME_SUBMITTED_COLOR = '#0CA678';
export const MILEAGE_SUBMITTED_COLOR = '#1C7ED6';
/** The Job Schedule's shading of one employee's weekly availability (Show Availability). */
export const AVAILABILITY_SHADE_COLOR = '#12B886';
