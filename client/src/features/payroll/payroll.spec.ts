import { describe, expect, it } from 'vitest';
import { isApprovedTimeRefusal } from './approvedTime';
import {
  changeSide,
  dayLabel,
  entryTimes,
  entryWhat,
  exportSummary,
  hoursLabel,
  milesLabel,
  momentLabel,
  noteText,
  reasonProblem,
  showsDoubleTime,
  showsOvertime,
} from './payroll';
import { exportFileUrl, myTimesheetUrl, payPeriodUrl, timesheetActionUrl, timesheetUrl } from './payrollUrls';

const ZONE = 'America/New_York';
const none = { regularHours: 0, overtimeHours: 0, doubleTimeHours: 0, totalHours: 0 };

describe('hours and miles', () => {
  it('shows decimal hours with two places, as payroll reads them', () => {
    expect(hoursLabel(7.5)).toBe('7.50');
    expect(hoursLabel(0)).toBe('0.00');
    expect(hoursLabel(40.005)).toBe('40.01');
    expect(hoursLabel(12.3333)).toBe('12.33');
  });

  it('shows miles with at most one decimal and thousands separated', () => {
    expect(milesLabel(12.25)).toBe('12.3 mi');
    expect(milesLabel(0)).toBe('0 mi');
    expect(milesLabel(1204)).toBe('1,204 mi');
  });

  it('shows an overtime column unless there is no overtime at all, double time under California or when counted', () => {
    expect(showsOvertime('weekly40', none)).toBe(true);
    expect(showsOvertime('none', none)).toBe(false);
    expect(showsOvertime('none', { ...none, overtimeHours: 1 })).toBe(true);
    expect(showsDoubleTime('weekly40', none)).toBe(false);
    expect(showsDoubleTime('california', none)).toBe(true);
    expect(showsDoubleTime('weekly40', none, { ...none, doubleTimeHours: 0.5 })).toBe(true);
  });
});

describe('dates', () => {
  it("names a day as the sheet's rows do", () => {
    expect(dayLabel('2026-11-23')).toBe('Mon, Nov 23');
  });

  it("shows a moment in the organization's zone", () => {
    expect(momentLabel('2026-11-29T20:04:00.000Z', ZONE)).toBe('Nov 29, 2026, 3:04 PM');
  });
});

describe('noteText', () => {
  const at = '2026-11-29T20:04:00.000Z';
  it('says who sent a sheet back, when and why', () => {
    expect(noteText({ kind: 'sentBack', byFullName: 'Pat Lee', at, reason: 'Missing Friday' }, ZONE)).toBe(
      'Sent back by Pat Lee on Nov 29, 2026, 3:04 PM: Missing Friday',
    );
  });
  it('leaves the reason out when there is none', () => {
    expect(noteText({ kind: 'approved', byFullName: 'Pat Lee', at, reason: null }, ZONE)).toBe(
      'Approved by Pat Lee on Nov 29, 2026, 3:04 PM',
    );
    expect(noteText({ kind: 'submitted', byFullName: 'Alex Kim', at, reason: null }, ZONE)).toMatch(/^Submitted by/);
    expect(noteText({ kind: 'unapproved', byFullName: 'Pat Lee', at, reason: 'Wrong job' }, ZONE)).toMatch(
      /^Unapproved by Pat Lee on .+: Wrong job$/,
    );
  });
});

describe('entryTimes', () => {
  it("shows a time's start and end on its day in the organization's zone", () => {
    const entry = { startDateTime: '2026-11-23T14:00:00.000Z', endDateTime: '2026-11-23T22:30:00.000Z' };
    expect(entryTimes(entry, '2026-11-23', ZONE)).toBe('9:00 AM – 5:30 PM');
  });

  it('names the day of an end past midnight, and of a start the day before', () => {
    const overnight = { startDateTime: '2026-11-24T03:00:00.000Z', endDateTime: '2026-11-24T07:00:00.000Z' };
    expect(entryTimes(overnight, '2026-11-23', ZONE)).toBe('10:00 PM – Tue 2:00 AM');
    expect(entryTimes(overnight, '2026-11-24', ZONE)).toBe('Mon 10:00 PM – 2:00 AM');
  });

  it('says a running time has no end yet', () => {
    expect(entryTimes({ startDateTime: '2026-11-23T14:00:00.000Z', endDateTime: null }, '2026-11-23', ZONE)).toBe(
      '9:00 AM – still running',
    );
  });
});

describe('entryWhat', () => {
  it('names the job and customer, a drive, or unassigned time, with the label', () => {
    expect(entryWhat({ type: 'Job', jobName: 'Kitchen', customerName: 'Acme', label: null })).toBe('Kitchen · Acme');
    expect(entryWhat({ type: 'Job', jobName: 'Kitchen', customerName: null, label: 'Tiles' })).toBe('Kitchen · Tiles');
    expect(entryWhat({ type: 'Mileage', jobName: null, customerName: null, label: 'To the depot' })).toBe(
      'Mileage · To the depot',
    );
    expect(entryWhat({ type: 'Unassigned', jobName: null, customerName: null, label: null })).toBe('Unassigned time');
  });
});

describe('exports', () => {
  it('sums an export up by format and people', () => {
    expect(exportSummary({ format: 'gusto', userIds: ['a', 'b'] })).toBe('Gusto (CSV) · 2 people');
    expect(exportSummary({ format: 'xlsx', userIds: ['a'] })).toBe('Spreadsheet (xlsx) · 1 person');
  });

  it("shows a change's side as times, hours and what, or a dash for none", () => {
    const side = {
      startDateTime: '2026-11-23T14:00:00.000Z',
      endDateTime: '2026-11-23T22:00:00.000Z',
      hours: 8,
      type: 'Job',
      jobName: 'Kitchen',
    };
    expect(changeSide(side, '2026-11-23', ZONE)).toBe('9:00 AM – 5:00 PM · 8.00 h · Job: Kitchen');
    expect(changeSide({ ...side, type: 'Unassigned', jobName: null }, '2026-11-23', ZONE)).toBe(
      '9:00 AM – 5:00 PM · 8.00 h · Unassigned',
    );
    expect(changeSide(null, '2026-11-23', ZONE)).toBe('—');
  });
});

describe('reasonProblem', () => {
  it('asks for a reason, and one not too long', () => {
    expect(reasonProblem('  ', 500)).toBe('Give a reason');
    expect(reasonProblem('x'.repeat(501), 500)).toBe('The reason must be at most 500 characters');
    expect(reasonProblem('Forgot lunch', 500)).toBeNull();
  });
});

describe('isApprovedTimeRefusal', () => {
  it("knows the server's 400 asking a manager for a reason, and not an associate's 409", () => {
    expect(
      isApprovedTimeRefusal({
        status: 400,
        message:
          "This time is in Alex Kim's approved timesheet (Nov 22 – Nov 28, 2026): give a reason to edit approved time",
      }),
    ).toBe(true);
    expect(
      isApprovedTimeRefusal({
        status: 409,
        message:
          'This time is in an approved timesheet (Nov 22 – Nov 28, 2026) and is locked. Ask a manager to change it.',
      }),
    ).toBe(false);
    expect(isApprovedTimeRefusal({ status: 400, message: 'The end must be after the start' })).toBe(false);
  });
});

describe('URLs', () => {
  it('puts the date in the query, and the period and person in the path', () => {
    expect(payPeriodUrl(null)).toBe('/api/pay-periods');
    expect(payPeriodUrl('2026-11-23')).toBe('/api/pay-periods?date=2026-11-23');
    expect(myTimesheetUrl('2026-11-23')).toBe('/api/timesheets/me?date=2026-11-23');
    expect(timesheetUrl('2026-11-22', 'u 1')).toBe('/api/pay-periods/2026-11-22/timesheets/u%201');
    expect(timesheetActionUrl('2026-11-22', 'u1', 'send-back')).toBe(
      '/api/pay-periods/2026-11-22/timesheets/u1/send-back',
    );
    expect(exportFileUrl('e1')).toBe('/api/payroll-exports/e1/file');
  });
});
