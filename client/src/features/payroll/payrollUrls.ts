// The payroll screens' URLs (issue #30), apart from payroll.ts (which needs luxon): the live updates read them with
// the shell, before any payroll screen is opened.

/** The manager's period screen; a person's sheet (…/{start}/timesheets/{userId}) and the exports are under it. */
export const PAY_PERIODS_URL = '/api/pay-periods';
/** One's own timesheet (…/me?date=). */
export const TIMESHEETS_URL = '/api/timesheets';
export const MY_TIMESHEET_URL = `${TIMESHEETS_URL}/me`;
/** An export's file and its changes since. */
export const PAYROLL_EXPORTS_URL = '/api/payroll-exports';

const withDate = (url: string, date: string | null | undefined) =>
  date ? `${url}?date=${encodeURIComponent(date)}` : url;

/** The period holding `date` (today's when none). */
export const payPeriodUrl = (date?: string | null) => withDate(PAY_PERIODS_URL, date);
export const myTimesheetUrl = (date?: string | null) => withDate(MY_TIMESHEET_URL, date);

const periodBase = (start: string) => `${PAY_PERIODS_URL}/${encodeURIComponent(start)}`;

export const timesheetUrl = (start: string, userId: string) =>
  `${periodBase(start)}/timesheets/${encodeURIComponent(userId)}`;
export const submitMyTimesheetUrl = (start: string) => `${periodBase(start)}/timesheets/me/submit`;
export const timesheetActionUrl = (start: string, userId: string, action: 'approve' | 'send-back' | 'unapprove') =>
  `${timesheetUrl(start, userId)}/${action}`;
export const periodExportsUrl = (start: string) => `${periodBase(start)}/exports`;
export const exportFileUrl = (id: string) => `${PAYROLL_EXPORTS_URL}/${encodeURIComponent(id)}/file`;
export const exportChangesUrl = (id: string) => `${PAYROLL_EXPORTS_URL}/${encodeURIComponent(id)}/changes`;
