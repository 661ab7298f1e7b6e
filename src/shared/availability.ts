// Availability and time off on the wire (spec §3 Availability; #24, #26), shared by the server and the client:
// imports nothing (see docs/wire-contract.md).

/** Spec §3 Availability: Monday to Sunday, in this order (the editor and every listing use it). */
export const WEEK_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

/** One stretch of a person's week (GET /api/employee-availability/user/{userId}, Monday first). */
export interface AvailabilityView {
  id: string;
  weekDay: WeekDay;
  userId: string;
  /** 'HH:mm' */
  startTime: string;
  /** 'HH:mm'; '24:00' is the end of the day. */
  endTime: string;
}

/** Where calendars open (GET /api/employee-availability/working-hours): 'HH:mm', the staff's earliest and latest. */
export interface WorkingHours {
  startTime: string;
  endTime: string;
}

/** Days a person is away, or part of one day: no booking slots and a clash for them then. */
export interface TimeOffView {
  id: string;
  /** YYYY-MM-DD, the organization's zone, both included. */
  from: string;
  to: string;
  note: string | null;
  /** Part of one day: 'HH:mm' (absent: whole days). */
  startTime?: string;
  endTime?: string;
}

/** GET /api/employee-availability/{userId}/time-off, in date order. */
export interface TimeOffList {
  timeOff: TimeOffView[];
}
