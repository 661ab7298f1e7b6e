import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  TWO_DECIMALS,
  excelDate,
  headerText,
  inertCell,
} from '../core/spreadsheets/report-workbook';
import { TurnBudget } from '../core/loop-turns';
import { XLSX } from '../core/spreadsheets/spreadsheet-download';
import { fromWallMs, toWallMs } from '../core/zoned-time';
import { knownZone } from '../timers/day-parts';
import type { PayrollFormat } from '../shared/payroll';

/**
 * The files payroll imports, made from approved timesheets (issue #30): pure functions of their input, so an export
 * can be made again from what it held. Gusto's hours CSV (one row per person), a QuickBooks Online timesheet CSV (one
 * row per tracked time), and a plain workbook of both.
 *
 * CSV: RFC 4180, CRLF line ends, the header row first, UTF-8 without a byte order mark (the caller encodes the string
 * so). Every text field is quoted, its quotes doubled, and kept from reading as a formula (OWASP, "CSV Injection"): a
 * text starting with = + - @ tab or CR gets a leading `'` (`inertCell`, as the report spreadsheets'), and so does every
 * part of it after a separator or a line break. Numbers, dates and times are written by this file, unquoted, and never
 * get one.
 */

/** One person's approved timesheet for one period. */
export interface PayrollSheet {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  /** YYYY-MM-DD, the organization's zone. */
  period: { start: string; end: string };
  regularHours: number;
  overtimeHours: number;
  doubleTimeHours: number;
  totalHours: number;
  mileage: number;
  entries: PayrollSheetEntry[];
}

/** A tracked time's part on one day (a timer across midnight is one entry on each day it touches). */
export interface PayrollSheetEntry {
  /** YYYY-MM-DD in the organization's zone. */
  date: string;
  /** The whole timer's start and end (UTC ISO); `hours` is its part on `date`. */
  startDateTime: string;
  endDateTime: string;
  hours: number;
  type: 'Unassigned' | 'Mileage' | 'Job';
  jobName: string | null;
  customerName: string | null;
  label: string | null;
  mileage: number;
}

// ---------------------------------------------------------------------------------------------------------------
// CSV

/** A number with exactly two decimals, half away from zero: 7.5 → "7.50", 0 → "0.00"; no thousands separator. */
export function twoDecimals(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`Not a number of hours: ${n}`);
  // The small nudge rounds a half that binary floating point holds as 0.4999… (1.005) up, as written.
  const cents = Math.round(Math.abs(n) * 100 + 1e-6) * Math.sign(n);
  return (cents / 100).toFixed(2);
}

/**
 * Where a cell may begin inside a text, with what makes it a formula: after a separator a spreadsheet may be told to
 * split on (comma, semicolon, tab, bar) or a line break. `x;=2+3` is a formula in a file opened with `;` as the
 * separator by a reader that does not honour the quotes.
 */
const CELL_INSIDE = /([,;\t|\r\n])(?=[=+\-@\t\r])/g;

/**
 * A text field: null as empty; every part that could begin a cell guarded with a `'` (`inertCell` for the first);
 * quoted whatever it holds, so a comma or a semicolon inside it splits no cell, its quotes doubled (RFC 4180).
 */
const text = (value: string | null | undefined): string =>
  `"${inertCell((value ?? '').replace(CELL_INSIDE, "$1'")).replace(/"/g, '""')}"`;

/**
 * The rows as CSV: the header first, every line (the last too) ended by CRLF. Text fields come quoted (`text`); the
 * header, numbers, dates, times and words of the format are this file's own and hold no separator, quote or line break.
 */
function csv(header: readonly string[], rows: string[][]): string {
  return [header, ...rows].map((row) => `${row.join(',')}\r\n`).join('');
}

/**
 * Gusto's hours import: the columns of Gusto's CSV template for a regular payroll, in the template's order, of
 * those CrewClock fills (Gusto support, "Upload payroll data with a CSV": column titles as in Gusto's template;
 * columns may be removed or reordered; first_name and last_name are required). The template's full header reads
 * last_name, first_name, title, gusto_employee_id, regular_hours, overtime_hours, double_overtime_hours,
 * missed_break_hours, … personal_note: title (needed only for people with several pay rates) and
 * gusto_employee_id are not known here, and the earnings columns are not hours. Gusto has no email column.
 */
export const GUSTO_HOURS_COLUMNS = [
  'last_name',
  'first_name',
  'regular_hours',
  'overtime_hours',
  'double_overtime_hours',
] as const;

/**
 * Gusto's hours CSV: one row per person (sheets of one person for several periods are added up into one row, as
 * Gusto takes one row per person a payroll), in the order people first appear in `sheets`. Gusto matches the row to
 * an employee by first and last name; a zero replaces what was entered in Gusto for that payroll.
 */
export function gustoHoursCsv(sheets: PayrollSheet[]): string {
  const people = new Map<string, { sheet: PayrollSheet; regular: number; overtime: number; doubleTime: number }>();
  for (const sheet of sheets) {
    const person = people.get(sheet.userId) ?? { sheet, regular: 0, overtime: 0, doubleTime: 0 };
    person.regular += sheet.regularHours;
    person.overtime += sheet.overtimeHours;
    person.doubleTime += sheet.doubleTimeHours;
    people.set(sheet.userId, person);
  }
  const rows = [...people.values()].map(({ sheet, regular, overtime, doubleTime }) => [
    text(sheet.lastName),
    text(sheet.firstName),
    twoDecimals(regular),
    twoDecimals(overtime),
    twoDecimals(doubleTime),
  ]);
  return csv(GUSTO_HOURS_COLUMNS, rows);
}

/**
 * A QuickBooks Online timesheet (TimeActivity) import: the columns, in order, of the QuickBooks Online timesheet
 * layout that import tools document (Zed Axis knowledge base, "Import timesheets into QuickBooks Online"; the same
 * columns in iClassPro's "How Do I Use Time Clock with QuickBooks Payroll Services", "About the CSV File for QuickBooks
 * Online Import"). Each names a field of QuickBooks Online's TimeActivity: TxnDate the date, NameOf "Employee",
 * EmployeeVendorRefName the person as "First Last", Duration hh:mm (mandatory), Start Time and End Time as
 * yyyy-mm-ddThh:mm:ss, Description the work done.
 */
export const QUICKBOOKS_TIMESHEET_COLUMNS = [
  'Id',
  'TxnDate',
  'NameOf',
  'EmployeeVendorRefName',
  'CustomerRefName',
  'DepartmentRef Name',
  'ItemRef Name',
  'Class Ref Name',
  'Billable Status',
  'Taxable',
  'Hourly Rate',
  'Duration',
  'Break Duration',
  'Start Time',
  'End Time',
  'Description',
] as const;

/** Decimal hours as H:MM, to the nearest minute: 7.5 → "7:30", 0.25 → "0:15". */
export function hoursAndMinutes(hours: number): string {
  if (!Number.isFinite(hours) || hours < 0) throw new RangeError(`Not a duration in hours: ${hours}`);
  const minutes = Math.round(hours * 60);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

function checkedZone(zone: string): string {
  if (!knownZone(zone)) throw new RangeError(`Not a time zone: ${zone}`);
  return zone;
}

/**
 * The part of an entry's timer on the entry's day in `zone`: its start and end clipped to that day's midnights, so a
 * timer across midnight gives each day's row its own times, which add up to the row's hours (the whole timer on both
 * rows would count it twice). A timer that does not touch its entry's day is shown whole.
 */
function partOnDay(entry: PayrollSheetEntry, zone: string): { start: number; end: number } {
  const start = Date.parse(entry.startDateTime);
  const end = Date.parse(entry.endDateTime);
  if (Number.isNaN(start) || Number.isNaN(end))
    throw new RangeError(`Not an instant: ${entry.startDateTime} – ${entry.endDateTime}`);
  const day = Date.parse(`${entry.date}T00:00:00Z`);
  if (Number.isNaN(day)) throw new RangeError(`Not a date: ${entry.date}`);
  // The zone's midnights as instants (the zoned-time helpers, not luxon: this runs for every row of an export); a
  // midnight the zone skips (a DST change at 00:00) starts its day at the first minute that exists.
  const from = Math.max(start, fromWallMs(day, zone));
  const to = Math.min(end, fromWallMs(day + 86_400_000, zone));
  return from <= to ? { start: from, end: to } : { start, end };
}

/** An instant on the wall clock of `zone`, as QuickBooks reads it: 2026-11-23T08:00:00. */
const localDateTime = (ms: number, zone: string) => new Date(toWallMs(ms, zone)).toISOString().slice(0, 19);

/** What the time was for, in words: the job (or the kind of time), its label, the miles driven. */
function description(entry: PayrollSheetEntry): string {
  const what = entry.type === 'Job' ? (entry.jobName ?? 'Job') : entry.type;
  const miles = entry.mileage > 0 ? `${twoDecimals(entry.mileage)} miles` : null;
  return [what, entry.label, miles].filter((part) => part).join(' - ');
}

/**
 * The QuickBooks Online timesheet CSV: one row per entry as given (a timer across midnight is one row per day, each
 * with its part's times and duration), people in the order of `sheets`. Dates and times are the wall clock in the
 * organization's zone `zone`. Not billable (billable time needs an hourly rate and a QuickBooks customer), not
 * taxable, no break (tracked time excludes breaks); the customer is CrewClock's customer name, the job goes in the
 * description (a QuickBooks "Customer:Job" exists only if the company keeps its jobs as sub-customers).
 */
export function quickbooksTimesheetCsv(sheets: PayrollSheet[], zone: string): string {
  checkedZone(zone);
  const rows: string[][] = [];
  for (const sheet of sheets) {
    const name = `${sheet.firstName} ${sheet.lastName}`.trim();
    for (const entry of sheet.entries) {
      const { start, end } = partOnDay(entry, zone);
      rows.push([
        '',
        entry.date,
        'Employee',
        text(name),
        text(entry.customerName),
        '',
        '',
        '',
        'NotBillable',
        'False',
        '',
        hoursAndMinutes(entry.hours),
        '0:00',
        localDateTime(start, zone),
        localDateTime(end, zone),
        text(description(entry)),
      ]);
    }
  }
  return csv(QUICKBOOKS_TIMESHEET_COLUMNS, rows);
}

// ---------------------------------------------------------------------------------------------------------------
// xlsx

type CellValue = string | number | Date | null;

interface Column<R> {
  header: string;
  width: number;
  value: (row: R) => CellValue;
  numFmt?: string;
}

/** A YYYY-MM-DD date as an Excel date (exceljs writes a Date by its UTC fields). */
const excelDay = (date: string): Date => {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) throw new RangeError(`Not a date: ${date}`);
  return day;
};

const fullName = (sheet: PayrollSheet) => `${sheet.firstName} ${sheet.lastName}`.trim();

const SUMMARY_COLUMNS: Column<PayrollSheet>[] = [
  { header: 'Employee', width: 28, value: fullName },
  { header: 'Email', width: 32, value: (s) => s.email },
  { header: 'Period start', width: 13, value: (s) => excelDay(s.period.start), numFmt: DATE_FORMAT },
  { header: 'Period end', width: 13, value: (s) => excelDay(s.period.end), numFmt: DATE_FORMAT },
  { header: 'Regular hours', width: 11, value: (s) => s.regularHours, numFmt: TWO_DECIMALS },
  { header: 'Overtime hours', width: 11, value: (s) => s.overtimeHours, numFmt: TWO_DECIMALS },
  { header: 'Double time hours', width: 11, value: (s) => s.doubleTimeHours, numFmt: TWO_DECIMALS },
  { header: 'Total hours', width: 11, value: (s) => s.totalHours, numFmt: TWO_DECIMALS },
  { header: 'Mileage', width: 11, value: (s) => s.mileage, numFmt: TWO_DECIMALS },
];

interface TrackedRow {
  sheet: PayrollSheet;
  entry: PayrollSheetEntry;
  start: Date | null;
  end: Date | null;
}

const TRACKED_COLUMNS: Column<TrackedRow>[] = [
  { header: 'Employee', width: 28, value: (r) => fullName(r.sheet) },
  { header: 'Date', width: 12, value: (r) => excelDay(r.entry.date), numFmt: DATE_FORMAT },
  { header: 'Start', width: 20, value: (r) => r.start, numFmt: DATE_TIME_FORMAT },
  { header: 'End', width: 20, value: (r) => r.end, numFmt: DATE_TIME_FORMAT },
  { header: 'Hours', width: 9, value: (r) => r.entry.hours, numFmt: TWO_DECIMALS },
  { header: 'Type', width: 12, value: (r) => r.entry.type },
  { header: 'Job', width: 28, value: (r) => r.entry.jobName },
  { header: 'Customer', width: 28, value: (r) => r.entry.customerName },
  { header: 'Label', width: 24, value: (r) => r.entry.label },
  { header: 'Mileage', width: 9, value: (r) => r.entry.mileage, numFmt: TWO_DECIMALS },
];

const BOLD = { name: 'Calibri', family: 2, size: 11, bold: true } as const;

type StreamingWorkbook = InstanceType<typeof ExcelJS.stream.xlsx.WorkbookWriter>;

/** Rows written between two looks at the time they took (docs/event-loop.md). */
const ROWS_PER_CHECK = 25;

async function addSheet<R>(
  workbook: StreamingWorkbook,
  name: string,
  title: string,
  columns: Column<R>[],
  rows: R[],
  budget: TurnBudget,
) {
  const sheet = workbook.addWorksheet(name, {
    views: [{ state: 'frozen', ySplit: 1 }],
    pageSetup: {
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: '1:1',
      margins: { left: 0.4, right: 0.4, top: 0.75, bottom: 0.6, header: 0.3, footer: 0.3 },
    },
    headerFooter: { oddHeader: `&C&B${headerText(title)}&B`, oddFooter: '&CPage &P of &N' },
  });
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width }));
  const header = sheet.getRow(1);
  header.font = BOLD;
  header.alignment = { vertical: 'bottom', wrapText: true };
  header.commit();
  let written = 0;
  for (const row of rows) {
    const added = sheet.addRow(columns.map((c) => inertCell(c.value(row))));
    columns.forEach((c, i) => {
      if (c.numFmt) added.getCell(i + 1).numFmt = c.numFmt;
    });
    added.commit();
    if (++written % ROWS_PER_CHECK === 0) await budget.spent();
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  sheet.commit();
}

/**
 * The plain workbook: "Summary" (a row per sheet: the person, the period, the hours split and miles) and "Tracked
 * times" (a row per entry as given: the day, its part's start and end on the wall clock of `zone`, hours and what
 * for). Hours and miles are numbers shown with two decimals; dates are Excel dates; text is inert (`inertCell`).
 *
 * Deterministic in content, not in bytes: the workbook's created and modified dates are `at` (by default the latest
 * period end of `sheets`, so the same input gives the same document properties), but the zip exceljs writes stamps
 * each part with the time it was written.
 */
export async function payrollWorkbook(
  sheets: PayrollSheet[],
  zone: string,
  title: string,
  at: Date = latestPeriodEnd(sheets),
): Promise<Buffer> {
  checkedZone(zone);
  // The streaming writer, its rows let go as they are written and the loop given back between them (an export must
  // not hold every other organization's requests while a thousand rows are written and packed).
  const chunks: Buffer[] = [];
  const out = new PassThrough();
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const budget = await TurnBudget.begin();
  workbook.creator = 'CrewClock';
  workbook.lastModifiedBy = 'CrewClock';
  workbook.title = title;
  workbook.created = at;
  workbook.modified = at;
  await addSheet(workbook, 'Summary', title, SUMMARY_COLUMNS, sheets, budget);
  const tracked = sheets.flatMap((sheet) =>
    sheet.entries.map((entry): TrackedRow => {
      const { start, end } = partOnDay(entry, zone);
      return {
        sheet,
        entry,
        start: excelDate(new Date(start).toISOString(), zone),
        end: excelDate(new Date(end).toISOString(), zone),
      };
    }),
  );
  await addSheet(workbook, 'Tracked times', title, TRACKED_COLUMNS, tracked, budget);
  await workbook.commit();
  await ended;
  return Buffer.concat(chunks);
}

/** The last period end of the sheets, at 00:00 UTC (1970-01-01 without sheets). */
function latestPeriodEnd(sheets: PayrollSheet[]): Date {
  const last = sheets.reduce((max, s) => (s.period.end > max ? s.period.end : max), '1970-01-01');
  return excelDay(last);
}

const CSV = 'text/csv; charset=utf-8';

/** The file of a format, named after the period. */
export async function payrollFile(
  format: PayrollFormat,
  sheets: PayrollSheet[],
  zone: string,
  period: { start: string; end: string },
) {
  const name = `payroll-${format}-${period.start}`;
  switch (format) {
    case 'gusto':
      return { bytes: Buffer.from(gustoHoursCsv(sheets), 'utf8'), contentType: CSV, fileName: `${name}.csv` };
    case 'quickbooks':
      return {
        bytes: Buffer.from(quickbooksTimesheetCsv(sheets, zone), 'utf8'),
        contentType: CSV,
        fileName: `${name}.csv`,
      };
    case 'xlsx':
      return {
        bytes: await payrollWorkbook(sheets, zone, `Payroll ${period.start} – ${period.end}`),
        contentType: XLSX,
        fileName: `payroll-${period.start}.xlsx`,
      };
  }
}
