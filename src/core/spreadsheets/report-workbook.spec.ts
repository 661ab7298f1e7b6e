import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { DateTime } from 'luxon';
import type { Response } from 'express';
import { DownloadClosedError, excelDate, headerText, linesIn, rowPoints, writeReportWorkbook } from './report-workbook';
import { sendSpreadsheet } from './spreadsheet-download';

describe('excelDate', () => {
  it.each(['America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'])(
    "holds the wall-clock time in %s, across a year's DST changes (every 7 minutes)",
    (zone) => {
      const wrong: string[] = [];
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 7 * 60_000) {
        const local = DateTime.fromMillis(ms, { zone });
        const wanted = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
        const iso = new Date(ms).toISOString();
        if (excelDate(iso, zone)!.getTime() !== wanted) wrong.push(iso);
      }
      expect(wrong).toEqual([]);
    },
  );

  it('is empty for no instant or one that is not a date', () => {
    expect(excelDate(null, 'UTC')).toBeNull();
    expect(excelDate('soon', 'UTC')).toBeNull();
  });
});

const PRINTED = { organization: 'Green & Sons', range: '11/01/2026 – 11/30/2026 (UTC)' };

/** Writes a sheet of `rows` and reads it back. */
async function written<R>(columns: Parameters<typeof writeReportWorkbook<R>>[2], rows: R[]): Promise<ExcelJS.Workbook> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  async function* batches() {
    yield rows;
  }
  await writeReportWorkbook(out, 'Ratings Report', columns, batches(), [], PRINTED);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return workbook;
}

describe('printing', () => {
  it('counts the lines a text wraps to in a column, word by word, a word wider than the column over several', () => {
    expect(linesIn('Lawn care', 26)).toBe(1);
    expect(linesIn('', 10)).toBe(1);
    // 71 characters in 26 "0"s: three lines where Excel and LibreOffice print three.
    expect(linesIn('Maple Court – weekly lawn, hedge and gutter care, building A north side', 26)).toBe(3);
    expect(linesIn('first line\nsecond line', 26)).toBe(2);
    // A column 10 "0"s wide holds about 9 of them (the cell's margins): forty take 5 lines.
    expect(linesIn('0'.repeat(40), 10)).toBe(5);
    // Wide letters take more room than narrow ones.
    expect(linesIn('W'.repeat(20), 20)).toBeGreaterThan(linesIn('i'.repeat(20), 20));
  });

  it("gives a row the height of its longest cell's lines (none for one line), at most Excel's 409 points", () => {
    expect(rowPoints(['Ann', 1.5, null, new Date()], [10, 10, 10, 10])).toBeNull();
    expect(rowPoints(['Ann', 'one two three four five six seven'], [10, 10])).toBe(60);
    expect(rowPoints(['word '.repeat(2000)], [10])).toBe(409);
  });

  it('doubles "&" in a page header (a lone one starts a code there) and shortens a long part', () => {
    expect(headerText('Green & Sons')).toBe('Green && Sons');
    expect(headerText('x'.repeat(300))).toBe(`${'x'.repeat(79)}…`);
  });

  it('averages a column in the totals row with a SUBTOTAL that follows the filter, blank without a number', async () => {
    const columns = [
      { header: 'Customer', width: 20, value: (r: { stars: number | null }) => (r.stars ? 'Rated' : 'Not rated') },
      {
        header: 'Rating',
        width: 13,
        value: (r: { stars: number | null }) => r.stars,
        numFmt: '0.00',
        total: 'average' as const,
      },
    ];
    const rated = (await written(columns, [{ stars: 5 }, { stars: null }, { stars: 4 }, { stars: 4 }])).getWorksheet(
      'Ratings Report',
    )!;
    expect(rated.getRow(6).getCell(2).value).toEqual({
      formula: 'IF(SUBTOTAL(102,B2:B5)=0,"",SUBTOTAL(101,B2:B5))',
      result: 4.33,
    });
    expect(rated.getRow(6).getCell(2).numFmt).toBe('"Average "0.00');
    expect(rated.getRow(2).getCell(2).numFmt).toBe('0.00');
    const unrated = (await written(columns, [{ stars: null }])).getWorksheet('Ratings Report')!;
    expect(unrated.getRow(3).getCell(2).value).toBeNull();
    const empty = (await written(columns, [])).getWorksheet('Ratings Report')!;
    expect((empty.getRow(2).values as unknown[]).slice(1)).toEqual(['Total (0 rows)']);
  });

  it('sets both sheets up for print: landscape (the filters portrait), one page wide, titles, a page header', async () => {
    const workbook = await written(
      [{ header: 'Job', width: 10, value: (r: { job: string }) => r.job }],
      [{ job: 'A job whose name wraps over lines' }],
    );
    const sheet = workbook.getWorksheet('Ratings Report')!;
    expect(sheet.pageSetup).toMatchObject({
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: '1:1',
    });
    expect(sheet.headerFooter).toMatchObject({
      oddHeader: '&LGreen && Sons&C&BRatings Report&B&R11/01/2026 – 11/30/2026 (UTC)',
      oddFooter: '&CPage &P of &N',
    });
    // Five lines of 15 points in 10 "0"s: "A job" / "whose" / "name" / "wraps over" / "lines".
    expect(sheet.getRow(2).height).toBe(75);
    expect(sheet.getRow(2).getCell(1).alignment).toEqual({ vertical: 'top', wrapText: true });
    const about = workbook.getWorksheet('About this export')!;
    expect(about.pageSetup).toMatchObject({ orientation: 'portrait', fitToWidth: 1, fitToHeight: 0 });
    expect(about.headerFooter.oddHeader).toBe(sheet.headerFooter.oddHeader);
  });
});

describe('writeReportWorkbook', () => {
  it("writes the second sheet's rows as given (the event position a number), then the rows' count", async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    async function* batches() {
      yield [{ name: 'Ann', hours: 1.5 }];
    }
    const rows = await writeReportWorkbook(
      out,
      'Jobs Report',
      [
        { header: 'Employee', width: 10, value: (r: { name: string }) => r.name },
        { header: 'Hours', width: 10, value: (r: { hours: number }) => r.hours, total: 'sum' },
      ],
      batches(),
      [
        ['Report', 'Jobs Report'],
        ['As of', 'Tue 24 Nov 2026, 9:00:00 AM EST'],
        ['Event position', 1234],
      ],
      PRINTED,
    );
    expect(rows).toBe(1);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const about = workbook.getWorksheet('About this export')!;
    expect(
      about
        .getSheetValues()
        .slice(2)
        .map((row) => (row as unknown[]).slice(1)),
    ).toEqual([
      ['Report', 'Jobs Report'],
      ['As of', 'Tue 24 Nov 2026, 9:00:00 AM EST'],
      ['Event position', 1234],
      ['Rows', 1],
    ]);
  });

  it('quotes text cells that a spreadsheet or a re-saved CSV would read as formulas (issue #24 item 13); numbers stay numbers', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const names = ['=HYPERLINK("http://x.test","pay")', '+1+1', '-2+3', '@SUM(A1)', '\tTab', '\rReturn', 'Ann', 'a=b'];
    async function* batches() {
      yield names.map((name, i) => ({ name, hours: i - 2 }));
    }
    await writeReportWorkbook(
      out,
      'Jobs Report',
      [
        { header: 'Employee', width: 10, value: (r: { name: string }) => r.name },
        { header: 'Hours', width: 10, value: (r: { hours: number }) => r.hours, total: 'sum' },
      ],
      batches(),
      [['Employee', '=1+1']],
      PRINTED,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const rows = workbook
      .getWorksheet('Jobs Report')!
      .getSheetValues()
      .slice(2, 2 + names.length)
      .map((row) => (row as unknown[]).slice(1));
    expect(rows).toEqual([
      ['\'=HYPERLINK("http://x.test","pay")', -2],
      ["'+1+1", -1],
      ["'-2+3", 0],
      ["'@SUM(A1)", 1],
      ["'\tTab", 2],
      // XML reads a written CR back as LF: the quote in front is what matters.
      ["'\nReturn", 3],
      ['Ann', 4],
      ['a=b', 5],
    ]);
    const about = workbook.getWorksheet('About this export')!.getSheetValues();
    expect((about[2] as unknown[]).slice(1)).toEqual(['Employee', "'=1+1"]);
  });
});

describe('a download read slowly', () => {
  const COLUMNS = [
    { header: 'Name', width: 30, value: (r: { name: string }) => r.name },
    { header: 'Notes', width: 60, value: (r: { notes: string }) => r.notes },
  ];
  /** 500 batches of 100 rows whose notes hardly compress: about 3 MB of zip, far more than may wait unsent. */
  function source() {
    const read = { batches: 0 };
    async function* batches() {
      for (let b = 0; b < 500; b++) {
        read.batches++;
        yield Array.from({ length: 100 }, (_, i) => ({
          name: `Customer ${b}-${i}`,
          notes: randomBytes(30).toString('hex'),
        }));
      }
    }
    return { read, batches: batches() };
  }

  it('is not read ahead of: the rows wait while the download has more than it can take', async () => {
    const { read, batches } = source();
    // A download that takes nothing until let go.
    const out = new PassThrough({ highWaterMark: 16 * 1024 });
    const writing = writeReportWorkbook(out, 'Jobs Report', COLUMNS, batches, [], PRINTED);
    // Long enough for every batch to have been read, were nothing waiting (ten thousand turns of the loop).
    for (let turn = 0; turn < 10_000 && read.batches < 500; turn++) await new Promise((r) => setImmediate(r));
    await new Promise((r) => setTimeout(r, 100));
    expect(read.batches).toBeLessThan(250);

    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    expect(await writing).toBe(50_000);
    expect(read.batches).toBe(500);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('Jobs Report')!.rowCount).toBe(50_002); // the header and the totals
  });

  it('stops writing once the download is closed', async () => {
    const { read, batches } = source();
    const out = new PassThrough({ highWaterMark: 16 * 1024 });
    const writing = writeReportWorkbook(out, 'Jobs Report', COLUMNS, batches, [], PRINTED);
    await new Promise((r) => setTimeout(r, 100));
    out.destroy();
    await expect(writing).rejects.toThrow(DownloadClosedError);
    expect(read.batches).toBeLessThan(500);
  });

  it('is no failure to report when the person closed it; anything else is', async () => {
    const response = { set: () => response, destroy: () => response } as unknown as Response;
    const failures: unknown[] = [];
    await sendSpreadsheet(response, { write: () => Promise.reject(new DownloadClosedError()) }, (e) =>
      failures.push(e),
    );
    expect(failures).toEqual([]);
    const broken = new Error('disk gone');
    await sendSpreadsheet(response, { write: () => Promise.reject(broken) }, (e) => failures.push(e));
    expect(failures).toEqual([broken]);
  });
});
