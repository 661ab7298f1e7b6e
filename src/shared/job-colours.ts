// The jobs' colours on the calendars (spec §4, §9), shared by the server and the client: imports nothing
// (see docs/architecture.md, src/shared). The server picks a job's colour; the client's legends name these.

/** A job assigned without a customer, that has no colour of its own or its lead's: Internal, red. */
export const INTERNAL_COLOR = '#E2435B';
/** A job with no colour of its own, no lead and not Internal: Available for Requests, navy. */
export const AVAILABLE_COLOR = '#0D1B41';
/** Availability-only entries are shading, not work: a light green of their own. */
export const AVAILABILITY_COLOR = '#B2F2BB';
