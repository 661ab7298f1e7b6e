import { useMutation } from '@tanstack/react-query';
import { api } from '../../app/api';
import { invalidateUrls } from '../../app/queryClient';
import { useApiQuery } from '../../shared/useApiQuery';
import type { ExportChangesView, PayPeriodScreen, PayrollFormat, TimesheetView } from '../../../../src/shared/payroll';
import { TIME_URL } from '../timers/timerUrls';
import {
  exportChangesUrl,
  myTimesheetUrl,
  PAY_PERIODS_URL,
  payPeriodUrl,
  PAYROLL_EXPORTS_URL,
  periodExportsUrl,
  submitMyTimesheetUrl,
  timesheetActionUrl,
  TIMESHEETS_URL,
  timesheetUrl,
} from './payrollUrls';

/** The manager's period screen: the period holding `date` (today's when null), its people and exports. */
export const usePayPeriod = (date: string | null) =>
  useApiQuery<PayPeriodScreen>(payPeriodUrl(date), { keepPrevious: true });

/** One person's sheet for the period starting `start`. */
export const useTimesheet = (start: string, userId: string) =>
  useApiQuery<TimesheetView>(timesheetUrl(start, userId), { keepPrevious: true });

/** One's own sheet for the period holding `date` (today's when null). */
export const useMyTimesheet = (date: string | null) =>
  useApiQuery<TimesheetView>(myTimesheetUrl(date), { keepPrevious: true });

export const useExportChanges = (id: string | null) =>
  useApiQuery<ExportChangesView>(id === null ? null : exportChangesUrl(id));

/**
 * Everything a timesheet's state shows on: the period screen and sheets, one's own sheet, the exports' changes, and
 * the tracked-times tables (an approved time's lock).
 */
const refetchTimesheets = () => invalidateUrls([PAY_PERIODS_URL, TIMESHEETS_URL, PAYROLL_EXPORTS_URL, TIME_URL]);

export type TimesheetAction =
  | { kind: 'approve'; start: string; userId: string }
  | { kind: 'send-back' | 'unapprove'; start: string; userId: string; reason: string }
  | { kind: 'submit'; start: string };

export function useTimesheetAction() {
  return useMutation({
    mutationFn: (action: TimesheetAction) => {
      if (action.kind === 'submit')
        return api.post<{ success: true; message?: string }>(submitMyTimesheetUrl(action.start));
      const url = timesheetActionUrl(action.start, action.userId, action.kind);
      return api.post<{ success: true; message?: string }>(
        url,
        action.kind === 'approve' ? undefined : { reason: action.reason.trim() },
      );
    },
    onSettled: refetchTimesheets,
  });
}

export function useExportPayroll() {
  return useMutation({
    mutationFn: ({ start, format }: { start: string; format: PayrollFormat }) =>
      api.post<{ success: true; data: { id: string } }>(periodExportsUrl(start), { format }),
    onSettled: () => invalidateUrls([PAY_PERIODS_URL, PAYROLL_EXPORTS_URL]),
  });
}
