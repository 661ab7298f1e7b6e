import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { toWallMs } from '../scheduling/zoned-time';
import { TurnBudget } from '../core/loop-turns';

/** A column of a report's sheet: how a row's value is written and shown. */
export interface ReportColumn<R> {
  header: string;
  width: number;
  value: (row: R) => string | number | Date | null;
  /** Excel's number format: dates and times, 2 decimals, whole stars. */
  numFmt?: string;
  /** Added up in the totals row with SUBTOTAL, so the total follows the sheet's filter. */
  total?: 'sum';
}

/** Rows written between two looks at the time they took (reading the clock for each would cost more). */
const ROWS_PER_CHECK = 25;

export const DATE_TIME_FORMAT = 'mm/dd/yyyy h:mm AM/PM';
export const DATE_FORMAT = 'mm/dd/yyyy';
export const TWO_DECIMALS = '0.00';
export const WHOLE = '0';

/**
 * An instant as an Excel date in `zone`: Excel's dates have no zone, so the cell holds the wall-clock time there
 * (exceljs writes a Date by its UTC fields), to the second. The calendars' cached offsets: luxon per cell cost
 * 10 µs.
 */
export function excelDate(iso: string | null, zone: string): Date | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  return new Date(Math.floor(toWallMs(ms, zone) / 1000) * 1000);
}

/** What a spreadsheet (or a CSV re-saved from it) may read as the start of a formula (OWASP's CSV injection list). */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r']);

/**
 * A text cell that cannot become a formula: text starting with one of FORMULA_START gets a leading `'`, so a
 * person's "=HYPERLINK(…)" stays text even after a re-save as CSV. Numbers and dates stay as they are.
 */
export function inertCell<V>(value: V): V | string {
  return typeof value === 'string' && FORMULA_START.has(value.charAt(0)) ? `'${value}` : value;
}

const columnLetter = (index: number) => {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    letters = String.fromCharCode(65 + r) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
};

/**
 * Streams a report as an .xlsx to `out` with exceljs's streaming writer: each row is written and let go as it
 * comes, so memory stays flat however many rows there are. The sheet has a bold, frozen header with an
 * autofilter, real cell types (dates, numbers with their formats), and a totals row whose SUBTOTALs follow the
 * filter; a second sheet says which filters made it and when.
 */
export async function writeReportWorkbook<R>(
  out: Writable,
  sheetName: string,
  columns: ReportColumn<R>[],
  batches: AsyncIterable<R[]>,
  about: [string, string | number | Date][],
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
    // The fastest deflate: a sheet of numbers and repeated names packs almost as well, at half the time.
    zip: { zlib: { level: 1 } },
  } as ConstructorParameters<typeof ExcelJS.stream.xlsx.WorkbookWriter>[0]);
  workbook.creator = 'CrewClock';
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: c.width,
    style: c.numFmt ? { numFmt: c.numFmt } : {},
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  let rows = 0;
  const budget = new TurnBudget();
  // The totals' values as written, cached with their formulas (shown before Excel recalculates).
  const sums = columns.map(() => 0);
  for await (const batch of batches) {
    for (const row of batch) {
      const values = columns.map((c) => inertCell(c.value(row)));
      values.forEach((v, i) => {
        if (columns[i].total && typeof v === 'number') sums[i] += v;
      });
      sheet.addRow(values).commit();
      // A turn of the event loop every few milliseconds of rows: dates and cells cost tens of microseconds each, and
      // a spreadsheet of a year must not hold every other request until it is written.
      if (++rows % ROWS_PER_CHECK === 0) await budget.spent();
    }
  }
  const last = rows + 1;
  const range = (i: number) => `${columnLetter(i)}2:${columnLetter(i)}${last}`;
  const totals = sheet.addRow(
    columns.map((c, i) => {
      // The first column is never empty: its count of visible rows is the rows' count. 103: COUNTA, 109: SUM,
      // of the rows the filter shows. Without rows there is no range to add up (it would be the totals row).
      if (i === 0)
        return rows
          ? { formula: `"Total ("&SUBTOTAL(103,${range(0)})&" rows)"`, result: `Total (${rows} rows)` }
          : 'Total (0 rows)';
      if (!c.total) return null;
      const result = Math.round(sums[i] * 100) / 100;
      return rows ? { formula: `SUBTOTAL(109,${range(i)})`, result } : 0;
    }),
  );
  totals.font = { bold: true };
  totals.commit();
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  sheet.commit();

  const info = workbook.addWorksheet('About this export');
  info.columns = [
    { header: 'Filter', key: 'name', width: 24 },
    { header: 'Value', key: 'value', width: 40 },
  ];
  info.getRow(1).font = { bold: true };
  info.getRow(1).commit();
  for (const [name, value] of [...about, ['Rows', rows] as [string, number]]) {
    const row = info.addRow([inertCell(name), inertCell(value)]);
    if (value instanceof Date) row.getCell(2).numFmt = DATE_TIME_FORMAT;
    row.commit();
  }
  info.commit();
  await workbook.commit();
  return rows;
}
