import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { toWallMs } from '../zoned-time';
import { TurnBudget } from '../loop-turns';

/** A column of a report's sheet: how a row's value is written and shown. */
export interface ReportColumn<R> {
  header: string;
  width: number;
  value: (row: R) => string | number | Date | null;
  /** Excel's number format: dates and times, 2 decimals. */
  numFmt?: string;
  /**
   * The totals row's cell, with SUBTOTAL so it follows the sheet's filter: the column's sum, or the average of its
   * numbers (shown as "Average 4.25").
   */
  total?: 'sum' | 'average';
}

/** What the printed page's header says besides the report's name (the sheet's name). */
export interface PrintedHeader {
  organization: string;
  /** The rows' date range as the filters name it, e.g. "11/01/2026 – 11/30/2026 (America/New_York)". */
  range: string;
}

/** Rows written between two looks at the time they took (reading the clock for each would cost more). */
const ROWS_PER_CHECK = 25;

/** The person closed the download before the export was written: nothing failed on the server's side. */
export class DownloadClosedError extends Error {
  constructor() {
    super('the download was closed before the export was written');
  }
}

/**
 * Waits while the download has more than it takes at once (`writableNeedDrain`): exceljs's streaming writer takes
 * rows without backpressure, handing each to the zip's deflate without waiting, so rows written faster than a slow
 * download reads them piled up uncompressed in the server's memory (the zip itself waits for the download, so what
 * piles up is inside it, where only this tells). Throws once the download is gone.
 */
async function downloadCaughtUp(out: Writable): Promise<void> {
  while (out.writableNeedDrain && !out.destroyed) {
    await new Promise<void>((resolve) => {
      const done = () => {
        out.off('drain', done);
        out.off('close', done);
        resolve();
      };
      out.on('drain', done);
      out.on('close', done);
    });
  }
  if (out.destroyed) throw new DownloadClosedError();
}

export const DATE_TIME_FORMAT = 'mm/dd/yyyy h:mm AM/PM';
export const DATE_FORMAT = 'mm/dd/yyyy';
export const TWO_DECIMALS = '0.00';
/** The average in a totals row: a number to 2 decimals that says what it is. */
export const AVERAGE_FORMAT = '"Average "0.00';

/** Every cell starts at its top and wraps: a long name or comment grows its row instead of being cut. */
const CELL_ALIGNMENT = { vertical: 'top', wrapText: true } as const;
const HEADER_ALIGNMENT = { vertical: 'bottom', wrapText: true } as const;
/** Light cell rules, so wrapped rows and neighbouring columns stay apart on paper (the streaming writer prints no gridlines). */
const RULE = { style: 'thin', color: { argb: 'FFBFBFBF' } } as const;
const CELL_RULES = { top: RULE, left: RULE, bottom: RULE, right: RULE } as const;
const HEADER_RULES = { ...CELL_RULES, bottom: { style: 'medium', color: { argb: 'FF000000' } } } as const;
/** Bold in the sheet's own font: a font given only as bold is read by LibreOffice as its default serif. */
const BOLD = { name: 'Calibri', family: 2, size: 11, bold: true } as const;

/** A line of 11 pt Calibri, as Excel's default row; Excel's tallest row holds about 27 of them. */
const LINE_POINTS = 15;
const MAX_ROW_POINTS = 409;
/**
 * Calibri's advance widths (Carlito's, its metric twin that LibreOffice prints with) of the printable ASCII characters,
 * space to tilde, in 1/2048 em; "0" is 1038.
 */
// prettier-ignore
const CALIBRI_ASCII = [
  463, 667, 821, 1020, 1038, 1464, 1397, 451, 621, 621, 1020, 1020, 511, 627, 517, 791,
  1038, 1038, 1038, 1038, 1038, 1038, 1038, 1038, 1038, 1038, 548, 548, 1020, 1020, 1020, 944,
  1817, 1185, 1114, 1092, 1260, 1000, 941, 1292, 1276, 516, 653, 1064, 861, 1751, 1322, 1356,
  1058, 1378, 1112, 941, 998, 1314, 1162, 1822, 1063, 998, 959, 621, 791, 621, 1020, 1020,
  621, 981, 1076, 866, 1076, 1019, 625, 964, 1076, 470, 490, 931, 470, 1636, 1076, 1080,
  1076, 1076, 714, 801, 686, 1076, 925, 1464, 887, 927, 809, 621, 941, 621, 1020,
];
const ZERO = 1038;

/** A text's width in widths of a "0" (Excel's unit of column width); wide for the characters the table lacks. */
function widthOf(text: string): number {
  let width = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // East Asian scripts take about two "0"s, as an em dash does (an emoji's two halves count two each); accented
    // letters and the like about one.
    width += code >= 32 && code <= 126 ? CALIBRI_ASCII[code - 32] / ZERO : code >= 0x2e80 || code === 0x2014 ? 2 : 1.2;
  }
  return width;
}
const SPACE = widthOf(' ');

/**
 * The share of a column's width that holds text: Excel gives a column of width w about 7w pixels at 11 pt, where a "0"
 * takes 7.4 (LibreOffice a little more), less the cell's margins.
 */
const TEXT_ROOM = 0.92;

/**
 * How many lines `text` takes wrapped in a column `width` "0"s wide: word by word, a word longer than a line broken
 * where it fills one, as Excel and LibreOffice wrap. Estimated on the wide side: a row a little tall is better than
 * one whose last line is cut off on paper.
 */
export function linesIn(text: string, width: number): number {
  const room = Math.max(1, width * TEXT_ROOM);
  // Most cells fit on one line: measured once, without splitting.
  if (!text.includes('\n') && widthOf(text) <= room) return 1;
  let lines = 0;
  for (const paragraph of text.split('\n')) {
    lines++;
    let used = 0;
    for (const word of paragraph.split(' ')) {
      let w = widthOf(word);
      const space = used > 0 ? SPACE : 0;
      if (used + space + w <= room) {
        used += space + w;
        continue;
      }
      if (used > 0) lines++;
      // A word wider than the column goes on over as many lines as it fills.
      while (w > room) {
        lines++;
        w -= room;
      }
      used = w;
    }
  }
  return lines;
}

/**
 * A row's height in points for the wrapped text of its cells (null: one line, the default). Written out because
 * LibreOffice does not fit a row to its wrapped text when it opens an .xlsx: it printed one line of each.
 */
export function rowPoints(values: unknown[], widths: number[], bold = false): number | null {
  let lines = 1;
  values.forEach((v, i) => {
    if (typeof v === 'string') lines = Math.max(lines, linesIn(v, bold ? widths[i] * 0.9 : widths[i]));
  });
  return lines > 1 ? Math.min(MAX_ROW_POINTS, lines * LINE_POINTS) : null;
}

/** Excel refuses a header or footer over 255 characters; each part of ours is kept well under. */
const HEADER_PART_MAX = 80;

/** Text for a page header or footer: `&` starts a code there, so a literal one is doubled; long text is shortened. */
export function headerText(text: string): string {
  const short = text.length > HEADER_PART_MAX ? `${text.slice(0, HEADER_PART_MAX - 1)}…` : text;
  return short.replace(/&/g, '&&');
}

/**
 * How a sheet prints: landscape, as many columns as it has on one page's width (fitToHeight 0: as many pages down as
 * the rows need), the header row again on every page, narrow side margins, and a header naming the report, the
 * organization and the range, with page numbers below.
 */
export function printSetup(title: string, printed: PrintedHeader, orientation: 'landscape' | 'portrait') {
  return {
    pageSetup: {
      orientation,
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: '1:1',
      margins: { left: 0.4, right: 0.4, top: 0.75, bottom: 0.6, header: 0.3, footer: 0.3 },
    },
    headerFooter: {
      oddHeader: `&L${headerText(printed.organization)}&C&B${headerText(title)}&B&R${headerText(printed.range)}`,
      oddFooter: '&CPage &P of &N',
    },
  };
}

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
 * autofilter, real cell types (dates, numbers with their formats), wrapped text, and a totals row whose SUBTOTALs
 * follow the filter; a second sheet says which filters made it and when. Both print ready (printSetup).
 */
export async function writeReportWorkbook<R>(
  out: Writable,
  sheetName: string,
  columns: ReportColumn<R>[],
  batches: AsyncIterable<R[]>,
  about: [string, string | number | Date][],
  printed: PrintedHeader,
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
    // The fastest deflate: a sheet of numbers and repeated names packs almost as well, at half the time.
    zip: { zlib: { level: 1 } },
  } as ConstructorParameters<typeof ExcelJS.stream.xlsx.WorkbookWriter>[0]);
  workbook.creator = 'CrewClock';
  const sheet = workbook.addWorksheet(sheetName, {
    views: [{ state: 'frozen', ySplit: 1 }],
    ...printSetup(sheetName, printed, 'landscape'),
  });
  const cellStyles = columns.map((c) => ({
    alignment: CELL_ALIGNMENT,
    border: CELL_RULES,
    ...(c.numFmt ? { numFmt: c.numFmt } : {}),
  }));
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width, style: cellStyles[i] }));
  const widths = columns.map((c) => c.width);
  const header = sheet.getRow(1);
  header.font = BOLD;
  header.alignment = HEADER_ALIGNMENT;
  header.border = HEADER_RULES;
  const headerPoints = rowPoints(
    columns.map((c) => c.header),
    widths,
    true,
  );
  if (headerPoints) header.height = headerPoints;
  header.commit();
  let rows = 0;
  const budget = new TurnBudget();
  // The totals' values as written, cached with their formulas (shown before Excel recalculates).
  const sums = columns.map(() => 0);
  const counts = columns.map(() => 0);
  for await (const batch of batches) {
    for (const row of batch) {
      const values = columns.map((c) => inertCell(c.value(row)));
      values.forEach((v, i) => {
        if (columns[i].total && typeof v === 'number') {
          sums[i] += v;
          counts[i]++;
        }
      });
      const added = sheet.addRow(values);
      // Each cell given its column's one style object: exceljs registers a style it has seen at once, while the copy
      // a new cell otherwise gets is measured again (the borders and wrapping made that 3 times the writing's cost).
      cellStyles.forEach((style, i) => (added.getCell(i + 1).style = style));
      const points = rowPoints(values, widths);
      if (points) added.height = points;
      added.commit();
      // A turn of the event loop every few milliseconds of rows: dates and cells cost tens of microseconds each, and
      // a spreadsheet of a year must not hold every other request until it is written.
      if (++rows % ROWS_PER_CHECK === 0) await budget.spent();
    }
    await downloadCaughtUp(out);
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
      if (c.total === 'average') {
        if (!counts[i]) return null;
        // 101: AVERAGE, 102: COUNT of the rows shown; when the filter shows no number, empty rather than #DIV/0!.
        const formula = `IF(SUBTOTAL(102,${range(i)})=0,"",SUBTOTAL(101,${range(i)}))`;
        return { formula, result: Math.round((sums[i] / counts[i]) * 100) / 100 };
      }
      const result = Math.round(sums[i] * 100) / 100;
      return rows ? { formula: `SUBTOTAL(109,${range(i)})`, result } : 0;
    }),
  );
  totals.font = BOLD;
  columns.forEach((c, i) => {
    if (c.total === 'average') totals.getCell(i + 1).numFmt = AVERAGE_FORMAT;
  });
  totals.commit();
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  sheet.commit();

  const info = workbook.addWorksheet('About this export', printSetup(sheetName, printed, 'portrait'));
  info.columns = [
    { header: 'Filter', key: 'name', width: 24, style: { alignment: CELL_ALIGNMENT } },
    { header: 'Value', key: 'value', width: 48, style: { alignment: CELL_ALIGNMENT } },
  ];
  info.getRow(1).font = BOLD;
  info.getRow(1).border = HEADER_RULES;
  info.getRow(1).commit();
  for (const [name, value] of [...about, ['Rows', rows] as [string, number]]) {
    const cells = [inertCell(name), inertCell(value)];
    const row = info.addRow(cells);
    const points = rowPoints(cells, [24, 48]);
    if (points) row.height = points;
    if (value instanceof Date) row.getCell(2).numFmt = DATE_TIME_FORMAT;
    row.commit();
  }
  info.commit();
  await workbook.commit();
  return rows;
}
