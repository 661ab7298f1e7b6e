// The organization's settings on the wire besides its CompanyView (session.ts), shared by the server and the
// client: imports nothing (see docs/wire-contract.md).

/** A day the organization takes no work: no booking slots then. */
export interface HolidayView {
  /** YYYY-MM-DD, the organization's zone. */
  date: string;
  name: string | null;
}

/** GET /api/organization/settings/holidays, in date order. */
export interface HolidayList {
  holidays: HolidayView[];
}
